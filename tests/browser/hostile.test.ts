/**
 * Hostile data in every data-driven text and link of the four elements (the stubs' hostile mode rewrites every
 * name/title/description/… and every link/logo/avatar/url/… of every JSON answer, the app description included):
 * markup and event handlers, javascript:/data:/vbscript: URLs, a 10,000-character word, U+202E and zero-width
 * characters. Rendered at 390 px in a frame under the strict CSP: nothing runs, no unsafe link or source is in the
 * DOM, the page is never wider than the window, and bidirectional text stays inside its element. Views: checkout
 * (several items with promotions, a donation, completed), portal (home, subscriptions, payments, credits, an invoice,
 * a subscription), header (menu open), store (home, a blocklet page), pricing table (every interval).
 */
import { cspFrame, type CspFrame } from './csp-helpers.ts';
import { equal, ok, stub, waitFor } from './helpers.ts';

const WIDTH = 390;
let frame: CspFrame | undefined;

beforeEach(async () => {
  await stub({ signedIn: true, hostile: true });
});
afterEach(async () => {
  frame?.remove();
  frame = undefined;
  await stub({});
});

type Pwnable = Window & { __pwned?: unknown; alerted?: string[] };

async function hostileFrame(tags: Parameters<typeof cspFrame>[0]): Promise<CspFrame> {
  const f = await cspFrame(tags, { width: WIDTH, height: 800 });
  const w = f.win as unknown as Pwnable;
  w.alerted = [];
  w.alert = (m?: unknown) => void w.alerted!.push(String(m));
  return f;
}

