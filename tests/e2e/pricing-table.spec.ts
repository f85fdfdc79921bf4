/**
 * <pay-pricing-table> on the host's /pricing page (the seeded prctbl_sandbox_demo): a payer picks yearly, switches
 * the currency, chooses the highlighted plan and pays it inline through the wallet; the redirect mode goes to the
 * hosted checkout; a double click makes one session; the keyboard alone reaches every control, in Chinese too.
 */
import type { Locator, Page } from '@playwright/test';
import { axe, expect, merchant, settled, signIn, test, walletAnswers } from './support.ts';

test.use({ bypassCSP: true });

const TABLE = 'prctbl_sandbox_demo';

/**
 * Approves the open wallet-connect dialog of the inline checkout as the signed-in demo user's DID Wallet would
 * (tests/e2e/support.ts walletAnswers: the protocol-written wallet reads the dialog's deep link and answers it).
 */
async function approveInWallet(checkout: Locator): Promise<void> {
  const connect = checkout.getByRole('dialog', { name: 'Pay with DID Wallet' });
  const answer = await walletAnswers(connect);
  expect(answer.status, answer.errorMessage).toBe('ok');
}

/** The table's sessions so far (merchant list filtered on the metadata the table's checkout writes). */
async function tableSessions(): Promise<number> {
  const r = await merchant('GET', '/api/checkout-sessions', undefined, {
    query: { 'metadata.pricing_table_id': TABLE, pageSize: 100, livemode: true },
  });
  expect(r.status).toBe(200);
  return r.body.count as number;
}

/** Records the page's pay-* events (they bubble out of the table's shadow root, the inline checkout's too). */
async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: Array<{ type: string; detail: unknown; from: string }> };
    w.__events = [];
    for (const type of ['pay-select', 'pay-ready', 'pay-complete', 'pay-error'])
      document.addEventListener(type, (e) =>
        w.__events.push({ type, detail: (e as CustomEvent).detail, from: (e.target as Element).localName }),
      );
  });
}
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Array<{ type: string; detail: any; from: string }> }).__events);

test('pick yearly, switch to USDC, choose the highlighted plan and pay it inline through the wallet', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, '/pricing');
  await recordEvents(page);
  const table = page.locator('pay-pricing-table');
  const plans = table.locator('[part~=plan]');
  await expect(plans).toHaveCount(3);
  // The platform's order: yearly before monthly, the one-time plan its own group with a real label.
  await expect(table.locator('[part~=interval]')).toHaveText(['Yearly', 'Monthly', 'One-time']);
  await expect(table.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(plans.nth(1).locator('[part~=price]')).toContainText('15TBA');

  await table.locator('[part~=interval]', { hasText: 'Yearly' }).click();
  await expect(table.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  await expect(plans.nth(1).locator('[part~=price]')).toContainText('150TBA');
  await expect(plans.nth(1).locator('[part~=price]')).toContainText('per seat, per year');

  await table.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'USDC (Base)' });
  await expect(plans.nth(1).locator('[part~=price]')).toContainText('149.99USDC');
  await expect(table.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  await expect(plans.nth(2).getByRole('button', { name: 'Try for free' })).toBeVisible();
  await expect(plans.nth(2).locator('[part~=trial]')).toHaveText('14-day free trial');

  const highlighted = table.locator('[part~=plan][data-highlight]');
  await expect(highlighted.locator('[part~=badge]')).toHaveText('Most popular');
  const before = await tableSessions();
  await highlighted.getByRole('button', { name: 'Subscribe' }).click();

  // The checkout of that session, in place, with a way back; the table's pay-select came first.
  const checkout = table.locator('pay-checkout');
  await expect(checkout.locator('[part~=total]')).toHaveText('149.99 USDC', { timeout: 15_000 });
  await expect(table.getByRole('button', { name: 'Back to plans' })).toBeFocused();
  expect(await tableSessions()).toBe(before + 1);
  const select = (await events(page)).find((e) => e.type === 'pay-select')!;
  expect(select).toMatchObject({
    from: 'pay-pricing-table',
    detail: { pricingTableId: TABLE, priceId: 'price_sandbox_tier_pro_yearly', currencyId: 'pc_sandbox_base_usdc' },
  });
  expect(select.detail.checkoutSessionId).toMatch(/^cs_/);

  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  await approveInWallet(checkout);
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({ timeout: 15_000 });
  // The checkout's events reach the page from the table, as the checkout's own.
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === 'pay-complete'))
    .toMatchObject({ from: 'pay-pricing-table', detail: { checkoutSessionId: select.detail.checkoutSessionId } });

  // Back to the plans: the same interval and currency, the focus on the plan that was chosen.
  await table.getByRole('button', { name: 'Back to plans' }).click();
  await expect(table.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  await expect(highlighted.getByRole('button', { name: 'Subscribe' })).toBeFocused();
  await expect(table.getByRole('combobox', { name: 'Currency' })).toHaveValue('pc_sandbox_base_usdc');
});

