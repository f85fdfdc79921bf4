/** Tiny assertion and DOM helpers for the browser tests (no dependencies). */
import type { StubSwitches } from './stub-platform.ts';
import { AXE_WCAG_TAGS } from '../support/axe.ts';

export class AssertionError extends Error {}

export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(
      `${message ? `${message}: ` : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  }
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
}

export function notEqual<T>(actual: T, expected: T, message?: string): void {
  if (Object.is(actual, expected))
    throw new AssertionError(
      `${message ? `${message}: ` : ''}expected something other than ${JSON.stringify(expected)}`,
    );
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Sets an input's value as typing would end (one `input` event, which React reads), without a key per character. */
export function fill(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Polls until `fn` returns a truthy value (or throws the last error after `timeout`). */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  { timeout = 5000, interval = 20, message = 'waitFor timed out' } = {},
): Promise<NonNullable<T>> {
  const start = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() - start > timeout) {
      throw new AssertionError(`${message}${lastError instanceof Error ? ` (${lastError.message})` : ''}`);
    }
    await sleep(interval);
  }
}

/**
 * Resolves once the page has rendered twice since the call, with a task turn in between: every update already
 * scheduled by then (TanStack Query's notify batch on a zero timeout, React's render task, the layout effects
 * after it) has been committed. Use it after the thing that would cause a change has happened (an event was
 * dispatched, an answer arrived: see `answered`), never in place of waiting for it.
 */
export async function flushed(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise<void>((r) => setTimeout(r, 0));
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
  }
}

// Every request of the test file is kept (Chromium keeps 250 by default and then drops the newer ones).
performance.setResourceTimingBufferSize(100_000);

/** How many requests whose URL contains `url` (or matches it) have been answered so far on this page. */
export const answers = (url: string | RegExp): number =>
  performance
    .getEntriesByType('resource')
    .filter(
      (e) =>
        (typeof url === 'string' ? e.name.includes(url) : url.test(e.name)) &&
        (e as PerformanceResourceTiming).responseEnd > 0,
    ).length;

/**
 * Records the XHRs (axios's transport in the browser) opened from now on: each one's path and whether `rendered()`
 * held when it was opened. `stop()` puts XMLHttpRequest back.
 */
export function recordRequests(rendered: () => boolean): {
  asked: (path: string) => Array<{ path: string; rendered: boolean }>;
  stop: () => void;
} {
  const sent: Array<{ path: string; rendered: boolean }> = [];
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
    sent.push({ path: new URL(String(args[1]), location.href).pathname, rendered: rendered() });
    return open.apply(this, args);
  } as XMLHttpRequest['open'];
  return {
    asked: (path) => sent.filter((r) => r.path.endsWith(path)),
    stop: () => {
      XMLHttpRequest.prototype.open = open;
    },
  };
}

/**
 * Waits until more than `before` requests for `url` have been answered (`before = answers(url)` taken before the
 * action that sends it), then until what the answer shows has rendered. Something the answer would show, absent
 * after this, is absent for good.
 */
export async function answered(url: string | RegExp, before = 0, timeout = 5000): Promise<void> {
  await waitFor(() => answers(url) > before, { timeout, message: `no answer to ${url}` });
  await flushed();
}

/** Waits until the CSS transitions and animations under an element's shadow root have finished. */
export async function transitionsDone(el: Element): Promise<void> {
  await flushed();
  await Promise.all((el.shadowRoot?.getAnimations() ?? []).map((a) => a.finished.catch(() => undefined)));
}

const mounted: HTMLElement[] = [];

/** Adds HTML to the body inside a fresh container; `cleanup()` removes everything mounted. */
export function mount(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  document.body.appendChild(div);
  mounted.push(div);
  return div;
}

/**
 * Requests the page's elements have in flight (XHR and fetch; the stub's own `/__stub/` switches aside). A removed
 * element sends nothing more, but what it sent just before may still be on its way to the stub: it must not land
 * after the next test has switched the stub and be counted there.
 */
let inflight = 0;
const track = (url: string | URL | Request): boolean =>
  !String(url instanceof Request ? url.url : url).includes('/__stub/');
{
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const tracked = new WeakSet<XMLHttpRequest>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
    if (track(args[1])) tracked.add(this);
    return open.apply(this, args);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (tracked.has(this)) {
      inflight++;
      this.addEventListener('loadend', () => inflight--, { once: true });
    }
    return send.call(this, body);
  };
  const pageFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (!track(input)) return pageFetch(input, init);
    inflight++;
    return pageFetch(input, init).finally(() => inflight--);
  };
}

/** Removes everything mounted; the promise settles once the requests they had in flight have been answered. */
export function cleanup(): Promise<void> {
  while (mounted.length) mounted.pop()?.remove();
  // Bounded: a request the stub holds on purpose (a test's `delayMs`) must not hang the run.
  return waitFor(() => inflight === 0, { timeout: 5000 }).then(
    () => undefined,
    () => undefined,
  );
}

/** Text of an element's shadow root (trimmed, whitespace collapsed). */
/**
 * The words of the text under `root` that a line break splits (a word is a run without spaces, dashes or
 * slashes; each must lie on one line, its Range's non-empty client rects all on one line), as
 * `word (element text)`. Words that are ids or hashes may wrap; callers leave them out of `root`.
 */
export function wordsSplitAcrossLines(root: Node): string[] {
  const split: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    for (const m of n.data.matchAll(/[^\s\-\u2013\u2014/]+/g)) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const tops: number[] = [];
      for (const r of range.getClientRects())
        if (r.width > 0.5 && r.height > 0.5 && !tops.some((t) => Math.abs(t - r.top) < 3)) tops.push(r.top);
      if (tops.length > 1) split.push(`${m[0]} (${n.parentElement?.textContent?.trim().slice(0, 40)})`);
    }
  }
  return split;
}

export const shadowText = (el: Element): string => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** querySelector inside an element's shadow root. */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return el.shadowRoot?.querySelector<T>(selector) ?? null;
}

export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...(el.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** Deep active element through shadow roots. */
export function activeDeep(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Runs axe-core on a node (shadow DOM included) and throws with a readable list of violations. */
export async function expectNoAxeViolations(context: Element | Document): Promise<void> {
  const axe = (await import('axe-core')).default;
  const result = await axe.run(context as Element, {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: [...AXE_WCAG_TAGS, 'best-practice'] },
    rules: { region: { enabled: false } },
  });
  if (result.violations.length) {
    const lines = result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n    ')}`,
    );
    throw new AssertionError(`axe violations:\n  ${lines.join('\n  ')}`);
  }
}

