import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../elements/pay-provider.ts';
import { defineElement } from '../../src/ui/element.ts';
import { VERSION } from '../../src/ui/define.ts';
import { testMessages } from './test-messages.ts';
import { useEmit, useSettings } from '../../src/ui/context.tsx';
import type { Api } from '../../src/ui/api.tsx';
import { useQuery } from '../../src/ui/query.ts';
import { useT } from '../../src/ui/i18n.tsx';
import { useCss } from '../../src/ui/styles.tsx';
import {
  $,
  cleanup,
  deepEqual,
  equal,
  flushed,
  mount,
  notEqual,
  ok,
  shadowText,
  sleep,
  waitFor,
  sendKeys,
} from './helpers.ts';

// Snapshots taken before any element is defined or rendered.
const headBefore = document.head.children.length;
const headHtmlBefore = document.head.innerHTML;

type Probe = { checkoutId?: string; count?: number; open?: boolean; data?: unknown; extraData?: unknown };

function ProbeView(props: Probe) {
  const s = useSettings();
  const t = useT();
  const emit = useEmit();
  const { css } = useCss();
  const [last, setLast] = useState<string>('');
  return (
    <div
      className={css`color: var(--pay-color-text); background: var(--pay-color-bg); padding: 4px;`}
      data-testid="probe"
    >
      <output data-props>{JSON.stringify(props)}</output>
      <output data-settings>
        {JSON.stringify({ locale: s.locale, theme: s.theme, baseUrl: s.baseUrl, livemode: s.livemode, mode: s.mode })}
      </output>
      <span data-text>{t('common.close')}</span>
      <button type="button" onClick={() => setLast(String(emit('thing-done', { n: 1 }, { cancelable: true })))}>
        emit
      </button>
      <span data-last>{last}</span>
    </div>
  );
}

defineElement('test-probe', async () => ProbeView, {
  messages: testMessages,
  prefix: 'test',
  props: { checkoutId: 'string', count: 'number', open: 'boolean', data: 'json' },
  events: ['thing-done'],
});

let shouldThrow = true;
function Thrower() {
  if (shouldThrow) throw new Error('boom');
  return <p data-ok>recovered</p>;
}
defineElement('test-thrower', async () => Thrower, { messages: testMessages, prefix: 'test' });

// Lifecycle probe: a prefetch at connect and a screen query under the same key.
const life = { prefetches: [] as Array<{ api: Api; renders: number }>, renders: 0, fetches: 0 };
const probeQuery = (_api: Api) => ({
  queryKey: ['probe'],
  queryFn: () => {
    life.fetches++;
    return new Promise<string>((r) => setTimeout(() => r('data'), 30));
  },
});
function Lifecycle() {
  life.renders++;
  const q = useQuery(['probe'], () => probeQuery(null as never).queryFn());
  return <p data-life>{q.data ?? ''}</p>;
}
defineElement('test-life', async () => Lifecycle, {
  messages: testMessages,
  prefix: 'test',
  prefetch: (api) => {
    life.prefetches.push({ api, renders: life.renders });
    void api.queryClient.prefetchQuery(probeQuery(api));
  },
});

// A screen query fetched on mount (no prefetch): what each render saw.
const mounted = { statuses: [] as string[], resolve: (_v: string) => {} };
function MountFetch() {
  const q = useQuery(['mount-fetch'], () => new Promise<string>((r) => (mounted.resolve = r)));
  mounted.statuses.push(`${q.fetchStatus}:${q.data ?? ''}`);
  return <p data-mounted>{q.data ?? ''}</p>;
}
defineElement('test-mount-fetch', async () => MountFetch, { messages: testMessages, prefix: 'test' });

const propsOf = (el: Element) => JSON.parse($(el, '[data-props]')?.textContent || '{}') as Probe;
const settingsOf = (el: Element) =>
  JSON.parse($(el, '[data-settings]')?.textContent || '{}') as Record<string, unknown>;
const rendered = (el: Element) => waitFor(() => $(el, '[data-props]'), { message: 'element did not render' });

afterEach(cleanup);

