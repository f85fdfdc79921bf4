/**
 * The customer portal end to end against the host server: subscriptions made through the signed merchant API, then
 * as the customer: see them, cancel a paid one (active until the period end) and resume it, cancel a trial (ended
 * at once); and the sandbox clock moving a subscription through renewal, past due and recovery (paid through the
 * collect-batch wallet action) with the portal showing each state.
 */
import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { askedText, buy, expect, merchant, signIn, test, walletAnswers } from './support.ts';
import { connect, walletOf } from '../support/did-wallet.ts';
import { demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { pdfPages, pdfPageSizes } from '../support/pdf-text.ts';

const CASEY = DEMO_USERS[0]!;
const CHRIS = DEMO_USERS[1]!;

async function subscribe(page: Page, did: string, body: Record<string, unknown>) {
  const r = await merchant('POST', '/api/subscriptions', { customer_id: did, ...body });
  expect(r.status).toBe(200);
  return r.body as { id: string; current_period_end: number };
}

/**
 * Opens the Credits tab once the overview's summary is in: it arrives after the tabs and moves them down, and a
 * click aimed before that lands on what moved into its place.
 */
async function creditsTab(portal: Locator) {
  await expect(portal.locator('[part=overview-summary]')).toBeVisible();
  await portal.getByRole('tab', { name: 'Credits' }).click();
  await expect(portal.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
}
test('a customer sees the subscriptions, cancels a paid one (kept until the period end), resumes it, and cancels a trial', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  const paid = await subscribe(page, CASEY.did, {
    items: [
      { price_id: 'price_sandbox_team_monthly', quantity: 2 },
      { price_id: 'price_sandbox_api_metered', quantity: 1 },
    ],
  });
  const trial = await subscribe(page, CASEY.did, {
    items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }],
    trial_period_days: 7,
  });
  await page.reload();
  const portal = page.locator('pay-portal');
  await portal.getByRole('tab', { name: 'Subscriptions' }).click();
  // Other flows may have given Casey subscriptions too: find these two by their links.
  const row = (id: string) =>
    portal.locator('[part~=subscription-row]').filter({ has: page.locator(`a[href$="/customer/subscription/${id}"]`) });
  await expect(row(paid.id)).toContainText(/Renews on/);
  await expect(row(trial.id)).toContainText(/Trial ends on .*, then 5 TBA/);

  // The paid one: renewal amount without the metered item.
  await row(paid.id).getByRole('link').click();
  await page.waitForURL(`**/customer/subscription/${paid.id}`);
  await expect(portal.locator('[part~=renewal-amount]')).toHaveText('10 TBA');
  await expect(portal.getByText('Billed by usage')).toBeVisible();

  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = portal.getByRole('dialog', { name: 'Cancel subscription?' });
  await expect(dialog).toContainText('stays active until');
  await dialog.getByLabel("It's too expensive").check();
  await dialog.getByLabel(/Anything else/).fill('Going quarterly');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(portal.locator('[part~=subscription-next]')).toHaveText(/Cancels on/);
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Active');
  const kept = await merchant('GET', `/api/subscriptions/${paid.id}`);
  expect(kept.body).toMatchObject({
    status: 'active',
    cancel_at_period_end: true,
    cancelation_details: { feedback: 'too_expensive', comment: 'Going quarterly', cancel_from: 'customer' },
  });

  await portal.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(portal.locator('[part~=subscription-next]')).toHaveText(/Renews on .* for 10 TBA/);

  // The trial ends at once.
  await page.goto(`/customer/subscription/${trial.id}`);
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.getByRole('dialog')).toContainText('Your trial ends immediately');
  await portal.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Canceled');
  await expect(portal.locator('[part~=subscription-next]')).toHaveText(/Ended on/);
});

