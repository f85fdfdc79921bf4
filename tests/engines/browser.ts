/**
 * One page in Firefox or WebKit, driven as a person would: find by role and accessible name through shadow roots
 * (in-page.js), click with the real pointer at the element's centre, type with the real keyboard, resize the window,
 * take screenshots. The same journey code runs in both engines (tests/support/engines.mjs says how each is driven).
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { Origin } from 'selenium-webdriver';
import { AXE_WCAG_TAGS } from '../support/axe.ts';
import { launchFirefox, launchWebKit, patchFirefoxPage } from '../support/engines.mjs';

export type EngineName = 'firefox' | 'webkit';

const IN_PAGE = readFileSync(new URL('./in-page.js', import.meta.url), 'utf8');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Pattern = string | RegExp;
export type Query = {
  /** CSS of the element to search in (e.g. 'pay-checkout'), looked up through shadow roots. */
  host?: string;
  /** A container to search in (e.g. a dialog by its name). */
  within?: Query;
  role?: string;
  name?: Pattern;
  text?: Pattern;
  css?: string;
  nth?: number;
  /** Also hidden elements. */
  hidden?: boolean;
};

type Wire = Omit<Query, 'name' | 'text' | 'within'> & {
  name?: string | { source: string; flags: string };
  text?: string | { source: string; flags: string };
  within?: Wire;
};
const wire = (q: Query): Wire => {
  const p = (v?: Pattern) => (v instanceof RegExp ? { source: v.source, flags: v.flags } : v);
  return { ...q, name: p(q.name), text: p(q.text), within: q.within ? wire(q.within) : undefined };
};
const show = (q: Query): string =>
  [
    q.host,
    q.within ? `in (${show(q.within)})` : '',
    q.role,
    q.css,
    q.name && `name ${q.name}`,
    q.text && `text ${q.text}`,
  ]
    .filter(Boolean)
    .join(' ');

type Driver = {
  run<T>(script: string, args: unknown[]): Promise<T>;
  goto(url: string): Promise<void>;
  click(x: number, y: number): Promise<void>;
  type(text: string): Promise<void>;
  press(key: string): Promise<void>;
  size(width: number, height: number): Promise<void>;
  png(): Promise<Buffer>;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** Ends the browser at once, for one that no longer answers. */
  kill(): void;
};

/** How long one call to a browser may take (a page load included) before the browser counts as hung. */
const CALL_LIMIT_MS = 60_000;

/**
 * The driver with a deadline on every call. A browser that stops answering (seen with Firefox over WebDriver BiDi on
 * a loaded machine: a call that never returns) would otherwise hold each journey after it for the whole test timeout,
 * retry included; now the call fails, `hung` is set, and the next journey starts a new browser.
 */
function guarded(driver: Driver, onHang: () => void): Driver {
  const out = { ...driver };
  for (const name of ['run', 'goto', 'click', 'type', 'press', 'size', 'png', 'reset'] as const) {
    const call = driver[name] as (...a: unknown[]) => Promise<unknown>;
    (out as Record<string, unknown>)[name] = (...args: unknown[]) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          onHang();
          reject(new Error(`the browser did not answer ${name} within ${CALL_LIMIT_MS / 1000} s`));
        }, CALL_LIMIT_MS);
      });
      return Promise.race([call(...args), limit]).finally(() => clearTimeout(timer));
    };
  }
  return out;
}

async function firefoxDriver(): Promise<Driver> {
  const browser: Browser = await launchFirefox();
  let context: BrowserContext = await browser.createBrowserContext();
  let page: Page = patchFirefoxPage(await context.newPage());
  const fresh = async () => {
    await context.close().catch(() => {});
    context = await browser.createBrowserContext();
    page = patchFirefoxPage(await context.newPage());
  };
  return {
    // The script is a function body using `arguments`, as WebDriver's executeScript takes it.
    run: (script, args) => page.evaluate(new Function(script) as (...a: unknown[]) => unknown, ...args) as never,
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key as never),
    size: (width, height) => page.setViewport({ width, height }),
    png: async () => Buffer.from(await page.screenshot({ type: 'png' })),
    reset: fresh,
    close: () => browser.close(),
    kill: () => void browser.process()?.kill('SIGKILL'),
  };
}

