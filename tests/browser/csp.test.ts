/**
 * Every element under the reference host's strict Content-Security-Policy (style-src 'self' — no 'unsafe-inline' —
 * script-src 'self', no 'unsafe-eval'): rendered in a frame served with that policy as a response header
 * (/__stub/csp-frame.html), each element is styled (computed styles of a few parts) and no
 * `securitypolicyviolation` fires.
 */
import { cspFrame, type CspFrame } from './csp-helpers.ts';
import { equal, ok, stub, waitFor } from './helpers.ts';

let frame: CspFrame | undefined;
beforeEach(async () => {
  await stub({ signedIn: true });
});
afterEach(() => {
  frame?.remove();
  frame = undefined;
});

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const LIGHT_PRIMARY = 'rgb(29, 78, 216)'; // --pay-color-primary, light
const DARK_PRIMARY = 'rgb(96, 165, 250)'; // --pay-color-primary, dark

function noViolations(f: CspFrame, element: string): void {
  const list = f.win.cspViolations;
  equal(list.length, 0, `${element}: CSP violations ${JSON.stringify(list.slice(0, 5))} (${list.length} in all)`);
}

/** The host's own sheet is applied: theme tokens and base typography on :host. */
function hostStyled(f: CspFrame, el: Element, background: string | null = 'rgb(255, 255, 255)'): void {
  const s = f.win.getComputedStyle(el);
  ok(s.getPropertyValue('--pay-color-primary').trim(), 'theme tokens on :host');
  ok(s.fontFamily.includes('system-ui'), `host font ${s.fontFamily}`);
  if (background) equal(s.backgroundColor, background, 'host background');
}