test('resuming a subscription whose stake was slashed stakes again through the wallet, then it renews', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  const sub = await subscribe(page, CASEY.did, {
    items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }],
    stake_amount: (50n * 10n ** 18n).toString(),
  });
  // The merchant cancels at the period end and slashes the stake: resuming needs a new one.
  expect(
    (await merchant('PUT', `/api/subscriptions/${sub.id}/cancel`, { at: 'current_period_end', staking: 'slash' }))
      .status,
  ).toBe(200);
  expect(
    (
      await merchant('POST', '/api/sandbox/wallet/fund', {
        did: CASEY.did,
        currency_id: 'pc_sandbox_tba',
        amount: '100',
      })
    ).status,
  ).toBe(200);
  // The next billing run settles the slash into its slash_stake invoice (a 1 s move changes nothing else).
  expect((await merchant('POST', '/api/sandbox/clock/advance', { seconds: 1 })).status).toBe(200);

  await page.goto(`/customer/subscription/${sub.id}`);
  const portal = page.locator('pay-portal');
  await expect(portal.getByText('A new stake is required')).toBeVisible();
  await expect(portal.locator('[part~=stake-state]')).toHaveText('Slashed');
  await portal.getByRole('button', { name: 'Resume subscription' }).click();
  const dialog = portal.getByRole('dialog', { name: 'Stake to resume the subscription' });
  await expect(dialog).toContainText('approve a stake of 50 TBA');
  const wallet = await walletAnswers(dialog, 'casey');
  expect(wallet.status, wallet.errorMessage).toBe('ok');
  expect(wallet.asked).toMatch(/Stake for /);
  await expect(dialog).toBeHidden();
  await expect(portal.getByText('Staked 50 TBA. The subscription will renew automatically.')).toBeVisible();
  await expect(portal.locator('[part~=subscription-next]')).toHaveText(/Renews on/);
  await expect(portal.getByText('A new stake is required')).toHaveCount(0);
  // The new stake with its transaction; the slashed one stays on record.
  await expect(portal.locator('[part~=stake-state]')).toHaveText('Staked');
  await expect(portal.locator('[part~=stake-tx]')).toHaveText(/^0x[0-9a-f]{64}/);
  await expect(portal.locator('[part~=stake-previous]')).toHaveText(/^50 TBA · Slashed on /);
  const resumed = await merchant('GET', `/api/subscriptions/${sub.id}`);
  expect(resumed.body).toMatchObject({
    status: 'active',
    cancel_at: null,
    billing_thresholds: { stake_gte: 50 },
    payment_details: { arcblock: { staking: { tx_hash: expect.stringMatching(/^0x/) } } },
  });
  // The stake is an invoice of this subscription.
  await expect(portal.locator('[part~=invoice-row]').filter({ hasText: 'Stake' }).first()).toBeVisible();
});

test('a returned stake shows in the portal with its return invoice and transaction', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/customer');
  const sub = await subscribe(page, CASEY.did, {
    items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }],
    stake_amount: (50n * 10n ** 18n).toString(),
  });
  await page.goto(`/customer/subscription/${sub.id}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=stake-state]')).toHaveText('Staked');
  await expect(portal.locator('[part~=stake-amount]')).toHaveText('50 TBA');
  expect(
    (await merchant('PUT', `/api/subscriptions/${sub.id}/cancel`, { at: 'current_period_end', staking: 'return' }))
      .status,
  ).toBe(200);
  // The next billing run settles the return (a 1 s move changes nothing else).
  expect((await merchant('POST', '/api/sandbox/clock/advance', { seconds: 1 })).status).toBe(200);
  await page.reload();
  await expect(portal.locator('[part~=stake-state]')).toHaveText('Returned');
  const settlement = portal.locator('[part~=stake-settlement]');
  await expect(settlement).toContainText(/0x[0-9a-f]{64}/);
  await settlement.getByRole('link', { name: /^Invoice SBX-\d{4}$/ }).click();
  await page.waitForURL(/\/customer\/invoice\/in_/);
  await expect(portal.getByText('Stake returned').first()).toBeVisible();
  await expect(portal.locator('[part~=invoice-total]')).toHaveText('50 TBA');
  await expect(portal.locator('[part~=stake-state]')).toHaveText('Returned');
});

test("an invoice page shows the purchase's promotion discount and the vendors' installation progress", async ({
  page,
}) => {
  const DANA = DEMO_USERS.find((u) => u.role === 'developer')!;
  await signIn(page, /Dana Developer/, '/customer');
  const discounted = await buy(page, DANA, { email: 'dana@example.com', promo: 'SANDBOX10' });
  await page.goto(`/customer/invoice/${discounted}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=invoice-discount]')).toContainText('Promotion code SANDBOX10');
  await expect(portal.locator('[part~=invoice-discount]')).toContainText('−1 TBA');
  await expect(portal.locator('[part~=invoice-discounts]')).toContainText('Subtotal');
  await expect(portal.locator('[part~=invoice-vendors]')).toHaveCount(0);

  const vendor = await buy(page, DANA, { email: 'dana@example.com', plink: 'plink_sandbox_vendor' });
  await page.goto(`/customer/invoice/${vendor}`);
  const vendors = portal.locator('[part~=invoice-vendors] [part~=vendor]');
  await expect(vendors).toHaveCount(2);
  await expect(portal.locator('[part~=invoice-vendors]')).toContainText('App installation');
  // The sandbox delivers 25 % every 2 s: both end delivered, with a check.
  await expect(portal.locator('[part~=invoice-vendors] [part~=vendor][data-status=delivered]')).toHaveCount(2, {
    timeout: 20_000,
  });
});

