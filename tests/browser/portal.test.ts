import '../../elements/pay-portal.ts';
import { createApi } from '../../src/api/index.ts';
import { createRefreshScheduler } from '../../src/core/refresh.ts';
import { historyFilter, invoicesQuery, prefetchPortal } from '../../src/portal/screens.ts';
import {
  $,
  $$,
  activeDeep,
  answered,
  answers,
  cleanup,
  deepEqual,
  equal,
  expectNoAxeViolations,
  fill,
  flushed,
  mount,
  recordRequests,
  notEqual,
  ok,
  sendKeys,
  setViewport,
  sleep,
  shadowText,
  stub,
  transitionsDone,
  waitFor,
  wordsSplitAcrossLines,
} from './helpers.ts';

const portal = (attrs = '') =>
  mount(
    `<pay-portal base-url="/payment/" ${attrs.includes('locale=') ? '' : 'locale="en"'} ${attrs.includes('theme=') ? '' : 'theme="light"'} ${attrs}></pay-portal>`,
  ).firstElementChild as HTMLElement;
const rows = (el: HTMLElement) => $$(el, '[part~=invoice-row]');

// The first portal of the file loads its modules one by one from the test server, which a busy machine (three engines
// side by side) stretches past a test's waits: once here, with time for it, so the tests' own waits time the element.
before(async function () {
  this.timeout(60_000);
  await stub({ signedIn: true });
  const el = portal();
  await waitFor(() => rows(el).length && $(el, '[part~=overview-summary]'), { timeout: 50_000 });
  await cleanup();
});

beforeEach(async () => {
  await stub({ signedIn: true });
  await setViewport({ width: 1280, height: 800 });
});
afterEach(cleanup);