describe('defineElement: attributes and properties', () => {
  it('maps dashed attributes to camelCase props with types', async () => {
    const c = mount(`<test-probe checkout-id="cs_1" count="3" data='{"a":[1,2]}'></test-probe>`);
    const el = c.firstElementChild as HTMLElement & Probe;
    await rendered(el);
    await waitFor(() => propsOf(el).checkoutId === 'cs_1');
    deepEqual(propsOf(el), { checkoutId: 'cs_1', count: 3, data: { a: [1, 2] } });
    equal(el.checkoutId, 'cs_1');
    equal(el.count, 3);
    deepEqual(el.data, { a: [1, 2] });
  });

  it('reads booleans by presence, "false" as false, and resets on removal', async () => {
    const c = mount(`<test-probe open></test-probe>`);
    const el = c.firstElementChild as HTMLElement & Probe;
    await rendered(el);
    await waitFor(() => propsOf(el).open === true, { message: 'empty attribute should be true' });
    equal(el.open, true);
    el.setAttribute('open', 'false');
    await waitFor(() => propsOf(el).open === false, { message: '"false" should be false' });
    el.setAttribute('open', 'yes');
    await waitFor(() => propsOf(el).open === true);
    el.removeAttribute('open');
    await waitFor(() => propsOf(el).open === undefined, { message: 'removal should reset' });
    equal(el.open, undefined);
  });

  it('mirrors properties to attributes and attributes to properties', async () => {
    const c = mount(`<test-probe></test-probe>`);
    const el = c.firstElementChild as HTMLElement & Probe;
    await rendered(el);
    el.checkoutId = 'plink_9';
    equal(el.getAttribute('checkout-id'), 'plink_9');
    el.count = 7;
    equal(el.getAttribute('count'), '7');
    el.open = true;
    equal(el.getAttribute('open'), '');
    el.open = false;
    equal(el.getAttribute('open'), 'false');
    equal(el.open, false);
    el.data = { x: 1 };
    equal(el.getAttribute('data'), '{"x":1}');
    await waitFor(() => propsOf(el).checkoutId === 'plink_9' && propsOf(el).count === 7);
    deepEqual(propsOf(el).data, { x: 1 });
    el.checkoutId = undefined;
    equal(el.hasAttribute('checkout-id'), false);
    el.setAttribute('count', '11');
    equal(el.count, 11);
    await waitFor(() => propsOf(el).count === 11 && propsOf(el).checkoutId === undefined);
  });

  it('keeps properties set before the element was upgraded', async () => {
    const el = document.createElement('test-late') as HTMLElement & Probe;
    el.count = 42;
    mount('').appendChild(el);
    defineElement('test-late', async () => ProbeView, {
      messages: testMessages,
      prefix: 'test',
      props: { count: 'number' },
    });
    await rendered(el);
    await waitFor(() => propsOf(el).count === 42);
    equal(el.getAttribute('count'), '42');
  });
});

/** Collects console.warn messages while `run` runs. */
async function warnings(run: () => Promise<void> | void): Promise<string[]> {
  const seen: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return seen;
}