test('the sandbox clock renews a subscription, leaves an unpaid renewal past due, and paying it recovers the subscription', async ({
  page,
}) => {
  await signIn(page, /Chris Buyer/, '/customer');
  const sub = await subscribe(page, CHRIS.did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }] });
  const clock = await merchant('GET', '/api/sandbox/clock');
  const advance = await merchant('POST', '/api/sandbox/clock/advance', {
    seconds: sub.current_period_end - clock.body.now + 60,
  });
  expect(advance.status).toBe(200);

  await page.goto(`/customer/subscription/${sub.id}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Past due');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Subscription renewal');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Open');

  // Chris gets funds and pays the overdue invoice through the wallet (collect-batch).
  expect(
    (
      await merchant('POST', '/api/sandbox/wallet/fund', {
        did: CHRIS.did,
        currency_id: 'pc_sandbox_tba',
        amount: '50',
      })
    ).status,
  ).toBe(200);
  // A wallet request asked as the platform's client asks it (flat query), answered by Chris's DID Wallet.
  const open = await page.request.get('/payment/api/did/collect-batch/token', {
    params: { currencyId: 'pc_sandbox_tba', subscriptionId: sub.id },
  });
  expect(open.status()).toBe(200);
  const paid = await connect((await open.json()).url, walletOf(demoSecretKey('chris')));
  expect(paid.status, paid.errorMessage).toBe('ok');
  expect(askedText(paid.steps)).toContain('Pay 1 overdue invoice');

  await page.reload();
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Active');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Paid');

  // The payment shows in the payment history: search it by the invoice number (debounced), linked invoice and tx.
  const invoices = await merchant('GET', '/api/invoices', undefined, {
    query: { subscription_id: sub.id, status: 'paid' },
  });
  const renewal = (invoices.body.list as Array<{ id: string; number: string; billing_reason: string }>).find(
    (i) => i.billing_reason === 'subscription_cycle',
  )!;
  await page.goto('/customer');
  await portal.getByRole('tab', { name: 'Payment history' }).click();
  await portal.getByLabel('Search payments').fill(renewal.number);
  const payment = portal.locator('[part~=payment-row]');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Succeeded');
  await expect(payment.getByRole('link', { name: renewal.number })).toHaveAttribute(
    'href',
    new RegExp(`/customer/invoice/${renewal.id}$`),
  );
  await expect(payment.locator('a[part~=payment-tx]')).toHaveAttribute('href', /\/tx\/0x[0-9a-f]{64}$/);
});

test('a customer pays past-due invoices in two currencies from the past-due page, then goes back to the referer', async ({
  page,
}) => {
  await signIn(page, /Chris Buyer/, '/customer');
  // Renewals Chris's nearly empty wallet cannot pay: 200 TBA and 49.9 USDC.
  const tba = await subscribe(page, CHRIS.did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity: 10 }] });
  const usdc = await subscribe(page, CHRIS.did, {
    items: [{ price_id: 'price_sandbox_team_monthly', quantity: 10 }],
    currency_id: 'pc_sandbox_base_usdc',
  });
  const clock = await merchant('GET', '/api/sandbox/clock');
  const until = Math.max(tba.current_period_end, usdc.current_period_end);
  if (until > clock.body.now)
    expect(
      (await merchant('POST', '/api/sandbox/clock/advance', { seconds: until - clock.body.now + 60 })).status,
    ).toBe(200);
  for (const id of [tba.id, usdc.id])
    expect((await merchant('GET', `/api/subscriptions/${id}`)).body.status).toBe('past_due');

  await page.goto(`/customer/invoice/past-due?referer=${encodeURIComponent('/customer')}`);
  const portal = page.locator('pay-portal');
  const row = (currencyId: string) => portal.locator(`[part~=past-due-currency][data-currency="${currencyId}"]`);
  await expect(row('pc_sandbox_tba')).toContainText('TBA');
  await expect(row('pc_sandbox_base_usdc')).toContainText('USDC');
  await expect(portal.locator('[part~=referer]')).toHaveCount(0);

  for (const [currencyId, amount] of [
    ['pc_sandbox_tba', '1000'],
    ['pc_sandbox_base_usdc', '100'],
  ] as const) {
    expect(
      (await merchant('POST', '/api/sandbox/wallet/fund', { did: CHRIS.did, currency_id: currencyId, amount })).status,
    ).toBe(200);
    await row(currencyId).getByRole('button', { name: /^Pay / }).click();
    const dialog = portal.getByRole('dialog', { name: 'Pay with DID Wallet' });
    const wallet = await walletAnswers(dialog, 'chris');
    expect(wallet.status, wallet.errorMessage).toBe('ok');
    expect(wallet.asked).toMatch(/Pay \d+ overdue invoices?/);
    await expect(dialog).toBeHidden();
    await expect(row(currencyId).locator('[part~=past-due-paid]')).toHaveText(/Paid/);
  }

  for (const id of [tba.id, usdc.id])
    expect((await merchant('GET', `/api/subscriptions/${id}`)).body.status).toBe('active');
  const overdue = await merchant('GET', `/api/customers/${CHRIS.did}/overdue/invoices`);
  expect(Object.keys(overdue.body.summary)).toEqual([]);
  await portal.locator('[part~=referer]').getByRole('link', { name: 'Back to where you were' }).click();
  await page.waitForURL((url) => url.pathname === '/customer');
  // Coming back later: nothing is due.
  await page.goto('/customer/invoice/past-due');
  await expect(portal.getByText('Nothing to pay')).toBeVisible();
});

test('a realtime invoice.paid refreshes the open past-due page (debounced) with a success toast, no reload', async ({
  page,
}) => {
  await signIn(page, /Chris Buyer/, '/customer');
  // 100 × 20 TBA: more than Chris's wallet holds after the other flows, so the renewal stays unpaid.
  const sub = await subscribe(page, CHRIS.did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity: 100 }] });
  const clock = await merchant('GET', '/api/sandbox/clock');
  if (sub.current_period_end > clock.body.now)
    expect(
      (await merchant('POST', '/api/sandbox/clock/advance', { seconds: sub.current_period_end - clock.body.now + 60 }))
        .status,
    ).toBe(200);
  expect((await merchant('GET', `/api/subscriptions/${sub.id}`)).body.status).toBe('past_due');
  const open = await merchant('GET', '/api/invoices', undefined, {
    query: { subscription_id: sub.id, status: 'open' },
  });
  const renewal = (open.body.list as Array<{ id: string; number: string }>)[0]!;

  await page.goto('/customer/invoice/past-due');
  const portal = page.locator('pay-portal');
  const mine = portal.locator('[part~=invoice-row]').filter({ hasText: renewal.number });
  await expect(mine).toHaveCount(1);
  await expect(portal.locator('[part~=past-due-currency][data-currency="pc_sandbox_tba"]')).toBeVisible();

  // Paid elsewhere (the wallet, from another tab): the page hears invoice.paid over the relay and refreshes itself.
  expect(
    (
      await merchant('POST', '/api/sandbox/wallet/fund', {
        did: CHRIS.did,
        currency_id: 'pc_sandbox_tba',
        amount: '2500',
      })
    ).status,
  ).toBe(200);
  const token = await page.request.get('/payment/api/did/collect-batch/token', {
    params: { currencyId: 'pc_sandbox_tba', subscriptionId: sub.id },
  });
  expect(token.status()).toBe(200);
  const paid = await connect((await token.json()).url, walletOf(demoSecretKey('chris')));
  expect(paid.status, paid.errorMessage).toBe('ok');

  await expect(
    portal.locator('[part~=toast]').filter({ hasText: 'Invoice paid. The list has been updated.' }),
  ).toBeVisible({ timeout: 8000 });
  await expect(mine).toHaveCount(0);
  expect((await merchant('GET', `/api/subscriptions/${sub.id}`)).body.status).toBe('active');
});

test('a customer sees credit grants and their usage, filters credit transactions by date; owners also see meter events and admin links', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  const customer = await merchant('GET', '/api/customers', undefined, { query: { did: CASEY.did } });
  // Casey became a customer in the first test; make sure even when run alone.
  if (!customer.body.list?.length)
    await subscribe(page, CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
  const grant = await merchant('POST', '/api/credit-grants', {
    customer_id: CASEY.did,
    currency_id: 'pc_sandbox_credit',
    amount: '40',
    name: 'E2E welcome credits',
    priority: 1,
  });
  expect(grant.status).toBe(200);
  const eventName = `e2e.renders.${Date.now()}`;
  expect(
    (
      await merchant('POST', '/api/meters', {
        name: 'E2E renders',
        event_name: eventName,
        unit: 'render',
        currency_id: 'pc_sandbox_credit',
      })
    ).status,
  ).toBe(200);
  const event = await merchant('POST', '/api/meter-events', {
    event_name: eventName,
    identifier: `${eventName}-1`,
    payload: { customer_id: CASEY.did, value: '2.5' },
  });
  expect(event.status).toBe(200);
  const run = await merchant('POST', '/api/sandbox/clock/advance', { seconds: 0 });
  const usage = run.body.credit_transactions.find(
    (t: { credit_grant_id: string }) => t.credit_grant_id === grant.body.id,
  );
  expect(usage).toMatchObject({ amount: '250' });

  await page.goto('/customer');
  const portal = page.locator('pay-portal');
  await creditsTab(portal);
  const grantRow = portal.locator(`[part~=credit-grant-row][data-id="${grant.body.id}"]`);
  await expect(grantRow).toContainText('E2E welcome credits');
  await expect(grantRow).toContainText('Granted');
  await expect(grantRow).toContainText('37.5 CRD');
  const usageRow = portal.locator(`[part~=credit-transaction-row][data-id="${usage.id}"]`);
  await expect(usageRow).toContainText('−2.5 CRD');
  await expect(usageRow).toContainText('E2E welcome credits');
  await expect(portal.locator('[part~=meter-event-cell]')).toHaveCount(0);

  // The sandbox clock's day (it may be ahead of the wall clock): the rows are in it, not in the day after.
  const now = (await merchant('GET', '/api/sandbox/clock')).body.now as number;
  const day = (offset: number) =>
    page.evaluate((s) => {
      const d = new Date(s * 1000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, now + offset);
  const filter = portal.locator('[part~=credit-date-filter]');
  await filter.getByLabel('From').fill(await day(0));
  await filter.getByLabel('To').fill(await day(0));
  await expect(usageRow).toBeVisible();
  await filter.getByLabel('From').fill(await day(86400));
  await filter.getByLabel('To').fill(await day(2 * 86400));
  await expect(portal.getByText('No credit transactions in this date range')).toBeVisible();
  await filter.getByRole('button', { name: 'Clear dates' }).click();
  await expect(usageRow).toBeVisible();

  // The grant's own page, then the same as the owner: meter event column and admin credit links.
  await grantRow.getByRole('link', { name: 'E2E welcome credits' }).click();
  await page.waitForURL(`**/customer/credit-grant/${grant.body.id}`);
  await expect(portal.locator('[part~=credit-grant]')).toContainText('37.5 CRD');
  await expect(portal.locator('[part~=admin-links]')).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, /Olivia Owner/, `/customer/credit-grant/${grant.body.id}`);
  await expect(portal.locator('[part~=admin-links] a').first()).toHaveAttribute(
    'href',
    new RegExp(`/admin/billing/${grant.body.id}$`),
  );
  await expect(
    portal.locator(`[part~=credit-transaction-row][data-id="${usage.id}"] [part~=meter-event-cell]`),
  ).toContainText(event.body.id);
});

test('a customer changes plan (from the next renewal) and the payment method of a subscription', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/customer');
  const sub = await subscribe(page, CASEY.did, { items: [{ price_id: 'price_sandbox_studio_monthly', quantity: 1 }] });
  await page.goto(`/customer/subscription/${sub.id}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=renewal-amount]')).toHaveText('3 TBA');

  await portal.getByRole('button', { name: 'Change plan' }).click();
  const plan = portal.getByRole('dialog', { name: 'Change plan' });
  await plan.getByLabel(/30 TBA per year/).check();
  await expect(plan.locator('[part~=change-summary]')).toContainText(
    /You pay 30 TBA from the next renewal on .*\. Nothing is charged now\./,
  );
  await plan.getByRole('button', { name: 'Confirm plan change' }).click();
  await expect(plan).toBeHidden();
  await expect(portal.locator('[part~=subscription-item]').first()).toContainText('30 TBA per year');
  await expect(portal.locator('[part~=renewal-amount]')).toHaveText('30 TBA');
  const changed = await merchant('GET', `/api/subscriptions/${sub.id}`);
  expect(changed.body).toMatchObject({
    current_period_end: sub.current_period_end,
    items: [{ price_id: 'price_sandbox_studio_yearly' }],
  });

  await portal.getByRole('button', { name: 'Change payment method' }).click();
  const method = portal.getByRole('dialog', { name: 'Change payment method' });
  await method.getByLabel(/\(USD\)/).check();
  await expect(method.locator('[part~=change-summary]')).toContainText('from the next renewal on');
  await method.getByRole('button', { name: 'Confirm payment method' }).click();
  await expect(method).toBeHidden();
  await expect(portal.locator('[part~=renewal-amount]')).toHaveText('29.99 USD');
  const paidBy = await merchant('GET', `/api/subscriptions/${sub.id}`);
  expect(paidBy.body).toMatchObject({ currency_id: 'pc_sandbox_usd', paymentMethod: { type: 'stripe' } });
});