describe('strict CSP (no unsafe-inline styles, no eval)', () => {
  it('<pay-checkout> is styled: the Pay button is the primary colour, the layout is two columns', async () => {
    frame = await cspFrame('pay-checkout');
    const el = frame.mount(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
    );
    const pay = await waitFor(() => el.shadowRoot?.querySelector<HTMLButtonElement>('button[part~=submit]'), {
      timeout: 10_000,
      message: 'no Pay button',
    });
    hostStyled(frame, el, null); // the checkout draws its own surfaces (hostBackground: false)
    equal(frame.win.getComputedStyle(el).backgroundColor, TRANSPARENT, 'transparent host');
    const s = frame.win.getComputedStyle(pay);
    equal(s.backgroundColor, LIGHT_PRIMARY, 'Pay button background');
    equal(s.color, 'rgb(255, 255, 255)', 'Pay button text');
    ok(parseFloat(s.borderTopLeftRadius) > 0, 'rounded');
    const summary = el.shadowRoot!.querySelector('[part~=summary]')!.getBoundingClientRect();
    const form = el.shadowRoot!.querySelector('[part~=form]')!.getBoundingClientRect();
    ok(summary.right <= form.left, 'summary beside the form (grid styles applied)');
    // A rule added after the first paint (focus ring, a dialog) lands too.
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[name=customer_email]')!;
    input.focus();
    ok(
      frame.win.getComputedStyle(input).borderTopStyle !== 'none' ||
        frame.win.getComputedStyle(input.parentElement!).borderTopStyle !== 'none',
    );
    noViolations(frame, 'pay-checkout');
  });

  it('<pay-portal> is styled: the invoice table, chips and buttons', async () => {
    frame = await cspFrame('pay-portal');
    const el = frame.mount('<pay-portal base-url="/payment/" locale="en" theme="light"></pay-portal>');
    const chip = await waitFor(() => el.shadowRoot?.querySelector('[part~=chip]'), {
      timeout: 10_000,
      message: 'no invoices',
    });
    hostStyled(frame, el);
    const s = frame.win.getComputedStyle(chip);
    ok(s.backgroundColor !== TRANSPARENT, `chip background ${s.backgroundColor}`);
    ok(parseFloat(s.borderTopLeftRadius) > 0, 'chip is rounded');
    const next = el.shadowRoot!.querySelector('button[aria-label="Next page"]')!;
    ok(
      parseFloat(frame.win.getComputedStyle(next).minHeight) >= 24 || next.getBoundingClientRect().height >= 24,
      'button sized',
    );
    noViolations(frame, 'pay-portal');
  });

  it('<site-header> is styled: a flex bar with the navigation inline', async () => {
    frame = await cspFrame('site-header');
    const el = frame.mount('<site-header locale="en" theme="light"></site-header>');
    await waitFor(() => el.shadowRoot?.querySelector('[part=user]') || el.shadowRoot?.querySelector('[part=login]'), {
      timeout: 10_000,
      message: 'header did not render',
    });
    const nav = el.shadowRoot!.querySelector('nav[part=nav]')!;
    const links = [...nav.querySelectorAll('a')];
    ok(links.length >= 2, 'nav links');
    equal(
      Math.round(links[0]!.getBoundingClientRect().top),
      Math.round(links[1]!.getBoundingClientRect().top),
      'nav links side by side',
    );
    const brand = el.shadowRoot!.querySelector('[part=brand]')!;
    equal(frame.win.getComputedStyle(brand).textDecorationLine, 'none', 'brand link not underlined');
    ok(el.getBoundingClientRect().height <= 80, `header height ${el.getBoundingClientRect().height}`);
    noViolations(frame, 'site-header');
  });

  it('<pay-pricing-table> is styled: cards in a row, the highlighted button primary; its inline checkout too', async () => {
    frame = await cspFrame('pay-pricing-table');
    const el = frame.mount(
      '<pay-pricing-table pricing-table-id="prctbl_test" base-url="/payment/" locale="en" theme="light"></pay-pricing-table>',
    );
    const plans = await waitFor(
      () => {
        const list = [...(el.shadowRoot?.querySelectorAll<HTMLElement>('[part~=plan]') ?? [])];
        return list.length ? list : null;
      },
      { timeout: 10_000, message: 'no plans' },
    );
    hostStyled(frame, el, null);
    equal(frame.win.getComputedStyle(el).backgroundColor, TRANSPARENT, 'transparent host');
    const tops = new Set(plans.map((p) => Math.round(p.getBoundingClientRect().top)));
    equal(tops.size, 1, 'the cards side by side (grid styles applied)');
    const pro = plans[1]!.querySelector<HTMLButtonElement>('[part~=plan-button]')!;
    equal(frame.win.getComputedStyle(pro).backgroundColor, LIGHT_PRIMARY, 'the highlighted plan’s button');
    pro.click();
    const checkout = await waitFor(() => el.shadowRoot?.querySelector('pay-checkout'), {
      timeout: 10_000,
      message: 'no inline checkout',
    });
    await waitFor(() => checkout.shadowRoot?.querySelector('button[part~=submit]'), {
      timeout: 10_000,
      message: 'the inline checkout did not render',
    });
    noViolations(frame, 'pay-pricing-table');
  });

  it('<blocklet-store> is styled: a grid of cards', async () => {
    frame = await cspFrame('blocklet-store');
    frame.win.history.replaceState(null, '', '/store-test/');
    const el = frame.mount('<blocklet-store base-path="/store-test/" locale="en" theme="light"></blocklet-store>');
    const cards = await waitFor(
      () => {
        const list = el.shadowRoot?.querySelectorAll('[part=blocklet-card]');
        return list && list.length >= 2 ? [...list] : null;
      },
      { timeout: 10_000, message: 'no cards' },
    );
    hostStyled(frame, el);
    const [a, b] = cards as [Element, Element];
    equal(
      Math.round(a.getBoundingClientRect().top),
      Math.round(b.getBoundingClientRect().top),
      'cards side by side (grid)',
    );
    const s = frame.win.getComputedStyle(a);
    ok(parseFloat(s.borderTopLeftRadius) > 0 && s.borderTopStyle !== 'none', 'card border');
    equal(s.textDecorationLine, 'none', 'card link not underlined');
    noViolations(frame, 'blocklet-store');
  });

  it('<pay-provider> is display: contents and its dark theme reaches the checkout', async () => {
    frame = await cspFrame(['pay-provider', 'pay-checkout']);
    const provider = frame.mount(
      '<pay-provider theme="dark" locale="en" base-url="/payment/"><pay-checkout checkout-id="cs_test_1"></pay-checkout></pay-provider>',
    );
    equal(frame.win.getComputedStyle(provider).display, 'contents');
    const el = provider.querySelector('pay-checkout')!;
    const pay = await waitFor(() => el.shadowRoot?.querySelector<HTMLButtonElement>('button[part~=submit]'), {
      timeout: 10_000,
      message: 'no Pay button',
    });
    equal(frame.win.getComputedStyle(pay).backgroundColor, DARK_PRIMARY, 'dark primary');
    noViolations(frame, 'pay-provider');
  });
});
