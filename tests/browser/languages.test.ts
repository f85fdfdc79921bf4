/**
 * Every element in the languages beyond en and zh (issue 31): Arabic lays each element out right to left inside its
 * shadow root (the language box carries `lang` and `dir`; the page's own direction is left alone), with amounts kept
 * left to right; a tag falls back along its chain (pt-PT → pt-BR, es-MX → es, it → en); only the language shown is
 * fetched.
 */
import '../../elements/blocklet-store.ts';
import '../../elements/pay-checkout.ts';
import '../../elements/pay-portal.ts';
import '../../elements/pay-pricing-table.ts';
import '../../elements/site-header.ts';
import ar from '../../locales/ar.json';
import de from '../../locales/de.json';
import es from '../../locales/es.json';
import ja from '../../locales/ja.json';
import ptBR from '../../locales/pt-BR.json';
import {
  $,
  $$,
  cleanup,
  equal,
  expectNoAxeViolations,
  mount,
  ok,
  setViewport,
  shadowText,
  stub,
  waitFor,
} from './helpers.ts';

const BASE = '/store-test/';
const originalUrl = window.location.href;

beforeEach(async () => {
  await stub({ signedIn: true });
  await setViewport({ width: 1280, height: 900 });
  document.cookie = 'nf_lang=; max-age=0; path=/';
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', originalUrl);
});

const element = (html: string) => mount(html).firstElementChild as HTMLElement;
/** The box that carries the element's language and direction (src/ui/element-root.tsx). */
const languageBox = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('[data-pay-root]');
/** At least two of `selector` (a row to compare), once rendered. */
async function several(el: HTMLElement, selector: string): Promise<HTMLElement[]> {
  await waitFor(() => $$(el, selector).length > 1, { timeout: 10_000, message: `${selector} did not render` });
  return $$(el, selector);
}
const arabic = (text: string | null | undefined) => /[\u0600-\u06ff]/.test(text ?? '');
const rect = (node: Element | null | undefined) => {
  ok(node, 'the node is there');
  return node!.getBoundingClientRect();
};

/** The element's language box says `ar` / `rtl`, and its text is laid out right to left. */
function expectArabicRoot(el: HTMLElement): void {
  const box = languageBox(el)!;
  equal(box.lang, 'ar');
  equal(box.dir, 'rtl');
  equal(getComputedStyle(box.firstElementChild!).direction, 'rtl');
  // Nothing is written outside the shadow root: the host and the page keep their own direction.
  equal(el.getAttribute('dir'), null);
  equal(getComputedStyle(el).direction, 'ltr');
}