test('a customer configures auto top-up; the clock buys credits below the threshold; then turns it off', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/customer');
  const customers = await merchant('GET', '/api/customers', undefined, { query: { did: CASEY.did } });
  if (!customers.body.list?.length)
    await subscribe(page, CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
  const grant = await merchant('POST', '/api/credit-grants', {
    customer_id: CASEY.did,
    currency_id: 'pc_sandbox_credit',
    amount: '5',
    name: 'E2E top-up seed',
  });
  expect(grant.status).toBe(200);
  const customerId = grant.body.customer_id as string;

  await page.goto('/customer');
  const portal = page.locator('pay-portal');
  await creditsTab(portal);
  const form = portal.locator('[part~=auto-top-up]');
  await expect(form).toBeVisible();
  const threshold = form.getByLabel('When the balance falls below');
  await threshold.fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('Threshold must be greater than 0');
  // Far above any balance Casey may have from other flows, so the next clock run fires.
  await threshold.fill('1000000');
  await form.getByRole('switch', { name: 'Enable auto top-up' }).check();
  await form.getByLabel('Package quantity').fill('2');
  await form.getByLabel('Payment method').selectOption('pc_sandbox_usd');
  await form.getByLabel('Daily maximum attempts').fill('1');
  await expect(form.locator('[part~=auto-top-up-summary]')).toHaveText(
    'When your balance falls below 1000000 CRD, 200 CRD are bought for 1.98 USD.',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(portal.getByText('Auto top-up is on.')).toBeVisible();

  const run = await merchant('POST', '/api/sandbox/clock/advance', { seconds: 60 });
  const mine = run.body.auto_recharges.filter((a: { customer_id: string }) => a.customer_id === customerId);
  expect(mine).toMatchObject([{ status: 'succeeded' }]);
  const invoice = await merchant('GET', `/api/invoices/${mine[0].invoice_id}`);
  expect(invoice.body).toMatchObject({ billing_reason: 'auto_recharge', total: '198', status: 'paid' });
  // The daily attempt is used: no second top-up today.
  const again = await merchant('POST', '/api/sandbox/clock/advance', { seconds: 60 });
  expect(again.body.auto_recharges.filter((a: { customer_id: string }) => a.customer_id === customerId)).toMatchObject([
    { status: 'limited' },
  ]);

  await page.reload();
  await creditsTab(portal);
  await expect(form).toContainText('Last top-up:');
  await expect(portal.locator(`[part~=credit-transaction-row]`).first()).toBeVisible();
  await form.getByRole('switch', { name: 'Enable auto top-up' }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(portal.getByText('Auto top-up is off.')).toBeVisible();
  const off = await merchant('POST', '/api/sandbox/clock/advance', { seconds: 86400 });
  expect(off.body.auto_recharges.filter((a: { customer_id: string }) => a.customer_id === customerId)).toEqual([]);
});

test('the merchant refunds part of a paid invoice through the signed API; the customer sees it on the invoice; a refund over the rest is refused', async ({
  page,
}) => {
  const DANA = DEMO_USERS.find((u) => u.role === 'developer')!;
  await signIn(page, /Dana Developer/, '/customer');
  const invoiceId = await buy(page, DANA, { email: 'dana@example.com' });
  const invoice = await merchant('GET', `/api/invoices/${invoiceId}`);
  const pi = invoice.body.payment_intent_id as string;
  expect(pi).toMatch(/^pi_/);

  // Nothing refunded yet: no section.
  await page.goto(`/customer/invoice/${invoiceId}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=invoice-total]')).toHaveText('10 TBA');
  await expect(portal.locator('[part~=refunds]')).toHaveCount(0);

  const refund = await merchant('PUT', `/api/payment-intents/${pi}/refund`, {
    amount: '4',
    reason: 'requested_by_customer',
  });
  expect(refund.status).toBe(200);
  expect(refund.body).toMatchObject({
    id: expect.stringMatching(/^re_/),
    type: 'refund',
    status: 'succeeded',
    amount: (4n * 10n ** 18n).toString(),
    invoice_id: invoiceId,
  });

  await page.reload();
  const item = portal.locator('[part~=refunds] [part~=refund]');
  await expect(item).toHaveCount(1);
  await expect(portal.locator('[part~=refunds] h2')).toHaveText('Refunds');
  await expect(item.locator('[part~=refund-type]')).toHaveText('Refund');
  await expect(item.locator('[part~=refund-amount]')).toHaveText('4 TBA');
  await expect(item.locator('[part~=refund-status]')).toHaveText('Succeeded');
  await expect(item.locator('[part~=refund-reason]')).toHaveText('Requested by the customer');
  const tx = item.locator('[part~=refund-tx] a');
  await expect(tx).toContainText(refund.body.payment_details.arcblock.tx_hash);
  await expect(tx).toHaveAttribute('href', new RegExp(`${refund.body.payment_details.arcblock.tx_hash}$`));

  // 6 TBA are left: 7 is refused, and the invoice still shows the one refund.
  const over = await merchant('POST', '/api/refunds', { payment_intent_id: pi, amount: '7', reason: 'duplicate' });
  expect(over.status).toBe(400);
  expect(over.body).toEqual({ error: 'The refund amount is more than what is left to refund of this payment (6 TBA)' });
  await page.reload();
  await expect(portal.locator('[part~=refund-amount]')).toHaveText('4 TBA');
  await expect(portal.locator('[part~=refunds] [part~=refund]')).toHaveCount(1);
});

const prints = (page: Page) => page.evaluate(() => (window as unknown as { printCalls?: number }).printCalls ?? 0);

/** The printable document the portal's print action prepared (its frame in the shadow root), with its styles. */
async function printed(page: Page): Promise<{ html: string; css: string; title: string }> {
  return page.locator('pay-portal').evaluate((el) => {
    const frame = el.shadowRoot!.querySelector('iframe')!;
    const doc = frame.contentDocument!;
    const css = doc.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    return { html: doc.documentElement.outerHTML, css, title: doc.title };
  });
}

test('an invoice and its receipt print alone, in English and Chinese: the printable document as A4 and Letter PDFs', async ({
  page,
}) => {
  test.slow(); // a purchase, then eight PDFs
  const DANA = DEMO_USERS.find((u) => u.role === 'developer')!;
  await signIn(page, /Dana Developer/, '/customer');
  const invoiceId = await buy(page, DANA, { email: 'dana@example.com', promo: 'SANDBOX10' });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`/customer/invoice/${invoiceId}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=invoice-total]')).toHaveText('9 TBA');
  // The print dialog's stand-in: counts the prints of the element's print frame (a dialog would block the run).
  await portal.evaluate((el) => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    new MutationObserver(() => {
      const f = el.shadowRoot!.querySelector('iframe')?.contentWindow as (Window & { stood?: true }) | undefined;
      if (f && !f.stood) Object.assign(f, { stood: true, print: () => void w.printCalls++ });
    }).observe(el.shadowRoot!, { childList: true, subtree: true });
  });

  const pdfPage = await page.context().newPage();
  const render = async (kind: string, locale: string, expected: RegExp[]) => {
    const doc = await printed(page);
    // Only the invoice: none of the page around the element (the header's navigation, the portal's buttons).
    expect(doc.html).not.toMatch(/<(button|a|script|style)\b/);
    await pdfPage.setContent(doc.html.replace('</head>', `<style>${doc.css}</style></head>`));
    // No fixed width wider than A4's printable width (210 mm less the 2 × 14 mm @page margins, at 96 px an inch).
    await pdfPage.emulateMedia({ media: 'print' });
    await pdfPage.setViewportSize({ width: Math.floor(((210 - 28) / 25.4) * 96), height: 1000 });
    expect(await pdfPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(687);
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await pdfPage.pdf({ format });
      await writeFile(test.info().outputPath(`${kind}-${locale}-${format}.pdf`), pdf);
      const [width] = pdfPageSizes(pdf)[0]!;
      expect(Math.round(width)).toBe(format === 'A4' ? 596 : 612);
      const pages = pdfPages(pdf);
      expect(pages).toHaveLength(1);
      const text = pages.join('\n').replace(/\s+/g, '');
      for (const re of expected) expect(text).toMatch(re);
    }
    return doc;
  };

  await portal.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await expect.poll(() => prints(page)).toBe(1);
  const invoice = await render('invoice', 'en', [
    /^SandboxStorehttp:\/\/127\.0\.0\.1:\d+\/Invoice/, // the seller: the app's name and address
    /InvoicenumberSBX-\d+/,
    /Dateissued\d{4}-\d\d-\d\d/,
    /Paid/,
    /BilledtoDanaDeveloperdana@example.com/i, // the small headings are in capitals
    /9TBApaidon\d{4}-\d\d-\d\d/,
    /ItemQuantityAmountSandboxProLicense.*110TBA/i,
    /Subtotal10TBAPromotioncodeSANDBOX10.*−1TBA/,
    /Total9TBAAmountpaid9TBAAmountremaining0TBA/,
    /PaymentPaymentmethodArcBlock\(TBA\)Datepaid/i,
    /Transactionhash0x/,
  ]);
  expect(invoice.title).toMatch(/^Invoice SBX-\d+$/);

  await portal.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => prints(page)).toBe(2);
  const receipt = await render('receipt', 'en', [
    /Receipt/,
    /InvoicenumberSBX-\d+Datepaid/,
    /9TBApaidon/,
    /Amountpaid9TBA/,
  ]);
  expect(receipt.title).toMatch(/^Receipt SBX-\d+$/);
  expect(receipt.html).not.toContain('Amount remaining');

  await portal.evaluate((el) => el.setAttribute('locale', 'zh'));
  await portal.getByRole('button', { name: '打印 / 保存为 PDF' }).click();
  await expect.poll(() => prints(page)).toBe(3);
  const zh = await render('invoice', 'zh', [
    /账单/,
    /账单编号SBX-\d+/,
    /开具日期\d{4}-\d\d-\d\d/,
    /已支付/,
    /购买方DanaDeveloper/,
    /已于\d{4}-\d\d-\d\d支付9TBA/,
    /小计10TBA优惠码SANDBOX10.*−1TBA/,
    /合计9TBA/,
  ]);
  expect(zh.title).toMatch(/^账单 SBX-\d+$/);
  await portal.getByRole('button', { name: '打印收据' }).click();
  await expect.poll(() => prints(page)).toBe(4);
  await render('receipt', 'zh', [/收据/, /账单编号SBX-\d+支付日期/, /付款信息支付方式/]);
  await pdfPage.close();
  expect(violations).toEqual([]);
});
