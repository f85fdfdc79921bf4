/**
 * A host page's text styles do not reach inside the elements (issue 12): the typography of every node in the shadow
 * roots is the same with and without hostile page styles — inherited from body, set on every element with `*` (which
 * matches the host itself), even `!important`. Only the documented custom properties theme it.
 */
import '../../elements/pay-checkout.ts';
import '../../elements/site-header.ts';
import { $, cleanup, deepEqual, equal, mount, ok, setViewport, stub, waitFor } from './helpers.ts';

const HOSTILE = `
  body { text-align: center; text-transform: uppercase; font-style: italic; letter-spacing: 3px; word-spacing: 9px;
    line-height: 3; font-weight: 800; text-indent: 40px; white-space: pre; font-variant: small-caps; text-shadow: 1px 1px red;
    -webkit-text-fill-color: red; cursor: wait; color: red; font-size: 30px; word-break: break-all; hyphens: auto;
    font-feature-settings: "smcp"; font-kerning: none; }
  * { font-family: "Courier New", monospace !important; text-transform: lowercase !important; line-height: 5 !important;
    color: rgb(255, 0, 0) !important; letter-spacing: 1px !important; font-size: 9px !important; font-style: oblique !important; }
`;

/** The typography that matters, for every element of a shadow tree (nested roots included), in document order. */
const PROPS = [
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant-caps',
  'font-feature-settings',
  'font-kerning',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-transform',
  'text-indent',
  'text-shadow',
  'white-space-collapse',
  'text-wrap-mode',
  'word-break',
  'hyphens',
  'color',
  '-webkit-text-fill-color',
  'cursor',
];
function typography(host: Element): string[] {
  const out: string[] = [];
  const walk = (root: ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'style' || el.localName === 'slot') continue;
      const cs = getComputedStyle(el);
      out.push(
        `${el.localName}${el.getAttribute('part') ? `[${el.getAttribute('part')}]` : ''} ${PROPS.map((p) => cs.getPropertyValue(p)).join('|')}`,
      );
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(host.shadowRoot!);
  return out;
}

function addStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
}

const checkoutReady = (el: HTMLElement) =>
  waitFor(() => $(el, '[part~=form]') && ($(el, '[name=customer_email]') as HTMLInputElement | null)?.value, {
    message: 'checkout form',
    timeout: 10_000,
  });
const headerReady = (el: HTMLElement) =>
  waitFor(() => $(el, '[part~=user], [part~=login]'), { message: 'header', timeout: 10_000 });

let styles: HTMLStyleElement[] = [];
beforeEach(async () => {
  await stub({ signedIn: true });
  await setViewport({ width: 1280, height: 800 });
});
afterEach(() => {
  for (const s of styles) s.remove();
  styles = [];
  cleanup();
});

describe('host page styles', () => {
  for (const [tag, html, ready] of [
    [
      'pay-checkout',
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
      checkoutReady,
    ],
    ['site-header', '<site-header locale="en" theme="light"></site-header>', headerReady],
  ] as const) {
    it(`do not change the typography inside <${tag}>`, async () => {
      const el = mount(html).firstElementChild as HTMLElement;
      await ready(el);
      const clean = typography(el);
      ok(clean.length > 20, `${tag} rendered ${clean.length} nodes`);
      styles.push(addStyle(HOSTILE));
      const hostile = typography(el);
      deepEqual(hostile, clean, `${tag}: typography changed under hostile page styles`);
    });
  }

  it('the documented custom properties still theme the text', async () => {
    styles.push(addStyle(HOSTILE));
    const el = mount(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>',
    ).firstElementChild as HTMLElement;
    await checkoutReady(el);
    const email = $(el, '[name=customer_email]') as HTMLElement;
    ok(!getComputedStyle(email).fontFamily.includes('Courier'), getComputedStyle(email).fontFamily);
    styles.push(
      addStyle(
        'pay-checkout { --pay-font-family: Georgia, serif; --pay-color-text: rgb(1, 2, 3); --pay-font-size: 15px; }',
      ),
    );
    await waitFor(() => getComputedStyle(email).fontFamily === 'Georgia, serif', {
      message: `font: ${getComputedStyle(email).fontFamily}`,
    });
    equal(getComputedStyle(el).color, 'rgb(1, 2, 3)');
    equal(getComputedStyle(el).fontSize, '15px');
  });
});