/** Every element in a document, shadow roots included. */
function deepAll(root: Document | ShadowRoot | Element): Element[] {
  const out: Element[] = [];
  const walk = (node: Document | ShadowRoot | Element) => {
    for (const el of node.querySelectorAll('*')) {
      out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return out;
}

const deepText = (el: Element): string =>
  deepAll(el.shadowRoot!)
    .map((e) =>
      e.shadowRoot
        ? ''
        : [...e.childNodes]
            .filter((n) => n.nodeType === 3)
            .map((n) => n.textContent)
            .join(''),
    )
    .join(' ');

/** What every hostile render must satisfy. */
function expectHarmless(f: CspFrame, el: HTMLElement, where: string, { showsData = true } = {}): void {
  const w = f.win as unknown as Pwnable;
  equal(w.__pwned, undefined, `${where}: a script ran in the frame`);
  equal((window as Pwnable).__pwned, undefined, `${where}: a script ran in the test page`);
  equal(w.alerted!.length, 0, `${where}: alert()`);
  // Hostile text is shown, as text (proves the data reached the screen).
  if (showsData)
    ok(
      deepText(el).includes("<script>window.__pwned='script'</script>"),
      `${where}: hostile text not rendered as text`,
    );
  equal(
    deepAll(el.shadowRoot!).filter(
      (e) => e.localName === 'script' || (e.localName === 'img' && e.getAttribute('src') === 'x'),
    ).length,
    0,
    `${where}: markup from data became elements`,
  );
  // No link or source with another scheme than http(s) (links may also be mailto:/tel:).
  for (const e of deepAll(f.doc)) {
    const attr =
      e.localName === 'a' || e.localName === 'area'
        ? 'href'
        : ['img', 'iframe', 'source', 'video', 'audio', 'embed'].includes(e.localName)
          ? 'src'
          : e.localName === 'form'
            ? 'action'
            : null;
    const value = attr ? e.getAttribute(attr) : null;
    if (value === null) continue;
    const scheme = new URL(value, f.win.location.href).protocol;
    const allowed = attr === 'href' ? ['http:', 'https:', 'mailto:', 'tel:'] : ['http:', 'https:'];
    ok(allowed.includes(scheme), `${where}: <${e.localName} ${attr}="${value.slice(0, 60)}">`);
  }
  // Never wider than the window.
  const doc = f.doc.documentElement;
  if (doc.scrollWidth > doc.clientWidth) {
    // The boxes past the window, or whose content is wider than the window (text overflowing a box that fits: in
    // WebKit a select's text did, counted in the page's width).
    const wide = deepAll(f.doc)
      .filter((e) => e.getBoundingClientRect().right > doc.clientWidth + 1 || e.scrollWidth > doc.clientWidth + 1)
      .slice(-6)
      .map(
        (e) =>
          `${e.localName}${e.getAttribute('part') ? `[part=${e.getAttribute('part')}]` : ''} ${Math.round(e.getBoundingClientRect().width)}px` +
          (e.scrollWidth > e.clientWidth + 1 ? ` (content ${e.scrollWidth}px)` : ''),
      );
    ok(false, `${where}: page ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window; widest: ${wide.join(', ')}`);
  }
  equal(f.win.cspViolations.length, 0, `${where}: CSP violations ${JSON.stringify(f.win.cspViolations.slice(0, 3))}`);
}

const shadow = (el: HTMLElement, sel: string) => el.shadowRoot?.querySelector(sel) ?? null;

describe('hostile data', () => {
  it('<pay-checkout>: the form and the completed screen', async function () {
    this.timeout(30_000);
    frame = await hostileFrame('pay-checkout');
    await stub({ signedIn: true, hostile: true, checkout: { items: 3, promotions: true, adjustable: true } });
    let el = frame.mount(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
    );
    await waitFor(() => shadow(el, 'button[part~=submit]'), { timeout: 10_000, message: 'no Pay button' });
    expectHarmless(frame, el, 'checkout form');
    el.remove();
    await stub({ signedIn: true, hostile: true, checkout: { donation: true } });
    el = frame.mount(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
    );
    await waitFor(() => shadow(el, 'button[part~=submit]'), { timeout: 10_000, message: 'no Donate button' });
    expectHarmless(frame, el, 'checkout donation');
    el.remove();
    await stub({
      signedIn: true,
      hostile: true,
      checkout: { view: 'complete', successUrl: 'javascript:window.__pwned=1' },
    });
    el = frame.mount(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
    );
    await waitFor(() => shadow(el, '[part~=invoice-link]'), { timeout: 10_000, message: 'no completed screen' });
    expectHarmless(frame, el, 'checkout completed', { showsData: false }); // links only (success_url, invoice)
  });

  it('<pay-portal>: invoices, an invoice, a subscription (a bidi override stays in the product name)', async function () {
    this.timeout(40_000);
    frame = await hostileFrame('pay-portal');
    let el = frame.mount('<pay-portal base-url="/payment/" locale="en" theme="light"></pay-portal>');
    await waitFor(() => shadow(el, '[part~=invoice-list-item]') || shadow(el, '[part~=invoice-row]'), {
      timeout: 10_000,
      message: 'no invoices',
    });
    expectHarmless(frame, el, 'portal home');
    el.remove();
    for (const view of ['subscriptions', 'payments', 'credits']) {
      el = frame.mount(`<pay-portal base-url="/payment/" locale="en" theme="light" view="${view}"></pay-portal>`);
      await waitFor(
        () =>
          el.shadowRoot?.querySelector(
            '[part~=subscription-card], [part~=payment-row], [part~=payment-list-item], [part~=credit-grant-row], [part~=no-payments], [part~=no-credit-grants], [role=table], table, ul li',
          ),
        { timeout: 10_000, message: `no ${view}` },
      );
      await new Promise((r) => setTimeout(r, 300));
      expectHarmless(frame, el, `portal ${view}`, { showsData: false });
      el.remove();
    }
    el = frame.mount(
      '<pay-portal base-url="/payment/" locale="en" theme="light" view="invoice" resource-id="in_0001"></pay-portal>',
    );
    await waitFor(() => shadow(el, '[part~=invoice-total]'), { timeout: 10_000, message: 'no invoice' });
    expectHarmless(frame, el, 'portal invoice');
    el.remove();
    el = frame.mount(
      '<pay-portal base-url="/payment/" locale="en" theme="light" view="subscription" resource-id="sub_active"></pay-portal>',
    );
    const item = await waitFor(() => shadow(el, '[part~=subscription-item]'), {
      timeout: 10_000,
      message: 'no subscription items',
    });
    expectHarmless(frame, el, 'portal subscription');
    // "{name} × {qty}": the × is still left of the quantity (U+202E in the name would reverse them).
    const texts = [...item.querySelectorAll('*'), item]
      .flatMap((e) => [...e.childNodes])
      .filter((n): n is Text => n.nodeType === 3 && /×/.test(n.textContent ?? ''));
    const node = texts[0];
    ok(node, 'the " × qty" text');
    const range = frame.doc.createRange();
    const at = node!.data.indexOf('×');
    range.setStart(node!, at);
    range.setEnd(node!, at + 1);
    const times = range.getBoundingClientRect();
    range.setStart(node!, node!.data.length - 1);
    range.setEnd(node!, node!.data.length);
    const qty = range.getBoundingClientRect();
    ok(times.left < qty.left, `× (${times.left}) left of the quantity (${qty.left})`);
  });

  it('<site-header>: logo, navigation (menu open), user', async function () {
    this.timeout(30_000);
    frame = await hostileFrame('site-header');
    const el = frame.mount('<site-header locale="en" theme="light"></site-header>');
    await waitFor(() => shadow(el, '[part=user]') || shadow(el, '[part=login]'), {
      timeout: 10_000,
      message: 'header did not render',
    });
    const toggle = el.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-controls]');
    toggle?.click();
    await waitFor(() => shadow(el, '[part=mobile-nav]:not([hidden])') || !toggle, { message: 'menu did not open' });
    expectHarmless(frame, el, 'header');
    // The app description's links rotate through four hostile schemes; only the untouched ones are links.
    const navLinks = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part=mobile-nav] a[href]')];
    ok(navLinks.length >= 1, 'the safe links are still there');
  });

  it('<pay-pricing-table>: the plans of every interval', async function () {
    this.timeout(30_000);
    frame = await hostileFrame('pay-pricing-table');
    const el = frame.mount(
      '<pay-pricing-table pricing-table-id="prctbl_test" base-url="/payment/" locale="en" theme="light"></pay-pricing-table>',
    );
    await waitFor(() => shadow(el, '[part~=plan]'), { timeout: 10_000, message: 'no plans' });
    expectHarmless(frame, el, 'pricing table');
    // A runaway plan name takes at most three lines of its card (18 px at a line height of 1.3).
    for (const name of [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=plan-name]')])
      ok(
        name.getBoundingClientRect().height <= 3 * 18 * 1.3 + 1,
        `plan name ${name.getBoundingClientRect().height} px`,
      );
    for (const label of [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=interval]')]) {
      label.click();
      await waitFor(() => label.getAttribute('data-checked') === 'true');
      expectHarmless(frame, el, `pricing table, ${label.textContent}`);
    }
  });

  it('<blocklet-store>: home and a blocklet page', async function () {
    this.timeout(30_000);
    frame = await hostileFrame('blocklet-store');
    frame.win.history.replaceState(null, '', '/store-test/');
    let el = frame.mount('<blocklet-store base-path="/store-test/" locale="en" theme="light"></blocklet-store>');
    await waitFor(() => shadow(el, '[part=blocklet-card]'), { timeout: 10_000, message: 'no cards' });
    expectHarmless(frame, el, 'store home');
    el.remove();
    frame.win.history.replaceState(null, '', '/store-test/blocklets/z8blocklet0');
    el = frame.mount('<blocklet-store base-path="/store-test/" locale="en" theme="light"></blocklet-store>');
    await waitFor(() => shadow(el, 'h1'), { timeout: 10_000, message: 'no detail page' });
    expectHarmless(frame, el, 'store detail');
  });
});