describe('Arabic: every element mirrors inside its shadow root', () => {
  it('<pay-checkout>: Arabic texts, the summary on the right of the form, amounts left to right', async () => {
    const el = element(
      '<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="ar" theme="light"></pay-checkout>',
    );
    const submit = await waitFor(() => $<HTMLButtonElement>(el, 'button[part~=submit]'), { timeout: 10_000 });
    expectArabicRoot(el);
    ok(arabic(submit!.textContent), `an Arabic submit label: ${submit!.textContent}`);
    // Mirrored: the order summary starts the line, so it sits to the right of the form.
    ok(rect($(el, '[part~=summary]')).left > rect($(el, '[part~=form]')).left, 'the summary is on the right');
    // The total reads "10 TBA" left to right, isolated from the Arabic around it: its number left of its symbol.
    const total = $(el, '[part~=total]')!;
    const text = total.firstChild as Text;
    ok(text.data.startsWith('\u2066') && text.data.endsWith('\u2069'), 'a left-to-right isolate');
    const at = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    ok(at(text.data.search(/\d/)) < at(text.data.indexOf('TBA')), `the symbol follows the number: ${text.data}`);
    // A payment method's name (data, English here) takes its own direction, so a name too long for its card is cut at
    // its end, not its first letters; it stays on the card's right, where the Arabic text starts.
    const method = $(el, '[part~=currency-card] [dir=auto]')!;
    equal(method.textContent, 'ArcBlock');
    equal(getComputedStyle(method).direction, 'ltr');
    const words = document.createRange();
    words.selectNodeContents(method);
    ok(
      Math.abs(words.getBoundingClientRect().right - method.getBoundingClientRect().right) < 2,
      'aligned to the right of the card',
    );
    await expectNoAxeViolations(el);
  });

  it('<pay-pricing-table>: the first plan on the right, the price left to right at the start of the card', async () => {
    const el = element(
      '<pay-pricing-table pricing-table-id="prctbl_test" base-url="/payment/" locale="ar" theme="light"></pay-pricing-table>',
    );
    const plans = await several(el, '[part~=plan]');
    expectArabicRoot(el);
    ok(rect(plans[0]).left > rect(plans[1]).left, 'the first plan is the rightmost');
    const button = plans[0]!.querySelector('[part~=plan-button]')!;
    ok(Object.values(ar.pricingTable.button).includes(button.textContent!), `an Arabic button: ${button.textContent}`);
    const card = rect(plans[0]);
    const price = plans[0]!.querySelector('[part~=price] > [dir=ltr]')!;
    ok(price, 'the amount and its symbol read left to right');
    const number = price.firstElementChild!;
    const symbol = price.lastElementChild!;
    ok(card.right - rect(symbol).right < 40, 'the price starts at the right of its card');
    ok(rect(number).right <= rect(symbol).left, 'the symbol follows the number on its right');
    ok(Math.abs(rect(number).bottom - rect(symbol).bottom) < 12, 'on one line');
    await expectNoAxeViolations(el);
  });

  it('<site-header>: the brand on the right, the actions on the left, the menus open from the right', async () => {
    const el = element(
      `<site-header locale="ar" meta='{"appName":"Acme","navigation":[{"title":"Docs","link":"/docs"}],"languages":[{"code":"en","name":"English"},{"code":"ar","name":"العربية"}]}'></site-header>`,
    );
    const brand = await waitFor(() => $(el, '[part=brand]'), { message: 'header did not render' });
    expectArabicRoot(el);
    const addons = $(el, '[part~=addons]')!;
    ok(rect(brand).left > rect(addons).left, 'the brand is right of the actions');
    // Names are data: each takes its own direction, so one cut for length loses its end, not its first letters.
    const names = await waitFor(
      () => {
        const found = $$(el, '[dir=auto]').filter((n) => n.textContent);
        return found.some((n) => n.textContent === 'Casey Customer') ? found : null;
      },
      { message: "the user's name did not render" },
    );
    for (const n of names!) equal(getComputedStyle(n).direction, 'ltr', `${n.textContent} left to right`);
    const language = await waitFor(() => $<HTMLButtonElement>(el, 'button[part~=locale], [part~=locale] button'));
    ok(language!.getAttribute('aria-label')!.startsWith(ar.header.language), language!.getAttribute('aria-label')!);
    language!.click();
    const menu = await waitFor(() => $(el, '[part~=menu]'));
    // The menu is aligned to the end of its button: in Arabic its left edge meets the button's.
    ok(Math.abs(rect(menu).left - rect(language).left) < 2, 'the menu opens towards the inline end');
    ok($(el, '[role=menu] [lang=ar]')?.textContent === 'العربية', 'each language by its own name, in its language');
    await expectNoAxeViolations(el);
  });

  it('<pay-portal>: the first tab on the right, Arabic tab names', async () => {
    const el = element('<pay-portal base-url="/payment/" locale="ar" theme="light"></pay-portal>');
    const tabs = await several(el, '[part~=tab]');
    expectArabicRoot(el);
    ok(rect(tabs[0]).left > rect(tabs[1]).left, 'the first tab is the rightmost');
    ok(
      tabs.every((tab) => arabic(tab.textContent)),
      tabs.map((t) => t.textContent).join(' | '),
    );
    await expectNoAxeViolations(el);
  });

  it('<blocklet-store>: cards fill rows from the right, Arabic search', async () => {
    window.history.replaceState(null, '', BASE);
    await stub({});
    const el = element(`<blocklet-store base-path="${BASE}" locale="ar"></blocklet-store>`);
    const cards = await several(el, '[part=blocklet-card]');
    expectArabicRoot(el);
    ok(rect(cards[0]).left > rect(cards[1]).left, 'the first card is the rightmost of its row');
    ok(shadowText(el).includes(ar.store.searchPlaceholder) || !!$(el, `[placeholder="${ar.store.searchPlaceholder}"]`));
    await expectNoAxeViolations(el);
  });
});