describe('defineElement: frameworks and late definitions', () => {
  it('takes object properties set before the element was defined, as objects', async () => {
    const el = document.createElement('test-late-json') as HTMLElement & Probe;
    el.data = { qty: 2, tags: ['a'] };
    el.open = false;
    mount('').appendChild(el);
    defineElement('test-late-json', async () => ProbeView, {
      messages: testMessages,
      prefix: 'test',
      props: { data: 'json', open: 'boolean' },
    });
    await rendered(el);
    await waitFor(() => JSON.stringify(propsOf(el).data) === '{"qty":2,"tags":["a"]}');
    equal(propsOf(el).open, false);
    deepEqual(el.data, { qty: 2, tags: ['a'] });
    equal(Object.prototype.hasOwnProperty.call(el, 'data'), false, 'the own property gave way to the accessor');
  });

  it('warns, naming the property, when an object was written as an attribute', async () => {
    const seen = await warnings(async () => {
      const c = mount(`<test-probe data="[object Object]"></test-probe>`);
      const el = c.firstElementChild as HTMLElement & Probe;
      await rendered(el);
      equal(el.data, undefined);
      el.setAttribute('data', '[object Object]');
      el.setAttribute('data', '{"ok":true}');
      deepEqual(el.data, { ok: true });
    });
    equal(seen.length, 2, seen.join('\n'));
    for (const w of seen) {
      ok(w.includes('<test-probe> data="[object Object]"'), w);
      ok(w.includes('Set the data property instead'), w);
    }
    ok(!seen.some((w) => w.includes('not valid JSON')), 'one warning, not a second JSON one');
  });

  it('takes an object prop under its dashed name too (the name frameworks bind from the HTML docs)', async () => {
    defineElement('test-dashed', async () => ProbeView, {
      messages: testMessages,
      prefix: 'test',
      props: { extraData: 'json', checkoutId: 'string' },
    });
    const el = mount('<test-dashed></test-dashed>').firstElementChild as HTMLElement & Record<string, unknown>;
    await rendered(el);
    // Frameworks set a property when `name in el` (Vue, React 19, Svelte) or always (Angular [extra-data]).
    ok('extra-data' in el, 'a property under the dashed name');
    ok(!('checkout-id' in el), 'only object props get one: text props stay attributes');
    el['extra-data'] = { qty: 2 };
    deepEqual(el.extraData, { qty: 2 });
    deepEqual(el['extra-data'], { qty: 2 });
    equal(el.getAttribute('extra-data'), '{"qty":2}');
    await waitFor(() => JSON.stringify(propsOf(el).extraData) === '{"qty":2}');
    // Text under the dashed name is the attribute's JSON text (a framework binding a static string).
    el['extra-data'] = '{"qty":3}';
    deepEqual(el.extraData, { qty: 3 });
    equal(el.getAttribute('extra-data'), '{"qty":3}');
    el['extra-data'] = undefined;
    equal(el.hasAttribute('extra-data'), false);
    equal(el.extraData, undefined);
  });

  it('React 19 sets an object bound through the dashed name as the property', async () => {
    const host = mount('');
    const root = createRoot(host);
    try {
      flushSync(() => root.render(createElement('test-dashed', { 'extra-data': { currencyId: 'usdc' } })));
      const el = host.firstElementChild as HTMLElement & Record<string, unknown>;
      deepEqual(el.extraData, { currencyId: 'usdc' });
      equal(el.getAttribute('extra-data'), '{"currencyId":"usdc"}');
      await rendered(el);
      await waitFor(() => JSON.stringify(propsOf(el).extraData) === '{"currencyId":"usdc"}');
    } finally {
      root.unmount();
    }
  });

  it('takes an object set under the dashed name before the element was defined', async () => {
    const el = document.createElement('test-late-dashed') as HTMLElement & Record<string, unknown>;
    el['extra-data'] = { qty: 5 };
    mount('').appendChild(el);
    defineElement('test-late-dashed', async () => ProbeView, {
      messages: testMessages,
      prefix: 'test',
      props: { extraData: 'json' },
    });
    await rendered(el);
    await waitFor(() => JSON.stringify(propsOf(el).extraData) === '{"qty":5}');
    equal(Object.prototype.hasOwnProperty.call(el, 'extra-data'), false, 'the own property gave way to the accessor');
  });

  it('warns for the lower-cased property name a framework wrote before the element was defined', async () => {
    const seen = await warnings(async () => {
      const host = mount('<test-late-camel extradata="[object Object]"></test-late-camel>');
      defineElement('test-late-camel', async () => ProbeView, {
        messages: testMessages,
        prefix: 'test',
        props: { extraData: 'json' },
      });
      await rendered(host.firstElementChild as HTMLElement);
    });
    equal(seen.length, 1, seen.join('\n'));
    ok(
      seen[0]?.includes('extradata="[object Object]"') && seen[0].includes('Set the extraData property instead'),
      seen[0],
    );
  });

  it('exposes the package version as a static version on the element class', () => {
    const ctor = customElements.get('test-probe') as unknown as { version: string };
    equal(ctor.version, VERSION);
    equal((document.createElement('test-probe').constructor as unknown as { version: string }).version, VERSION);
  });

  it('says so, with both versions, when another copy of the library already defined the tag', async () => {
    // (VERSION is the package version in a build — tests/package/pack.test.ts checks that — and `dev` from sources.)
    class OtherCopy extends HTMLElement {}
    Object.defineProperty(OtherCopy, Symbol.for('blocklet-pay-elements.version'), { value: '0.0.1-other' });
    customElements.define('test-twice', OtherCopy);
    let result: CustomElementConstructor | undefined;
    const seen = await warnings(() => {
      result = defineElement('test-twice', async () => ProbeView, { messages: testMessages, prefix: 'test' });
    });
    equal(result, OtherCopy, 'the first definition stays');
    equal(seen.length, 1, seen.join('\n'));
    ok(
      seen[0]?.includes('<test-twice>') && seen[0].includes('0.0.1-other') && seen[0].includes(`version ${VERSION}`),
      seen[0],
    );
    // The same copy asking again (a module evaluated twice by one bundle) is quiet.
    const again = await warnings(
      () => void defineElement('test-probe', async () => ProbeView, { messages: testMessages, prefix: 'test' }),
    );
    deepEqual(again, []);
  });
});

