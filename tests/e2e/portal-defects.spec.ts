/**
 * The portal defects of issue 13, each reproduced as a customer meets it through the reference host on the sandbox:
 * payment history widening a phone's page, a past-due subscription without a way to pay, dashboard admin links,
 * the credit grant page (back link, voided remaining), "Past due invoices" when nothing is due, the pending amount
 * by DID, the admin's credit transactions at 1280 px, the spec's date formats — and no portal screen wider than the
 * window at 320 and 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { axe, buy, expect, merchant, signIn, test, walletAnswers } from './support.ts';

const user = (name: RegExp) => DEMO_USERS.find((u) => name.test(u.fullName))!;
const CASEY = user(/Casey/);
const CHRIS = user(/Chris/);
const ADAM = user(/Adam Admin/);
const DANA = user(/Dana/);

test.use({ bypassCSP: true });

async function subscribe(did: string, body: Record<string, unknown>) {
  const r = await merchant('POST', '/api/subscriptions', { customer_id: did, ...body });
  expect(r.status).toBe(200);
  return r.body as { id: string; customer_id: string; current_period_end: number };
}

// The sandbox clock is the whole sandbox's, and the specs share one database: a subscription made past due here
// would renew (and stay unpaid) at every later clock move, and its customer could buy nothing in the specs that run
// after this one (CUSTOMER_LIMITED). Each test retires the ones it made: open invoices voided, subscription deleted.
const made: string[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) {
    const invoices = await merchant('GET', '/api/invoices', undefined, {
      query: { subscription_id: id, pageSize: '100' },
    });
    expect(invoices.status).toBe(200);
    for (const inv of (invoices.body.list ?? []) as Array<{ id: string; status: string }>) {
      if (inv.status === 'open' || inv.status === 'uncollectible' || inv.status === 'draft')
        expect((await merchant('POST', `/api/invoices/${inv.id}/void`)).status).toBe(200);
    }
    expect((await merchant('DELETE', `/api/subscriptions/${id}`)).status).toBe(200);
  }
});

/** Moves the sandbox clock past a subscription's period end: an unpaid renewal leaves it past due. */
async function pastDue(did: string, quantity: number) {
  const sub = await subscribe(did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity }] });
  made.push(sub.id);
  const now = (await merchant('GET', '/api/sandbox/clock')).body.now as number;
  if (sub.current_period_end > now)
    expect(
      (await merchant('POST', '/api/sandbox/clock/advance', { seconds: sub.current_period_end - now + 60 })).status,
    ).toBe(200);
  expect((await merchant('GET', `/api/subscriptions/${sub.id}`)).body.status).toBe('past_due');
  return sub;
}

