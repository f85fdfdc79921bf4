/**
 * One purchase end to end, driven as a person would: sign in as a customer in the sandbox, open the seeded one-time
 * payment link in the reference host, check the details, pay through the sandbox wallet page, see the completed
 * screen, follow the invoice link and find the invoice in the portal.
 */
import { expect, merchant, signIn, test, walletAnswers } from './support.ts';

test('a customer buys the one-time product through the sandbox wallet and finds the invoice in the portal', async ({
  page,
}, info) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');

  // The order summary and the payment form.
  await expect(checkout.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(checkout.getByText('Sandbox Pro License')).toBeVisible();
  await expect(checkout.locator('[part~=total]')).toHaveText('10 TBA');
  await expect(checkout.getByRole('radio', { name: /TBA/ })).toBeChecked();

  // Name and email come from the profile; the payer edits them.
  const name = checkout.getByLabel('Name');
  await expect(name).toHaveValue('Casey Customer');
  await name.fill('');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(checkout.getByText('Required').first()).toBeVisible();
  await name.fill('Casey Q. Customer');
  const email = checkout.getByLabel('Email');
  await email.fill('casey@');
  await email.blur();
  await expect(checkout.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill('casey.q@example.com');

  // Pay: the wallet has enough balance, so fast pay is offered; the payer uses the DID Wallet instead.
  await checkout.getByRole('button', { name: 'Pay' }).click();
  const fast = checkout.getByRole('dialog', { name: 'Confirm payment' });
  await expect(fast).toContainText('10 TBA');
  await fast.getByRole('button', { name: 'Use DID Wallet instead' }).click();

  const connect = checkout.getByRole('dialog', { name: 'Pay with DID Wallet' });
  await expect(connect.getByRole('status')).toContainText('Waiting for DID Wallet');
  const wallet = await walletAnswers(connect, 'casey');
  expect(wallet.status, wallet.errorMessage).toBe('ok');
  expect(wallet.asked).toMatch('Sandbox Pro License');

  // Completed (by polling every 2 s or by the realtime event), with a link to the invoice.
  await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: info.outputPath('completed.png'), fullPage: true });
  await info.attach('completed', { path: info.outputPath('completed.png'), contentType: 'image/png' });

  // A reload shows the finished purchase again, not a second checkout.
  await page.reload();
  await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible();

  await checkout.getByRole('link', { name: 'View invoice' }).click();
  await page.waitForURL(/\/customer\/invoice\/in_/);
  const invoiceId = page.url().split('/').pop()!;
  const portal = page.locator('pay-portal');
  await expect(portal.getByText('Paid').first()).toBeVisible();
  await expect(portal.getByText('10 TBA').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('invoice.png'), fullPage: true });
  await info.attach('invoice', { path: info.outputPath('invoice.png'), contentType: 'image/png' });

  // The invoice list of the portal has it too.
  await page.goto('/customer');
  await expect(
    portal
      .getByRole('link', { name: new RegExp(invoiceId.slice(-6)) })
      .or(portal.locator(`a[href$="${invoiceId}"]`))
      .first(),
  ).toBeVisible();
});

test('fast pay from the wallet balance completes without leaving the page', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await checkout.getByRole('radio', { name: /USDC/ }).check();
  await expect(checkout.locator('[part~=total]')).toContainText('USDC');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  // A double click on confirm pays once.
  await checkout.getByRole('button', { name: 'Confirm and pay' }).dblclick();
  await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
  const res = await page.request.get('/payment/api/invoices?pageSize=50');
  const body = (await res.json()) as { list: Array<{ checkout_session_id?: string; total: string }> };
  const ids = body.list.map((i) => i.checkout_session_id).filter(Boolean);
  expect(new Set(ids).size).toBe(ids.length);
});

test('a session created by a merchant server through the signed API renders in the plain page', async ({ page }) => {
  const product = await merchant('POST', '/api/products', {
    name: 'E2E Widget',
    type: 'service',
    prices: [{ type: 'one_time', unit_amount: '2.5', currency_id: 'pc_sandbox_tba' }],
  });
  expect(product.status).toBe(200);
  const session = await merchant('POST', '/api/checkout-sessions', {
    line_items: [{ price_id: product.body.prices[0].id, quantity: 2 }],
    mode: 'payment',
  });
  expect(session.status).toBe(200);
  const id: string = session.body.id;
  expect(id).toMatch(/^cs_/);

  await page.goto(`/plain/checkout/${id}`);
  const checkout = page.locator('pay-checkout');
  await expect(checkout.getByText('E2E Widget')).toBeVisible();
  await expect(checkout.locator('[part~=total]')).toHaveText('5 TBA');
  // Signed out: the button asks to connect first.
  await expect(checkout.getByRole('button', { name: 'Connect and pay' })).toBeVisible();
});

test('an expired or unknown checkout says so', async ({ page }) => {
  await page.goto('/checkout/cs_does_not_exist');
  const checkout = page.locator('pay-checkout');
  await expect(checkout.getByRole('heading', { name: 'Oops' })).toBeVisible();
  await checkout.getByRole('button', { name: 'Try again' }).click();
  await expect(checkout.getByRole('heading', { name: 'Oops' })).toBeVisible();
});

test('the host serves the built elements: entries no-cache, chunks immutable, nothing outside the folder', async ({
  request,
}) => {
  // (Here rather than in the server tests: the elements are only built before the end-to-end run.)
  const res = await request.get('/elements/site-header.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/javascript/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const chunk = (await res.text()).match(/\.\/chunks\/([\w.-]+\.js)/)?.[1];
  expect(chunk).toBeTruthy();
  const c = await request.get(`/elements/chunks/${chunk}`);
  expect(c.status()).toBe(200);
  expect(c.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/elements/nope.js')).status()).toBe(404);
  expect((await request.get('/elements/..%2f..%2fpackage.json')).status()).toBe(404);
});