// ---- test-runner server commands (the @web/test-runner-commands protocol; its module cannot go through Vite's
// pre-bundling because it imports the runner's websocket module by an absolute URL) ----

// Captured at load: a store test routes the page (History API) and may drop the query string.
const WTR_SESSION = new URL(window.location.href).searchParams.get('wtr-session-id');

async function serverCommand<T = unknown>(command: string, payload?: unknown): Promise<T> {
  const sessionId = WTR_SESSION;
  const wsModule = '/__web-dev-server__web-socket.js';
  const { sendMessageWaitForResponse } = (await import(/* @vite-ignore */ wsModule)) as {
    sendMessageWaitForResponse: (m: unknown) => Promise<{ executed: boolean; result: T }>;
  };
  const response = await sendMessageWaitForResponse({ type: 'wtr-command', sessionId, command, payload });
  if (!response.executed) throw new Error(`Unknown test-runner command ${command}`);
  return response.result;
}

/** Real keyboard input through Playwright: `{ press: 'Tab' }`, `{ type: 'abc' }`. */
export const sendKeys = (options: { press: string } | { type: string } | { down: string } | { up: string }) =>
  serverCommand('send-keys', options);

/** Resize the page viewport. */
export const setViewport = (viewport: { width: number; height: number }) => serverCommand('set-viewport', viewport);

/** The engine the tests run in (the suite runs in Chromium, Firefox and WebKit: web-test-runner.config.mjs). */
export const engine: 'chromium' | 'firefox' | 'webkit' = /Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrom(e|ium)\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';

/**
 * Emulate media features: `{ colorScheme: 'dark' }`, `{ reducedMotion: 'reduce' }`, `{ media: 'print' }`. Chromium
 * only: neither WebDriver BiDi in Firefox ESR nor WebKitWebDriver can override the page's media features, so
 * elsewhere this does nothing. The tests that call it also set the element's theme attribute, which is what they
 * check in every engine (a print media test runs in Chromium only).
 * @public documented in src/ui/README.md for element tests
 */
export const emulateMedia = async (media: {
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  media?: 'print' | 'screen';
}): Promise<void> => {
  if (engine === 'chromium') await serverCommand('emulate-media', media);
};

/** Switch the platform stand-in (tests/browser/stub-platform.ts): the switches are the stub's own, typed. */
export async function stub(state: Partial<StubSwitches> = {}): Promise<void> {
  const res = await fetch('/__stub/state', { method: 'POST', body: JSON.stringify(state) });
  if (!res.ok) throw new Error('stub state failed');
}