describe('defineElement: events', () => {
  it('dispatches prefixed, bubbling, composed, cancelable CustomEvents with detail', async () => {
    const c = mount(`<test-probe></test-probe>`);
    const el = c.firstElementChild as HTMLElement;
    await rendered(el);
    const seen: CustomEvent[] = [];
    const onEvent = (e: Event) => seen.push(e as CustomEvent);
    document.addEventListener('test-thing-done', onEvent);
    try {
      $(el, 'button')?.click();
      await waitFor(() => $(el, '[data-last]')?.textContent === 'true');
      equal(seen.length, 1);
      const e = seen[0] as CustomEvent;
      equal(e.bubbles, true);
      equal(e.composed, true);
      equal(e.cancelable, true);
      equal(e.target, el);
      deepEqual(e.detail, { n: 1 });
      const veto = (ev: Event) => ev.preventDefault();
      el.addEventListener('test-thing-done', veto);
      $(el, 'button')?.click();
      await waitFor(() => $(el, '[data-last]')?.textContent === 'false', { message: 'emit should report the veto' });
      el.removeEventListener('test-thing-done', veto);
    } finally {
      document.removeEventListener('test-thing-done', onEvent);
    }
  });
});

describe('defineElement: nothing leaks out of the shadow root', () => {
  it('writes styles inside the shadow root, none into document.head', async () => {
    const c = mount(`<test-probe></test-probe><test-probe theme="dark"></test-probe>`);
    const [a, b] = [...c.children] as HTMLElement[];
    await rendered(a as HTMLElement);
    await rendered(b as HTMLElement);
    equal(document.head.children.length, headBefore, 'head children');
    equal(document.head.innerHTML, headHtmlBefore, 'head content');
    // Rules live in stylesheets adopted by each root (no <style> element: a strict CSP would block it).
    const rulesOf = (el: HTMLElement) =>
      el.shadowRoot!.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    ok(rulesOf(a as HTMLElement).includes('var(--pay-color-bg)'), 'rules written into the root');
    // The same template rendered in another root (css remembers classes per root) writes its rules there too.
    ok(rulesOf(b as HTMLElement).includes('var(--pay-color-bg)'), 'rules written into the second root');
    ok(rulesOf(a as HTMLElement).includes('--pay-color-primary: #1d4ed8'), 'light tokens on the first');
    ok(rulesOf(b as HTMLElement).includes('--pay-color-primary: #60a5fa'), 'second root has its own sheets (dark)');
    ok(!rulesOf(b as HTMLElement).includes('#1d4ed8'), 'the forced dark theme has no light palette');
    equal((a as HTMLElement).shadowRoot!.querySelectorAll('style').length, 0, 'no style element in the root');
    equal(document.querySelectorAll('style').length, 0, 'no style element in the light DOM');
    equal(document.adoptedStyleSheets.length, 0, 'no sheet adopted by the document');
    ok(shadowText(a as HTMLElement).length > 0);
  });

  it('adds no window globals', async () => {
    const windowKeysBefore = new Set(Object.keys(window));
    defineElement('test-globals', async () => ProbeView, {
      messages: testMessages,
      prefix: 'test',
      props: { count: 'number' },
    });
    const c = mount(`<test-globals locale="zh" theme="dark" count="1"></test-globals><test-probe></test-probe>`);
    await rendered(c.firstElementChild as HTMLElement);
    ($(c.firstElementChild as HTMLElement, 'button') as HTMLElement).click();
    await flushed(); // what the click does has rendered
    const added = Object.keys(window).filter((k) => !windowKeysBefore.has(k));
    deepEqual(added, [], 'new window keys');
  });
});

