import '../../elements/pay-pricing-table.ts';
import {
  $,
  $$,
  activeDeep,
  cleanup,
  deepEqual,
  emulateMedia,
  equal,
  expectNoAxeViolations,
  mount,
  ok,
  sendKeys,
  setViewport,
  shadowText,
  stub,
  waitFor,
} from './helpers.ts';

type Call = { path: string; query: Record<string, string> };
const calls = async (): Promise<Call[]> => (await fetch('/__stub/pricing-table/calls')).json();

const table = (id = 'prctbl_test', attrs = '') =>
  mount(
    `<pay-pricing-table pricing-table-id="${id}" base-url="/payment/" locale="en" theme="light" ${attrs}></pay-pricing-table>`,
  ).firstElementChild as HTMLElement;
const plansReady = (el: HTMLElement) =>
  waitFor(() => $$(el, '[part~=plan]').length > 0 && $$(el, '[part~=plan]'), {
    message: 'the plans did not render',
    timeout: 10_000,
  });
const names = (el: HTMLElement) => $$(el, '[part~=plan-name]').map((n) => n.textContent);
const radio = (el: HTMLElement, label: string) =>
  $$<HTMLLabelElement>(el, '[part~=interval]')
    .find((l) => l.textContent === label)!
    .querySelector('input')!;
const buttons = (el: HTMLElement) => $$<HTMLButtonElement>(el, '[part~=plan-button]');
function events(el: HTMLElement, list: string[]): CustomEvent[] {
  const seen: CustomEvent[] = [];
  for (const n of list) el.addEventListener(n, (e) => seen.push(e as CustomEvent));
  return seen;
}

beforeEach(async () => {
  await stub({ signedIn: true });
  await fetch('/__stub/pricing-table/reset', { method: 'POST' });
  await setViewport({ width: 1280, height: 900 });
  await emulateMedia({ colorScheme: 'light' });
});
afterEach(cleanup);

