import '../../elements/blocklet-store.ts';
import { isolate } from '../../src/core/bidi.ts';
import { filtersPath, matchRoute, readFilters } from '../../src/blocklet-store/router.ts';
import {
  $,
  $$,
  cleanup,
  deepEqual,
  equal,
  expectNoAxeViolations,
  fill,
  mount,
  recordRequests,
  ok,
  sendKeys,
  setViewport,
  shadowText,
  sleep,
  stub,
  waitFor,
  wordsSplitAcrossLines,
} from './helpers.ts';

const BASE = '/store-test/';
const originalUrl = window.location.href;

const store = (attrs = '') =>
  mount(`<blocklet-store base-path="${BASE}" ${attrs}></blocklet-store>`).firstElementChild as HTMLElement;
const cards = (el: HTMLElement) => $$<HTMLAnchorElement>(el, '[part=blocklet-card]');
const gridReady = (el: HTMLElement, n?: number) =>
  waitFor(() => (n === undefined ? cards(el).length > 0 : cards(el).length === n), {
    message: `grid did not show ${n ?? 'cards'}`,
  });
/** The home's category chips (asked for with the list: they may come a moment after the cards). */
async function chips(el: HTMLElement): Promise<HTMLButtonElement[]> {
  const all = () => $$<HTMLButtonElement>(el, '[part=categories] button');
  await waitFor(() => all().length > 0, { message: 'no category chips' });
  return all();
}

/** The store in a box as wide as a phone (390 px): the box and the element. */
const narrowStore = (attrs = '') => {
  const box = mount(
    `<div style="width: 390px"><blocklet-store base-path="${BASE}" locale="en" ${attrs}></blocklet-store></div>`,
  ).firstElementChild as HTMLElement;
  return { box, el: box.firstElementChild as HTMLElement };
};

/**
 * A developer or console table in a 390 px box: no header cell or name is split mid-word (the root's
 * overflow-wrap: anywhere used to stack them letter by letter), the table scrolls inside its own frame (a focusable
 * region named by the caption) that stays inside the box, and every action button is whole: scrolled to, it lies
 * inside the frame and the box, its label on one line.
 */
function expectPhoneTable(box: HTMLElement, el: HTMLElement): void {
  const table = $<HTMLTableElement>(el, 'table')!;
  const frame = table.parentElement as HTMLElement;
  const boxRect = box.getBoundingClientRect();
  const rows = [...table.tBodies[0]!.rows];
  const cells = [...table.tHead!.rows[0]!.cells, ...rows.map((r) => r.cells[0]!)];
  deepEqual(cells.flatMap(wordsSplitAcrossLines), [], 'header cells and names keep their words whole');
  for (const name of rows.map((r) => r.cells[0]!)) {
    const range = document.createRange();
    range.selectNodeContents(name);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
    equal(tops.size, 1, `${name.textContent} on one line`);
  }
  ok(frame.getBoundingClientRect().right <= boxRect.right + 0.5, 'the frame stays inside the box');
  equal(frame.getAttribute('role'), 'region');
  equal(frame.tabIndex, 0, 'the keyboard can scroll the frame');
  equal(el.shadowRoot!.getElementById(frame.getAttribute('aria-labelledby')!), table.caption, 'named by the caption');
  const actions = rows.flatMap((r) => [...r.cells[r.cells.length - 1]!.querySelectorAll('button')]);
  ok(actions.length > 0, 'the rows have actions');
  for (const b of actions) {
    b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = b.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    ok(
      r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.right <= boxRect.right + 0.5,
      `${b.textContent} is cut off: ${r.left}–${r.right} in a frame ${f.left}–${f.right}`,
    );
    deepEqual(wordsSplitAcrossLines(b), [], `${b.textContent} on one line`);
  }
}

beforeEach(async () => {
  await stub({});
  window.history.replaceState(null, '', BASE);
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', originalUrl);
});