describe('defineElement: settings', () => {
  it('isolates two instances with different locale and theme', async () => {
    const c = mount(
      `<test-probe locale="en" theme="light"></test-probe><test-probe locale="zh" theme="dark"></test-probe>`,
    );
    const [en, zh] = [...c.children] as HTMLElement[];
    await rendered(en as HTMLElement);
    await rendered(zh as HTMLElement);
    await waitFor(() => $(zh as HTMLElement, '[data-text]')?.textContent === '关闭');
    equal($(en as HTMLElement, '[data-text]')?.textContent, 'Close');
    const bg = (el: HTMLElement) => getComputedStyle($(el, '[data-testid=probe]') as HTMLElement).backgroundColor;
    const color = (el: HTMLElement) => getComputedStyle($(el, '[data-testid=probe]') as HTMLElement).color;
    equal(bg(en as HTMLElement), 'rgb(255, 255, 255)');
    equal(bg(zh as HTMLElement), 'rgb(11, 18, 32)');
    notEqual(color(en as HTMLElement), color(zh as HTMLElement));
    equal(settingsOf(zh as HTMLElement).mode, 'dark');
  });

  it('lets the page override tokens on the element', async () => {
    const c = mount(`<test-probe theme="dark" style="--pay-color-bg: rgb(1, 2, 3)"></test-probe>`);
    const el = c.firstElementChild as HTMLElement;
    await rendered(el);
    await waitFor(
      () => getComputedStyle($(el, '[data-testid=probe]') as HTMLElement).backgroundColor === 'rgb(1, 2, 3)',
    );
  });

  it('defaults locale to the nearest lang attribute and theme to auto', async () => {
    const c = mount(`<section lang="zh-CN"><test-probe></test-probe></section>`);
    const el = c.querySelector('test-probe') as HTMLElement;
    await rendered(el);
    await waitFor(() => settingsOf(el).locale === 'zh');
    equal(settingsOf(el).theme, 'auto');
    equal(settingsOf(el).livemode, undefined);
  });

  it('takes settings from the nearest <pay-provider>; the own attribute wins; updates propagate', async () => {
    const c = mount(`
      <pay-provider base-url="https://pay.example/payment/" locale="zh" theme="dark" livemode="false">
        <div><test-probe id="inherits"></test-probe><test-probe id="own" locale="en" theme="light"></test-probe></div>
      </pay-provider>`);
    const inherits = c.querySelector('#inherits') as HTMLElement;
    const own = c.querySelector('#own') as HTMLElement;
    await rendered(inherits);
    await rendered(own);
    await waitFor(() => settingsOf(inherits).locale === 'zh');
    deepEqual(settingsOf(inherits), {
      locale: 'zh',
      theme: 'dark',
      baseUrl: 'https://pay.example/payment/',
      livemode: false,
      mode: 'dark',
    });
    equal(settingsOf(own).locale, 'en');
    equal(settingsOf(own).theme, 'light');
    equal(settingsOf(own).baseUrl, 'https://pay.example/payment/');
    equal($(inherits, '[data-text]')?.textContent, '关闭');
    const provider = c.querySelector('pay-provider') as HTMLElement;
    provider.setAttribute('locale', 'en');
    await waitFor(() => settingsOf(inherits).locale === 'en', { message: 'provider update should propagate' });
    equal($(inherits, '[data-text]')?.textContent, 'Close');
    equal(getComputedStyle(provider).display, 'contents');
  });

  it('reaches elements inside another shadow root and a provider defined later', async () => {
    const host = mount(`<pay-provider locale="zh"><div id="outer"></div></pay-provider>`).querySelector(
      '#outer',
    ) as HTMLElement;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<test-probe></test-probe>';
    const el = root.querySelector('test-probe') as HTMLElement;
    await rendered(el);
    await waitFor(() => settingsOf(el).locale === 'zh', { message: 'context request should cross shadow roots' });

    // A provider-like tag defined after the element connected: the element re-requests when it appears.
    const c2 = mount(`<late-provider locale="zh"><test-probe></test-probe></late-provider>`);
    const late = c2.querySelector('test-probe') as HTMLElement;
    await rendered(late);
    equal(settingsOf(late).locale, navigator.language.startsWith('zh') ? 'zh' : 'en');
    const Provider = customElements.get('pay-provider') as CustomElementConstructor;
    customElements.define('late-provider', class extends (Provider as { new (): HTMLElement }) {});
    await waitFor(() => settingsOf(late).locale === 'zh', { message: 'late provider should be picked up' });
  });
});

