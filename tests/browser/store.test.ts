import '../../elements/blocklet-store.ts';
import { $, $$, cleanup, deepEqual, equal, expectNoAxeViolations, mount, ok, sendKeys, shadowText, sleep, stub, waitFor } from './helpers.ts';

const BASE = '/store-test/';
const originalUrl = window.location.href;

const store = (attrs = '') => mount(`<blocklet-store base-path="${BASE}" ${attrs}></blocklet-store>`).firstElementChild as HTMLElement;
const cards = (el: HTMLElement) => $$<HTMLAnchorElement>(el, '[part=blocklet-card]');
const gridReady = (el: HTMLElement, n?: number) =>
  waitFor(() => (n === undefined ? cards(el).length > 0 : cards(el).length === n), { message: `grid did not show ${n ?? 'cards'}` });

beforeEach(async () => {
  await stub({});
  window.history.replaceState(null, '', BASE);
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', originalUrl);
});

describe('<blocklet-store>', () => {
  it('shows a grid of blocklet cards with logo, title, description, owner and downloads per locale', async () => {
    const el = store('locale="en" theme="light"');
    await gridReady(el, 7);
    const first = cards(el)[0] as HTMLAnchorElement;
    equal(first.querySelector('h2')?.textContent, 'Payment Kit');
    ok(first.textContent?.includes('by ArcBlock'));
    ok(first.textContent?.includes('12.8K downloads'), first.textContent ?? '');
    ok(first.querySelector('img[alt=""]'), 'decorative logo');
    equal(new URL(first.href).pathname, `${BASE}blocklets/z8blocklet0`);
    ok(cards(el)[6]?.textContent?.includes('1 download'), 'singular');
    ok(shadowText(el).includes('7 blocklets'));
    const cats = $$(el, '[part=categories] button').map((b) => b.textContent);
    deepEqual(cats, ['All', 'Payments', 'AI', 'Developer Tools']);

    const zh = store('locale="zh"');
    await gridReady(zh, 7);
    ok(cards(zh)[0]?.textContent?.includes('1.3万 次下载'), cards(zh)[0]?.textContent ?? '');
    ok(shadowText(zh).includes('Blocklet 商店'));
    deepEqual($$(zh, '[part=categories] button').map((b) => b.textContent), ['全部', '支付', '人工智能', '开发者工具']);
  });

  it('searches with a 300 ms debounce and keeps ?keyword= in the URL', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const input = $<HTMLInputElement>(el, 'input[type=search]') as HTMLInputElement;
    equal(input.getAttribute('aria-describedby'), null);
    ok(el.shadowRoot?.querySelector(`label[for="${input.id}"]`)?.textContent?.includes('Search blocklets'));
    input.focus();
    await sendKeys({ type: 'kit' });
    await sleep(100);
    equal(new URL(window.location.href).searchParams.get('keyword'), null, 'not before the debounce');
    await waitFor(() => new URL(window.location.href).searchParams.get('keyword') === 'kit');
    await gridReady(el, 2);
    deepEqual(cards(el).map((c) => c.querySelector('h2')?.textContent), ['Payment Kit', 'Discuss Kit']);
  });

  it('reads ?keyword= on load, filters by category, and shows the empty state', async () => {
    window.history.replaceState(null, '', `${BASE}search?keyword=image`);
    const el = store('locale="en"');
    await gridReady(el, 1);
    equal(($(el, 'input[type=search]') as HTMLInputElement).value, 'image');
    window.history.replaceState(null, '', BASE);
    cleanup();
    const el2 = store('locale="en"');
    await gridReady(el2, 7);
    const payments = $$<HTMLButtonElement>(el2, '[part=categories] button').find((b) => b.textContent === 'Payments') as HTMLButtonElement;
    payments.click();
    await gridReady(el2, 2);
    equal(payments.getAttribute('aria-pressed'), 'true');
    equal(new URL(window.location.href).searchParams.get('category'), 'payments');
    const input = $<HTMLInputElement>(el2, 'input[type=search]') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'zzz' });
    await waitFor(() => shadowText(el2).includes('No blocklets found'));
    ok(shadowText(el2).includes('Try another keyword or category.'));
  });

  it('shows an error state with Retry when the store API fails', async () => {
    await stub({ storeFails: 400 });
    const el = store('locale="en"');
    const alert = await waitFor(() => $(el, '[role=alert][part=alert]'));
    ok(alert.textContent?.includes('Could not load the blocklets'));
    ok(alert.textContent?.includes('Store is down for maintenance'), alert.textContent ?? '');
    await stub({});
    ($$(el, 'button').find((b) => b.textContent === 'Try again') as HTMLButtonElement).click();
    await gridReady(el, 7);
  });

  it('shows the skeleton only when loading takes longer than 500 ms', async () => {
    await stub({ delayMs: 1000 });
    const el = store('locale="en"');
    await sleep(300);
    equal($(el, '[part=skeleton]'), null);
    await waitFor(() => $(el, '[part=skeleton]'), { timeout: 900 });
    await gridReady(el, 7);
  });

  it('a card click emits store-navigate and routes to the detail view; back returns home', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const events: CustomEvent[] = [];
    const listener = (e: Event) => events.push(e as CustomEvent);
    document.addEventListener('store-navigate', listener);
    try {
      (cards(el)[1] as HTMLAnchorElement).click();
      equal(events.length, 1);
      deepEqual(events[0]?.detail, { path: `${BASE}blocklets/z8blocklet1` });
      equal(events[0]?.cancelable, true);
      equal(window.location.pathname, `${BASE}blocklets/z8blocklet1`);
      await waitFor(() => $(el, 'h1')?.textContent === 'DID Spaces');
      ok(shadowText(el).includes('Personal data storage'));
      ok(shadowText(el).includes('Version 1.1.3'));
      // Canceled navigation stays put.
      const veto = (e: Event) => e.preventDefault();
      el.addEventListener('store-navigate', veto);
      ($$(el, 'a').find((a) => a.textContent?.includes('Back to all blocklets')) as HTMLAnchorElement).click();
      equal(window.location.pathname, `${BASE}blocklets/z8blocklet1`);
      el.removeEventListener('store-navigate', veto);
      ($$(el, 'a').find((a) => a.textContent?.includes('Back to all blocklets')) as HTMLAnchorElement).click();
      await gridReady(el, 7);
      equal(window.location.pathname, BASE);
      // Browser back goes to the detail again.
      window.history.back();
      await waitFor(() => $(el, 'h1')?.textContent === 'DID Spaces');
    } finally {
      document.removeEventListener('store-navigate', listener);
    }
  });

  it('redirects unknown paths under the base to the store home', async () => {
    window.history.replaceState(null, '', `${BASE}nope/deeper`);
    const el = store('locale="en"');
    await gridReady(el, 7);
    equal(window.location.pathname, BASE);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations (${theme}): home and detail`, async () => {
      const el = store(`locale="en" theme="${theme}"`);
      await gridReady(el, 7);
      await expectNoAxeViolations(el);
      (cards(el)[0] as HTMLAnchorElement).click();
      await waitFor(() => $(el, 'h1')?.textContent === 'Payment Kit');
      await expectNoAxeViolations(el);
    });
  }
});