describe('<pay-pricing-table>', () => {
  it('groups plans by interval in the platform order, starts on the first plan’s, shows the price with its interval', async () => {
    const el = table();
    await plansReady(el);
    deepEqual(
      $$(el, '[part~=interval]').map((l) => l.textContent),
      ['Yearly', 'Monthly', 'One-time'],
    );
    ok(radio(el, 'Monthly').checked, 'the group of the first item');
    deepEqual(names(el), ['Basic', 'Pro', 'Team', 'Scale']);
    const pro = $$(el, '[part~=plan]')[1]!;
    equal(pro.querySelector('[part~=badge]')?.textContent, 'Most popular');
    ok(pro.hasAttribute('data-highlight'));
    ok(pro.querySelector('[part~=price]')!.textContent!.includes('15TBA'));
    ok(pro.querySelector('[part~=price]')!.textContent!.includes('per month'));
    deepEqual(
      buttons(el).map((b) => b.textContent),
      ['Subscribe', 'Subscribe', 'Try for free', 'Subscribe'],
    );
    equal($$(el, '[part~=plan]')[2]!.querySelector('[part~=trial]')?.textContent, '7-day free trial');
    deepEqual(
      $$(el, '[part~=plan]')[1]!.querySelectorAll('[part~=features] li').length,
      3,
      'features with check marks',
    );
    // Test mode chip for a table in test mode.
    equal($(el, '[part~=test-mode]')?.textContent, 'Test mode');
  });

  it('switches interval and currency; only the currencies the payment methods accept are offered', async () => {
    const el = table();
    await plansReady(el);
    radio(el, 'Yearly').click();
    await waitFor(() => names(el).length === 3);
    ok($$(el, '[part~=price]')[0]!.textContent!.includes('50TBA'));
    ok($$(el, '[part~=price]')[0]!.textContent!.includes('per year'));
    const select = $<HTMLSelectElement>(el, '[part~=currency] select')!;
    deepEqual(
      [...select.options].map((o) => [o.value, o.textContent]),
      [
        ['pc_tba', 'TBA (ArcBlock)'],
        ['pc_usd', 'USD (Card)'],
      ],
    );
    select.value = 'pc_usd';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => $$(el, '[part~=price]')[0]!.textContent!.includes('49.90USD'));
    ok(radio(el, 'Yearly').checked, 'the interval stays');
    radio(el, 'One-time').click();
    await waitFor(() => names(el).length === 1);
    // The platform's own wording: "Subscribe" for a one-time plan too (pricing-table.md §4).
    equal(buttons(el)[0]!.textContent, 'Subscribe');
    ok($(el, '[part~=price]')!.textContent!.includes('one-time payment'));
  });

  it('the interval switch is a radio group: arrow keys move and choose', async () => {
    const el = table();
    await plansReady(el);
    const group = $(el, 'fieldset[part~=intervals]')!;
    equal(group.querySelector('legend')?.textContent, 'Billing interval');
    radio(el, 'Monthly').focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => radio(el, 'One-time').checked);
    equal(activeDeep(), radio(el, 'One-time'));
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => radio(el, 'Yearly').checked);
    await waitFor(() => names(el).length === 3);
  });

  it('one click makes one checkout with the page query, extra params and currency; busy until then; pay-select first', async () => {
    history.replaceState(null, '', `${location.pathname}${location.search}&utm_source=page&ref=page`);
    const el = table('prctbl_test', `extra-params='{"ref":"element","qty":2}' mode="inline"`);
    const seen = events(el, ['pay-select']);
    await plansReady(el);
    const pro = buttons(el)[1]!;
    pro.click();
    pro.click();
    await waitFor(() => pro.getAttribute('aria-busy') === 'true');
    ok(buttons(el)[0]!.disabled, 'the other plans wait');
    await waitFor(() => $(el, '[part~=checkout] pay-checkout'), { timeout: 10_000, message: 'no inline checkout' });
    const made = await calls();
    equal(made.length, 1, 'one session for two clicks');
    equal(made[0]!.path, '/payment/api/pricing-tables/prctbl_test/checkout/price_pro_monthly');
    equal(made[0]!.query.utm_source, 'page');
    equal(made[0]!.query.ref, 'element');
    equal(made[0]!.query.qty, '2');
    equal(made[0]!.query.currencyId, 'pc_tba');
    equal(seen.length, 1);
    deepEqual(seen[0]!.detail, {
      pricingTableId: 'prctbl_test',
      priceId: 'price_pro_monthly',
      currencyId: 'pc_tba',
      checkoutSessionId: 'cs_test_1',
    });
    const inner = $(el, 'pay-checkout')!;
    equal(inner.getAttribute('checkout-id'), 'cs_test_1');
    equal(inner.getAttribute('currency'), 'pc_tba');
    equal(inner.getAttribute('locale'), 'en');
    equal(inner.getAttribute('base-url'), '/payment/');
    // The inline checkout's events leave the table as the checkout's own.
    const ready = events(el, ['pay-ready']);
    await waitFor(() => ready.length === 1, { timeout: 10_000, message: 'no pay-ready from the inline checkout' });
    equal(ready[0]!.detail.checkoutSessionId, 'cs_test_1');
    // A way back, focused; it returns to the plans with the chosen plan's button focused.
    const back = $<HTMLButtonElement>(el, '[part~=back]')!;
    equal(activeDeep(), back);
    back.click();
    await plansReady(el);
    await waitFor(() => activeDeep() === buttons(el)[1]);
    history.replaceState(null, '', location.pathname + location.search.replace('&utm_source=page&ref=page', ''));
  });

  it('the chosen plan’s checkout comes back after a reload for its payer; another payer sees the plans', async () => {
    const key = 'pay-pricing-table:chosen:prctbl_test';
    sessionStorage.removeItem(key);
    const first = table();
    await plansReady(first);
    buttons(first)[1]!.click();
    await waitFor(() => $(first, 'pay-checkout'), { timeout: 10_000, message: 'no inline checkout' });
    const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Record<string, string> | null;
    deepEqual(stored, {
      sessionId: 'cs_test_1',
      priceId: 'price_pro_monthly',
      currencyId: 'pc_tba',
      payer: 'z1casey',
    });

    // A reload (a new element in the same tab): the same checkout in place, with its way back; no new session.
    await cleanup();
    const again = table();
    await waitFor(() => $(again, 'pay-checkout'), { timeout: 10_000, message: 'the checkout did not come back' });
    equal($(again, 'pay-checkout')!.getAttribute('checkout-id'), 'cs_test_1');
    equal($(again, 'pay-checkout')!.getAttribute('currency'), 'pc_tba');
    ok($(again, '[part~=back]'), 'a way back');
    equal((await calls()).length, 1);
    // Back to the plans forgets it.
    $<HTMLButtonElement>(again, '[part~=back]')!.click();
    await plansReady(again);
    equal(sessionStorage.getItem(key), null);

    // Chosen by another payer than the one signed in now: the plans, and the stored plan is dropped.
    sessionStorage.setItem(key, JSON.stringify({ ...stored, payer: 'z1someone-else' }));
    await cleanup();
    const other = table();
    await plansReady(other);
    equal($(other, 'pay-checkout'), null);
    equal(sessionStorage.getItem(key), null);
    equal((await calls()).length, 1);
  });

  it('a canceled pay-select leaves the routing to the host; mode redirect refuses an unsafe URL', async () => {
    const el = table('prctbl_test', 'mode="inline"');
    el.addEventListener('pay-select', (e) => e.preventDefault());
    await plansReady(el);
    buttons(el)[0]!.click();
    await waitFor(async () => (await calls()).length === 1);
    await waitFor(() => buttons(el)[0]!.getAttribute('aria-busy') === null);
    equal($(el, 'pay-checkout'), null);

    const redirect = table('prctbl_unsafe', 'mode="redirect"');
    const errors = events(redirect, ['pay-error']);
    await plansReady(redirect);
    buttons(redirect)[0]!.click();
    await waitFor(() => $(redirect, '[part~=alert]'), { message: 'no error shown for an unsafe URL' });
    ok(shadowText(redirect).includes('The checkout could not be started'));
    equal(errors.length, 1);
    equal((window as unknown as { __pwned?: string }).__pwned, undefined);
    equal($(redirect, 'pay-checkout'), null);
  });

  it('shows its empty, inactive, not found and network error screens', async () => {
    const empty = table('prctbl_empty');
    await waitFor(() => $(empty, '[part~=state]'));
    ok(shadowText(empty).includes('No items to purchase'));
    const inactive = table('prctbl_inactive');
    await waitFor(() => $(inactive, '[part~=state]'));
    ok(shadowText(inactive).includes('This pricing table is no longer available'));
    const missing = table('prctbl_missing');
    const errors = events(missing, ['pay-error']);
    await waitFor(() => $(missing, '[part~=state]'));
    ok(shadowText(missing).includes('Pricing table not found'));
    await waitFor(() => errors.length === 1);
    const foreign = table('prctbl_foreign');
    await waitFor(() => $(foreign, '[part~=state]'));
    ok(shadowText(foreign).includes('No plan of this table can be bought in the currencies accepted here.'));
    const invalid = table('plink_not_a_table');
    await waitFor(() => $(invalid, '[part~=state]'));
    ok(shadowText(invalid).includes('Pricing table not found'));
    const offline = mount(
      '<pay-pricing-table pricing-table-id="prctbl_test" base-url="http://127.0.0.1:9/payment/" locale="en"></pay-pricing-table>',
    ).firstElementChild as HTMLElement;
    await waitFor(() => $(offline, '[part~=state]'), { timeout: 15_000 });
    ok(shadowText(offline).includes('The plans could not be loaded'));
    ok(shadowText(offline).includes('Network error occurred'));
    ok($$(offline, 'button').some((b) => b.textContent === 'Try again'));
  });

  it('shows the skeleton while loading', async () => {
    const el = mount(
      '<pay-pricing-table pricing-table-id="prctbl_test" base-url="http://127.0.0.1:9/payment/" locale="en"></pay-pricing-table>',
    ).firstElementChild as HTMLElement;
    await waitFor(() => $(el, '[part~=skeleton]'), { timeout: 5000 });
    ok($(el, '[aria-busy=true]'));
  });

  it('equal-height cards side by side at 1280 px, stacked and uncut at 390 px, for 1 to 4 plans', async () => {
    for (const [id, n] of [
      ['prctbl_one', 1],
      ['prctbl_two', 2],
      ['prctbl_three', 3],
      ['prctbl_test', 4],
    ] as const) {
      const el = table(id);
      await plansReady(el);
      const rects = $$(el, '[part~=plan]').map((c) => c.getBoundingClientRect());
      equal(rects.length, n);
      if (id === 'prctbl_three') {
        const off = buttons(el)[2]!;
        ok(off.disabled, 'a disabled plan cannot be chosen');
        equal(off.textContent, 'Unavailable');
      }
      // One interval (the monthly-only tables) needs no switch; the full table has three.
      equal(!!$(el, '[part~=intervals]'), id === 'prctbl_test', `${id}: the interval switch`);
      ok(new Set(rects.map((r) => Math.round(r.top))).size === 1, `${id}: one row`);
      ok(new Set(rects.map((r) => Math.round(r.height))).size === 1, `${id}: equal heights`);
      const buttonsTop = buttons(el).map((b) => Math.round(b.getBoundingClientRect().top));
      ok(new Set(buttonsTop).size === 1, `${id}: buttons aligned`);
      await cleanup();
    }
    // Four that do not fit in one row go two by two, never three and one alone.
    await setViewport({ width: 900, height: 800 });
    const mid = table();
    await plansReady(mid);
    const tops = $$(mid, '[part~=plan]').map((c) => Math.round(c.getBoundingClientRect().top));
    equal(new Set(tops).size, 2, 'two rows');
    equal(tops.filter((t) => t === tops[0]).length, 2, 'two in the first row');
    await cleanup();
    await setViewport({ width: 390, height: 800 });
    const el = table();
    await plansReady(el);
    const rects = $$(el, '[part~=plan]').map((c) => c.getBoundingClientRect());
    ok(
      rects.every((r, i) => i === 0 || r.top > rects[i - 1]!.bottom),
      'stacked',
    );
    ok(
      rects.every((r) => r.left >= 0 && r.right <= 390),
      'nothing cut',
    );
    ok(el.scrollWidth <= 390);
  });

  for (const locale of ['en', 'zh'] as const)
    for (const theme of ['light', 'dark'] as const)
      it(`is axe clean in ${locale}, ${theme}`, async () => {
        await emulateMedia({ colorScheme: theme });
        const el = mount(
          `<pay-pricing-table pricing-table-id="prctbl_test" base-url="/payment/" locale="${locale}" theme="${theme}"></pay-pricing-table>`,
        ).firstElementChild as HTMLElement;
        await plansReady(el);
        if (locale === 'zh') {
          await waitFor(() => buttons(el)[0]?.textContent === '订阅');
          deepEqual(
            buttons(el).map((b) => b.textContent),
            ['订阅', '订阅', '免费试用', '订阅'],
          );
          equal($(el, '[part~=badge]')?.textContent, '最受欢迎');
        }
        await expectNoAxeViolations(el);
      });

  it('is axe clean at 390 px', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = table();
    await plansReady(el);
    await expectNoAxeViolations(el);
  });
});