test('mode redirect goes to the hosted checkout of the session with the chosen currency', async ({ page }) => {
  await page.goto('/pricing?mode=redirect');
  const table = page.locator('pay-pricing-table');
  await table.locator('[part~=interval]', { hasText: 'One-time' }).click();
  await expect(table.locator('[part~=plan]')).toHaveCount(1);
  await expect(table.locator('[part~=price]')).toContainText('one-time payment');
  await table.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(/\/checkout\/cs_[^/?]+\?currencyId=pc_sandbox_tba$/);
  const checkout = page.locator('pay-checkout');
  await expect(checkout.locator('[part~=total]')).toHaveText('600 TBA', { timeout: 15_000 });
});

test('a double click makes one session; a canceled pay-select leaves the routing to the host', async ({ page }) => {
  await page.goto('/pricing');
  const table = page.locator('pay-pricing-table');
  await expect(table.locator('[part~=plan]')).toHaveCount(3);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/api/pricing-tables/${TABLE}/checkout/`)) posts.push(r.url());
  });
  const before = await tableSessions();
  await table.locator('[part~=plan]').first().getByRole('button', { name: 'Subscribe' }).dblclick();
  await expect(table.locator('pay-checkout')).toBeAttached({ timeout: 15_000 });
  await settled(page);
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0]!).searchParams.get('currencyId')).toBe('pc_sandbox_tba');
  expect(await tableSessions()).toBe(before + 1);

  // A host that routes the session itself: the table stays on the plans, the button is free again.
  await table.getByRole('button', { name: 'Back to plans' }).click();
  await page.evaluate(() =>
    document.addEventListener('pay-select', (e) => {
      e.preventDefault();
      (window as unknown as { __routed: string }).__routed = (e as CustomEvent).detail.checkoutSessionId;
    }),
  );
  await table.locator('[part~=plan]').first().getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __routed?: string }).__routed)).toMatch(/^cs_/);
  await settled(page);
  await expect(table.locator('pay-checkout')).toHaveCount(0);
  await expect(table.locator('[part~=plan]').first().getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('in Chinese, by keyboard alone: switch the interval, choose a plan, go back (axe clean)', async ({ page }) => {
  await page.goto('/pricing?locale=zh');
  // The host page's own heading follows the language too.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('价格方案');
  const table = page.locator('pay-pricing-table');
  await expect(table.locator('[part~=interval]')).toHaveText(['每年', '每月', '一次性']);
  await expect(table.locator('[part~=plan-button]')).toHaveText(['订阅', '订阅', '免费试用']);
  await expect(table.locator('[part~=badge]')).toHaveText('最受欢迎');
  expect(await axe(page)).toEqual([]);

  await table.getByRole('radio', { name: '每月' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(table.getByRole('radio', { name: '每年' })).toBeChecked();
  await expect(table.locator('[part~=plan]').nth(0).locator('[part~=price]')).toContainText('每年');
  await page.keyboard.press('Tab'); // the currency
  await expect(table.getByRole('combobox', { name: '币种' })).toBeFocused();
  await page.keyboard.press('Tab'); // the first plan's button
  await expect(table.locator('[part~=plan-button]').first()).toBeFocused();
  await page.keyboard.press('Enter');
  const back = table.getByRole('button', { name: '返回方案列表' });
  await expect(back).toBeFocused({ timeout: 15_000 });
  await expect(table.locator('pay-checkout').locator('[part~=total]')).toHaveText('50 TBA', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(table.locator('[part~=plan-button]').first()).toBeFocused();
  await expect(table.getByRole('radio', { name: '每年' })).toBeChecked();
});

test('a page with only the script and the tag: a signed-in payer buys the one-time plan with the keyboard', async ({
  page,
}) => {
  await signIn(page, /Casey Customer/, `/plain/pricing/${TABLE}`);
  const table = page.locator('pay-pricing-table');
  await expect(table.locator('[part~=plan]')).toHaveCount(3);
  await table.getByRole('radio', { name: 'Monthly' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(table.getByRole('radio', { name: 'One-time' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: 'Subscribe' })).toBeFocused();
  await page.keyboard.press('Enter');
  const checkout = table.locator('pay-checkout');
  await expect(checkout.locator('[part~=total]')).toHaveText('600 TBA', { timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay', exact: true }).press('Enter');
  const confirm = checkout.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm).toContainText('Pay 600 TBA');
  await confirm.getByRole('button', { name: 'Confirm and pay' }).press('Enter');
  await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
});

test('the chosen plan’s checkout survives a reload, completed with the plan’s confirmation message (en, then zh)', async ({
  page,
}) => {
  // Every load records the checkout session it shows (pay-ready), across the reloads.
  await page.addInitScript(() => {
    document.addEventListener('pay-ready', (e) => {
      const id = (e as CustomEvent<{ checkoutSessionId: string }>).detail.checkoutSessionId;
      sessionStorage.setItem('test:ready', `${sessionStorage.getItem('test:ready') ?? ''} ${id}`.trim());
    });
  });
  const shown = async () => (await page.evaluate(() => sessionStorage.getItem('test:ready') ?? '')).split(' ');
  await signIn(page, /Casey Customer/, '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  const table = page.locator('pay-pricing-table');
  const checkout = table.locator('pay-checkout');
  await table.locator('[part~=plan]').first().getByRole('button', { name: 'Subscribe' }).click();
  await expect(checkout.locator('[part~=total]')).toHaveText('5 TBA', { timeout: 15_000 });
  const before = await tableSessions();

  // A reload shows the same checkout in place, with its way back; no second session is made.
  await page.reload();
  await expect(checkout.locator('[part~=total]')).toHaveText('5 TBA', { timeout: 15_000 });
  await expect(table.getByRole('button', { name: 'Back to plans' })).toBeVisible();
  const ids = await shown();
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
  expect(await tableSessions()).toBe(before);

  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  await approveInWallet(checkout);
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({ timeout: 15_000 });
  const message = 'Welcome aboard: your plan is ready. Manage it any time under Billing.';
  await expect(checkout.locator('[part~=completed]')).toContainText(message);

  // Reloaded in Chinese: the completed screen again, in Chinese, with the merchant's message as it was written.
  await page.goto('/pricing?locale=zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('价格方案');
  await expect(checkout.getByRole('heading', { name: '您的订阅已生效' })).toBeVisible({ timeout: 15_000 });
  await expect(checkout.locator('[part~=completed]')).toContainText(message);
  expect(await axe(page)).toEqual([]);

  // Back to the plans forgets it: the next reload shows the plans.
  await table.getByRole('button', { name: '返回方案列表' }).click();
  await expect(table.locator('[part~=plan]')).toHaveCount(3);
  await page.reload();
  await expect(table.locator('[part~=plan]')).toHaveCount(3);
  await expect(table.locator('pay-checkout')).toHaveCount(0);
});
