/**
 * The customer portal end to end against the host server: subscriptions made through the signed merchant API, then
 * as the customer: see them, cancel a paid one (active until the period end) and resume it, cancel a trial (ended
 * at once); and the sandbox clock moving a subscription through renewal, past due and recovery (paid through the
 * collect-batch wallet action) with the portal showing each state.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS } from '../../hosts/server/service/users.ts';
import { signedFetch } from '../server/payment-helpers.ts';

const CASEY = DEMO_USERS[0]!;
const CHRIS = DEMO_USERS[1]!;
/** A merchant call signed with the run's app key (the server under test was started with it). */
const merchant = (_page: Page, method: string, path: string, body?: unknown) =>
  signedFetch(test.info().project.use.baseURL!, process.env.E2E_APP_SK!, method, path, { body });

async function signIn(page: Page, who: RegExp, redirect: string): Promise<void> {
  await page.goto(`/.well-known/service/sandbox/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('button', { name: who }).click();
  await page.waitForURL((url) => url.pathname === redirect);
}

async function subscribe(page: Page, did: string, body: Record<string, unknown>) {
  const r = await merchant(page, 'POST', '/api/subscriptions', { customer_id: did, ...body });
  expect(r.status).toBe(200);
  return r.body as { id: string; current_period_end: number };
}

test('a customer sees the subscriptions, cancels a paid one (kept until the period end), resumes it, and cancels a trial', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/customer');
  const paid = await subscribe(page, CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 2 }, { price_id: 'price_sandbox_api_metered', quantity: 1 }] });
  const trial = await subscribe(page, CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }], trial_period_days: 7 });
  await page.reload();
  const portal = page.locator('pay-portal');
  await portal.getByRole('tab', { name: 'Subscriptions' }).click();
  // Other flows may have given Casey subscriptions too: find these two by their links.
  const row = (id: string) => portal.locator('[part~=subscription-row]').filter({ has: page.locator(`a[href$="/customer/subscription/${id}"]`) });
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
  const kept = await merchant(page, 'GET', `/api/subscriptions/${paid.id}`);
  expect(kept.body).toMatchObject({ status: 'active', cancel_at_period_end: true, cancelation_details: { feedback: 'too_expensive', comment: 'Going quarterly', cancel_from: 'customer' } });

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

test('the sandbox clock renews a subscription, leaves an unpaid renewal past due, and paying it recovers the subscription', async ({ page }) => {
  await signIn(page, /Chris Buyer/, '/customer');
  const sub = await subscribe(page, CHRIS.did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }] });
  const clock = await merchant(page, 'GET', '/api/sandbox/clock');
  const advance = await merchant(page, 'POST', '/api/sandbox/clock/advance', { seconds: sub.current_period_end - clock.body.now + 60 });
  expect(advance.status).toBe(200);

  await page.goto(`/customer/subscription/${sub.id}`);
  const portal = page.locator('pay-portal');
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Past due');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Subscription renewal');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Open');

  // Chris gets funds and pays the overdue invoice through the wallet (collect-batch).
  expect((await merchant(page, 'POST', '/api/sandbox/wallet/fund', { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '50' })).status).toBe(200);
  const open = await page.request.post('/payment/api/did/collect-batch/token', { data: { extraParams: { currencyId: 'pc_sandbox_tba', subscriptionId: sub.id } } });
  expect(open.status()).toBe(200);
  const wallet = await page.context().newPage();
  await wallet.goto((await open.json()).url);
  await expect(wallet.getByText('Pay 1 overdue invoice').first()).toBeVisible();
  await wallet.getByRole('button', { name: /Approve/ }).click();
  await expect(wallet.getByText(/approved/i).first()).toBeVisible();
  await wallet.close();

  await page.reload();
  await expect(portal.locator('[part~=chip]').first()).toHaveText('Active');
  await expect(portal.locator('[part~=invoice-row]').first()).toContainText('Paid');
});