describe('<pay-portal>', () => {
  it("asks signed-out visitors to sign in ('Login to access this page')", async () => {
    await stub({ signedIn: false });
    const el = portal();
    await waitFor(() => shadowText(el).includes('Login to access this page'));
    const signIn = [...el.shadowRoot!.querySelectorAll('a')].find((a) => a.textContent === 'Sign in');
    ok(signIn?.href.includes('redirect='), 'the sign-in link comes back here');
  });

  it('a session that cannot be read is an error with a retry, not a request to sign in', async () => {
    await stub({ signedIn: true, sessionFails: true });
    const el = portal();
    const retry = await waitFor(
      () => [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again'),
      { message: 'the retry' },
    );
    ok(shadowText(el).includes('This page could not be loaded.'), shadowText(el));
    equal($(el, '[part~=login-required]'), null, 'a signed-in customer is not asked to sign in');
    await stub({ signedIn: true, sessionFails: false });
    retry!.click();
    await waitFor(() => $$(el, '[part~=tab]').length > 0, { message: 'the portal after the retry' });
  });

  it('asks for the invoice history once, when the session says who is signed in; never for a visitor', async () => {
    const requests = recordRequests(() => false);
    try {
      const el = portal('view="invoices"');
      await waitFor(() => rows(el).length === 10, { timeout: 5000 });
      await sleep(200); // a second request of the query the table mounted on would have left by now
      equal(requests.asked('/api/invoices').length, 1, 'one request for the first page');
      cleanup();
      await stub({ signedIn: false });
      const before = requests.asked('/api/invoices').length;
      const out = portal('view="invoices"');
      await waitFor(() => shadowText(out).includes('Login to access this page'));
      await sleep(200);
      equal(requests.asked('/api/invoices').length, before, 'no invoice request for a visitor');
    } finally {
      requests.stop();
    }
  });

  it('the prefetch starts the first page of the history with no React: the session, then the list', async () => {
    const api = createApi({ baseUrl: '/payment/', locale: 'en' });
    const first = invoicesQuery(api, historyFilter(undefined), 1, 10); // 1280 px wide: 10 a page
    prefetchPortal(api, { view: 'invoices' });
    equal(api.queryClient.getQueryState(first.queryKey), undefined, 'not before the session is known');
    await waitFor(() => api.queryClient.getQueryState(first.queryKey)?.status === 'success', {
      message: 'the first page was not fetched',
    });
    equal((api.queryClient.getQueryData(first.queryKey) as { list: unknown[] }).list.length, 10);
    const other = createApi({ baseUrl: '/payment/', locale: 'en' });
    prefetchPortal(other, { view: 'subscriptions' });
    await sleep(300);
    equal(other.queryClient.getQueryCache().findAll({ queryKey: ['invoices'] }).length, 0, 'not for another tab');
    api.dispose();
    other.dispose();
  });

  it('lists invoices 10 per page with status tones and billing reasons, and pages through them', async () => {
    const el = portal();
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    const first = rows(el)[0]!;
    ok(first.textContent?.includes('SBX-0001'));
    ok(first.textContent?.includes('10.5 TBA'), first.textContent ?? '');
    ok(first.textContent?.includes('Paid'));
    ok(first.textContent?.includes('One-time purchase'));
    // The rows' chips (the summary above has chips of its own, which may come before or after the rows).
    const chips = $$(el, '[part~=invoice-row] [part~=chip]').map((c) => [c.textContent, c.dataset.tone]);
    equal(
      JSON.stringify(chips.slice(0, 5)),
      JSON.stringify([
        ['Paid', 'success'],
        ['Open', 'secondary'],
        ['Uncollectible', 'warning'],
        ['Void', 'default'],
        ['Draft', 'default'],
      ]),
    );
    ok(shadowText(el).includes('1–10 of 23'));
    const next = $<HTMLButtonElement>(el, 'button[aria-label="Next page"]')!;
    next.click();
    await waitFor(() => shadowText(el).includes('11–20 of 23'));
    next.click();
    await waitFor(() => rows(el).length === 3);
    ok(next.disabled, 'next is disabled on the last page');
    const select = $<HTMLSelectElement>(el, '[part~=pagination] select')!;
    equal([...select.options].map((o) => o.value).join(','), '5,10,20,50,100');
    select.value = '50';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => rows(el).length === 23);
  });

  it('on a phone: the grouped list first, 5 per page; the table on request; the overview never widens the page', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = portal();
    await waitFor(() => $$(el, '[part~=invoice-list-item]').length === 5, { timeout: 5000 });
    equal(rows(el).length, 0, 'no table first on a phone');
    const tableButton = $$<HTMLButtonElement>(el, '[part~=invoice-layout] button').find(
      (b) => b.textContent === 'Table',
    )!;
    equal(tableButton.getAttribute('aria-pressed'), 'false');
    tableButton.click();
    await waitFor(() => rows(el).length === 5, { timeout: 5000 });
    equal(tableButton.getAttribute('aria-pressed'), 'true');
    const tabs = $(el, '[part~=tabs]') as HTMLElement;
    ok(tabs, 'the overview tabs');
    ok(
      tabs.scrollWidth > tabs.clientWidth,
      `the tabs do not fit in 390 px (${tabs.scrollWidth} > ${tabs.clientWidth})`,
    );
    ok(
      document.documentElement.scrollWidth <= window.innerWidth,
      `page ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
    );
  });

  it('links each invoice, telling the host with a cancelable pay-navigate', async () => {
    const el = portal();
    await waitFor(() => rows(el).length > 0, { timeout: 5000 });
    const seen: CustomEvent[] = [];
    document.addEventListener(
      'pay-navigate',
      (e) => {
        seen.push(e as CustomEvent);
        e.preventDefault();
      },
      { once: true },
    );
    const link = rows(el)[0]!.querySelector('a')!;
    equal(new URL(link.href).pathname, '/customer/invoice/in_0000');
    link.click();
    equal(seen.length, 1);
    equal(seen[0]!.detail.path, '/customer/invoice/in_0000');
    ok(seen[0]!.composed && seen[0]!.bubbles);
  });

  it('shows an invoice: number, status, reason, amounts, items and the transaction with its explorer link', async () => {
    const el = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(el, '[part~=invoice-total]'), { timeout: 5000 });
    const text = shadowText(el);
    ok(text.includes('Invoice SBX-0002'));
    ok(text.includes('Open'));
    ok(text.includes('Subscription created'));
    equal($(el, '[part~=invoice-total]')?.textContent, '11.5 TBA');
    ok($(el, '[part~=pay]'), 'an open invoice can be paid');
    const tx = $(el, '[part~=transaction] a') as HTMLAnchorElement;
    equal(tx.href, 'https://explorer.example/tx/0xabc1def');
    equal(tx.target, '_blank');
  });

  it('carries the referer to the past-due page; dashboard mode adds the admin links', async () => {
    const el = portal('view="invoice" resource-id="in_0001" referer="https://shop.example/a?b=1" dashboard');
    const pay = await waitFor(() => $<HTMLAnchorElement>(el, 'a[part~=pay]'), { timeout: 5000 });
    const url = new URL(pay.href);
    equal(url.pathname, '/customer/invoice/past-due');
    equal(url.searchParams.get('referer'), 'https://shop.example/a?b=1');
    const admin = $$<HTMLAnchorElement>(el, '[part~=admin-links] a').map((a) => new URL(a.href).pathname);
    equal(admin.join(' '), '/admin/billing/in_0001 /admin/customers/cus_1');
    cleanup();
    const plain = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(plain, 'a[part~=pay]'), { timeout: 5000 });
    ok(!$(plain, '[part~=admin-links]'), 'no admin links outside dashboard mode');
  });

  it('tells the host when a view fails to load (pay-error) and offers Retry', async () => {
    await stub({ signedIn: true, portal: { fails: 503 } });
    const el = portal();
    const seen: CustomEvent[] = [];
    el.addEventListener('pay-error', (e) => seen.push(e as CustomEvent));
    await waitFor(() => shadowText(el).includes('Portal is down'), { timeout: 5000 });
    equal(seen.length, 1);
    equal(seen[0]!.detail.status, 503);
    await stub({ signedIn: true });
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
  });

  it('shows the promotion of an invoice: subtotal, the code and coupon, and the discount', async () => {
    const el = portal('view="invoice" resource-id="in_0002"');
    const d = await waitFor(() => $(el, '[part~=invoice-discount]'), { timeout: 5000 });
    ok(d.textContent?.includes('Promotion code SANDBOX10'), d.textContent ?? '');
    ok(d.textContent?.includes('10% off'));
    ok(d.textContent?.includes('−1 TBA'), d.textContent ?? '');
    ok($(el, '[part~=invoice-discounts]')!.textContent!.includes('Subtotal13.5 TBA'));
    equal($(el, '[part~=invoice-total]')?.textContent, '12.5 TBA');
    cleanup();
    const plain = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(plain, '[part~=invoice-total]'), { timeout: 5000 });
    ok(!$(plain, '[part~=invoice-discounts]'), 'no discount, no discount lines');
  });

  it('shows the stake on stake and stake-return invoices and on the subscription: amount, returned or slashed, transactions', async () => {
    const el = portal('view="invoice" resource-id="in_0004"');
    const stake = await waitFor(() => $(el, '[part~=stake]'), { timeout: 5000 });
    equal($(el, '[part~=stake-amount]')?.textContent, '50 TBA');
    equal($(el, '[part~=stake-state]')?.textContent, 'Returned');
    ok(stake.textContent?.includes('Returned on'));
    equal(($(el, '[part~=stake-tx] a') as HTMLAnchorElement).href, 'https://explorer.example/tx/0xstake0');
    // The settlement comes with the subscription's stake invoices, just after the panel.
    const settled = await waitFor(() => $(el, '[part~=stake-settlement]'), { timeout: 5000 });
    // Invoices are named by their number once it is known, not by their id.
    await waitFor(() => settled.textContent?.includes('Invoice SBX-0005'), { message: 'the return invoice by number' });
    // The return's transaction is the return invoice's own.
    equal((settled.querySelectorAll('a')[1] as HTMLAnchorElement).href, 'https://explorer.example/tx/0xabc4def');
    await expectNoAxeViolations(el);
    cleanup();
    const staked = portal('view="invoice" resource-id="in_0003" theme="dark"');
    await waitFor(() => $(staked, '[part~=stake-state]')?.textContent === 'Staked', { timeout: 5000 });
    ok(!$(staked, '[part~=stake-settlement]'));
    await expectNoAxeViolations(staked);
    cleanup();
    const sub = portal('view="subscription" resource-id="sub_stake" locale="zh"');
    await waitFor(() => $(sub, '[part~=stake-state]')?.textContent === '已罚没', { timeout: 5000 });
    equal($(sub, '[part~=stake-amount]')?.textContent, '50 TBA');
    ok(shadowText(sub).includes('没有交易记录'), 'no stake transaction recorded');
    cleanup();
    const none = portal('view="subscription" resource-id="sub_active"');
    await waitFor(() => $(none, '[part~=renewal-amount]'), { timeout: 5000 });
    ok(!$(none, '[part~=stake]'), 'no stake, no stake panel');
  });

  it('shows the vendor installation progress on the invoice of a purchase with vendors (lazily); none otherwise', async () => {
    const el = portal('view="invoice" resource-id="in_0000"');
    const box = await waitFor(() => $(el, '[part~=invoice-vendors]'), { timeout: 5000 });
    await waitFor(() => box.querySelectorAll('[part~=vendor]').length === 2, { timeout: 5000 });
    const [done, failed] = [...box.querySelectorAll<HTMLElement>('[part~=vendor]')];
    equal(done!.dataset.status, 'delivered');
    equal(done!.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow'), '100');
    equal(failed!.dataset.status, 'failed');
    ok(
      failed!
        .querySelector('[role=alert]')!
        .textContent!.includes(
          'An exception occurred during installation. We will automatically process a refund for you.',
        ),
    );
    ok(failed!.textContent!.includes('The name is taken'));
    ok(box.textContent!.includes('Setting things up'));
    await expectNoAxeViolations(el);
    cleanup();
    const zh = portal('view="invoice" resource-id="in_0000" locale="zh" theme="dark"');
    const zbox = await waitFor(() => $(zh, '[part~=invoice-vendors]'), { timeout: 5000 });
    await waitFor(
      () => zbox.querySelectorAll('[part~=vendor]').length === 2 && !zbox.textContent!.includes('Setting things up'),
      { timeout: 5000 },
    );
    await expectNoAxeViolations(zh);
    cleanup();
    await stub({ signedIn: true });
    const vendorAnswers = answers('/vendors/order/cs_plain/');
    const plain = portal('view="invoice" resource-id="in_0005"');
    await waitFor(() => $(plain, '[part~=invoice-total]'), { timeout: 5000 });
    // The vendors' answer (none) has come back and rendered: a progress box it would show is there by now.
    await answered('/vendors/order/cs_plain/', vendorAnswers);
    ok(!$(plain, '[part~=invoice-vendors]'), 'no vendors, no progress');
  });

  it('shows the refunds of an invoice (lazily): refund and stake return, amount, status tone, date, reason, transaction; none otherwise', async () => {
    await stub({ signedIn: true, portal: { refunds: true } });
    const el = portal('view="invoice" resource-id="in_0005"');
    const box = await waitFor(() => $(el, '[part~=refunds]'), { timeout: 5000 });
    ok(box.querySelector('h2')?.textContent === 'Refunds');
    const items = [...box.querySelectorAll<HTMLElement>('[part~=refund]')];
    equal(items.length, 2);
    const [pending, done] = items;
    equal(done!.dataset.type, 'refund');
    equal(done!.querySelector('[part~=refund-type]')?.textContent, 'Refund');
    equal(done!.querySelector('[part~=refund-amount]')?.textContent, '2 TBA');
    equal(done!.querySelector('[part~=refund-status]')?.textContent, 'Succeeded');
    equal((done!.querySelector('[part~=chip]') as HTMLElement).dataset.tone, 'success');
    equal(done!.querySelector('[part~=refund-reason]')?.textContent, 'Requested by the customer');
    ok(done!.textContent!.includes('2026'), 'the date');
    const link = done!.querySelector('[part~=refund-tx] a') as HTMLAnchorElement;
    equal(link.href, 'https://explorer.example/tx/0xref5');
    equal(link.target, '_blank');
    equal(pending!.querySelector('[part~=refund-amount]')?.textContent, '0.5 TBA');
    equal((pending!.querySelector('[part~=chip]') as HTMLElement).dataset.tone, 'secondary');
    equal(pending!.querySelector('[part~=refund-status]')?.textContent, 'Pending');
    ok(
      !pending!.querySelector('[part~=refund-reason]') && !pending!.querySelector('[part~=refund-tx]'),
      'no reason, no transaction yet',
    );
    await expectNoAxeViolations(el);
    cleanup();

    const stake = portal('view="invoice" resource-id="in_0010" theme="dark"');
    const sbox = await waitFor(() => $(stake, '[part~=refund]'), { timeout: 5000 });
    equal(sbox.dataset.type, 'stake_return');
    equal(sbox.querySelector('[part~=refund-type]')?.textContent, 'Stake return');
    equal(sbox.querySelector('[part~=refund-amount]')?.textContent, '50 TBA');
    equal(sbox.querySelector('[part~=refund-reason]')?.textContent, 'Stake returned');
    equal((sbox.querySelector('[part~=refund-tx] a') as HTMLAnchorElement).href, 'https://explorer.example/tx/0xret10');
    await expectNoAxeViolations(stake);
    cleanup();

    const zh = portal('view="invoice" resource-id="in_0010" locale="zh" theme="dark"');
    await waitFor(() => $(zh, '[part~=refund-type]')?.textContent === '质押退还', { timeout: 5000 });
    equal($(zh, '[part~=refunds] h2')?.textContent, '退款');
    equal($(zh, '[part~=refund-status]')?.textContent, '已完成');
    await expectNoAxeViolations(zh);
    cleanup();

    // An invoice without refunds shows nothing; an unpaid one does not even ask.
    const refundAnswers = answers('/api/refunds?');
    const plain = portal('view="invoice" resource-id="in_0000"');
    await waitFor(() => $(plain, '[part~=invoice-total]'), { timeout: 5000 });
    // The refunds' answer (none) has come back and rendered: a section it would show is there by now.
    await answered('/api/refunds?', refundAnswers);
    ok(
      ((await (await fetch('/__stub/portal/state')).json()).refundCalls ?? []).includes('in_0000'),
      'asked for the paid invoice',
    );
    ok(!$(plain, '[part~=refunds]'), 'no refunds, no section');
    cleanup();
    const open = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(open, '[part~=invoice-total]'), { timeout: 5000 });
    // The refunds are asked for once the invoice is in (as for in_0000 above): that has rendered by now.
    await flushed();
    ok(
      !((await (await fetch('/__stub/portal/state')).json()).refundCalls ?? []).includes('in_0001'),
      'an open invoice has no refunds to ask for',
    );
  });

  it('says a void invoice needs no payment; speaks Chinese', async () => {
    const el = portal('view="invoice" resource-id="in_0003" locale="zh"');
    await waitFor(() => shadowText(el).includes('此账单无需支付。'), { timeout: 5000 });
    ok(shadowText(el).includes('已作废'));
    ok(shadowText(el).includes('质押'));
    equal($(el, '[part~=invoice-total]')?.textContent, '13.5 TBA');
    ok(!$(el, '[part~=pay]'));
  });

  it("refuses another customer's invoice and says when one does not exist", async () => {
    const el = portal('view="invoice" resource-id="in_other"');
    await waitFor(() => $(el, '[part~=forbidden]'), { timeout: 5000 });
    ok(shadowText(el).includes("You don't have access to this page"));
    ok(!shadowText(el).includes('TBA'));
    cleanup();
    const missing = portal('view="invoice" resource-id="in_9999"');
    await waitFor(() => shadowText(missing).includes('Not found'), { timeout: 5000 });
  });

  it('switches the invoice history to a list grouped by month (lazily) and back; keyboard works; no axe violations, en and zh', async () => {
    await stub({ signedIn: true, portal: { spread: true } });
    const el = portal();
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    const layout = (name: string) =>
      $$<HTMLButtonElement>(el, '[part~=invoice-layout] button').find((b) => b.textContent === name)!;
    equal($(el, '[part~=invoice-layout]')!.getAttribute('aria-label'), 'Show invoices as');
    equal(layout('Table').getAttribute('aria-pressed'), 'true');
    equal(layout('List').getAttribute('aria-pressed'), 'false');
    layout('List').focus();
    await sendKeys({ press: 'Enter' });
    const list = await waitFor(() => $(el, '[part~=invoice-list]'), { timeout: 5000 });
    ok(!$(el, '[part~=invoice-table]'), 'the table is gone');
    // The same page (10 invoices, four a month): Nov 2026 (4), Oct 2026 (4), Sep 2026 (2), newest first.
    const groups = $$(el, '[part~=invoice-group]');
    deepEqual(
      groups.map((g) => [g.querySelector('h2')!.textContent, g.querySelectorAll('[part~=invoice-list-item]').length]),
      [
        ['November 2026', 4],
        ['October 2026', 4],
        ['September 2026', 2],
      ],
    );
    const first = groups[0]!.querySelector('[part~=invoice-list-item]')!;
    ok(
      first.textContent!.includes('SBX-0001') &&
        first.textContent!.includes('2026-11-20') &&
        first.textContent!.includes('One-time purchase') &&
        first.textContent!.includes('10.5 TBA'),
      first.textContent ?? '',
    );
    equal(
      JSON.stringify([
        first.querySelector('[part~=chip]')!.textContent,
        (first.querySelector('[part~=chip]') as HTMLElement).dataset.tone,
      ]),
      JSON.stringify(['Paid', 'success']),
    );
    equal(new URL(first.querySelector('a')!.href).pathname, '/customer/invoice/in_0000');
    equal(layout('List').getAttribute('aria-pressed'), 'true');
    ok(list.getAttribute('aria-label') === 'Invoice history');
    await transitionsDone(el); // the buttons' colour transition
    await expectNoAxeViolations(el);
    // Paging works the same in the list.
    $<HTMLButtonElement>(el, 'button[aria-label="Next page"]')!.click();
    await waitFor(
      () =>
        $$(el, '[part~=invoice-group] h2')
          .map((h) => h.textContent)
          .join('|') === 'September 2026|August 2026|July 2026',
      { timeout: 5000 },
    );
    layout('Table').click();
    await waitFor(() => rows(el).length === 10 && !$(el, '[part~=invoice-list]'));
    cleanup();
    const zh = portal('locale="zh" theme="dark"');
    await waitFor(() => rows(zh).length === 10, { timeout: 5000 });
    const zList = await waitFor(
      () => $$<HTMLButtonElement>(zh, '[part~=invoice-layout] button').find((b) => b.textContent === '列表'),
      { timeout: 5000 },
    );
    zList.click();
    await waitFor(() => $(zh, '[part~=invoice-group] h2')?.textContent === '2026年11月', { timeout: 5000 });
    await transitionsDone(zh); // the buttons' colour transition
    await expectNoAxeViolations(zh);
  });

  it('transaction details: gas for ethereum, the payment intent for stripe; an uncollectible invoice offers to pay', async () => {
    const eth = portal('view="invoice" resource-id="in_gas"');
    const tx = await waitFor(() => $(eth, '[part~=transaction]'), { timeout: 5000 });
    const link = tx.querySelector('a') as HTMLAnchorElement;
    equal(link.href, 'https://etherscan.example/tx/0xe7h9a5');
    ok(tx.textContent!.includes('Gas') && tx.textContent!.includes('21000 × 1500000000'), tx.textContent ?? '');
    equal($(eth, '[part~=invoice-total]')?.textContent, '0.03 ETH');
    cleanup();
    const card = portal('view="invoice" resource-id="in_card"');
    const ctx = await waitFor(() => $(card, '[part~=transaction]'), { timeout: 5000 });
    ok(ctx.textContent!.includes('Payment intent') && ctx.textContent!.includes('pi_3Stripe42'), ctx.textContent ?? '');
    ok(
      !ctx.textContent!.includes('Gas') && !ctx.textContent!.includes('Transaction hash'),
      'no chain details for a card payment',
    );
    equal($(card, '[part~=invoice-total]')?.textContent, '19.99 USD');
    cleanup();
    // The TBA invoice (arcblock) has a tx hash but no gas line.
    const arc = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(arc, '[part~=transaction]'), { timeout: 5000 });
    ok(!$(arc, '[part~=transaction]')!.textContent!.includes('Gas'));
    cleanup();
    const bad = portal('view="invoice" resource-id="in_0002"');
    await waitFor(() => $(bad, '[part~=invoice-total]'), { timeout: 5000 });
    ok(shadowText(bad).includes('Uncollectible'));
    const pay = $<HTMLAnchorElement>(bad, 'a[part~=pay]')!;
    ok(pay, 'an uncollectible invoice can be paid');
    equal(pay.textContent, 'Pay now');
    notEqual(getComputedStyle(pay).color, getComputedStyle(pay).backgroundColor, 'the label is readable on the button');
    equal(new URL(pay.href).pathname, '/customer/invoice/past-due');
    cleanup();
    const paid = portal('view="invoice" resource-id="in_0000"');
    await waitFor(() => $(paid, '[part~=invoice-total]'), { timeout: 5000 });
    ok(!$(paid, '[part~=pay]'), 'a paid invoice has nothing to pay');
  });

  it('has no axe violations, light and dark', async () => {
    const list = portal();
    await waitFor(() => rows(list).length === 10, { timeout: 5000 });
    await expectNoAxeViolations(list);
    cleanup();
    const detail = portal('view="invoice" resource-id="in_0000" theme="dark"');
    await waitFor(() => $(detail, '[part~=invoice-total]'), { timeout: 5000 });
    await expectNoAxeViolations(detail);
  });
});

describe('<pay-portal> subscriptions', () => {
  const subRows = (el: HTMLElement) => $$(el, '[part~=subscription-row]');
  const button = (el: HTMLElement, text: string) =>
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as
      HTMLButtonElement | undefined;

  it('lists the subscriptions in a tab of the overview (arrow keys switch tabs), each with what happens next', async () => {
    const el = portal('view="subscriptions"');
    await waitFor(() => subRows(el).length === 4, { timeout: 5000 });
    const text = subRows(el)
      .map((r) => r.textContent)
      .join('|');
    ok(text.includes('Sandbox Team') && text.includes('Renews on 2026-12-15 for 10 TBA'), text);
    ok(text.includes('Trial ends on 2026-11-26, then 3 TBA'), text);
    ok(text.includes('Cancels on 2026-12-15'), text);
    equal(new URL(subRows(el)[0]!.querySelector('a')!.href).pathname, '/customer/subscription/sub_active');
    const tabs = $$(el, '[role=tab]');
    equal(tabs.map((t) => t.getAttribute('aria-selected')).join(','), 'true,false,false,false');
    equal(tabs.map((t) => t.textContent).join(','), 'Subscriptions,Invoice history,Payment history,Credits');
    tabs[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    equal(activeDeep(), tabs[1]);
    cleanup();
    await stub({ signedIn: true, portal: { subscriptions: false } });
    const none = portal('view="subscriptions"');
    await waitFor(() => shadowText(none).includes('No subscriptions yet'), { timeout: 5000 });
  });

  it('shows a subscription: status, items, next renewal amount without metered items, payment method', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    await waitFor(() => $(el, '[part~=renewal-amount]'), { timeout: 5000 });
    const text = shadowText(el);
    ok(text.includes('Sandbox Team') && text.includes('Active'), text);
    equal($(el, '[part~=renewal-amount]')!.textContent, '10 TBA');
    equal($(el, '[part~=subscription-next]')!.textContent, 'Renews on 2026-12-15 for 10 TBA');
    const items = $$(el, '[part~=subscription-item]').map((i) => i.textContent);
    ok(items[0]!.includes('Sandbox Team × 2') && items[0]!.includes('10 TBA per month'), items[0]);
    ok(items[1]!.includes('Billed by usage'), items[1]);
    ok(text.includes('ArcBlock (TBA)'));
  });

  it('cancels a paid subscription with feedback: it stays until the period end; focus returns to the page', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    const cancel = await waitFor(() => button(el, 'Cancel subscription'), { timeout: 5000 });
    cancel.focus();
    cancel.click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('stays active until 2026-12-15'), dialog.textContent ?? '');
    await expectNoAxeViolations(el);
    const radio = [...dialog.querySelectorAll<HTMLInputElement>('input[type=radio]')].find(
      (r) => r.value === 'too_expensive',
    )!;
    radio.click();
    const area = dialog.querySelector('textarea')!;
    area.value = 'Too pricey for us';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    ($(el, '[part~=confirm-cancel]') as HTMLButtonElement).click();
    await waitFor(() => shadowText(el).includes('Cancels on 2026-12-15') && !$(el, 'dialog[open]'), { timeout: 5000 });
    ok(shadowText(el).includes('The subscription will end on 2026-12-15.'), 'a success toast');
    ok(button(el, 'Resume subscription'), 'a scheduled cancellation can be resumed');
  });

  it('cancelling a trial ends it at once', async () => {
    const el = portal('view="subscription" resource-id="sub_trial"');
    (await waitFor(() => button(el, 'Cancel subscription'), { timeout: 5000 })).click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('Your trial ends immediately'));
    ($(el, '[part~=confirm-cancel]') as HTMLButtonElement).click();
    await waitFor(() => shadowText(el).includes('Canceled') && shadowText(el).includes('Ended on'), { timeout: 5000 });
    ok(!button(el, 'Cancel subscription') && !button(el, 'Resume subscription'));
  });

  it("resumes a subscription; 'Failed to renew the subscription' on failure; a revoked stake asks for a new one", async () => {
    await stub({ signedIn: true, portal: { recoverFails: true } });
    const failing = portal('view="subscription" resource-id="sub_ending"');
    (await waitFor(() => button(failing, 'Resume subscription'), { timeout: 5000 })).click();
    await waitFor(() => shadowText(failing).includes('Failed to renew the subscription'), { timeout: 5000 });
    ok($(failing, '[role=alert]'), 'the error is announced');
    cleanup();
    await stub({ signedIn: true });
    const el = portal('view="subscription" resource-id="sub_ending"');
    (await waitFor(() => button(el, 'Resume subscription'), { timeout: 5000 })).click();
    await waitFor(() => button(el, 'Cancel subscription') && shadowText(el).includes('Renews on'), { timeout: 5000 });
    cleanup();
    const staked = portal('view="subscription" resource-id="sub_stake"');
    await waitFor(() => shadowText(staked).includes('A new stake is required'), { timeout: 5000 });
    await expectNoAxeViolations(staked);
  });

  it('resuming after a revoked stake asks the wallet for a new stake: declined says so, approved resumes', async () => {
    await stub({ signedIn: true, portal: { restake: 'declined' } });
    const el = portal('view="subscription" resource-id="sub_stake"');
    await waitFor(() => shadowText(el).includes('A new stake is required'), { timeout: 5000 });
    const resume = (await waitFor(() => button(el, 'Resume subscription'), { timeout: 5000 }))!;
    resume.focus();
    resume.click();
    // Declined: the wallet dialog says so and offers Start again; Cancel closes it.
    const failure = await waitFor(() => $(el, 'dialog[open] [role=alert][part~=connect-failure]'), { timeout: 8000 });
    ok(failure.textContent?.includes('You declined the request in DID Wallet.'), failure.textContent ?? '');
    ok(failure.querySelector('[part~=connect-retry]'), 'Start again');
    $<HTMLButtonElement>(el, 'dialog[open] button[part~=connect-cancel]')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
    equal(activeDeep(), button(el, 'Resume subscription'), 'focus returns to the resume button');

    // While the wallet has the request: the dialog says what is staked and links the wallet; no axe violations.
    await stub({ signedIn: true, portal: { restake: 'wait' } });
    cleanup();
    const waiting = portal('view="subscription" resource-id="sub_stake"');
    (await waitFor(() => button(waiting, 'Resume subscription'), { timeout: 5000 }))!.click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(waiting, 'dialog[open]'), { timeout: 5000 });
    ok(dialog.textContent?.includes('Stake to resume the subscription'));
    ok(dialog.textContent?.includes('approve a stake of 50 TBA'), dialog.textContent ?? '');
    const wallet = await waitFor(() => dialog.querySelector<HTMLAnchorElement>('a[part~=open-wallet]'));
    ok(decodeURIComponent(decodeURIComponent(wallet.href)).includes('/re-stake/auth?_t_=tok_sub_stake'), wallet.href);
    await waitFor(() => dialog.textContent?.includes('Scanned — confirm in DID Wallet'), { timeout: 5000 });
    await expectNoAxeViolations(waiting);
    cleanup();

    await stub({ signedIn: true });
    const ok2 = portal('view="subscription" resource-id="sub_stake"');
    (await waitFor(() => button(ok2, 'Resume subscription'), { timeout: 5000 }))!.click();
    await waitFor(() => shadowText(ok2).includes('Staked 50 TBA. The subscription will renew automatically.'), {
      timeout: 8000,
    });
    await waitFor(() => $(ok2, '[part~=stake-state]')?.textContent === 'Staked', { timeout: 5000 });
    // The slashed stake stays on record (its row comes with the refetched subscription).
    await waitFor(() => $(ok2, '[part~=stake-previous]')?.textContent?.startsWith('50 TBA · Slashed on'), {
      timeout: 5000,
      message: 'the slashed stake stays on record',
    });
    equal(($(ok2, '[part~=stake-tx] a') as HTMLAnchorElement).href, 'https://explorer.example/tx/0xstake1');
    await waitFor(() => button(ok2, 'Cancel subscription') && shadowText(ok2).includes('Renews on'), { timeout: 5000 });
    ok(!shadowText(ok2).includes('A new stake is required'));
    const calls = (await (await fetch('/__stub/portal/state')).json()).restakeCalls as Array<Record<string, string>>;
    deepEqual(
      calls.map((c) => c.subscriptionId),
      ['sub_stake'],
    );
  });

  it('the re-stake dialog speaks Chinese', async () => {
    await stub({ signedIn: true, portal: { restake: 'wait' } });
    const el = portal('view="subscription" resource-id="sub_stake" locale="zh"');
    const resume = await waitFor(
      () => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~=resume-subscription]')][0],
      { timeout: 5000 },
    );
    resume.click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), { timeout: 5000 });
    await waitFor(() => dialog.textContent?.includes('质押以恢复订阅') && dialog.textContent.includes('50 TBA'), {
      timeout: 5000,
    });
    await expectNoAxeViolations(el);
  });

  it('the change-plan choices end where their last choice ends (WebKit gave the fieldset its legend twice)', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    (await waitFor(() => button(el, 'Change plan'), { timeout: 5000 })).click();
    const choices = await waitFor(() => $(el, 'dialog[open] [part~=choices]'), { timeout: 5000 });
    const last = [...choices.querySelectorAll('[part~=choice]')].at(-1)!;
    const blank = choices.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom;
    ok(Math.abs(blank) <= 1, `${blank} px of blank space under the choices`);
  });

  it('changes plan: lists the plans with the new amount and from when, confirms, and returns focus', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    const open = await waitFor(() => button(el, 'Change plan'), { timeout: 5000 });
    open.focus();
    open.click();
    const dialog = await waitFor(() => $(el, 'dialog[open] [part~=choice]') && $(el, 'dialog[open]'), {
      timeout: 5000,
    });
    ok(dialog.textContent?.includes('Choose a new plan'), dialog.textContent ?? '');
    const confirm = $<HTMLButtonElement>(el, '[part~=confirm-change-plan]')!;
    ok(confirm.disabled, 'nothing chosen yet');
    const choice = dialog.querySelector<HTMLInputElement>('input[type=radio]')!;
    ok(choice.closest('label')!.textContent!.includes('100 TBA per year'), choice.closest('label')!.textContent ?? '');
    choice.click();
    const summary = await waitFor(() => $(el, '[part~=change-summary]'));
    ok(
      summary.textContent!.includes('10 TBA per month') && summary.textContent!.includes('100 TBA per year'),
      summary.textContent ?? '',
    );
    ok(
      summary.textContent!.includes('You pay 100 TBA from the next renewal on 2026-12-15. Nothing is charged now.'),
      summary.textContent ?? '',
    );
    await expectNoAxeViolations(el);
    confirm.click();
    await waitFor(
      () => !$(el, 'dialog[open]') && shadowText(el).includes('Your new plan starts with the renewal on 2026-12-15.'),
      { timeout: 5000 },
    );
    await waitFor(() => $$(el, '[part~=subscription-item]')[0]!.textContent!.includes('100 TBA per year'));
    equal(activeDeep(), button(el, 'Change plan'), 'focus returns to the opener');
    const state = await (await fetch('/__stub/portal/state')).json();
    deepEqual(state.changes, [
      { what: 'change-plan', id: 'sub_active', body: { item_id: 'si_1', price_id: 'price_team_yearly' } },
    ]);
  });

  it("says 'Plan updates are not available' when there is none, and 'Failed to upgrade your subscription' on failure", async () => {
    const none = portal('view="subscription" resource-id="sub_trial"');
    (await waitFor(() => button(none, 'Change plan'), { timeout: 5000 })).click();
    await waitFor(() => $(none, 'dialog[open]')?.textContent?.includes('Plan updates are not available'), {
      timeout: 5000,
    });
    ok(!$(none, '[part~=confirm-change-plan]'), 'nothing to confirm');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(none, 'dialog[open]'));
    cleanup();
    await stub({ signedIn: true, portal: { changeFails: true } });
    const el = portal('view="subscription" resource-id="sub_active"');
    (await waitFor(() => button(el, 'Change plan'), { timeout: 5000 })).click();
    (
      await waitFor(() => $(el, 'dialog[open] input[type=radio]') as HTMLInputElement | null, { timeout: 5000 })
    ).click();
    ($(el, '[part~=confirm-change-plan]') as HTMLButtonElement).click();
    const alert = await waitFor(() => $(el, 'dialog[open] [role=alert]'), { timeout: 5000 });
    ok(
      alert.textContent!.includes('Failed to upgrade your subscription') &&
        alert.textContent!.includes('Wallet unreachable'),
      alert.textContent ?? '',
    );
    ok($(el, 'dialog[open]'), 'the dialog stays open to try again');
  });

  it('changes the payment method: the other currencies with the renewal amount in each, applied from the next renewal', async () => {
    const el = portal('view="subscription" resource-id="sub_active" theme="dark"');
    const open = await waitFor(() => button(el, 'Change payment method'), { timeout: 5000 });
    open.focus();
    open.click();
    const dialog = await waitFor(() => $(el, 'dialog[open] [part~=choice]') && $(el, 'dialog[open]'), {
      timeout: 5000,
    });
    const choices = [...dialog.querySelectorAll('[part~=choice]')].map((c) => c.textContent);
    deepEqual(choices, ['Stripe (USD)9.98 USD'], 'the current method is not offered');
    (dialog.querySelector('input[type=radio]') as HTMLInputElement).click();
    const summary = await waitFor(() => $(el, '[part~=change-summary]'));
    ok(
      summary.textContent!.includes('ArcBlock (TBA)') && summary.textContent!.includes('Stripe (USD)'),
      summary.textContent ?? '',
    );
    ok(summary.textContent!.includes('from the next renewal on 2026-12-15'), summary.textContent ?? '');
    await expectNoAxeViolations(el);
    ($(el, '[part~=confirm-change-payment]') as HTMLButtonElement).click();
    await waitFor(() => !$(el, 'dialog[open]') && shadowText(el).includes('Stripe (USD)'), { timeout: 5000 });
    ok(shadowText(el).includes('Renewals from 2026-12-15 use the new payment method.'));
    equal($(el, '[part~=renewal-amount]')!.textContent, '9.98 USD');
    equal(activeDeep(), button(el, 'Change payment method'));
  });

  it('the change dialogs speak Chinese', async () => {
    const el = portal('view="subscription" resource-id="sub_active" locale="zh"');
    (await waitFor(() => button(el, '变更套餐'), { timeout: 5000 })).click();
    await waitFor(() => $(el, 'dialog[open]')?.textContent?.includes('选择新套餐'), { timeout: 5000 });
    (await waitFor(() => $(el, 'dialog[open] input[type=radio]') as HTMLInputElement | null)).click();
    await waitFor(() => $(el, '[part~=change-summary]')?.textContent?.includes('下次续费'));
    await expectNoAxeViolations(el);
  });

  it('subscription screens have no axe violations in dark mode and speak Chinese', async () => {
    const el = portal('view="subscription" resource-id="sub_active" theme="dark" locale="zh"');
    await waitFor(() => shadowText(el).includes('下次续费金额'), { timeout: 5000 });
    await expectNoAxeViolations(el);
    cleanup();
    const list = portal('view="subscriptions" theme="dark"');
    await waitFor(() => subRows(list).length === 4, { timeout: 5000 });
    await expectNoAxeViolations(list);
  });
});

describe('<pay-portal> past due', () => {
  const currencies = (el: HTMLElement) => $$(el, '[part~=past-due-currency]');
  const row = (el: HTMLElement, id: string) => $(el, `[part~=past-due-currency][data-currency="${id}"]`);
  const portalState = async () => (await fetch('/__stub/portal/state')).json();

  it('shows the amount due per currency with a Pay button each, and the unpaid invoices', async () => {
    const el = portal('view="past-due"');
    await waitFor(() => currencies(el).length === 2, { timeout: 5000 });
    // TBA: the 10 open/uncollectible invoices of the stub (220 TBA in all); ETH: one invoice.
    equal(row(el, 'pc_tba')!.querySelector('[part~=past-due-amount]')!.textContent, '220 TBA');
    ok(row(el, 'pc_tba')!.textContent!.includes('10 invoices'));
    equal(row(el, 'pc_eth')!.querySelector('[part~=past-due-amount]')!.textContent, '0.02 ETH');
    ok(row(el, 'pc_eth')!.textContent!.includes('1 invoice'));
    ok(row(el, 'pc_tba')!.querySelector('button')!.textContent === 'Pay 220 TBA');
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    ok(rows(el).every((r) => /Open|Uncollectible/.test(r.textContent ?? '')));
    ok(!$(el, '[part~=referer]'), 'no way back before paying');
  });

  it('pays one currency through the wallet (collect-batch): the row turns Paid, the other stays; then links back to the referer', async () => {
    const el = portal('view="past-due" referer="https://shop.example/cart?x=1"');
    const pay = await waitFor(() => row(el, 'pc_tba')?.querySelector('button'), { timeout: 5000 });
    pay.click();
    await waitFor(() => row(el, 'pc_tba')?.querySelector('[part~=past-due-paid]'), { timeout: 5000 });
    ok(row(el, 'pc_eth')!.querySelector('button'), 'ETH is still due');
    const s = await portalState();
    deepEqual(
      (s.collectCalls as Array<Record<string, unknown>>).map(({ currencyId, customerId }) => ({
        currencyId,
        customerId,
      })),
      [{ currencyId: 'pc_tba', customerId: 'cus_1' }],
    );
    const back = await waitFor(() => $<HTMLAnchorElement>(el, '[part~=referer] a'));
    equal(back.href, 'https://shop.example/cart?x=1');
    equal(back.textContent?.replace(/\s*\(opens in a new tab\)/, ''), 'Back to where you were');
    await waitFor(() => rows(el).length === 0, { timeout: 5000, message: 'the unpaid TBA invoices left the table' });
    // Then ETH: everything is paid, both rows say so.
    row(el, 'pc_eth')!.querySelector('button')!.click();
    await waitFor(() => $$(el, '[part~=past-due-paid]').length === 2, { timeout: 5000 });
    ok(!shadowText(el).includes('Nothing to pay'), 'the paid rows stay until the page is left');
  });

  it('shows the wallet link while waiting; Cancel closes the dialog, returns focus and leaves the row payable', async () => {
    await stub({ signedIn: true, portal: { collect: 'wait' } });
    const el = portal('view="past-due"');
    const pay = await waitFor(() => row(el, 'pc_eth')?.querySelector('button'), { timeout: 5000 });
    pay.focus();
    pay.click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'));
    const wallet = await waitFor(() => dialog.querySelector<HTMLAnchorElement>('a[part~=open-wallet]'));
    ok(decodeURIComponent(decodeURIComponent(wallet.href)).includes('/collect-batch/auth?_t_=tok_pc_eth'), wallet.href);
    equal(wallet.textContent?.replace(/\s*\(opens in a new tab\)/, ''), 'Open DID Wallet');
    await waitFor(() => dialog.textContent?.includes('Scanned — confirm in DID Wallet'), { timeout: 5000 });
    await expectNoAxeViolations(el);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
    equal(activeDeep(), pay, 'focus returns to the Pay button');
    equal(row(el, 'pc_eth')!.dataset.state, 'idle');
  });

  it("an account change fails with 'Account changed, please pay manually.'; Try again pays", async () => {
    await stub({ signedIn: true, portal: { collect: 'changed' } });
    const el = portal('view="past-due"');
    const errors: CustomEvent[] = [];
    el.addEventListener('pay-error', (e) => errors.push(e as CustomEvent));
    (await waitFor(() => row(el, 'pc_tba')?.querySelector('button'), { timeout: 5000 })).click();
    // The wallet dialog says the request failed, with the server's reason; Cancel leaves the row with it.
    const failure = await waitFor(() => $(el, 'dialog[open] [part~=connect-failure]'), { timeout: 5000 });
    ok(failure.textContent?.includes('Account changed, please pay manually.'), failure.textContent ?? '');
    $<HTMLButtonElement>(el, 'dialog[open] button[part~=connect-cancel]')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
    const alert = await waitFor(() => row(el, 'pc_tba')?.querySelector('[role=alert]'), { timeout: 5000 });
    ok(alert.textContent?.includes('Failed to pay the invoice'));
    ok(alert.textContent?.includes('Account changed, please pay manually.'));
    equal(errors.length, 1);
    ok(row(el, 'pc_eth')!.querySelector('button')!.textContent === 'Pay 0.02 ETH', 'the other currency is untouched');
    await stub({ signedIn: true, portal: { collect: 'succeed' } });
    const retry = row(el, 'pc_tba')!.querySelector('button')!;
    equal(retry.textContent, 'Try again');
    retry.click();
    await waitFor(() => row(el, 'pc_tba')?.querySelector('[part~=past-due-paid]'), { timeout: 5000 });
    ok(!row(el, 'pc_tba')!.querySelector('[role=alert]'));
  });

  it('a declined request says so', async () => {
    await stub({ signedIn: true, portal: { collect: 'declined', eth: false } });
    const el = portal('view="past-due" locale="zh"');
    (await waitFor(() => row(el, 'pc_tba')?.querySelector('button'), { timeout: 5000 })).click();
    await waitFor(() => row(el, 'pc_tba')?.textContent?.includes('支付已在钱包中被拒绝。'), { timeout: 5000 });
    ok(row(el, 'pc_tba')!.textContent!.includes('账单支付失败'));
  });

  it("says 'Nothing to pay' when nothing is due, or the customer has never bought anything", async () => {
    await stub({ signedIn: true, portal: { count: 1, eth: false } });
    const none = portal('view="past-due"');
    await waitFor(() => shadowText(none).includes('Nothing to pay'), { timeout: 5000 });
    ok(!$(none, '[part~=past-due-currency]') && !$(none, '[part~=invoice-table]'));
    cleanup();
    await stub({ signedIn: true, portal: { noCustomer: true } });
    const fresh = portal('view="past-due"');
    await waitFor(() => shadowText(fresh).includes('Nothing to pay'), { timeout: 5000 });
  });

  it('does not pay Stripe balances here: it says so and links the invoice; an unsafe referer is never linked', async () => {
    await stub({ signedIn: true, portal: { stripe: true, eth: false } });
    const el = portal('view="past-due" referer="javascript:alert(1)"');
    const usd = await waitFor(() => row(el, 'pc_usd'), { timeout: 5000 });
    ok(usd.textContent?.includes('This payment method is not supported'));
    ok(!usd.querySelector('button'));
    equal(new URL(usd.querySelector('a')!.href).pathname, '/customer/invoice/in_usd');
    row(el, 'pc_tba')!.querySelector('button')!.click();
    await waitFor(() => row(el, 'pc_tba')?.querySelector('[part~=past-due-paid]'), { timeout: 5000 });
    ok(!$(el, '[part~=referer]'), 'javascript: is not a way back');
  });

  it('has no axe violations, light and dark, en and zh', async () => {
    const el = portal('view="past-due"');
    await waitFor(() => currencies(el).length === 2 && rows(el).length > 0, { timeout: 5000 });
    await expectNoAxeViolations(el);
    cleanup();
    const dark = portal('view="past-due" theme="dark" locale="zh"');
    await waitFor(() => shadowText(dark).includes('支付 220 TBA') && rows(dark).length > 0, { timeout: 5000 });
    await expectNoAxeViolations(dark);
  });

  it('refreshes debounced: a burst runs once after the quiet time, and never later than the max wait', async () => {
    let runs = 0;
    const s = createRefreshScheduler(() => runs++, { wait: 100, maxWait: 250 });
    s.trigger();
    s.trigger();
    await new Promise((r) => setTimeout(r, 60));
    s.trigger();
    equal(runs, 0);
    await new Promise((r) => setTimeout(r, 160));
    equal(runs, 1, 'once, after the burst went quiet');
    // A steady stream every 60 ms still runs by the max wait.
    const started = Date.now();
    const timer = setInterval(() => s.trigger(), 60);
    s.trigger();
    await waitFor(() => runs === 2, { timeout: 1000 });
    clearInterval(timer);
    s.cancel();
    const took = Date.now() - started;
    ok(took >= 240 && took < 400, `ran after ${took} ms`);
  });
});

describe('<pay-portal> payment history', () => {
  const payRows = (el: HTMLElement) => $$(el, '[part~=payment-row]');
  const portalState = async () => (await fetch('/__stub/portal/state')).json();
  const search = (el: HTMLElement) => $<HTMLInputElement>(el, 'input[data-search=payments]')!;
  it('lists the payments 10 per page: amount, status tone, method and currency, invoice link, tx hash with explorer link', async () => {
    const el = portal('view="payments"');
    await waitFor(() => payRows(el).length === 10, { timeout: 5000 });
    equal($$(el, '[role=tab]')[2]!.getAttribute('aria-selected'), 'true');
    const [stripe, second, third, fourth] = payRows(el);
    ok(stripe!.textContent!.includes('19.99 USD') && stripe!.textContent!.includes('Card · USD'), stripe!.textContent!);
    ok(stripe!.textContent!.includes('pi_strip'), 'the Stripe payment intent stands for the transaction');
    ok(
      second!.textContent!.includes('11.5 TBA') && second!.textContent!.includes('ArcBlock · TBA'),
      second!.textContent!,
    );
    const chips = payRows(el)
      .slice(0, 3)
      .map((r) => [
        r.querySelector('[part~=chip]')!.textContent,
        (r.querySelector('[part~=chip]') as HTMLElement).dataset.tone,
      ]);
    equal(
      JSON.stringify(chips),
      JSON.stringify([
        ['Succeeded', 'success'],
        ['Succeeded', 'success'],
        ['Payment method required', 'warning'],
      ]),
    );
    const invoice = second!.querySelector('a:not([part~=payment-tx])') as HTMLAnchorElement;
    equal(invoice.textContent, 'SBX-0002');
    equal(new URL(invoice.href).pathname, '/customer/invoice/in_0001');
    const tx = second!.querySelector('a[part~=payment-tx]') as HTMLAnchorElement;
    equal(tx.href, 'https://explorer.example/tx/0xfeed1c0ffee1beef');
    equal(tx.target, '_blank');
    ok(fourth!.textContent!.includes('No invoice'), 'a payment without an invoice says so to a screen reader');
    ok(third);
    ok(shadowText(el).includes('1–10 of 12'));
    const select = $<HTMLSelectElement>(el, '[part~=pagination] select')!;
    equal([...select.options].map((o) => o.value).join(','), '5,10,20,50,100');
    $<HTMLButtonElement>(el, 'button[aria-label="Next page"]')!.click();
    await waitFor(() => payRows(el).length === 2);
  });

  it('shows 5 rows per page below md', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = portal('view="payments"');
    await waitFor(() => payRows(el).length === 5, { timeout: 5000 });
  });

  it('searches debounced (300 ms): typing fast asks the server once; no match says so', async () => {
    const el = portal('view="payments"');
    await waitFor(() => payRows(el).length === 10, { timeout: 5000 });
    const before = (await portalState()).historyQueries.length;
    const input = search(el);
    fill(input, 'S');
    fill(input, 'SB');
    fill(input, 'SBX-0003');
    const typed = performance.now();
    await new Promise((r) => setTimeout(r, 150));
    equal((await portalState()).historyQueries.length, before, 'nothing is asked while typing');
    await waitFor(async () => (await portalState()).historyQueries.length > before, { timeout: 3000 });
    const quiet = performance.now() - typed;
    ok(quiet >= 300 && quiet < 1500, `asked ${Math.round(quiet)} ms after the last key (300 ms debounce)`);
    await waitFor(() => payRows(el).length === 1, { timeout: 3000 });
    ok(payRows(el)[0]!.textContent!.includes('SBX-0003'));
    deepEqual((await portalState()).historyQueries.slice(before), ['sbx-0003']);
    fill(input, 'nothing-like-this');
    await waitFor(() => shadowText(el).includes('No payments match “nothing-like-this”'), { timeout: 3000 });
    equal($(el, '[part=no-payments] h2 bdi')?.textContent, 'nothing-like-this', 'the query in a <bdi>');
  });

  it("says when there are none, and refuses another customer's payments", async () => {
    await stub({ signedIn: true, portal: { payments: 0 } });
    const el = portal('view="payments"');
    await waitFor(() => shadowText(el).includes('No payments yet'), { timeout: 5000 });
    cleanup();
    await stub({ signedIn: true });
    const other = portal('view="payments" customer-id="cus_other"');
    await waitFor(() => $(other, '[part~=forbidden]'), { timeout: 5000 });
  });

  it('has no axe violations, light and dark, en and zh; speaks Chinese', async () => {
    const el = portal('view="payments"');
    await waitFor(() => payRows(el).length === 10, { timeout: 5000 });
    await expectNoAxeViolations(el);
    cleanup();
    for (const theme of ['light', 'dark']) {
      const zh = portal(`view="payments" theme="${theme}" locale="zh"`);
      await waitFor(
        () => payRows(zh).length === 10 && shadowText(zh).includes('付款记录') && shadowText(zh).includes('成功'),
        { timeout: 5000 },
      );
      ok(shadowText(zh).includes('搜索付款'));
      await expectNoAxeViolations(zh);
      cleanup();
    }
  });
});

describe('<pay-portal> credits', () => {
  const grantRows = (el: HTMLElement) => $$(el, '[part~=credit-grant-row]');
  const txRows = (el: HTMLElement) => $$(el, '[part~=credit-transaction-row]');
  const portalState = async () => (await fetch('/__stub/portal/state')).json();
  const setInput = (input: HTMLInputElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const dateInput = (el: HTMLElement, label: string) => {
    const l = [...el.shadowRoot!.querySelectorAll('label')].find((x) => x.textContent?.trim() === label)!;
    return el.shadowRoot!.getElementById(l.htmlFor) as HTMLInputElement;
  };

  it("an empty From/To filter looks empty (muted; WebKit draws today's date in it), a chosen date in the text colour", async () => {
    const el = portal('view="credits"');
    await waitFor(() => $(el, '[part~=credit-date-filter]'), { timeout: 5000 });
    const from = dateInput(el, 'From');
    const to = dateInput(el, 'To');
    const text = getComputedStyle($(el, '[part~=credit-date-filter] label')!).color;
    for (const input of [from, to]) {
      equal(input.dataset.empty, 'true', 'marked empty');
      notEqual(getComputedStyle(input).color, text, 'an empty date is not drawn like a set one');
    }
    setInput(from, '2026-01-05');
    await waitFor(() => from.dataset.empty === undefined, { message: 'a chosen date is no longer marked empty' });
    equal(getComputedStyle(from).color, text, 'a chosen date in the text colour');
    equal(to.dataset.empty, 'true', 'the other stays empty');
  });

  it('the Credits tab lists the grants with their status tones, remaining amounts and dates', async () => {
    const el = portal('view="credits"');
    await waitFor(() => grantRows(el).length === 5, { timeout: 5000 });
    const tab = $$(el, '[role=tab]')[3]!;
    equal(tab.getAttribute('aria-selected'), 'true');
    const chips = grantRows(el).map((r) => [
      r.querySelector('[part~=chip]')!.textContent,
      (r.querySelector('[part~=chip]') as HTMLElement).dataset.tone,
    ]);
    equal(
      JSON.stringify(chips),
      JSON.stringify([
        ['Granted', 'success'],
        ['Pending', 'warning'],
        ['Expired', 'default'],
        ['Depleted', 'default'],
        ['Voided', 'default'],
      ]),
    );
    const first = grantRows(el)[0]!.textContent!;
    ok(
      first.includes('7.5 CRD') &&
        first.includes('10 CRD') &&
        first.includes('2026-11-01') &&
        first.includes('2026-12-31'),
      first,
    );
    ok(grantRows(el)[1]!.textContent!.includes('Never'));
    equal(new URL(grantRows(el)[0]!.querySelector('a')!.href).pathname, '/customer/credit-grant/cg_granted');
  });

  it('lists credit transactions 10 per page, newest first; a customer sees no meter event column', async () => {
    const el = portal('view="credits"');
    await waitFor(() => txRows(el).length === 10, { timeout: 5000 });
    ok(shadowText(el).includes('1–10 of 14'));
    const table = $(el, '[part~=credit-transaction-table]')!;
    ok(!table.textContent!.includes('Meter event'), 'no meter event column for customers');
    ok(!$(el, '[part~=meter-event-cell]'));
    const [newest] = txRows(el);
    ok(newest!.textContent!.includes('2026-11-14'), newest!.textContent ?? '');
    ok(newest!.textContent!.includes('Grant') && newest!.textContent!.includes('+5 CRD'));
    const usage = txRows(el).find((r) => r.dataset.type === 'usage')!;
    ok(
      usage.textContent!.includes('−0.25 CRD') && usage.textContent!.includes('Granted grant'),
      usage.textContent ?? '',
    );
    const s = await portalState();
    equal(s.txQuery.include_grants, 'true');
  });

  it('filters transactions by a date range: the start day from 00:00:00, the end day until 23:59:59', async () => {
    const el = portal('view="credits"');
    await waitFor(() => txRows(el).length === 10, { timeout: 5000 });
    setInput(dateInput(el, 'From'), '2026-11-03');
    setInput(dateInput(el, 'To'), '2026-11-05');
    await waitFor(() => txRows(el).length === 3, { timeout: 5000 });
    // The From-only query may still be in flight when the range's leaves, and reach the stub after it.
    const queries = ((await portalState()) as { txQueries: Array<Record<string, string>> }).txQueries;
    const range = queries.find((q) => q.end !== undefined);
    ok(range, 'the range was asked for');
    equal(Number(range.start), new Date(2026, 10, 3, 0, 0, 0).getTime() / 1000);
    equal(Number(range.end), new Date(2026, 10, 5, 23, 59, 59).getTime() / 1000);
    ok(!$(el, '[part~=pagination]'), 'one page: no pagination chrome');
    // An end before the start is refused in place.
    setInput(dateInput(el, 'From'), '2026-11-06');
    await waitFor(() => shadowText(el).includes('The end date must not be before the start date'));
    ok(dateInput(el, 'To').getAttribute('aria-invalid') === 'true');
    // Nothing in the range, then Clear dates brings everything back.
    setInput(dateInput(el, 'From'), '2026-12-01');
    setInput(dateInput(el, 'To'), '2026-12-02');
    await waitFor(() => shadowText(el).includes('No credit transactions in this date range'), { timeout: 5000 });
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Clear dates')!.click();
    await waitFor(() => txRows(el).length === 10, { timeout: 5000 });
    equal(dateInput(el, 'From').value, '');
  });

  it('shows a credit grant with its transactions; no admin links for a customer; refuses another account’s grant', async () => {
    const el = portal('view="credit-grant" resource-id="cg_granted"');
    await waitFor(() => $(el, '[part~=credit-grant]') && txRows(el).length === 7, { timeout: 5000 });
    const text = shadowText(el);
    ok(
      text.includes('Granted grant') &&
        text.includes('7.5 CRD') &&
        text.includes('Promotional') &&
        text.includes('All usage'),
      text,
    );
    equal((await portalState()).txQuery.credit_grant_id, 'cg_granted');
    ok(txRows(el).every((r) => r.dataset.type === 'usage'));
    ok(!$(el, '[part~=admin-links]'));
    cleanup();
    const other = portal('view="credit-grant" resource-id="cg_other"');
    await waitFor(() => $(other, '[part~=forbidden]'), { timeout: 5000 });
  });

  it('says when there are no grants or transactions', async () => {
    await stub({ signedIn: true, portal: { grants: false } });
    const el = portal('view="credits"');
    await waitFor(
      () => shadowText(el).includes('No credit grants yet') && shadowText(el).includes('No credit transactions yet'),
      { timeout: 5000 },
    );
  });

  it('has no axe violations, light and dark, en and zh', async () => {
    const el = portal('view="credits"');
    await waitFor(() => grantRows(el).length === 5 && txRows(el).length === 10, { timeout: 5000 });
    await expectNoAxeViolations(el);
    cleanup();
    const dark = portal('view="credits" theme="dark" locale="zh"');
    await waitFor(() => shadowText(dark).includes('额度交易') && txRows(dark).length === 10, { timeout: 5000 });
    await expectNoAxeViolations(dark);
    cleanup();
    const detail = portal('view="credit-grant" resource-id="cg_pending" theme="dark"');
    await waitFor(() => $(detail, '[part~=credit-grant]'), { timeout: 5000 });
    await expectNoAxeViolations(detail);
  });
  const field = (el: HTMLElement, label: string) => {
    const l = [...el.shadowRoot!.querySelectorAll('label')].find((x) => x.textContent?.trim() === label)!;
    return el.shadowRoot!.getElementById(l.htmlFor) as HTMLInputElement & HTMLSelectElement;
  };

  it('configures auto top-up: threshold validation, what is bought for how much, and saving it', async () => {
    const el = portal('view="credits"');
    const form = await waitFor(() => $(el, '[part~=auto-top-up]'), { timeout: 5000 });
    ok(form.textContent!.includes('Balance: 12.5 CRD') && form.textContent!.includes('Off'), form.textContent ?? '');
    ok(shadowText(el).includes('Auto top-up is off: nothing is bought automatically.'));
    // The package from what the platform sends (a TPrice without its product): the credits it grants.
    equal(field(el, 'Purchase package').value, '100 CRD');
    const save = $<HTMLButtonElement>(el, '[part~=save-auto-top-up]')!;
    save.click();
    await waitFor(() => form.textContent!.includes('Please enter a valid number'));
    const threshold = field(el, 'When the balance falls below');
    equal(threshold.getAttribute('aria-invalid'), 'true');
    setInput(threshold, '0');
    await waitFor(() => form.textContent!.includes('Threshold must be greater than 0'));
    setInput(threshold, '10');
    await waitFor(() => !form.textContent!.includes('Threshold must be greater than 0'));
    ($(el, '[part~=auto-top-up-enabled]') as HTMLInputElement).click();
    setInput(field(el, 'Package quantity'), '2');
    await waitFor(
      () =>
        $(el, '[part~=auto-top-up-summary]')!.textContent ===
        'When your balance falls below 10 CRD, 200 CRD are bought for 2 TBA.',
    );
    const method = field(el, 'Payment method');
    method.value = 'pc_usd';
    method.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => $(el, '[part~=auto-top-up-summary]')!.textContent!.includes('for 1.98 USD'));
    setInput(field(el, 'Daily maximum amount'), '5');
    setInput(field(el, 'Daily maximum attempts'), '3');
    ok(shadowText(el).includes('0 means unlimited'));
    await expectNoAxeViolations(el);
    save.click();
    await waitFor(() => shadowText(el).includes('Auto top-up is on.'), { timeout: 5000 });
    const { autoRechargeBodies, autoRechargeSaves, summaryQuery } = await portalState();
    equal(autoRechargeSaves, 1, 'the invalid attempts never reached the server');
    equal(summaryQuery?.customer_id, 'z1casey', 'the balance comes from the credit-grant summary');
    // payment-js SubmitAutoRechargeConfigData, amounts in the smallest unit of their currency.
    deepEqual(autoRechargeBodies, [
      {
        customer_id: 'z1casey',
        currency_id: 'pc_crd',
        enabled: true,
        threshold: '1000',
        price_id: 'price_crd',
        quantity: 2,
        recharge_currency_id: 'pc_usd',
        daily_limits: { max_amount: '500', max_attempts: 3 },
      },
    ]);
    await waitFor(() => $(el, '[part~=auto-top-up] [part~=chip]')?.textContent === 'On');
  });

  it('on a phone the auto top-up texts keep their words whole: the Authorize button goes under its explanation', async () => {
    await stub({ signedIn: true, portal: { autoRechargeAuth: 'declined' } });
    const box = mount(
      '<div style="width: 390px"><pay-portal base-url="/payment/" locale="en" theme="light" view="credits"></pay-portal></div>',
    ).firstElementChild as HTMLElement;
    const el = box.firstElementChild as HTMLElement;
    const form = await waitFor(() => $(el, '[part~=auto-top-up]'), { timeout: 5000 });
    setInput(field(el, 'When the balance falls below'), '10');
    ($(el, '[part~=auto-top-up-enabled]') as HTMLInputElement).click();
    $<HTMLButtonElement>(el, '[part~=save-auto-top-up]')!.click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), { timeout: 5000 });
    await waitFor(() => dialog.querySelector('[part~=connect-failure]'), { timeout: 5000 });
    dialog.querySelector<HTMLButtonElement>('button[part~=connect-cancel]')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
    const authorize = await waitFor(() => $<HTMLButtonElement>(el, '[part~=authorize-auto-top-up]'));
    deepEqual(wordsSplitAcrossLines(form), [], 'no word of the form is split across lines');
    const alert = authorize.closest('[part~=alert]')!;
    ok(alert.textContent?.includes('approve it in the wallet once'), alert.textContent ?? '');
    ok(
      authorize.getBoundingClientRect().right <= alert.getBoundingClientRect().right + 0.5,
      'the button stays inside its alert',
    );
  });

  it('auto top-up paid from DID Wallet: saving asks the wallet to authorize it (auto-recharge-auth), declined offers it again', async () => {
    await stub({ signedIn: true, portal: { autoRechargeAuth: 'declined' } });
    const el = portal('view="credits"');
    await waitFor(() => $(el, '[part~=auto-top-up]'), { timeout: 5000 });
    setInput(field(el, 'When the balance falls below'), '10');
    ($(el, '[part~=auto-top-up-enabled]') as HTMLInputElement).click();
    $<HTMLButtonElement>(el, '[part~=save-auto-top-up]')!.click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), { timeout: 5000 });
    ok(dialog.textContent?.includes('Authorize auto top-up'), dialog.textContent ?? '');
    ok(dialog.textContent?.includes('with TBA from your wallet when your balance falls below 10 CRD'));
    await waitFor(() => dialog.querySelector('[part~=connect-failure]'), { timeout: 5000 });
    const calls = (await portalState()).autoRechargeAuthCalls as Array<Record<string, string>>;
    equal(calls[0]?.autoRechargeConfigId, 'arc_1');
    dialog.querySelector<HTMLButtonElement>('button[part~=connect-cancel]')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
    // Not authorized yet: the form says so and offers it again; now the wallet approves.
    const again = await waitFor(() => $<HTMLButtonElement>(el, '[part~=authorize-auto-top-up]'));
    await stub({
      signedIn: true,
      portal: { autoRechargeAuth: 'succeed', autoRecharge: (await portalState()).autoRecharge },
    });
    again.click();
    await waitFor(() => shadowText(el).includes('Auto top-up is authorized in DID Wallet.'), { timeout: 8000 });
    await waitFor(() => !$(el, '[part~=authorize-auto-top-up]'), { message: 'no longer asked' });
  });

  it('a credit currency with no top-up package (no recharge_config) says auto top-up is not available', async () => {
    await stub({ signedIn: true, portal: { noRechargeConfig: true, pending: { pc_crd: '1500' } } });
    const el = portal('view="credits"');
    await waitFor(() => shadowText(el).includes('Auto top-up is not available for this currency.'), { timeout: 5000 });
    // The balance still comes from the credit-grant summary: 12.5 CRD cannot cover 15 CRD of pending usage.
    await waitFor(() => $(el, '[part~=credit-not-enough]'), { timeout: 5000 });
    ok(!$(el, '[part~=auto-top-up]'), 'no form');
    equal((await portalState()).autoRechargeReads, undefined, 'the configuration is never asked for');
    await expectNoAxeViolations(el);
  });

  it("says 'notEnough' (amount, symbol, quantity) when the balance cannot cover the pending usage; nothing when it can", async () => {
    const fineAnswers = answers('/meter-events/pending-amount');
    const fine = portal('view="credits"');
    await waitFor(() => $(fine, '[part~=auto-top-up]'), { timeout: 5000 });
    await waitFor(async () => (await portalState()).pendingQuery?.currency_id === 'pc_crd', { timeout: 5000 });
    await answered('/meter-events/pending-amount', fineAnswers);
    ok(!$(fine, '[part~=credit-not-enough]'), 'no pending usage, no warning');
    cleanup();
    await stub({ signedIn: true, portal: { pending: { pc_crd: '1000' } } });
    const pendingAnswers = answers('/meter-events/pending-amount');
    const covered = portal('view="credits"');
    await waitFor(() => $(covered, '[part~=auto-top-up]'), { timeout: 5000 });
    // The pending usage has come back and rendered: a warning it would bring is there by now.
    await answered('/meter-events/pending-amount', pendingAnswers);
    ok(!$(covered, '[part~=credit-not-enough]'), '10 CRD pending, 12.5 CRD balance: covered');
    cleanup();
    await stub({ signedIn: true, portal: { pending: { pc_crd: '1500' } } });
    const el = portal('view="credits"');
    const warn = await waitFor(() => $(el, '[part~=credit-not-enough]'), { timeout: 5000 });
    equal(warn.textContent, 'Your credit balance is not enough: 15 CRD of usage is pending, 2.5 CRD more is needed.');
    ok(warn.querySelector('[role=status]'), 'announced politely');
    await expectNoAxeViolations(el);
    cleanup();
    const zh = portal('view="credits" locale="zh" theme="dark"');
    const w = await waitFor(() => $(zh, '[part~=credit-not-enough]'), { timeout: 5000 });
    await waitFor(() => w.textContent === '额度余额不足：有 15 CRD 的用量待结算，还需要 2.5 CRD。', { timeout: 5000 });
    await expectNoAxeViolations(zh);
  });

  it('says when the settings could not be saved; a quantity outside 1–100 is refused here', async () => {
    await stub({ signedIn: true, portal: { autoRechargeFails: true } });
    const el = portal('view="credits" theme="dark" locale="zh"');
    const form = await waitFor(() => $(el, '[part~=auto-top-up]'), { timeout: 5000 });
    setInput(field(el, '当余额低于'), '5');
    setInput(field(el, '套餐数量'), '0');
    $<HTMLButtonElement>(el, '[part~=save-auto-top-up]')!.click();
    await waitFor(() => form.textContent!.includes('请输入 1 到 100 之间的数量'));
    equal((await portalState()).autoRechargeSaves, undefined);
    setInput(field(el, '套餐数量'), '1');
    $<HTMLButtonElement>(el, '[part~=save-auto-top-up]')!.click();
    const alert = await waitFor(
      () => $$(el, '[part~=auto-top-up] [role=alert]').find((a) => a.textContent!.includes('无法保存自动充值设置。')),
      { timeout: 5000 },
    );
    ok(alert.textContent!.includes('Ledger unavailable'), alert.textContent ?? '');
    await expectNoAxeViolations(el);
  });
});

describe('<pay-portal> in Chinese', () => {
  // Every screen, each with what shows it is ready (Chinese loaded, data there), in light and dark.
  const SCREENS: Array<[string, string, string]> = [
    ['overview (invoices)', 'view="invoices"', '[part~=invoice-row]'],
    ['overview summary', 'view="invoices"', '[part~=overview-credits]'],
    ['past-due subscription', 'view="subscription" resource-id="sub_past_due"', '[part~=pay-subscription]'],
    ['invoice with vendors', 'view="invoice" resource-id="in_0000"', '[part~=vendor]'],
    ['invoice with a promotion', 'view="invoice" resource-id="in_0002"', '[part~=invoice-discount]'],
    ['stake return invoice', 'view="invoice" resource-id="in_0004"', '[part~=stake-state]'],
    ['past due', 'view="past-due"', '[part~=past-due-currency]'],
    ['subscriptions', 'view="subscriptions"', '[part~=subscription-row]'],
    ['subscription', 'view="subscription" resource-id="sub_active"', '[part~=renewal-amount]'],
    ['subscription with a slashed stake', 'view="subscription" resource-id="sub_stake"', '[part~=stake-state]'],
    ['payment history', 'view="payments"', '[part~=payment-row]'],
    ['credits and auto top-up', 'view="credits"', '[part~=auto-top-up]'],
    ['credit grant', 'view="credit-grant" resource-id="cg_granted"', '[part~=credit-grant]'],
    ['not found', 'view="invoice" resource-id="in_9999"', '[part~=not-found]'],
  ];
  for (const theme of ['light', 'dark'] as const) {
    it(`every screen has no axe violations in zh, ${theme}`, async function () {
      this.timeout(30_000); // a dozen screens, each with its lazy chunks
      await stub({ signedIn: true, portal: { pending: { pc_crd: '1500' }, pastDueSub: true } });
      for (const [name, attrs, ready] of SCREENS) {
        const el = portal(`${attrs} locale="zh" theme="${theme}"`);
        await waitFor(() => el.shadowRoot?.querySelector(ready), { timeout: 6000, message: `${name}: ${ready}` });
        // Chinese is there (the lazy namespaces too): no English title left on the screen.
        await waitFor(
          () =>
            /[\u4e00-\u9fff]/.test(shadowText(el)) &&
            !/Payment history|Invoice history|Stake amount|Setting things up/.test(shadowText(el)),
          { timeout: 5000, message: `${name}: Chinese` },
        );
        await expectNoAxeViolations(el);
        cleanup();
      }
    });
  }

  it('the signed-out screen has no axe violations in zh, light and dark', async () => {
    await stub({ signedIn: false });
    for (const theme of ['light', 'dark']) {
      const el = portal(`view="invoices" locale="zh" theme="${theme}"`);
      await waitFor(() => $(el, '[part~=login-required]') && /[\u4e00-\u9fff]/.test(shadowText(el)), { timeout: 5000 });
      await expectNoAxeViolations(el);
      cleanup();
    }
  });

  it('the cancel and change dialogs, the re-stake dialog and the auto top-up errors: no axe violations in zh, dark', async () => {
    await stub({ signedIn: true, portal: { restake: 'wait' } });
    const change = portal('view="subscription" resource-id="sub_active" locale="zh" theme="dark"');
    (
      await waitFor(() => change.shadowRoot!.querySelector<HTMLButtonElement>('[part~=change-payment]'), {
        timeout: 5000,
      })
    ).click();
    await waitFor(() => $(change, 'dialog[open] input[type=radio]'), { timeout: 5000 });
    await expectNoAxeViolations(change);
    cleanup();
    const sub = portal('view="subscription" resource-id="sub_active" locale="zh" theme="dark"');
    const cancel = await waitFor(
      () => sub.shadowRoot!.querySelector<HTMLButtonElement>('[part~=cancel-subscription]'),
      { timeout: 5000 },
    );
    cancel.click();
    await waitFor(() => $(sub, 'dialog[open]'));
    await expectNoAxeViolations(sub);
    cleanup();
    const staked = portal('view="subscription" resource-id="sub_stake" locale="zh" theme="dark"');
    (
      await waitFor(() => staked.shadowRoot!.querySelector<HTMLButtonElement>('[part~=resume-subscription]'), {
        timeout: 5000,
      })
    ).click();
    await waitFor(() => $(staked, 'dialog[open] a[part~=open-wallet]'), { timeout: 5000 });
    await expectNoAxeViolations(staked);
    cleanup();
    const credits = portal('view="credits" locale="zh" theme="dark"');
    const form = await waitFor(() => $(credits, '[part~=auto-top-up]'), { timeout: 5000 });
    const input = [...form.querySelectorAll('input')].find((i) =>
      (i.labels?.[0]?.textContent ?? '').includes('当余额低于'),
    )!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '0');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    $<HTMLButtonElement>(credits, '[part~=save-auto-top-up]')!.click();
    await waitFor(() => form.textContent!.includes('阈值必须大于 0'), { timeout: 5000 });
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'abc');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => form.textContent!.includes('请输入有效的数字'), { timeout: 5000 });
    await expectNoAxeViolations(credits);
  });
});

describe('<pay-portal> overview and finish', () => {
  const tabs = (el: HTMLElement) => $(el, '[part~=tabs]')!;
  const bg = (n: Element) => getComputedStyle(n).backgroundColor;

  it('leads with what a customer comes for, before the tabs: past due with its pay action, plans, next charge, payment method, credits', async () => {
    const el = portal();
    const summary = await waitFor(() => $(el, '[part~=overview-summary]'), { timeout: 5000 });
    await waitFor(() => $(el, '[part~=overview-past-due]') && $(el, '[part~=overview-credits]'), { timeout: 5000 });
    ok(
      summary.compareDocumentPosition(tabs(el)) & Node.DOCUMENT_POSITION_FOLLOWING,
      'the summary comes before the tabs',
    );
    // Past due: the amounts per currency and the pay action to the past-due page, coming back here.
    const due = $(el, '[part~=overview-past-due]')!;
    ok(
      due.textContent!.includes('Payment past due') && /TBA, [\d.]+ ETH is past due/.test(due.textContent!),
      due.textContent ?? '',
    );
    const pay = due.querySelector<HTMLAnchorElement>('a[part~=past-due-link]')!;
    equal(pay.textContent, 'Pay now');
    notEqual(getComputedStyle(pay).color, bg(pay), 'the label is readable on the button');
    equal(new URL(pay.href).pathname, '/customer/invoice/past-due');
    equal(new URL(pay.href).searchParams.get('referer'), location.href);
    // Plans: three live ones by name (the trial marked), then the rest behind "1 more".
    const plans = $(el, '[part~=overview-plans]')!;
    deepEqual(
      [...plans.querySelectorAll('a')].map((a) => a.textContent),
      ['Sandbox Team', 'Sandbox Studio', 'Sandbox Node Hosting'],
    );
    ok(plans.textContent!.includes('Trialing'));
    // The next charge is the trial's end (the others renew later or are canceling), charged to ArcBlock.
    equal($(el, '[part~=overview-next-charge]')!.textContent, 'Next charge3 TBAOn 2026-11-26');
    ok($(el, '[part~=overview-payment-method]')!.textContent!.startsWith('Payment methodArcBlock (TBA)'));
    // Credits: what the granted grants have left (voided/expired/pending ones do not count).
    ok($(el, '[part~=overview-credits]')!.textContent!.includes('7.5 CRD'));
    [...$(el, '[part~=overview-credits]')!.querySelectorAll('button')]
      .find((b) => b.textContent === 'View credits')!
      .click();
    await waitFor(() => $(el, '[role=tab][aria-selected=true]')?.textContent === 'Credits');
    [...plans.querySelectorAll('button')].find((b) => b.textContent === '1 more')!.click();
    await waitFor(() => $(el, '[role=tab][aria-selected=true]')?.textContent === 'Subscriptions');
    await expectNoAxeViolations(el);
  });

  it('the tabs stay where they first painted while the summary loads, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      await setViewport({ width, height: 800 });
      // No plan, nothing due, no credits: every card of the loaded summary is one line of text. The plans come a
      // second late, so the tabs are drawn while the summary loads however busy the machine (beside two other
      // engines, WebKit's first frame once came after everything had loaded).
      await stub({
        signedIn: true,
        portal: {
          count: 1,
          eth: false,
          subscriptions: false,
          subscriptionsDelayMs: 1000,
          grants: false,
          payments: 0,
        },
      });
      const tops: number[] = [];
      let loading = false;
      let watching = true;
      const el = portal();
      const watch = () => {
        const bar = el.shadowRoot?.querySelector('[part~=tabs]');
        if (bar) tops.push(Math.round(bar.getBoundingClientRect().top));
        // The summary (its stand-in while its code loads, or its cards while their figures do) above the tabs.
        const above = bar?.previousElementSibling;
        if (above?.matches('[aria-busy=true]') || above?.querySelector('[aria-busy=true]')) loading = true;
        if (watching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      await waitFor(() => $(el, '[part~=overview-next-charge]')?.textContent?.includes('No upcoming charge'), {
        timeout: 5000,
      });
      // The invoice below too (a row of the table, or an item of the phone's list).
      await waitFor(() => $(el, '[part~=invoice-row], [part~=invoice-list-item]'), { timeout: 5000 });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      watching = false;
      ok(loading, `at ${width} px: the tabs were drawn while the summary loaded`);
      deepEqual([...new Set(tops)], [tops[0]], `at ${width} px, the tabs' top in each frame: ${tops.join(', ')}`);
      el.remove();
    }
    await setViewport({ width: 1280, height: 800 });
  });

  it('with nothing due there is no past-due notice or link; empty lists say what to do next', async () => {
    await stub({ signedIn: true, portal: { count: 1, eth: false, subscriptions: false, grants: false, payments: 0 } });
    const el = portal();
    await waitFor(() => $(el, '[part~=overview-next-charge]')?.textContent?.includes('No upcoming charge'), {
      timeout: 5000,
    });
    await waitFor(() => rows(el).length === 1, { timeout: 5000 });
    ok(!$(el, '[part~=overview-past-due]') && !$(el, '[part~=past-due-link]'), 'nothing past due, no notice');
    ok(!shadowText(el).includes('Past due'), shadowText(el));
    ok($(el, '[part~=overview-plans]')!.textContent!.includes('No active plan'));
    ok(!$(el, '[part~=overview-credits]'), 'no credits, no balance card');
    const open = async (name: string, part: string) => {
      $$<HTMLButtonElement>(el, '[role=tab]')
        .find((b) => b.textContent === name)!
        .click();
      return waitFor(() => $(el, `[part~=${part}]`), { timeout: 5000 });
    };
    for (const [tab, part] of [
      ['Subscriptions', 'no-subscriptions'],
      ['Payment history', 'no-payments'],
      ['Credits', 'no-credit-grants'],
    ] as const) {
      const notice = await open(tab, part);
      const browse = notice.querySelector<HTMLAnchorElement>('a[part~=browse]');
      ok(browse, `${tab}: says what to do next`);
      equal(browse.textContent, 'Browse products →');
      equal(new URL(browse.href).pathname, '/');
    }
    await expectNoAxeViolations(el);
  });

  it('no pagination chrome for a single page; the pager once there is more', async () => {
    await stub({ signedIn: true, portal: { count: 3 } });
    const el = portal();
    await waitFor(() => rows(el).length === 3, { timeout: 5000 });
    ok(!$(el, '[part~=pagination]'), 'three invoices, one page: no pager');
    cleanup();
    await stub({ signedIn: true, portal: { count: 11 } });
    const more = portal();
    await waitFor(() => rows(more).length === 10, { timeout: 5000 });
    ok($(more, '[part~=pagination]'), 'eleven: a second page, a pager');
  });

  it('weights the subscription actions: cancel is a quiet text action last; a past-due one leads with Pay now (with the referer)', async () => {
    await stub({ signedIn: true, portal: { pastDueSub: true } });
    const el = portal('view="subscription" resource-id="sub_active"');
    const actions = await waitFor(() => $(el, '[part~=subscription-actions]'), { timeout: 5000 });
    deepEqual(
      [...actions.children].map((c) => c.textContent),
      ['Change plan', 'Change payment method', 'Cancel subscription'],
    );
    const cancel = $(el, '[part~=cancel-subscription]')!;
    equal(bg(cancel), 'rgba(0, 0, 0, 0)');
    ok(!$(el, '[part~=pay-subscription]'), 'nothing to pay on an active one');
    cleanup();
    const due = portal('view="subscription" resource-id="sub_past_due"');
    const dueActions = await waitFor(() => $(due, '[part~=subscription-actions]'), { timeout: 5000 });
    deepEqual(
      [...dueActions.children].map((c) => c.textContent),
      ['Pay now', 'Change plan', 'Change payment method', 'Cancel subscription'],
    );
    const pay = dueActions.children[0] as HTMLAnchorElement;
    notEqual(bg(pay), 'rgba(0, 0, 0, 0)');
    // The label is readable on it (the link colour once hid it: primary on primary).
    notEqual(getComputedStyle(pay).color, bg(pay));
    equal(new URL(pay.href).pathname, '/customer/invoice/past-due');
    equal(new URL(pay.href).searchParams.get('referer'), location.href);
    ok(shadowText(due).includes('Pay the past due invoice to keep the subscription'));
    await expectNoAxeViolations(due);
    cleanup();
    // The list offers the same pay action on the past-due row.
    const list = portal('view="subscriptions"');
    const row = await waitFor(
      () => $$(list, '[part~=subscription-row]').find((r) => r.textContent!.includes('Sandbox Past Due')),
      { timeout: 5000 },
    );
    ok(row.querySelector('a[part~=pay-subscription]'));
  });

  it('dashboard mode: the subscription and lists carry their admin links', async () => {
    const el = portal('view="subscription" resource-id="sub_active" dashboard');
    await waitFor(() => $(el, '[part~=admin-links]'), { timeout: 5000 });
    equal(
      $$<HTMLAnchorElement>(el, '[part~=admin-links] a')
        .map((a) => new URL(a.href).pathname)
        .join(' '),
      '/admin/billing/sub_active /admin/customers/cus_1',
    );
    cleanup();
    const list = portal('dashboard');
    await waitFor(() => rows(list).length === 10, { timeout: 5000 });
    equal(
      new URL(rows(list)[0]!.querySelector<HTMLAnchorElement>('a[part~=admin-customer]')!.href).pathname,
      '/admin/customers/cus_1',
    );
  });

  it('the overview fits 320 and 390 px windows', async () => {
    for (const width of [320, 390]) {
      await setViewport({ width, height: 800 });
      const el = portal();
      await waitFor(() => $(el, '[part~=overview-credits]') && $$(el, '[part~=invoice-list-item]').length === 5, {
        timeout: 5000,
      });
      ok(
        document.documentElement.scrollWidth <= window.innerWidth,
        `${document.documentElement.scrollWidth} px wide in ${width}`,
      );
      cleanup();
    }
  });
});