describe('defineElement: error boundary', () => {
  it('shows the generic error screen with Home and Refresh, and Refresh recovers', async () => {
    const origError = console.error;
    console.error = () => {};
    try {
      const c = mount(`<test-thrower></test-thrower>`);
      const el = c.firstElementChild as HTMLElement;
      await waitFor(() => shadowText(el).includes('Something went wrong...'));
      const home = $<HTMLAnchorElement>(el, '[part~=error] a');
      ok(home, 'home link');
      equal(new URL(home.href).pathname, '/');
      equal(home.textContent, 'Home');
      const refresh = [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Refresh');
      ok(refresh, 'refresh button');
      shouldThrow = false;
      refresh.click();
      await waitFor(() => $(el, '[data-ok]'), { message: 'refresh should re-render' });
      // Home is the host app's, from its description (window.blocklet here): the group prefix, else the prefix.
      shouldThrow = true;
      const w = window as { blocklet?: unknown };
      w.blocklet = { prefix: '/shop/', groupPrefix: '/group/' };
      try {
        const hosted = mount(`<test-thrower></test-thrower>`).firstElementChild as HTMLElement;
        const link = await waitFor(() => $<HTMLAnchorElement>(hosted, '[part~=error] a'));
        equal(new URL(link.href).pathname, '/group/');
      } finally {
        delete w.blocklet;
      }
    } finally {
      console.error = origError;
    }
  });
});

describe('defineElement: lifecycle', () => {
  beforeEach(() => {
    life.prefetches = [];
    life.renders = 0;
    life.fetches = 0;
  });

  it('starts the first request at connect, before the first render; the screen reuses it', async () => {
    const c = mount(`<test-life></test-life>`);
    const el = c.querySelector('test-life')!;
    // In a microtask after connecting: properties a framework sets in the same task (Angular) are in the request.
    equal(life.prefetches.length, 0);
    await Promise.resolve();
    equal(life.prefetches.length, 1);
    equal(life.prefetches[0]!.renders, 0);
    equal(life.prefetches[0]!.api.queryClient.isFetching(), 1);
    await waitFor(() => $(el, '[data-life]')?.textContent === 'data', { message: 'no data' });
    equal(life.fetches, 1);
  });

  it('a removed element drops its queries at once; a moved one keeps its api and cache', async () => {
    const c = mount(`<test-life></test-life><div data-other></div>`);
    const el = c.querySelector('test-life')!;
    await waitFor(() => $(el, '[data-life]')?.textContent === 'data', { message: 'no data' });
    const api = life.prefetches[0]!.api;
    c.querySelector('[data-other]')!.append(el); // a move: removed and inserted in the same task
    await flushed(); // past the microtask where a removal lets go of the api
    equal(life.prefetches.at(-1)!.api, api);
    equal(api.queryClient.getQueryCache().getAll().length, 1);
    await waitFor(() => $(el, '[data-life]')?.textContent === 'data', { message: 'no data after the move' });
    equal(life.fetches, 1);
    el.remove();
    await Promise.resolve();
    await Promise.resolve();
    equal(api.queryClient.getQueryCache().getAll().length, 0);
  });
});

describe('useQuery', () => {
  it('renders once when mounting starts a fetch, then once with the data', async () => {
    mounted.statuses = [];
    const el = mount(`<test-mount-fetch></test-mount-fetch>`).firstElementChild!;
    await waitFor(() => $(el, '[data-mounted]'), { message: 'did not render' });
    await flushed();
    await sleep(50); // effects ran and the fetch started: nothing left to re-render
    // The first render already says 'fetching' (the optimistic result); read after it, the subscription would find
    // the result changed and force a second render of the whole screen right after the first commit.
    deepEqual(mounted.statuses, ['fetching:']);
    mounted.resolve('data');
    await waitFor(() => $(el, '[data-mounted]')?.textContent === 'data', { message: 'no data' });
    deepEqual(mounted.statuses, ['fetching:', 'idle:data']);
  });
});

// A screen whose code fails to load the first time (a dropped network), then loads.
let screenFailures = 1;
defineElement(
  'test-flaky-load',
  async () => {
    if (screenFailures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
    return () => <p data-loaded>loaded</p>;
  },
  { messages: testMessages, prefix: 'test' },
);

describe('defineElement: the screen fails to load', () => {
  it('says so in the element, in its language, and Try again loads it', async () => {
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const c = mount(`<test-flaky-load locale="zh"></test-flaky-load>`);
      const el = c.querySelector('test-flaky-load')!;
      const alert = await waitFor(() => $(el, '[part=error] [role=alert]'), {
        message: 'no alert after the failed load',
      });
      equal(alert.textContent, '网络错误');
      const retry = $(el, 'button') as HTMLButtonElement;
      equal(retry.textContent, '重试');
      ok(errors.length > 0, 'the failure is logged');
      retry.click();
      await waitFor(() => $(el, '[data-loaded]'), { message: 'Try again did not load the screen' });
      equal($(el, '[part=error]'), null, 'the message is gone');
    } finally {
      console.error = consoleError;
    }
  });
});

describe('keyboard', () => {
  it('sendKeys reaches the page (smoke)', async () => {
    const c = mount(`<input id="k">`);
    const input = c.querySelector('input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'ab' });
    equal(input.value, 'ab');
  });
});