/** How much wider than the window the page is (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const portal = (page: Page) => page.locator('pay-portal');

test('payment history on a phone: the links\' hidden "opens in a new tab" texts stay inside the table (page not wider than 390 or 320 px)', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  await buy(page, CASEY);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/customer?tab=payments');
    await expect(portal(page).locator('[part~=payment-row] a[part~=payment-tx]').first()).toBeVisible();
    // The tx link opens in a new tab and says so to a screen reader (the text that used to escape).
    await expect(portal(page).locator('[part~=payment-row] a[part~=payment-tx]').first()).toContainText(
      'opens in a new tab',
    );
    expect(await overflow(page), `page wider than ${width} px`).toBe(0);
  }
});

test('a past-due subscription offers to pay (to the past-due page with the referer) before anything else; cancel is not the primary action', async ({
  page,
}) => {
  await signIn(page, /Chris Buyer/, '/customer');
  const sub = await pastDue(CHRIS.did, 100);
  await page.goto(`/customer/subscription/${sub.id}`);
  const el = portal(page);
  await expect(el.locator('[part~=chip]').first()).toHaveText('Past due');
  await expect(el.getByText('Pay the past due invoice to keep the subscription').first()).toBeVisible();
  const actions = el.locator('[part~=subscription-actions] > *');
  await expect(actions.first()).toHaveText('Pay now');
  const pay = el.locator('[part~=subscription-actions]').getByRole('link', { name: 'Pay now' });
  const href = new URL((await pay.getAttribute('href'))!, page.url());
  expect(href.pathname).toBe('/customer/invoice/past-due');
  expect(href.searchParams.get('referer')).toBe(page.url());
  // Cancel stays, as a quiet text action after the others.
  await expect(actions.last()).toHaveText('Cancel subscription');
  const weight = (l: Locator) => l.evaluate((n) => getComputedStyle(n).backgroundColor);
  expect(await weight(el.getByRole('button', { name: 'Cancel subscription' }))).toBe('rgba(0, 0, 0, 0)');
  expect(await weight(pay)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await pay.evaluate((n) => getComputedStyle(n).color)).not.toBe(await weight(pay));
  expect(await axe(page)).toEqual([]);

  await pay.click();
  await page.waitForURL((u) => u.pathname === '/customer/invoice/past-due');
  await expect(el.locator('[part~=past-due-currency][data-currency="pc_sandbox_tba"]')).toBeVisible();
  await expect(el.getByText('These invoices are waiting for payment.')).toBeVisible();
});

test('"Past due invoices" only when something is due; after paying everything the page no longer says invoices are waiting', async ({
  page,
}) => {
  await signIn(page, /Dana Developer/, '/customer');
  await buy(page, DANA);
  await page.goto('/customer');
  const el = portal(page);
  await expect(el.locator('[part~=overview-next-charge]')).toBeVisible();
  await expect(el.locator('[part~=invoice-row], [part~=invoice-list-item]').first()).toBeVisible();
  await expect(el.locator('[part~=overview-past-due]')).toHaveCount(0);
  await expect(el.locator('[part~=past-due-link]')).toHaveCount(0);
  await expect(el.getByText(/Past due/)).toHaveCount(0);

  // 1000 × 20 TBA unpaid at renewal (more than the wallet holds): the overview leads with it and its pay action.
  const sub = await pastDue(DANA.did, 1000);
  await page.reload();
  const due = el.locator('[part~=overview-past-due]');
  await expect(due).toContainText('Payment past due');
  await expect(due).toContainText(/[\d,]+ TBA is past due/);
  await due.getByRole('link', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/customer/invoice/past-due' && u.searchParams.get('referer') !== null);

  expect(
    (
      await merchant('POST', '/api/sandbox/wallet/fund', {
        did: DANA.did,
        currency_id: 'pc_sandbox_tba',
        amount: '25000',
      })
    ).status,
  ).toBe(200);
  const row = el.locator('[part~=past-due-currency][data-currency="pc_sandbox_tba"]');
  await row.getByRole('button', { name: /^Pay / }).click();
  const dialog = el.getByRole('dialog', { name: 'Pay with DID Wallet' });
  const wallet = await walletAnswers(dialog, 'dana');
  expect(wallet.status, wallet.errorMessage).toBe('ok');
  await expect(row.locator('[part~=past-due-paid]')).toHaveText(/Paid/);
  await expect(el.getByText('All past-due invoices are paid.')).toBeVisible();
  await expect(el.getByText('These invoices are waiting for payment.')).toHaveCount(0);
  expect((await merchant('GET', `/api/subscriptions/${sub.id}`)).body.status).toBe('active');
  // Back where the pay action was: nothing past due any more.
  await el.locator('[part~=referer]').getByRole('link').click();
  await page.waitForURL((u) => u.pathname === '/customer');
  await expect(el.locator('[part~=overview-next-charge]')).toBeVisible();
  await expect(el.locator('[part~=overview-past-due]')).toHaveCount(0);
});

test('dashboard mode: lists link each customer to its admin page, the subscription detail has its admin links; none without it', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  await buy(page, CASEY);
  const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/customer');
  const el = portal(page);
  await expect(el.locator('[part~=invoice-row]').first()).toBeVisible();
  await expect(el.locator('a[href*="/admin/"]')).toHaveCount(0);

  await el.evaluate((n) => n.setAttribute('dashboard', ''));
  const customerLink = el.locator('[part~=invoice-row]').first().locator('[part~=admin-customer]');
  await expect(customerLink).toHaveAttribute('href', new RegExp(`/admin/customers/${sub.customer_id}$`));
  await expect(customerLink).toHaveText('Casey Customer');
  await el.getByRole('tab', { name: 'Subscriptions' }).click();
  const row = el
    .locator('[part~=subscription-row]')
    .filter({ has: page.locator(`a[href$="/customer/subscription/${sub.id}"]`) });
  await expect(row.locator('[part~=admin-customer]')).toHaveAttribute(
    'href',
    new RegExp(`/admin/customers/${sub.customer_id}$`),
  );
  await el.getByRole('tab', { name: 'Payment history' }).click();
  await expect(el.locator('[part~=payment-row]').first().locator('[part~=admin-customer]')).toHaveAttribute(
    'href',
    new RegExp(`/admin/customers/${sub.customer_id}$`),
  );

  await page.goto(`/customer/subscription/${sub.id}`);
  await expect(el.locator('[part~=renewal-amount]')).toBeVisible();
  await expect(el.locator('[part~=admin-links]')).toHaveCount(0);
  await el.evaluate((n) => n.setAttribute('dashboard', ''));
  const admin = el.locator('[part~=admin-links] a');
  await expect(admin).toHaveCount(2);
  await expect(admin.nth(0)).toHaveAttribute('href', new RegExp(`/admin/billing/${sub.id}$`));
  await expect(admin.nth(1)).toHaveAttribute('href', new RegExp(`/admin/customers/${sub.customer_id}$`));
});

test('a credit grant goes back to the credits; a voided grant has nothing left to use; the pending amount takes the own DID', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  if (!(await merchant('GET', '/api/customers', undefined, { query: { did: CASEY.did } })).body.list?.length)
    await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
  const grant = await merchant('POST', '/api/credit-grants', {
    customer_id: CASEY.did,
    currency_id: 'pc_sandbox_credit',
    amount: '20',
    name: 'E2E voided credits',
  });
  expect(grant.status).toBe(200);
  expect((await merchant('POST', `/api/credit-grants/${grant.body.id}/void`, {})).status).toBe(200);

  await page.goto(`/customer/credit-grant/${grant.body.id}`);
  const el = portal(page);
  await expect(el.locator('[part~=chip]').first()).toHaveText('Voided');
  await expect(el.locator('[part~=credit-grant-remaining]')).toHaveText('0 CRD');
  await expect(el.locator('[part~=credit-grant]')).toContainText('Unused when voided20 CRD');
  const back = el.locator('[part~=back]');
  await expect(back).toHaveText('← All credits');
  await back.click();
  await page.waitForURL((u) => u.pathname === '/customer' && u.searchParams.get('tab') === 'credits');
  await expect(el.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
  await expect(el.locator(`[part~=credit-grant-row][data-id="${grant.body.id}"]`)).toContainText('0 CRD');

  // The signed-in customer's own DID is accepted like the customer id (another's is refused).
  const mine = await page.request.get(`/payment/api/meter-events/pending-amount?customer_id=${CASEY.did}`);
  expect(mine.status()).toBe(200);
  expect(await mine.json()).toEqual(expect.any(Object));
  expect((await page.request.get(`/payment/api/meter-events/pending-amount?customer_id=${CHRIS.did}`)).status()).toBe(
    403,
  );
});

test("an admin's credit transactions (with the meter event column) fit a 1280 px window", async ({ page }) => {
  await signIn(page, /Adam Admin/, '/customer');
  await subscribe(ADAM.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
  const grant = await merchant('POST', '/api/credit-grants', {
    customer_id: ADAM.did,
    currency_id: 'pc_sandbox_credit',
    amount: '40',
    name: 'Admin render credits with a long name',
  });
  expect(grant.status).toBe(200);
  const eventName = `e2e.admin.renders.${Date.now()}`;
  expect(
    (
      await merchant('POST', '/api/meters', {
        name: 'Admin renders',
        event_name: eventName,
        unit: 'render',
        currency_id: 'pc_sandbox_credit',
      })
    ).status,
  ).toBe(200);
  const event = await merchant('POST', '/api/meter-events', {
    event_name: eventName,
    identifier: `${eventName}-1`,
    payload: { customer_id: ADAM.did, value: '1.5' },
  });
  expect(event.status).toBe(200);
  expect((await merchant('POST', '/api/sandbox/clock/advance', { seconds: 0 })).status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/customer?tab=credits');
  const table = portal(page).locator('[part~=credit-transaction-table]');
  await expect(table.locator('[part~=meter-event-cell]').filter({ hasText: event.body.id })).toBeVisible();
  const frame = await table.evaluate((t) => ({ table: t.scrollWidth, frame: t.parentElement!.clientWidth }));
  expect(frame.table, `table ${frame.table} px in a ${frame.frame} px frame`).toBeLessThanOrEqual(frame.frame);
  expect(await overflow(page)).toBe(0);
});

test('dates follow the spec (YYYY-MM-DD HH:mm:ss; days as YYYY-MM-DD)', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/customer');
  const invoiceId = await buy(page, CASEY);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/customer?tab=invoices');
  const el = portal(page);
  await expect(el.locator('[part~=invoice-row]').first().locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await el.getByRole('tab', { name: 'Payment history' }).click();
  await expect(el.locator('[part~=payment-row] th').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await page.goto(`/customer/invoice/${invoiceId}`);
  await expect(
    el.locator('[part~=invoice] dd').filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ }),
  ).toHaveCount(1);
});

test('no portal screen is wider than a 320 or 390 px window', async ({ page }) => {
  await signIn(page, /Chris Buyer/, '/customer');
  const sub = await pastDue(CHRIS.did, 100);
  const invoices = await merchant('GET', '/api/invoices', undefined, { query: { subscription_id: sub.id } });
  const invoice = (invoices.body.list as Array<{ id: string }>)[0]!;
  const grant = await merchant('POST', '/api/credit-grants', {
    customer_id: CHRIS.did,
    currency_id: 'pc_sandbox_credit',
    amount: '5',
    name: 'Phone credits',
  });
  const screens = [
    '/customer',
    '/customer?tab=subscriptions',
    '/customer?tab=payments',
    '/customer?tab=credits',
    `/customer/subscription/${sub.id}`,
    `/customer/invoice/${invoice.id}`,
    '/customer/invoice/past-due',
    `/customer/credit-grant/${grant.body.id}`,
  ];
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of screens) {
      await page.goto(path);
      await expect(portal(page).locator('[part~=portal] h1')).toBeVisible();
      await expect(portal(page).locator('[aria-busy=true]')).toHaveCount(0);
      expect(await overflow(page), `${path} at ${width} px`).toBe(0);
    }
  }
});
