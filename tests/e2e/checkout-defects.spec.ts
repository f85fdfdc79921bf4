/**
 * Issue 13, checkout half: each defect a payer met, reproduced as a payer meets it (reference host, sandbox), and the
 * finish that stands beside Stripe Checkout. Each test failed before the fix for the reason in its name.
 */
import type { Locator, Page } from '@playwright/test';
import { axe, expect, merchant, signIn, test, walletAnswers } from './support.ts';
import { isolate } from '../../src/core/bidi.ts';

/** A product of our own with one price (token amounts per currency), so no other flow is touched. */
async function product(name: string, prices: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const made = await merchant('POST', '/api/products', { name, ...extra, prices });
  expect(made.status).toBe(200);
  return made.body as { id: string; prices: Array<{ id: string }> };
}

async function session(
  lineItems: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const made = await merchant('POST', '/api/checkout-sessions', {
    mode: 'payment',
    line_items: lineItems,
    success_url: 'http://localhost/',
    ...extra,
  });
  expect(made.status).toBe(200);
  return made.body.id as string;
}

const qtyOf = (checkout: Locator, name: string) =>
  checkout.getByRole('textbox', { name: `Quantity of ${isolate(name)}` });

/** Nothing in the page is wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a merchant's quantity stands: a session made with 3 (adjustable 1-10) opens as 3, on screen and on the server", async ({
  page,
}) => {
  const p = await product('E2E Seat Pack', [{ type: 'one_time', unit_amount: '3', currency_id: 'pc_sandbox_tba' }]);
  const id = await session([
    { price_id: p.prices[0]!.id, quantity: 3, adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 } },
  ]);
  await signIn(page, /Casey Customer/, `/checkout/${id}`);
  const checkout = page.locator('pay-checkout');
  await expect(checkout.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
  await expect(qtyOf(checkout, 'E2E Seat Pack')).toHaveValue('3');
  await expect(checkout.locator('[part~=total]')).toHaveText('9 TBA');
  // One quantity control: no 'Qty 3' line above the stepper.
  await expect(checkout.locator('[part~=line-item]').getByText(/Qty/)).toHaveCount(0);
  // The server still holds 3 once the page has settled (the profile is in, the preference step is done).
  const server = await page.request.get(`/payment/api/checkout-sessions/retrieve/${id}`);
  expect((await server.json()).checkoutSession.line_items[0].quantity).toBe(3);
  // The payer's own choice still counts, and is what a reload shows.
  await checkout.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(checkout.locator('[part~=total]')).toHaveText('12 TBA');
  await page.reload();
  await expect(qtyOf(checkout, 'E2E Seat Pack')).toHaveValue('4');
});

test('signed out, "Connect and pay" on the empty form goes to sign-in (no Required errors)', async ({ page }) => {
  await page.goto('/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await expect(
    checkout.getByText('Sign in with your wallet first; your details are filled in from your profile.'),
  ).toBeVisible();
  await checkout.getByRole('button', { name: 'Connect and pay' }).click();
  await page.waitForURL(/\/\.well-known\/service\/login\?redirect=/);
  // Signing in comes back to the checkout, with the form filled from the profile.
  await page.getByRole('button', { name: /Casey Customer/ }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/plink_sandbox_onetime');
  await expect(checkout.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
  await expect(checkout.getByText('Please correct the highlighted fields.')).toHaveCount(0);
});

test('Pay pressed while the profile is still loading waits for it, then pays (no errors, once)', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/');
  // Under load: the profile answers late, here only once the test has seen the button wait for it (a fixed delay
  // could run out before the press on a loaded machine).
  let answer!: () => void;
  const late = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/payment/api/customers/me*', async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  const pay = checkout.locator('[part~=submit]');
  await expect(pay).toHaveText('Pay');
  await expect(checkout.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  // A double press under load: one wait, one payment.
  await pay.dblclick();
  await expect(pay).toHaveText('Loading your details…');
  answer();
  await expect(checkout.getByRole('dialog', { name: 'Confirm payment' })).toHaveCount(1, { timeout: 15_000 });
  await expect(checkout.getByRole('dialog', { name: 'Confirm payment' })).toBeVisible();
  await expect(checkout.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
  await expect(checkout.getByText('Please correct the highlighted fields.')).toHaveCount(0);
  await expect(checkout.getByText('Required', { exact: true })).toHaveCount(0);
});

test('fiat shows its minor digits: 9.00 USD beside 9.99 USD, in English and Chinese', async ({ page }) => {
  const p = await product('E2E Nine Dollars', [{ type: 'one_time', unit_amount: '9', currency_id: 'pc_sandbox_usd' }]);
  const p2 = await product('E2E Nine Ninety-Nine', [
    { type: 'one_time', unit_amount: '9.99', currency_id: 'pc_sandbox_usd' },
  ]);
  const id = await session([
    { price_id: p.prices[0]!.id, quantity: 1 },
    { price_id: p2.prices[0]!.id, quantity: 1 },
  ]);
  await signIn(page, /Casey Customer/, `/checkout/${id}`);
  const checkout = page.locator('pay-checkout');
  const items = checkout.locator('[part~=line-item]');
  await expect(items.nth(0)).toContainText('9.00 USD');
  await expect(items.nth(1)).toContainText('9.99 USD');
  await expect(checkout.locator('[part~=total]')).toHaveText('18.99 USD');
  await checkout.evaluate((el) => el.setAttribute('locale', 'zh'));
  await expect(checkout.getByText('订单摘要')).toBeVisible();
  await expect(items.nth(0)).toContainText('9.00 USD');
});

test('a network error reads in the payer’s language (zh), not in English', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await checkout.evaluate((el) => el.setAttribute('locale', 'zh'));
  await expect(checkout.getByRole('textbox', { name: '邮箱' })).toHaveValue('casey@example.com');
  // The connection drops when the code is sent.
  await page.route('**/payment/api/checkout-sessions/*/apply-promotion*', (route) =>
    route.abort('internetdisconnected'),
  );
  await checkout.getByRole('button', { name: '添加优惠码' }).click();
  const dialog = checkout.getByRole('dialog');
  await dialog.getByRole('textbox').fill('SANDBOX10');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog.getByText('网络错误')).toBeVisible();
  await expect(checkout.getByText('Network error occurred')).toHaveCount(0);
});

test('after "Exceed inventory" the quantity field shows the quantity of the order', async ({ page }) => {
  // 3 in stock; one is sold first.
  const p = await product('E2E Limited Print', [
    { type: 'one_time', unit_amount: '2', currency_id: 'pc_sandbox_tba', quantity_available: 3 },
  ]);
  const priceId = p.prices[0]!.id;
  const first = await session([{ price_id: priceId, quantity: 1 }]);
  await signIn(page, /Casey Customer/, `/checkout/${first}`);
  const form = {
    customer_name: 'Casey Customer',
    customer_email: 'casey@example.com',
    payment_method: 'pm_sandbox_arcblock',
    payment_currency: 'pc_sandbox_tba',
    billing_address: { country: 'us' },
  };
  expect((await page.request.put(`/payment/api/checkout-sessions/${first}/submit`, { data: form })).status()).toBe(200);
  expect(
    (await (await page.request.post(`/payment/api/checkout-sessions/${first}/fast-checkout-confirm`)).json()).fastPaid,
  ).toBe(true);

  const id = await session([
    { price_id: priceId, quantity: 2, adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 } },
  ]);
  await page.goto(`/checkout/${id}`);
  const checkout = page.locator('pay-checkout');
  const qty = qtyOf(checkout, 'E2E Limited Print');
  await expect(qty).toHaveValue('2');
  await expect(checkout.locator('[part~=total]')).toHaveText('4 TBA');
  await checkout.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(checkout.getByText('Exceed inventory')).toBeVisible();
  await expect(qty).toHaveValue('2');
  await expect(checkout.locator('[part~=total]')).toHaveText('4 TBA');
  const server = await page.request.get(`/payment/api/checkout-sessions/retrieve/${id}`);
  expect((await server.json()).checkoutSession.line_items[0].quantity).toBe(2);
});

test('the wallet dialog focuses its primary action, not Close', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_trial');
  const checkout = page.locator('pay-checkout');
  await expect(checkout.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  const wallet = checkout.getByRole('dialog', { name: 'Pay with DID Wallet' });
  const open = wallet.getByRole('link', { name: 'Open DID Wallet' });
  await expect(open).toBeVisible();
  await expect(open).toBeFocused();
});

test('the promotion code remove button is a 24 × 24 px target', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await checkout.getByRole('button', { name: 'Add promotion code' }).click();
  const code = checkout.getByRole('dialog', { name: 'Promotion code' }).getByRole('textbox', { name: 'Code' });
  await code.fill('SANDBOX10');
  await code.press('Enter');
  const remove = checkout.getByRole('button', { name: 'Remove promotion code SANDBOX10' });
  const box = (await remove.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
});

for (const width of [390, 320]) {
  test(`at ${width} px: the card form (CVC included) fits, the folded summary keeps Pay near the top, nothing is wider than the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_onetime');
    const checkout = page.locator('pay-checkout');
    const toggle = checkout.getByRole('button', { name: /Order summary/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('10 TBA');
    await expect(checkout.locator('[part~=line-item]')).toBeHidden();
    const pay = checkout.locator('[part~=submit]');
    expect((await pay.boundingBox())!.y + 48).toBeLessThanOrEqual(800);
    await fitsWidth(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(checkout.locator('[part~=line-item]')).toBeVisible();
    await fitsWidth(page);

    await checkout.getByRole('radio', { name: /^USD Card/ }).check();
    await expect(toggle).toContainText('9.99 USD');
    await pay.click();
    const cvc = page.locator('pay-checkout > [slot=stripe-payment]').getByLabel('CVC');
    await expect(cvc).toBeVisible();
    const dialog = (await checkout.getByRole('dialog').boundingBox())!;
    const box = (await cvc.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(dialog.x + dialog.width, width));
    await fitsWidth(page);
  });
}

test('standalone without window.blocklet: the brand, no logo, Powered by and no consent links', async ({ page }) => {
  await page.goto('/plain/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await checkout.evaluate((el) => el.setAttribute('mode', 'standalone'));
  // The product's statement descriptor, as the platform's checkout header shows it.
  await expect(checkout.locator('[part~=checkout-header]')).toHaveText('SANDBOX');
  await expect(checkout.locator('[part~=checkout-logo]')).toHaveCount(0);
  await expect(checkout.locator('[part~=form]')).toBeVisible();
  await expect(checkout.locator('[part~=checkout-footer]')).toHaveText('Powered by ArcBlock');
});

test('standalone on the app: logo and name on top, terms and privacy of the app when the link asks consent', async ({
  page,
}) => {
  await page.goto('/checkout/plink_sandbox_report');
  const checkout = page.locator('pay-checkout');
  await expect(checkout.locator('[part~=form]')).toBeVisible();
  await checkout.evaluate((el) => el.setAttribute('mode', 'standalone'));
  await expect(checkout.locator('[part~=checkout-logo]')).toHaveAttribute('src', /\/blocklet\/logo$/);
  await expect(checkout.locator('[part~=checkout-brand]')).toHaveText('SANDBOX');
  const links = checkout.locator('[part~=consent-link]');
  await expect(links).toHaveText(['Terms', 'Privacy']);
  await expect(links.first()).toHaveAttribute('href', /\/terms$/);
});

test('a donation: one message for one error, "Donate 5 TBA", and "Thanks for your support" when done', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_donation');
  const checkout = page.locator('pay-checkout');
  const donate = checkout.locator('[part~=submit]');
  await expect(donate).toHaveText('Donate 5 TBA');
  await checkout.getByRole('radio', { name: 'Custom' }).check();
  const amount = checkout.getByRole('textbox', { name: 'Your amount (TBA)' });
  await amount.fill('500');
  await expect(checkout.getByText('Please enter an amount between 0.1 and 100.')).toBeVisible();
  await expect(donate).toBeDisabled();
  await expect(donate).toHaveText('Donate');
  // One error, one message: nothing else is said above the button.
  await expect(checkout.getByText('Invalid amount')).toHaveCount(0);
  const alerts = await checkout.getByRole('alert').allTextContents();
  expect(alerts.filter((a) => a.trim())).toEqual(['Please enter an amount between 0.1 and 100.']);
  await amount.fill('2');
  await expect(donate).toHaveText('Donate 2 TBA');
  await donate.click();
  const wallet = checkout.getByRole('dialog', { name: 'Pay with DID Wallet' });
  const answer = await walletAnswers(wallet, 'casey');
  expect(answer.status, answer.errorMessage).toBe('ok');
  await expect(checkout.getByRole('heading', { name: 'Thanks for your support' })).toBeVisible({ timeout: 15_000 });
  await expect(checkout.locator('[part~=paid-amount]')).toHaveText('2 TBA');
});

test.describe('the completed screen repeats what was paid', () => {
  test.use({ bypassCSP: true }); // axe is injected by the test only

  test('amount and items, with the product picture; axe clean', async ({ page }) => {
    const picture = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#16a34a"/></svg>').toString('base64')}`;
    const p = await product('E2E Poster', [{ type: 'one_time', unit_amount: '4', currency_id: 'pc_sandbox_tba' }], {
      images: [picture],
    });
    const broken = await product(
      'E2E Broken Picture',
      [{ type: 'one_time', unit_amount: '1', currency_id: 'pc_sandbox_tba' }],
      { images: ['/no/such/picture.png'] },
    );
    const id = await session([
      { price_id: p.prices[0]!.id, quantity: 2 },
      { price_id: broken.prices[0]!.id, quantity: 1 },
    ]);
    await signIn(page, /Casey Customer/, `/checkout/${id}`);
    const checkout = page.locator('pay-checkout');
    const items = checkout.locator('[part~=line-item]');
    await expect(items.nth(0).locator('img[part~=product-image]')).toBeVisible();
    await expect(items.nth(1).locator('[part~=product-image-fallback]')).toHaveText('E');
    await expect(checkout.locator('[part~=currency-card] img[part~=currency-logo]').first()).toBeVisible();
    expect(await axe(page)).toEqual([]);
    // Stay on the completed screen (the session's success URL would be followed).
    await page.evaluate(() => document.addEventListener('pay-complete', (e) => e.preventDefault()));
    await checkout.locator('[part~=submit]').click();
    await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
    await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
    await expect(checkout.locator('[part~=paid-amount]')).toHaveText('9 TBA');
    const paid = checkout.locator('[part~=paid-item]');
    await expect(paid).toHaveCount(2);
    await expect(paid.nth(0)).toContainText('E2E Poster');
    await expect(paid.nth(0)).toContainText('Qty 2');
    await expect(paid.nth(0)).toContainText('8 TBA');
    expect(await axe(page)).toEqual([]);
  });
});