async function webkitDriver(): Promise<Driver> {
  const webkit = await launchWebKit();
  const { driver, page } = webkit;
  let origin = '';
  return {
    run: (script, args) => driver.executeScript(script, ...args) as Promise<never>,
    goto: async (url) => {
      origin = new URL(url).origin;
      await driver.get(url);
    },
    click: async (x, y) => {
      await driver.actions({ async: true }).move({ x, y, origin: Origin.VIEWPORT }).press().release().perform();
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    size: (width, height) => page.setViewport({ width, height }),
    png: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    reset: async () => {
      // One MiniBrowser session: forget the previous journey's cookies and storage on the sandbox's origin.
      if (origin) {
        await driver.get(`${origin}/__blocklet__.js?type=json`);
        await driver.manage().deleteAllCookies();
        await driver.executeScript('localStorage.clear(); sessionStorage.clear();');
      }
      await driver.get('about:blank');
    },
    close: () => webkit.close(),
    kill: () => webkit.kill(),
  };
}

export class Journey {
  readonly shots: string[] = [];
  width = 1280;
  private timeouts = 0;

  private driver!: Driver;
  /** Set when a call to the browser ran past its deadline: the next journey starts a new browser. */
  private hung = false;

  private constructor(
    readonly engine: EngineName,
    readonly origin: string,
    private readonly shotDir: string,
  ) {}

  static async start(engine: EngineName, origin: string, shotDir: string): Promise<Journey> {
    const journey = new Journey(engine, origin, shotDir);
    await journey.launch();
    return journey;
  }

  private async launch(): Promise<void> {
    const driver = this.engine === 'firefox' ? await firefoxDriver() : await webkitDriver();
    this.hung = false;
    this.driver = guarded(driver, () => (this.hung = true));
  }

  /** Closes the browser; one that does not close within 10 s is killed. */
  async close(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const closed = await Promise.race([
      this.driver.close().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 10_000))),
    ]);
    clearTimeout(timer);
    if (!closed) this.driver.kill();
  }

  /** Calls window.__journey[fn](...args) in the page (defining it first in a new document). */
  private call<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.driver.run<T>(`${IN_PAGE}\nreturn window.__journey.${fn}(...arguments);`, args);
  }

  /** A fresh start: no cookies, no storage, the window at this width. */
  async begin(width: number, height = width < 600 ? 844 : 900): Promise<void> {
    this.width = width;
    if (this.hung) {
      console.warn(`${this.engine}: the browser stopped answering; starting a new one`);
      await this.close();
      await this.launch();
    }
    await this.driver.reset();
    await this.driver.size(width, height);
  }

  async goto(path: string): Promise<void> {
    await this.driver.goto(new URL(path, this.origin).href);
  }

  /** Waits until the page's path is `path` (or matches it). */
  async waitForPath(path: Pattern, timeout = 15_000): Promise<string> {
    return this.poll(
      async () => {
        const p = await this.driver.run<string>('return location.pathname + location.search', []);
        return (typeof path === 'string' ? p.split('?')[0] === path : path.test(p)) ? p : null;
      },
      timeout,
      () => `path ${path}`,
    );
  }

  async poll<T>(probe: () => Promise<T | null | false>, timeout: number, what: () => string): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const v = await probe();
        if (v) return v;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        const where = await this.driver.run<string>('return location.href', []).catch(() => '?');
        const shot = await this.shot(`timed-out-${++this.timeouts}`).catch(() => '');
        throw new Error(
          `${this.engine} @${this.width} on ${where}: timed out waiting for ${what()}${last ? ` (${String(last)})` : ''}` +
            (shot ? `; the screen: ${shot}` : ''),
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits for the element to be shown; its text, name, value and attributes. */
  async see(q: Query, timeout = 15_000) {
    return this.poll(
      () =>
        this.call<{
          text: string;
          name: string;
          value: string | null;
          checked: boolean | null;
          attrs: Record<string, string>;
        } | null>('info', wire(q)),
      timeout,
      () => show(q),
    );
  }

  /** Waits until the element's text is `want` (a string: exactly; a pattern: matching); its text. */
  async text(q: Query, want: Pattern, timeout = 15_000): Promise<string> {
    let last = '';
    return this.poll(
      async () => {
        const info = await this.call<{ text: string } | null>('info', wire(q));
        last = info?.text ?? '(none)';
        return (typeof want === 'string' ? last === want : want.test(last)) ? last : null;
      },
      timeout,
      () => `${show(q)} to read ${want} (it reads ${last})`,
    );
  }

  async count(q: Query): Promise<number> {
    return this.call<number>('findAll', wire(q));
  }

  /** Waits until nothing matches (call once the thing could have gone). */
  async gone(q: Query, timeout = 15_000): Promise<void> {
    await this.poll(
      async () => (await this.count(q)) === 0,
      timeout,
      () => `no ${show(q)}`,
    );
  }

  /** A real click at the element's centre, once it is shown, enabled and not covered by anything. */
  async click(q: Query, timeout = 15_000): Promise<void> {
    const t = await this.poll(
      async () => {
        const r = await this.call<{
          found: boolean;
          x: number;
          y: number;
          covered: boolean;
          coveredBy: string;
          disabled: boolean;
        }>('target', wire(q));
        return r.found && !r.covered && !r.disabled ? r : null;
      },
      timeout,
      () => `${show(q)} to be clickable`,
    );
    await this.driver.click(t.x, t.y);
  }

  /** Focuses a field (its text selected) and types over it with the keyboard. */
  async fill(q: Query, text: string): Promise<void> {
    await this.see(q);
    await this.click(q);
    await this.call('focus', wire(q));
    if (text) await this.driver.type(text);
    else await this.driver.press('Backspace');
  }

  async press(key: string): Promise<void> {
    await this.driver.press(key);
  }

  async focused(): Promise<{ role: string | null; name: string; tag: string } | null> {
    return this.call('focused');
  }

  /** Runs a function body in the page (`arguments` are the args). */
  async run<T>(script: string, ...args: unknown[]): Promise<T> {
    return this.driver.run<T>(script, args);
  }

  /** Layout defects of what is shown (in-page.js `defects`): broken words, sideways overflow, clipped dialogs. */
  async defects(host?: string): Promise<string[]> {
    return this.call<string[]>('defects', host ?? null);
  }

  /**
   * axe's WCAG 2.2 AA violations of the page (`rule: [targets]`). axe-core is sent by the test, once per document;
   * the driver's script is not subject to the page's CSP, as a page's own script would be.
   */
  async axe(): Promise<string[]> {
    if (!(await this.run<boolean>("return typeof window.axe === 'object'"))) await this.run(AXE);
    return this.run<string[]>(
      `return window.axe.run(document, { runOnly: { type: 'tag', values: arguments[0] } }).then((r) =>
         r.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))));`,
      AXE_WCAG_TAGS,
    );
  }

  async pageErrors(): Promise<string[]> {
    return this.call<string[]>('errors');
  }

  /** A screenshot of the viewport, kept as test-results/engines/<engine>/<name>-<width>.png. */
  async shot(name: string): Promise<string> {
    const file = `${this.shotDir}/${this.engine}/${name}-${this.width}.png`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await this.driver.png());
    this.shots.push(file);
    return file;
  }
}