describe('German (long words) and Japanese', () => {
  for (const [code, texts] of [
    ['de', de],
    ['ja', ja],
  ] as const) {
    it(`${code}: the checkout and the pricing table in ${code}, axe clean, nothing wider than a phone`, async () => {
      await setViewport({ width: 390, height: 844 });
      const co = element(`<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="${code}"></pay-checkout>`);
      await waitFor(() => $(co, 'button[part~=submit]'), { timeout: 10_000 });
      ok($$(co, 'label').some((l) => l.textContent!.startsWith(texts.checkout.email)));
      await expectNoAxeViolations(co);
      const table = element(
        `<pay-pricing-table pricing-table-id="prctbl_test" base-url="/payment/" locale="${code}"></pay-pricing-table>`,
      );
      const plans = await several(table, '[part~=plan]');
      ok(
        Object.values(texts.pricingTable.button).includes(plans[0]!.querySelector('[part~=plan-button]')!.textContent!),
      );
      for (const el of [co, table]) ok(el.scrollWidth <= 390, `${el.tagName} fits 390 px: ${el.scrollWidth}`);
      await expectNoAxeViolations(table);
    });

    it(`${code}: the portal, the header and the store in ${code}, axe clean, nothing wider than a phone`, async () => {
      await setViewport({ width: 390, height: 844 });
      const portal = element(`<pay-portal base-url="/payment/" locale="${code}" theme="light"></pay-portal>`);
      const tabs = await several(portal, '[part~=tab]');
      ok(
        tabs.some((tab) => tab.textContent === texts.portal.invoiceHistory),
        tabs.map((tab) => tab.textContent).join(' | '),
      );
      await waitFor(() => $(portal, '[part~=overview-plans]'), { timeout: 10_000, message: 'the summary' });
      await expectNoAxeViolations(portal);
      const header = element(
        `<site-header locale="${code}" meta='{"appName":"Acme","navigation":[{"title":"Docs","link":"/docs"}]}'></site-header>`,
      );
      await waitFor(() => $(header, '[part=user]'), { timeout: 10_000, message: 'the header' });
      await expectNoAxeViolations(header);
      window.history.replaceState(null, '', BASE);
      const store = element(`<blocklet-store base-path="${BASE}" locale="${code}"></blocklet-store>`);
      await several(store, '[part=blocklet-card]');
      ok(
        !!$(store, `[placeholder="${texts.store.searchPlaceholder}"]`),
        `the search says "${texts.store.searchPlaceholder}"`,
      );
      for (const el of [portal, header, store])
        ok(el.scrollWidth <= 390, `${el.tagName} fits 390 px: ${el.scrollWidth}`);
      await expectNoAxeViolations(store);
    });
  }
});

describe('choosing the language', () => {
  it('falls back along the tag: pt-PT → pt-BR, es-MX → es, ja-JP → ja, de-CH → de, it → en', async () => {
    const cases: Array<[string, string]> = [
      ['pt-PT', ptBR.checkout.email],
      ['es-MX', es.checkout.email],
      ['ja-JP', ja.checkout.email],
      ['de-CH', de.checkout.email],
      ['it', 'Email'],
    ];
    for (const [tag, label] of cases) {
      const el = element(`<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="${tag}"></pay-checkout>`);
      await waitFor(() => $(el, 'button[part~=submit]'), { timeout: 10_000, message: tag });
      const box = languageBox(el)!;
      equal(box.dir, 'ltr', tag);
      ok(
        $$(el, 'label').some((l) => l.textContent!.startsWith(label)),
        `${tag}: the email field is labelled "${label}"`,
      );
      cleanup();
    }
  });

  it('unset, follows the nearest lang attribute of the page', async () => {
    const host = mount(
      '<div lang="de-AT"><pay-checkout checkout-id="cs_test_1" base-url="/payment/"></pay-checkout></div>',
    );
    const el = host.querySelector('pay-checkout') as HTMLElement;
    await waitFor(() => $(el, 'button[part~=submit]'), { timeout: 10_000 });
    equal(languageBox(el)!.lang, 'de');
    ok($$(el, 'label').some((l) => l.textContent!.startsWith(de.checkout.email)));
  });

  it('fetches the strings of the language shown and of no other', async () => {
    // French: no test of this file has shown it before (a module once fetched is not fetched again).
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    const el = element('<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="fr"></pay-checkout>');
    await waitFor(() => $(el, 'button[part~=submit]'), { timeout: 10_000 });
    const localeFiles = performance
      .getEntriesByType('resource')
      .map((e) => decodeURIComponent(e.name))
      .filter((name) => /locale:(?!en\/)/.test(name))
      .map((name) => /locale:([\w-]+)\//.exec(name)![1]);
    ok(localeFiles.length > 0, 'the French strings were fetched');
    equal([...new Set(localeFiles)].join(), 'fr');
  });
});