describe('<blocklet-store>', () => {
  it("asks for the home's list, categories and explore sections at connect, once each, before its first render", async () => {
    let el: HTMLElement | undefined;
    const requests = recordRequests(() => !!el?.shadowRoot?.childElementCount);
    try {
      el = store('locale="en"');
      await gridReady(el, 7);
      await waitFor(() => $(el!, '[part=explore]'), { message: 'no explore sections' });
      await sleep(200); // a second request of a query the screen mounted on would have left by now
      for (const path of ['/v2/blocklets.json', '/blocklets/categories', '/blocklets/explore']) {
        const asked = requests.asked(path);
        equal(asked.length, 1, `${path}: ${asked.length} requests`);
        equal(asked[0]!.rendered, false, `${path} waited for the first render`);
      }
    } finally {
      requests.stop();
    }
  });

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
    deepEqual(
      (await chips(el)).map((b) => b.textContent),
      ['All', 'Payments', 'AI', 'Developer Tools'],
    );

    const zh = store('locale="zh"');
    await gridReady(zh, 7);
    ok(cards(zh)[0]?.textContent?.includes('1.3万 次下载'), cards(zh)[0]?.textContent ?? '');
    ok(shadowText(zh).includes('Blocklet 商店'));
    deepEqual(
      (await chips(zh)).map((b) => b.textContent),
      ['全部', '支付', '人工智能', '开发者工具'],
    );
  });

  it('searches with a 300 ms debounce and keeps ?keyword= in the URL', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const input = $<HTMLInputElement>(el, 'input[type=search]') as HTMLInputElement;
    equal(input.getAttribute('aria-describedby'), null);
    ok(el.shadowRoot?.querySelector(`label[for="${input.id}"]`)?.textContent?.includes('Search blocklets'));
    let lastKey = 0;
    input.addEventListener('input', () => (lastKey = performance.now()));
    input.focus();
    await sendKeys({ type: 'kit' });
    await sleep(100);
    // Still inside the debounce (on a loaded runner the sleep itself can outlast it; then only the check below
    // speaks): no search yet.
    const keyword = new URL(window.location.href).searchParams.get('keyword');
    if (performance.now() - lastKey < 250) equal(keyword, null, 'not before the debounce');
    await waitFor(() => new URL(window.location.href).searchParams.get('keyword') === 'kit');
    const quiet = performance.now() - lastKey;
    ok(quiet >= 300 && quiet < 1500, `searched ${Math.round(quiet)} ms after the last key (300 ms debounce)`);
    await gridReady(el, 2);
    deepEqual(
      cards(el).map((c) => c.querySelector('h2')?.textContent),
      ['Payment Kit', 'Discuss Kit'],
    );
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
    const payments = (await chips(el2)).find((b) => b.textContent === 'Payments') as HTMLButtonElement;
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

  it('keeps what is typed while the address catches up with the search (a slow device)', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const input = $<HTMLInputElement>(el, 'input[type=search]')!;
    input.focus();
    // The person types on in the moment the debounced search writes ?keyword=, before the element has re-rendered:
    // the field must keep the new letter rather than fall back to the keyword in the address.
    const replace = window.history.replaceState.bind(window.history);
    let typedOn = false;
    window.history.replaceState = (...args: Parameters<History['replaceState']>) => {
      replace(...args);
      if (typedOn || !String(args[2]).includes('keyword=pa')) return;
      typedOn = true;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, `${input.value}y`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    try {
      await sendKeys({ type: 'pa' });
      await waitFor(() => typedOn, { message: 'the search reached the address' });
      await waitFor(() => new URL(window.location.href).searchParams.get('keyword') === 'pay', {
        message: 'the address follows what was typed',
      });
      equal(input.value, 'pay');
    } finally {
      window.history.replaceState = replace;
    }
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

  it('router: every store route, /join only in staking mode, anything else is unknown', () => {
    const m = (p: string, staking = false) => matchRoute(`${BASE}${p}`, BASE, { staking });
    deepEqual(m(''), { name: 'home' });
    deepEqual(m('search'), { name: 'home' });
    deepEqual(m('category/ai'), { name: 'home', category: 'ai' });
    deepEqual(m('blocklets/did:abt:z8x/1.2.3'), { name: 'detail', did: 'z8x', version: '1.2.3' });
    deepEqual(m('blocklets/z8x'), { name: 'detail', did: 'z8x', version: undefined });
    deepEqual(m('blocklet/z8x'), { name: 'detail', did: 'z8x' });
    for (const r of ['profile', 'connect-cli', 'gen-key-pair', 'connect-studio']) deepEqual(m(r), { name: r });
    equal(m('join'), null);
    deepEqual(m('join', true), { name: 'join' });
    deepEqual(m('developer/blocklets'), { name: 'developer-blocklets', protected: true });
    deepEqual(m('developer/access-tokens'), { name: 'developer-tokens', protected: true });
    deepEqual(m('console/blocklets'), { name: 'console-blocklets', protected: true });
    deepEqual(m('console/categories'), { name: 'console-categories', protected: true });
    for (const bad of [
      'nope',
      'developer',
      'console/users',
      'blocklet/a/b',
      'category',
      'blocklets/a/b/c',
      'blocklets/%E0%A4%A',
    ])
      equal(m(bad), null, bad);
    equal(matchRoute('/elsewhere/', BASE), null);
    const f = readFilters('?keyword=kit&price=payment&sortBy=nameDesc&page=3&category=ai');
    deepEqual(f, { keyword: 'kit', category: 'ai', price: 'payment', sort: 'nameDesc', page: 3 });
    deepEqual(readFilters('?price=cheap&sortBy=random&page=-1', 'devtools'), {
      keyword: '',
      category: 'devtools',
      price: '',
      sort: 'popularity',
      page: 1,
    });
    equal(filtersPath(BASE, f), `${BASE}search?keyword=kit&category=ai&price=payment&sortBy=nameDesc&page=3`);
    equal(filtersPath(BASE, { keyword: '', category: '', price: '', sort: 'popularity', page: 1 }), BASE);
  });

  it('filters by price and sorts, keeping both in the URL (back restores them)', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const price = $<HTMLSelectElement>(el, '[part=filters] select') as HTMLSelectElement;
    ok(el.shadowRoot?.querySelector(`label[for="${price.id}"]`)?.textContent?.includes('Price'));
    price.value = 'payment';
    price.dispatchEvent(new Event('change', { bubbles: true }));
    await gridReady(el, 2);
    equal(new URL(window.location.href).searchParams.get('price'), 'payment');
    ok(cards(el).every((c) => c.textContent?.includes('Paid')));
    const sort = $$<HTMLSelectElement>(el, '[part=filters] select')[1] as HTMLSelectElement;
    sort.value = 'nameAsc';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => cards(el)[0]?.querySelector('h2')?.textContent === 'AIGNE Studio');
    deepEqual(
      cards(el).map((c) => c.querySelector('h2')?.textContent),
      ['AIGNE Studio', 'Invoice Printer'],
    );
    equal(window.location.search, '?price=payment&sortBy=nameAsc');
    window.history.back();
    await waitFor(() => window.location.search === '?price=payment');
    await waitFor(
      () => ($$<HTMLSelectElement>(el, '[part=filters] select')[1] as HTMLSelectElement).value === 'popularity',
    );
    deepEqual(
      cards(el).map((c) => c.querySelector('h2')?.textContent),
      ['AIGNE Studio', 'Invoice Printer'],
    );
    equal(price.value, 'payment');
  });

  it('pages a catalog of 1000 blocklets 18 at a time, page in the URL', async () => {
    await stub({ store: { bulk: 1000 } });
    const el = store('locale="en"');
    await gridReady(el, 18);
    ok(shadowText(el).includes('1,000 blocklets'));
    ok(shadowText(el).includes('Page 1 of 56'));
    const prev = $$<HTMLButtonElement>(el, '[part=pagination] button')[0] as HTMLButtonElement;
    equal(prev.disabled, true);
    ($$<HTMLButtonElement>(el, '[part=pagination] button')[1] as HTMLButtonElement).click();
    await waitFor(() => cards(el)[0]?.querySelector('h2')?.textContent === 'Bulk 0018');
    equal(new URL(window.location.href).searchParams.get('page'), '2');
    ok(shadowText(el).includes('Page 2 of 56'));
    equal(cards(el).length, 18);
    equal(el.shadowRoot?.activeElement?.getAttribute('aria-live'), 'polite', 'focus moves to the result count');
  });

  it('detail in a 390 px box: the screenshots scroll sideways in a list of their own that takes focus', async () => {
    window.history.replaceState(null, '', `${BASE}blocklets/z8blocklet0`);
    const { box, el } = narrowStore();
    await waitFor(() => $(el, 'h1')?.textContent === 'Payment Kit');
    const strip = await waitFor(() => $<HTMLElement>(el, 'ul[aria-labelledby=store-shots]'));
    equal(strip.tabIndex, 0);
    equal(el.shadowRoot!.getElementById('store-shots')?.textContent, 'Screenshots');
    ok(strip.scrollWidth > strip.clientWidth, `the strip is wider than its box (${strip.scrollWidth})`);
    ok(box.scrollWidth <= 390, `the box does not widen (${box.scrollWidth} px)`);
    // Focusable, so the keyboard scrolls it (the browser's own arrow keys: axe's scrollable-region-focusable).
    strip.focus();
    equal(el.shadowRoot!.activeElement, strip);
    await expectNoAxeViolations(el);
  });

  it('detail: header, review status, launch link, screenshots, sanitized readme, versions, more by the author', async () => {
    window.history.replaceState(null, '', `${BASE}blocklets/z8blocklet0`);
    const el = store('locale="en"');
    await waitFor(() => $(el, 'h1')?.textContent === 'Payment Kit');
    const text = () => shadowText(el);
    ok(text().includes('by ArcBlock'));
    ok(text().includes('12.8K downloads'));
    const version = await waitFor(() =>
      $(el, '[part=version]')?.textContent?.includes('Published') ? $(el, '[part=version]') : null,
    );
    ok(version?.textContent?.includes('Version 1.0.0'));
    const launch = await waitFor(() => $<HTMLAnchorElement>(el, 'a[part=launch]'));
    const lu = new URL(launch.href);
    equal(
      lu.searchParams.get('blocklet_meta_url'),
      `${window.location.origin}/store/api/blocklets/z8blocklet0/1.0.0/blocklet.json`,
    );
    equal(lu.searchParams.get('locale'), 'en');
    equal(launch.rel, 'noopener noreferrer');
    deepEqual(
      $$<HTMLImageElement>(el, 'img[alt*="screenshot"]').map((i) => i.alt),
      [`${isolate('Payment Kit')} screenshot 1`, `${isolate('Payment Kit')} screenshot 2`],
    );
    const readme = await waitFor(() => $(el, '[part=readme]'));
    equal(readme.querySelector('strong')?.textContent, 'bold');
    equal(readme.querySelector('script'), null);
    equal(readme.querySelector('[onerror]'), null);
    equal(readme.querySelector('a[href^="javascript"]'), null);
    equal(readme.querySelector('a[href="https://example.com"]')?.getAttribute('rel'), 'noopener noreferrer');
    equal((window as { __xss?: number }).__xss, undefined);
    await waitFor(() => $$(el, '[part=versions] li').length === 2);
    // Change logs are markdown, rendered like the readme: "## Changes" is a heading, not text.
    const log = await waitFor(() => $(el, '[part=versions] [part=changelog] h3'), {
      message: 'the change log markdown is not rendered',
    });
    equal(log.textContent, 'Changes');
    ok(!$(el, '[part=versions]')?.textContent?.includes('##'));
    ok($(el, '[part=versions]')?.textContent?.includes('Faster search.'));
    ok(text().includes('More by ArcBlock'));
    // Requirements as a person reads them (not "Requires server >=1.16.0").
    const dl = $$(el, 'dt');
    equal(dl.find((d) => d.textContent === 'Blocklet Server')?.nextElementSibling?.textContent, '1.16.0 or later');
    ok(!text().includes('Requires server'));
    // Another version from the list.
    (
      $$<HTMLAnchorElement>(el, '[part=versions] a').find((a) => a.textContent === 'v0.9.0') as HTMLAnchorElement
    ).click();
    equal(window.location.pathname, `${BASE}blocklets/z8blocklet0/0.9.0`);
    await waitFor(() => $(el, '[part=version]')?.textContent?.includes('Version 0.9.0'));
  });

  it('detail in Chinese shows the zh readme and labels; a missing blocklet shows not found', async () => {
    window.history.replaceState(null, '', `${BASE}blocklet/did:abt:z8blocklet1`);
    const el = store('locale="zh"');
    const readme = await waitFor(() => $(el, '[part=readme]'));
    await waitFor(() => readme.textContent?.includes('一些'));
    ok(shadowText(el).includes('版本'));
    // zh requirements and capabilities in words, never raw keys.
    await waitFor(() => $$(el, 'dt').some((d) => d.textContent === 'Blocklet Server'));
    const zhDl = $$(el, 'dt');
    equal(zhDl.find((d) => d.textContent === 'Blocklet Server')?.nextElementSibling?.textContent, '1.16.0 或更高版本');
    equal(
      zhDl.find((d) => d.textContent === '能力')?.nextElementSibling?.textContent,
      '可作为组件添加到其他应用、会在应用导航中添加入口',
    );
    ok(!/需要 (os|cpu|server)|component, navigation/.test(shadowText(el)));
    cleanup();
    window.history.replaceState(null, '', `${BASE}blocklets/z8missing`);
    const missing = store('locale="en"');
    await waitFor(() => shadowText(missing).includes('This blocklet could not be found'));
    equal(
      $$(missing, 'button').filter((b) => b.textContent === 'Try again').length,
      0,
      'a missing blocklet is not retried',
    );
    cleanup();
    // Any other failure is a load error with Retry, which recovers.
    await stub({ storeFails: 503 });
    window.history.replaceState(null, '', `${BASE}blocklet/did:abt:z8blocklet1`);
    const down = store('locale="en"');
    await waitFor(() => shadowText(down).includes('Could not load this blocklet'));
    ok(!shadowText(down).includes('This blocklet could not be found'));
    await stub({});
    ($$(down, 'button').find((b) => b.textContent === 'Try again') as HTMLButtonElement).click();
    await waitFor(() => $(down, '[part=readme]'));
  });

  it('protected pages send a guest to sign in (cancelable store-login with the page URL)', async () => {
    window.history.replaceState(null, '', `${BASE}developer/blocklets`);
    const seen: CustomEvent[] = [];
    const on = (e: Event) => {
      e.preventDefault();
      seen.push(e as CustomEvent);
    };
    document.addEventListener('store-login', on);
    try {
      const el = store('locale="en"');
      await waitFor(() => seen.length === 1);
      equal(seen[0]?.detail.redirect, window.location.href);
      ok(shadowText(el).includes('Sign in to see this page'));
      equal(window.location.pathname, `${BASE}developer/blocklets`);
    } finally {
      document.removeEventListener('store-login', on);
    }
  });

  it('console pages refuse a signed-in customer; developer pages let them in', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}console/blocklets`);
    const el = store('locale="en"');
    await waitFor(() => shadowText(el).includes('You do not have permission to see this page'));
    cleanup();
    window.history.replaceState(null, '', `${BASE}developer/access-tokens`);
    const dev = store('locale="en"');
    await waitFor(() => $(dev, 'h1')?.textContent === 'Access Tokens');
  });

  it('/join only exists in staking mode', async () => {
    window.history.replaceState(null, '', `${BASE}join`);
    const el = store('locale="en"');
    await gridReady(el, 7);
    equal(window.location.pathname, BASE);
    cleanup();
    const w = window as { blocklet?: { preferences?: Record<string, unknown> } };
    const before = w.blocklet;
    w.blocklet = { ...(before ?? {}), preferences: { permissionMode: 'staking' } };
    await stub({ signedIn: true });
    try {
      window.history.replaceState(null, '', `${BASE}join`);
      const join = store('locale="en"');
      await waitFor(() => $(join, 'h1')?.textContent === 'Join as a developer');
      equal(window.location.pathname, `${BASE}join`);
    } finally {
      w.blocklet = before;
    }
  });

  it('developer: create validates the name (required, min length, characters) and shows server errors', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}developer/blocklets`);
    const el = store('locale="en"');
    await waitFor(() => $$(el, 'tbody tr').length === 3);
    ok($(el, 'tbody tr')?.textContent?.includes('Pending'));
    const open = $$<HTMLButtonElement>(el, 'button').find(
      (b) => b.textContent === 'Create blocklet',
    ) as HTMLButtonElement;
    open.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    const input = dialog.querySelector('input') as HTMLInputElement;
    const submit = () =>
      ([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Create') as HTMLButtonElement).click();
    submit();
    await waitFor(() => dialog.textContent?.includes('Required'));
    equal(input.getAttribute('aria-invalid'), 'true');
    input.focus();
    await sendKeys({ type: 'ab' });
    await waitFor(() => dialog.textContent?.includes('At least 3 characters'));
    await sendKeys({ type: ' c' });
    await waitFor(() => dialog.textContent?.includes("Only letters, digits, '-' and '_'"));
    input.select();
    await sendKeys({ type: 'taken' });
    submit();
    await waitFor(
      () =>
        [...dialog.querySelectorAll('[role=alert]')].some((a) => a.textContent?.includes('The name taken is taken')),
      { message: dialog.textContent ?? '' },
    );
    await expectNoAxeViolations(el);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, 'dialog[open]'));
    ok(
      el.shadowRoot?.activeElement === open,
      `focus returns to the opener, not ${el.shadowRoot?.activeElement?.outerHTML.slice(0, 80)}`,
    );
  });

  it('access tokens: a name of at most 64 characters; the secret is shown once with the CLI command', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}developer/access-tokens`);
    const el = store('locale="zh"');
    await waitFor(() => $$(el, 'tbody tr').length === 1);
    ($$<HTMLButtonElement>(el, 'button').find((b) => b.textContent === '创建访问令牌') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    const input = dialog.querySelector('input') as HTMLInputElement;
    input.focus();
    fill(input, 'a'.repeat(65));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialog.textContent?.includes('最多 64 个字符'), { message: dialog.textContent ?? '' });
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => !dialog.textContent?.includes('最多 64 个字符'));
    equal(input.getAttribute('aria-invalid'), null, '64 characters are fine');
    fill(input, '');
    await sendKeys({ type: 'CI' });
    await sendKeys({ press: 'Enter' });
    const secret = await waitFor(() => $(el, '[part=token-secret]'));
    equal(secret.textContent, 'sk_secret');
    equal(
      $(el, '[part=token-cli]')?.textContent,
      `blocklet config set accessToken sk_secret --profile ${window.location.origin}`,
    );
    ok(shadowText(el).includes('请立即复制密钥'));
  });

  it('/category/{id} opens the home filtered by that category; price Free; the detail links its category, more in the category and capabilities', async () => {
    window.history.replaceState(null, '', `${BASE}category/payments`);
    const el = store('locale="en"');
    await gridReady(el, 2);
    deepEqual(
      (await chips(el)).filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent),
      ['Payments'],
    );
    equal(window.location.pathname, `${BASE}category/payments`);
    cleanup();
    window.history.replaceState(null, '', BASE);
    const all = store('locale="en"');
    await gridReady(all, 7);
    const price = $<HTMLSelectElement>(all, '[part=filters] select') as HTMLSelectElement;
    price.value = 'free';
    price.dispatchEvent(new Event('change', { bubbles: true }));
    await gridReady(all, 5);
    equal(new URL(window.location.href).searchParams.get('price'), 'free');
    ok(
      cards(all).every((c) => !c.textContent?.includes('Paid')),
      'no paid card under Free',
    );
    cleanup();

    window.history.replaceState(null, '', `${BASE}blocklets/z8blocklet0`);
    const detail = store('locale="en"');
    await waitFor(() => $(detail, 'h1')?.textContent === 'Payment Kit');
    await waitFor(() => $(detail, '#store-in-category')?.textContent === 'More in Payments', {
      message: 'More in Payments',
    });
    // Server names inside translated sentences are isolated for bidirectional text, the sentence's text unchanged.
    equal($(detail, '#store-in-category bdi')?.textContent, 'Payments', 'the category name in a <bdi>');
    ok($(detail, '#store-by-author bdi')?.textContent, 'the author in a <bdi>');
    ok(
      ($(detail, '[aria-labelledby=store-in-category]')?.querySelectorAll('[part=blocklet-card]').length ?? 0) > 0,
      'cards in the category',
    );
    const dl = [...(detail.shadowRoot?.querySelectorAll('dt') ?? [])];
    equal(
      dl.find((d) => d.textContent === 'Capabilities')?.nextElementSibling?.textContent,
      "Can be added to other apps as a component, Adds entries to the app's navigation",
      'only the true capabilities',
    );
    const catLink = $$<HTMLAnchorElement>(detail, 'article header a').find(
      (a) => a.textContent === 'Payments',
    ) as HTMLAnchorElement;
    ok(catLink, 'the category links to its page');
    catLink.click();
    equal(window.location.pathname, `${BASE}category/payments`);
    await gridReady(detail, 2);
  });

  it('a catalog of 1000 blocklets stays smooth: one page of cards in the DOM; first page, paging and search stay fast', async () => {
    await stub({ store: { bulk: 1000 } });
    const longTasks: number[] = [];
    const obs = new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => longTasks.push(Math.round(e.duration))),
    );
    obs.observe({ entryTypes: ['longtask'] });
    try {
      let t0 = performance.now();
      const el = store('locale="en"');
      await gridReady(el, 18);
      const first = performance.now() - t0;
      const pageTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const next = $$<HTMLButtonElement>(el, '[part=pagination] button')[1] as HTMLButtonElement;
        t0 = performance.now();
        next.click();
        const want = `Bulk ${String((i + 1) * 18).padStart(4, '0')}`;
        await waitFor(() => cards(el)[0]?.querySelector('h2')?.textContent === want, { interval: 2 });
        pageTimes.push(Math.round(performance.now() - t0));
      }
      const input = $<HTMLInputElement>(el, 'input[type=search]') as HTMLInputElement;
      input.focus();
      await sendKeys({ type: 'Bulk 09' });
      t0 = performance.now();
      await waitFor(() => shadowText(el).includes('100 blocklets'), { interval: 2 });
      const search = Math.round(performance.now() - t0);
      equal(cards(el).length, 18, 'still one page of cards');
      equal(el.shadowRoot?.querySelectorAll('[part=blocklet-card]').length, 18, 'never more than a page in the DOM');
      console.log(
        `store 1000-blocklet catalog: first page ${Math.round(first)} ms; page changes ${pageTimes.join('/')} ms; search (after the 300 ms debounce) ${search} ms; long tasks ${JSON.stringify(longTasks)}`,
      );
      // What keeps a large catalog smooth is that a page renders one page of cards (checked above), whatever the
      // catalog's size. On a quiet machine a page change takes ~100 ms and no task is long (the figures above); in
      // `npm test` this runs beside the flows on 2 cores, where the same change has taken up to ten times as long,
      // so the times only guard against a regression that renders far more than a page (seconds per change).
      const median = [...pageTimes].sort((a, b) => a - b)[Math.floor(pageTimes.length / 2)]!;
      ok(first < 5000, `first page in ${first} ms`);
      ok(median < 1500, `page changes ${pageTimes.join('/')} ms`);
      ok(search < 3000, `search in ${search} ms`);
    } finally {
      obs.disconnect();
    }
  });

  it('developer: the name has 3 to 64 characters; Cancel review sends the version under review', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}developer/blocklets`);
    const el = store('locale="en"');
    await waitFor(() => $$(el, 'tbody tr').length === 3);
    ($$<HTMLButtonElement>(el, 'button').find((b) => b.textContent === 'Create blocklet') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    const input = dialog.querySelector('input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'ab' });
    input.blur();
    await waitFor(() => dialog.textContent?.includes('At least 3 characters'), { message: dialog.textContent ?? '' });
    input.focus();
    await sendKeys({ type: 'c' });
    await waitFor(() => !dialog.textContent?.includes('At least 3 characters'));
    equal(input.getAttribute('aria-invalid'), null, '3 characters are fine');
    fill(input, '');
    await sendKeys({ type: 'a'.repeat(65) });
    input.blur();
    await waitFor(() => dialog.textContent?.includes('At most 64 characters'), { message: dialog.textContent ?? '' });
    equal(input.getAttribute('aria-invalid'), 'true');
    input.focus();
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => !dialog.textContent?.includes('At most 64 characters'));
    equal(input.getAttribute('aria-invalid'), null, '64 characters are fine');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, 'dialog[open]'));

    const cancel = $$<HTMLButtonElement>(el, 'button').find(
      (b) => b.getAttribute('aria-label') === `Cancel review of ${isolate('payment-kit')}`,
    ) as HTMLButtonElement;
    ok(cancel, 'the pending row offers Cancel review');
    equal(
      $$(el, 'button').filter((b) => b.getAttribute('aria-label')?.startsWith('Request review of')).length,
      0,
      'published rows offer no review request',
    );
    cancel.click();
    const calls = await waitFor(async () => {
      const st = await (await fetch('/__stub/store/state')).json();
      return st.reviewCalls?.length ? st.reviewCalls : null;
    });
    deepEqual(calls, [['z8blocklet0', 'cancel-review', '2.0.0']]);
  });

  for (const path of ['developer/blocklets', 'developer/access-tokens']) {
    it(`${path} in a 390 px box: words whole, the table scrolls in its frame, actions whole`, async () => {
      await stub({ signedIn: true });
      window.history.replaceState(null, '', `${BASE}${path}`);
      const { box, el } = narrowStore();
      await waitFor(() => $$(el, 'tbody tr').length > 0, { message: 'no rows' });
      expectPhoneTable(box, el);
    });
  }

  describe('wallet-connect pages', () => {
    type Posted = [Record<string, unknown>, string];
    const storeStub = (store: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      stub({ ...extra, store });
    let posted: Posted[] = [];
    const w = window as unknown as { opener: unknown };
    const realOpener = w.opener;
    beforeEach(() => {
      posted = [];
      w.opener = { postMessage: (msg: Record<string, unknown>, origin: string) => posted.push([msg, origin]) };
    });
    afterEach(() => {
      w.opener = realOpener;
    });
    const start = (el: HTMLElement) =>
      waitFor(() => $<HTMLButtonElement>(el, '[part~=connect-start]')).then((b) => b.click());

    it('/connect-cli: opens the wallet dialog, then reports the result to the opener origin only and shows the developer DID', async () => {
      await storeStub({ connect: 'wait' });
      window.history.replaceState(
        null,
        '',
        `${BASE}connect-cli?source=My%20CLI&opener=${encodeURIComponent('https://cli.example.com:8443/callback?x=1')}`,
      );
      const el = store('locale="en"');
      await waitFor(() => $(el, 'h1')?.textContent === 'Connect Blocklet CLI');
      ok(shadowText(el).includes('Connect My CLI to this store'));
      const button = await waitFor(() => $<HTMLButtonElement>(el, '[part~=connect-start]'));
      button.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = await waitFor(() => $(el, 'dialog[open]'));
      const link = await waitFor(() => dialog.querySelector<HTMLAnchorElement>('[part~=open-wallet]'));
      // The store's own prefix ({store mount}/api/did), the deep link of its auth URL.
      const deep = decodeURIComponent(decodeURIComponent(link.getAttribute('href') ?? ''));
      ok(deep.startsWith('https://abtwallet.io/i/?action=requestAuth&url=http'), deep);
      ok(deep.endsWith('/store/api/did/connect-cli/auth?_t_=tok_connect-cli'), deep);
      equal(link.getAttribute('target'), '_blank');
      await waitFor(() =>
        dialog.querySelector('[role=status]')?.textContent?.includes('Scanned — confirm in DID Wallet'),
      );
      await expectNoAxeViolations(el);
      equal(posted.length, 0, 'nothing posted while waiting');
      // Cancel closes the dialog and returns focus to the start button.
      ([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel') as HTMLButtonElement).click();
      await waitFor(() => !$(el, 'dialog[open]'));
      await waitFor(() => el.shadowRoot?.activeElement === $(el, '[part~=connect-start]'), {
        message: 'focus back on the start button',
      });

      await storeStub({ connect: 'succeed' });
      await start(el);
      await waitFor(() => shadowText(el).includes('My CLI is connected'));
      ok(!$(el, 'dialog[open]'));
      equal($(el, '[part=developer-did] dd')?.textContent, 'z1casey');
      ok(!shadowText(el).includes('sk_cli_secret'), 'the CLI secret is not on the page');
      ok(shadowText(el).includes('The result was sent to the page that opened this one.'));
      equal(posted.length, 1);
      const [msg, origin] = posted[0] as Posted;
      equal(origin, 'https://cli.example.com:8443');
      deepEqual(msg, {
        type: 'connect-store-message',
        action: 'connect-cli',
        success: true,
        result: { developerDid: 'z1casey', accessKeyId: 'ak_1', accessKeySecret: 'sk_cli_secret', source: 'My CLI' },
      });
      await expectNoAxeViolations(el);
    });

    it('/connect-cli: a customer gets the developer-required notice (with /join in staking mode) and the opener gets the error', async () => {
      await storeStub({ connect: 'developerRequired' });
      const wb = window as { blocklet?: { preferences?: Record<string, unknown> } };
      const before = wb.blocklet;
      wb.blocklet = { ...(before ?? {}), preferences: { permissionMode: 'staking' } };
      try {
        window.history.replaceState(
          null,
          '',
          `${BASE}connect-cli?opener=${encodeURIComponent('http://localhost:4000')}`,
        );
        const el = store('locale="zh"');
        await start(el);
        await waitFor(() => shadowText(el).includes('需要开发者通行证'));
        const join = $<HTMLAnchorElement>(el, `a[href="${BASE}join"]`);
        ok(join, 'a link to /join');
        deepEqual(posted, [
          [
            {
              type: 'connect-store-message',
              action: 'connect-cli',
              success: false,
              error: 'You have no legal developerNFT',
            },
            'http://localhost:4000',
          ],
        ]);
      } finally {
        wb.blocklet = before;
      }
    });

    it('posts nothing without a valid ?opener= (javascript:, relative, missing) and says so', async () => {
      for (const opener of ['javascript:alert(1)', '/relative', '']) {
        await storeStub({});
        window.history.replaceState(
          null,
          '',
          `${BASE}gen-key-pair${opener ? `?opener=${encodeURIComponent(opener)}` : ''}`,
        );
        const el = store('locale="en"');
        await waitFor(() => $(el, '[part=no-opener]'));
        await start(el);
        await waitFor(() => shadowText(el).includes('Key pair generated'));
        cleanup();
      }
      equal(posted.length, 0);
    });

    it('/gen-key-pair and /connect-studio: show the public key and DID, never the secret; the studio passes its monikers', async () => {
      await storeStub({});
      window.history.replaceState(
        null,
        '',
        `${BASE}connect-studio?monikers=studio-a,studio-b&opener=${encodeURIComponent('https://studio.example.com')}`,
      );
      const el = store('locale="en"');
      await waitFor(() => shadowText(el).includes('Monikers: studio-a, studio-b'));
      ok($(el, '[part=tips]'));
      await start(el);
      await waitFor(() => shadowText(el).includes('Key pair generated'));
      equal($(el, '[part=public-key] dd')?.textContent, '0xpublic123');
      equal($(el, '[part=key-did] dd')?.textContent, 'zKeyPairDid123');
      ok(!shadowText(el).includes('0xSECRET456'), 'no secret on screen');
      const [msg, origin] = posted[0] as Posted;
      equal(origin, 'https://studio.example.com');
      equal((msg.result as Record<string, unknown>).secretKey, '0xSECRET456', 'the opener gets the secret');
      equal(msg.action, 'connect-studio');
      await expectNoAxeViolations(el);
    });

    it('?__connect_url__=: follows the prepared request of the platform at once (no token of its own); refuses another origin', async () => {
      await storeStub({});
      const auth = `${window.location.origin}/store/api/did/connect-cli/auth?_t_=tok_connect-cli`;
      const link = `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(encodeURIComponent(auth))}`;
      window.history.replaceState(
        null,
        '',
        `${BASE}connect-cli?__connect_url__=${encodeURIComponent(link)}&opener=${encodeURIComponent('https://cli.example.com')}`,
      );
      const el = store('locale="en"');
      await waitFor(() => shadowText(el).includes('Blocklet CLI is connected'), { timeout: 8000 });
      const recorded = (await (await fetch('/__stub/store/state')).json()) as { connectCalls?: Record<string, number> };
      equal(recorded.connectCalls?.['connect-cli'], undefined, 'no token asked: the prepared one was followed');
      equal(posted.length, 1);
      equal((posted[0]![0] as { success: boolean }).success, true);
      cleanup();

      // A URL of another origin is not followed: the page asks for a token of its own when started.
      await storeStub({ connect: 'wait' });
      const evil = `https://evil.example/store/api/did/connect-cli/auth?_t_=tok_evil`;
      window.history.replaceState(null, '', `${BASE}connect-cli?__connect_url__=${encodeURIComponent(evil)}`);
      const el2 = store('locale="en"');
      await waitFor(() => $(el2, '[part~=connect-start]'));
      ok(!$(el2, 'dialog[open]'), 'nothing opened by itself');
      await start(el2);
      const a = await waitFor(() => $<HTMLAnchorElement>(el2, 'dialog[open] [part~=open-wallet]'));
      ok(!decodeURIComponent(decodeURIComponent(a.href)).includes('evil'), a.href);
    });

    it('shows a declined request with Retry', async () => {
      await storeStub({ connect: 'declined' });
      window.history.replaceState(null, '', `${BASE}gen-key-pair`);
      const el = store('locale="en"');
      await start(el);
      // The wallet dialog says so, with Start again; the page too once it is closed.
      const failure = await waitFor(() => $(el, 'dialog[open] [part~=connect-failure]'));
      ok(failure.textContent?.includes('You declined the request in DID Wallet.'));
      $<HTMLButtonElement>(el, 'dialog[open] button[part~=connect-cancel]')!.click();
      await waitFor(() => !$(el, 'dialog[open]'));
      await waitFor(() => shadowText(el).includes('The request was declined in the wallet.'));
      equal($(el, '[part~=connect-start]')?.textContent, 'Try again');
      await storeStub({});
      await start(el);
      await waitFor(() => shadowText(el).includes('Key pair generated'));
    });

    it('developer pages without a passport say so and link to /join in staking mode', async () => {
      const wb = window as { blocklet?: { preferences?: Record<string, unknown> } };
      const before = wb.blocklet;
      wb.blocklet = { ...(before ?? {}), preferences: { permissionMode: 'staking' } };
      await storeStub({ forbidden: true }, { signedIn: true });
      try {
        for (const path of ['developer/blocklets', 'developer/access-tokens']) {
          window.history.replaceState(null, '', `${BASE}${path}`);
          const el = store('locale="en"');
          const link = await waitFor(() => $<HTMLAnchorElement>(el, '[part=join-link]'));
          ok(shadowText(el).includes('A developer passport is required'));
          equal(new URL(link.href).pathname, `${BASE}join`);
          await expectNoAxeViolations(el);
          cleanup();
        }
      } finally {
        wb.blocklet = before;
      }
    });

    for (const theme of ['light', 'dark'] as const) {
      it(`/join (${theme}): the terms must be accepted, then the stake is approved in the wallet and the developer pages are linked`, async () => {
        const wb = window as { blocklet?: { preferences?: Record<string, unknown> } };
        const before = wb.blocklet;
        wb.blocklet = { ...(before ?? {}), preferences: { permissionMode: 'staking' } };
        await storeStub({ connect: 'wait' }, { signedIn: true, noPassport: true });
        try {
          window.history.replaceState(null, '', `${BASE}join`);
          const el = store(`locale="en" theme="${theme}"`);
          const submit = await waitFor(() => $<HTMLButtonElement>(el, '[part~=join]'));
          ok(submit.disabled, 'disabled until the terms are accepted');
          const terms = $<HTMLInputElement>(el, 'input[type=checkbox]') as HTMLInputElement;
          ok(
            el.shadowRoot
              ?.querySelector(`label[for="${terms.id}"]`)
              ?.textContent?.includes('I agree to the developer terms'),
          );
          terms.focus();
          await sendKeys({ press: 'Space' });
          await waitFor(() => !submit.disabled);
          await expectNoAxeViolations(el);
          submit.click();
          const dialog = await waitFor(() => $(el, 'dialog[open]'));
          ok(dialog.textContent?.includes('Stake with DID Wallet'));
          await waitFor(() => dialog.querySelector('[part~=open-wallet]'));
          await storeStub({ connect: 'succeed' }, { signedIn: true });
          await waitFor(() => shadowText(el).includes('You are now a developer'), { timeout: 6000 });
          const link = $<HTMLAnchorElement>(el, '[part=my-blocklets]') as HTMLAnchorElement;
          equal(new URL(link.href).pathname, `${BASE}developer/blocklets`);
          await expectNoAxeViolations(el);
          link.click();
          await waitFor(() => $(el, 'h1')?.textContent === 'My Blocklets');
        } finally {
          wb.blocklet = before;
        }
      });
    }
  });

  it('explore: the plain home shows trending and recently updated (4 each, topRated left out); a search hides them', async () => {
    const el = store('locale="en"');
    await gridReady(el, 7);
    const sections = await waitFor(() =>
      $$(el, '[part=explore] section').length === 2 ? $$(el, '[part=explore] section') : null,
    );
    deepEqual(
      sections.map((x) => x.querySelector('h2')?.textContent),
      ['Trending', 'Recently updated'],
    );
    deepEqual(
      sections.map((x) => x.querySelectorAll('[part=explore-card]').length),
      [4, 4],
    );
    equal(sections[0]?.getAttribute('aria-labelledby'), sections[0]?.querySelector('h2')?.id);
    equal(cards(el).length, 7, 'the full list is separate');
    const input = $<HTMLInputElement>(el, 'input[type=search]') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'kit' });
    await gridReady(el, 2);
    equal($(el, '[part=explore]'), null, 'hidden while searching');

    cleanup();
    window.history.replaceState(null, '', BASE);
    const zh = store('locale="zh"');
    await waitFor(() => $$(zh, '[part=explore] h2').length === 2);
    deepEqual(
      $$(zh, '[part=explore] h2').map((h) => h.textContent),
      ['热门', '最近更新'],
    );
  });

  it('developer: edits remark and visibility in a dialog (keyboard), and uploads a release zip', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}developer/blocklets`);
    const el = store('locale="en"');
    await waitFor(() => $$(el, 'tbody tr').length === 3);
    const edit = $$<HTMLButtonElement>(el, 'button').find(
      (b) => b.getAttribute('aria-label') === `Edit ${isolate('payment-kit')}`,
    ) as HTMLButtonElement;
    ok(
      edit,
      $$(el, 'button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent)
        .join('|'),
    );
    edit.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('Edit payment-kit'));
    equal(dialog.querySelectorAll('input').length, 1, 'no name field when editing');
    const remark = dialog.querySelector('input') as HTMLInputElement;
    remark.focus();
    await sendKeys({ type: 'internal' });
    const select = dialog.querySelector('select') as HTMLSelectElement;
    select.value = 'Private';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await expectNoAxeViolations(el);
    ([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Save') as HTMLButtonElement).click();
    await waitFor(() => !$(el, 'dialog[open]'));
    ok(el.shadowRoot?.activeElement === edit, 'focus returns to Edit');

    // Upload: a file is required, then the release is sent as multipart and the page says what was uploaded.
    const up = $$<HTMLButtonElement>(el, 'button').find((b) => b.textContent === 'Upload release') as HTMLButtonElement;
    up.click();
    const ud = await waitFor(() => $(el, 'dialog[open]'));
    const submit = () =>
      ([...ud.querySelectorAll('button')].find((b) => b.textContent === 'Upload') as HTMLButtonElement).click();
    submit();
    await waitFor(() => ud.textContent?.includes('Choose a .zip file'));
    const file = ud.querySelector('input[type=file]') as HTMLInputElement;
    equal(file.getAttribute('aria-invalid'), 'true');
    const pick = (name: string) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/zip' }));
      file.files = dt.files;
      file.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick('release.txt');
    await waitFor(() => ud.textContent?.includes('The file must be a .zip'));
    await stub({ signedIn: true, store: { uploadFails: true } });
    pick('release.zip');
    submit();
    await waitFor(() =>
      [...ud.querySelectorAll('[role=alert]')].some((a) =>
        a.textContent?.includes('The release has no blocklet.yml or blocklet.json'),
      ),
    );
    await stub({ signedIn: true });
    submit();
    await waitFor(() => !$(el, 'dialog[open]'));
    await waitFor(() =>
      $(el, '[part=notice]')?.textContent?.includes('Version 2.1.0 of payment-kit was uploaded as a draft.'),
    );
    equal($(el, '[part=notice]')?.getAttribute('role'), 'status');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations in Chinese (${theme}): home with explore, detail, developer pages and their dialogs`, async () => {
      await stub({ signedIn: true });
      const el = store(`locale="zh" theme="${theme}"`);
      await gridReady(el, 7);
      await waitFor(() => $$(el, '[part=explore] section').length === 2);
      await expectNoAxeViolations(el);
      (cards(el)[0] as HTMLAnchorElement).click();
      await waitFor(() => $(el, 'h1')?.textContent === 'Payment Kit');
      await waitFor(() => $(el, '[part=readme] h1'));
      await expectNoAxeViolations(el);
      cleanup();
      for (const [path, open] of [
        ['developer/blocklets', '上传版本'],
        ['developer/blocklets', '创建 Blocklet'],
        ['developer/access-tokens', null],
      ] as const) {
        window.history.replaceState(null, '', `${BASE}${path}`);
        const page = store(`locale="zh" theme="${theme}"`);
        await waitFor(() => $$(page, 'tbody tr').length > 0);
        await expectNoAxeViolations(page);
        if (open) {
          const btn = $$<HTMLButtonElement>(page, 'button').find((b) => b.textContent === open);
          ok(
            btn,
            `button ${open}: ${$$(page, 'button')
              .map((b) => b.textContent)
              .join('|')}`,
          );
          btn.click();
          await waitFor(() => $(page, 'dialog[open]'));
          await expectNoAxeViolations(page);
        }
        cleanup();
      }
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations (${theme}): developer and console pages`, async () => {
      await stub({ signedIn: true });
      // The stub's user is a customer here; the console pages run as an admin in 'console as an admin' below.
      for (const path of ['developer/blocklets', 'developer/access-tokens']) {
        window.history.replaceState(null, '', `${BASE}${path}`);
        const el = store(`locale="en" theme="${theme}"`);
        await waitFor(() => $$(el, 'tbody tr').length > 0);
        await expectNoAxeViolations(el);
        cleanup();
      }
    });
  }

  it('developer and console rows list rejected and cancelled versions as history', async () => {
    await stub({ signedIn: true });
    window.history.replaceState(null, '', `${BASE}developer/blocklets`);
    const el = store('locale="en"');
    await waitFor(() => $$(el, 'tbody tr').length === 3);
    const history = $$(el, '[part=version-history]');
    equal(history.length, 1, 'only the row with history');
    equal(history[0]?.getAttribute('aria-label'), 'Earlier versions');
    deepEqual(
      [...history[0]!.querySelectorAll('li')].map((li) => li.textContent),
      ['v1.9.0 Rejected', 'v1.8.0 Cancelled'],
    );
    ok($$(el, 'tbody tr')[0]?.textContent?.includes('v2.0.0'), 'the version in review is still the row version');
    await expectNoAxeViolations(el);
    cleanup();
    const zh = store('locale="zh"');
    await waitFor(() => $(zh, '[part=version-history]'));
    equal($(zh, '[part=version-history]')?.getAttribute('aria-label'), '较早的版本');
  });

  describe('home banner (preferences.homeBanner)', () => {
    const w = window as { blocklet?: { preferences?: Record<string, unknown> } };
    let before: typeof w.blocklet;
    beforeEach(() => {
      before = w.blocklet;
      w.blocklet = {
        ...(before ?? {}),
        preferences: {
          homeBanner: [
            {
              did: 'z8blocklet0',
              remark: 'internal note',
              cover: '/__stub/logo/b1.svg',
              name: 'Payment Kit',
              desc: 'Take payments.',
              baseNum: 12000,
              link: `${BASE}blocklets/z8blocklet0`,
            },
            {
              did: 'z8blocklet1',
              name: 'Hostile <b>link</b>',
              desc: '<img src=x onerror="window.__xss=3">',
              cover: 'javascript:alert(1)',
              link: 'javascript:alert(1)',
            },
            { did: 'z8blocklet2', name: 'Elsewhere', link: 'https://example.com/promo', baseNum: 'lots' },
            { did: 'z8nothing', desc: 'no name: skipped' },
          ],
        },
      };
    });
    afterEach(() => {
      w.blocklet = before;
    });

    it('shows the banner above the explore sections; links go through safeUrl; server strings stay text', async () => {
      const el = store('locale="en" theme="light"');
      await gridReady(el, 7);
      const banner = await waitFor(() => $(el, '[part=home-banner]'));
      await waitFor(() => $$(el, '[part=explore] section').length === 2);
      ok(banner.compareDocumentPosition($(el, '[part=explore]')!) & Node.DOCUMENT_POSITION_FOLLOWING, 'banner first');
      equal(banner.querySelector('h2')?.textContent, 'Featured');
      equal(banner.getAttribute('aria-labelledby'), banner.querySelector('h2')?.id);
      const items = $$(el, '[part=banner-item]');
      deepEqual(
        items.map((i) => i.querySelector('h3')?.textContent),
        ['Payment Kit', 'Hostile <b>link</b>', 'Elsewhere'],
      );
      ok(!shadowText(el).includes('internal note'), 'the remark is not shown');
      ok(items[0]?.textContent?.includes('12K downloads'), items[0]?.textContent ?? '');
      const links = items.map((i) => i.querySelector('a'));
      equal(new URL(links[0]!.href).pathname, `${BASE}blocklets/z8blocklet0`);
      // An unsafe link falls back to the blocklet's detail page; an unsafe cover is left out.
      equal(new URL(links[1]!.href).pathname, `${BASE}blocklets/z8blocklet1`);
      equal(items[1]?.querySelector('img'), null);
      equal(items[1]?.querySelector('b'), null);
      equal((window as { __xss?: number }).__xss, undefined);
      equal(links[2]!.href, 'https://example.com/promo');
      equal(links[2]!.target, '_blank');
      ok(links[2]!.rel.includes('noopener'));
      ok(!items[2]?.textContent?.includes('download'), 'a non-numeric baseNum is not shown');
      equal(items[0]?.querySelector('img')?.getAttribute('alt'), '');
      // An in-store link routes inside the store.
      links[0]!.click();
      await waitFor(() => window.location.pathname === `${BASE}blocklets/z8blocklet0`);
      await waitFor(() => $(el, 'h1')?.textContent === 'Payment Kit');
      equal($(el, '[part=home-banner]'), null, 'only on the home');
    });

    it('is hidden while searching and when the preference is not set; Chinese label', async () => {
      window.history.replaceState(null, '', `${BASE}search?keyword=kit`);
      const el = store('locale="en"');
      await gridReady(el, 2);
      equal($(el, '[part=home-banner]'), null);
      cleanup();
      window.history.replaceState(null, '', BASE);
      const zh = store('locale="zh"');
      await waitFor(() => $(zh, '[part=home-banner] h2')?.textContent === '精选');
      cleanup();
      w.blocklet = { ...(before ?? {}), preferences: {} };
      const none = store('locale="en"');
      await waitFor(() => $$(none, '[part=explore] section').length === 2);
      equal($(none, '[part=home-banner]'), null);
    });

    for (const theme of ['light', 'dark'] as const) {
      it(`banner has no axe violations (${theme})`, async () => {
        const el = store(`locale="en" theme="${theme}"`);
        await waitFor(() => $(el, '[part=home-banner]') && $$(el, '[part=explore] section').length === 2);
        await expectNoAxeViolations(el);
      });
    }
  });

  describe('console as an admin (stub user role switched per test)', () => {
    const setRole = async (role: string | null) => {
      const r = await fetch('/__stub/store/role', { method: 'POST', body: JSON.stringify({ role }) });
      if (!r.ok) throw new Error('role switch failed');
    };
    beforeEach(async () => {
      await stub({ signedIn: true });
      await setRole('admin');
    });
    afterEach(async () => {
      await setRole(null);
    });
    const focused = (el: HTMLElement) => el.shadowRoot?.activeElement as HTMLElement | null;

    it('on a phone the console table scrolls inside its frame; the page never gets wider than the window', async () => {
      const before = { width: window.innerWidth, height: window.innerHeight };
      await setViewport({ width: 390, height: 800 });
      try {
        window.history.replaceState(null, '', `${BASE}console/blocklets`);
        const el = store('locale="en"');
        await waitFor(() => $$(el, 'tbody tr').length === 3);
        const table = $(el, 'table') as HTMLElement;
        const frame = table.parentElement as HTMLElement;
        ok(
          frame.scrollWidth > frame.clientWidth,
          `the table is wider than 390 px (${frame.scrollWidth} > ${frame.clientWidth})`,
        );
        ok(
          document.documentElement.scrollWidth <= window.innerWidth,
          `page ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
        );
      } finally {
        await setViewport(before);
      }
    });

    for (const path of ['console/blocklets', 'console/categories']) {
      it(`${path} in a 390 px box: words whole, the table scrolls in its frame, actions whole`, async () => {
        window.history.replaceState(null, '', `${BASE}${path}`);
        const { box, el } = narrowStore();
        await waitFor(() => $$(el, 'tbody tr').length > 0, { message: 'no rows' });
        expectPhoneTable(box, el);
      });
    }

    it('review-type select and the block dialog work from the keyboard; focus returns to the opener', async () => {
      window.history.replaceState(null, '', `${BASE}console/blocklets`);
      const el = store('locale="en"');
      await waitFor(() => $(el, 'h1')?.textContent === 'All Blocklets');
      await waitFor(() => $$(el, 'tbody tr').length === 3);
      const asked = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.pathname.endsWith('/store/api/console/blocklets'));
      ok(asked.length && asked.every((u) => u.searchParams.get('pageSize') === '20'), 'the console lists 20 a page');
      const row = $$(el, 'tbody tr')[1] as HTMLElement;
      const name = row.querySelector('td')?.firstChild?.textContent ?? '';
      const labelOf = (sel: HTMLSelectElement) =>
        el.shadowRoot?.querySelector(`label[for="${sel.id}"]`)?.textContent ?? '';
      const select = [...row.querySelectorAll<HTMLSelectElement>('select')].find((x) =>
        labelOf(x).startsWith('Review type'),
      );
      ok(select, 'review type select');
      equal(el.shadowRoot?.querySelector(`label[for="${select.id}"]`)?.textContent, `Review type of ${name}`);
      equal(select.value, 'EACH');
      select.focus();
      // The options are First version only, Every version: ArrowUp picks the first.
      await sendKeys({ press: 'ArrowUp' });
      await waitFor(
        () => $(el, '[part=notice]')?.textContent?.includes(`Review type of ${name} set to First version only.`),
        { message: shadowText(el) },
      );
      equal($(el, '[part=notice]')?.getAttribute('role'), 'status');

      // The list refetches after the change: look the row up again.
      const did = row.getAttribute('data-did');
      const row2 = await waitFor(() => el.shadowRoot?.querySelector(`tbody tr[data-did="${did}"]`) ?? null);
      const blockBtn = [...(row2 as HTMLElement).querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => b.getAttribute('aria-label') === `Block ${isolate(name)}`,
      );
      ok(blockBtn, `block button for ${name}`);
      blockBtn.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = await waitFor(() => $(el, 'dialog[open]'));
      equal(dialog.querySelector('h2')?.textContent, `Block ${name}`);
      ok(dialog.contains(focused(el)), 'focus moves into the dialog');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, 'dialog[open]'));
      await waitFor(() => focused(el) === blockBtn, { message: `focus on ${focused(el)?.outerHTML}` });
      // Again: submit empty (Required, announced), then a reason; the dialog closes and focus returns.
      await sendKeys({ press: 'Enter' });
      const again = await waitFor(() => $(el, 'dialog[open]'));
      again.querySelector<HTMLInputElement>('input')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => $(el, 'dialog[open]')?.textContent?.includes('Required'));
      await sendKeys({ type: 'Spam links' });
      // A reason has at most 255 characters.
      fill(again.querySelector<HTMLInputElement>('input')!, `Spam links${' x'.repeat(123)}`);
      await waitFor(() => again.textContent?.includes('At most 255 characters'), { message: again.textContent ?? '' });
      await sendKeys({ press: 'Backspace' });
      await waitFor(() => !again.textContent?.includes('At most 255 characters'), {
        message: '255 characters are fine',
      });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !$(el, 'dialog[open]'));
      await waitFor(() => focused(el) === blockBtn, { message: `focus on ${focused(el)?.outerHTML}` });
    });

    it("sets a blocklet's category from its row (keyboard), keeping the review type; the notice says so", async () => {
      window.history.replaceState(null, '', `${BASE}console/blocklets`);
      const el = store('locale="en"');
      await waitFor(() => $$(el, 'tbody tr').length === 3);
      // The rows and the category list are two requests: wait for the categories to fill the selects too.
      await waitFor(() => ($$(el, 'tbody tr')[0] as HTMLElement).querySelector('select option[value="payments"]'));
      const row = $$(el, 'tbody tr')[0] as HTMLElement;
      const name = row.querySelector('td')?.firstChild?.textContent ?? '';
      const labelOf = (sel: HTMLSelectElement) =>
        el.shadowRoot?.querySelector(`label[for="${sel.id}"]`)?.textContent ?? '';
      const select = [...row.querySelectorAll<HTMLSelectElement>('select')].find(
        (x) => labelOf(x) === `Category of ${name}`,
      ) as HTMLSelectElement;
      ok(select, `category select of ${name}`);
      equal(select.value, 'payments');
      deepEqual(
        [...select.options].map((o) => o.textContent),
        ['Payments', 'AI', 'Developer Tools'],
        '"All" is not a category to set',
      );
      select.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => $(el, '[part=notice]')?.textContent?.includes(`Category of ${name} set to AI.`), {
        message: shadowText(el),
      });
      const st = await (await fetch('/__stub/store/state')).json();
      deepEqual(st.categorySet, { did: row.getAttribute('data-did'), category: 'ai' }, 'only the category is sent');
    });

    for (const theme of ['light', 'dark'] as const) {
      it(`console pages and dialogs have no axe violations (${theme})`, async () => {
        window.history.replaceState(null, '', `${BASE}console/blocklets`);
        const el = store(`locale="en" theme="${theme}"`);
        await waitFor(() => $$(el, 'tbody tr').length === 3);
        await expectNoAxeViolations(el);
        $$<HTMLButtonElement>(el, 'button')
          .find((b) => b.getAttribute('aria-label')?.startsWith('Block '))!
          .click();
        await waitFor(() => $(el, 'dialog[open]'));
        await expectNoAxeViolations(el);
        cleanup();
        window.history.replaceState(null, '', `${BASE}console/categories`);
        const cats = store(`locale="zh" theme="${theme}"`);
        await waitFor(() => $$(cats, 'tbody tr').length > 0);
        await expectNoAxeViolations(cats);
        $$<HTMLButtonElement>(cats, 'button')
          .find((b) => b.textContent === '创建分类')!
          .click();
        await waitFor(() => $(cats, 'dialog[open]'));
        await expectNoAxeViolations(cats);
      });
    }
  });
});
