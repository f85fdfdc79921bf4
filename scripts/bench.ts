/**
 * npm run bench — how fast the built elements become usable and what they leave behind (a benchmark, not a test).
 *
 *   npm run build && npm run bench [-- --base <dist/elements of another build>] [--dist <this build's, default
 *   dist/elements>] [--runs 7] [--cycles 100] [--parts timing,memory,many,connect] [--timing <tags>] [--memory <tags>]
 *   [--devtools] [--verbose]
 *
 * Serves each build from its own sandbox (hosts/server/main.ts, SANDBOX_DB=memory; ports BENCH_PORT, default 4300,
 * and BENCH_BASE_PORT, default 4310, for --base), signs in as Casey Customer and buys once (so the portal has an
 * invoice), then drives Chromium (/usr/bin/chromium, or BENCH_CHROMIUM) at 4x CPU throttle (CDP
 * Emulation.setCPUThrottlingRate) and prints, per element:
 *
 * - time from insertion to usable, median and min of --runs runs, cold (a fresh browser context: empty cache) and
 *   warm (the same context reloaded: HTTP cache warm). Usable: checkout — the Pay button enabled; portal — an
 *   invoice row; header — the navigation and the session control; store — a blocklet card. The clock starts when
 *   the element is inserted and its module import() starts (the page itself and window.blocklet are loaded first).
 *   These runs drive a second Chromium over a bare CDP connection that never enables the Runtime domain, as a
 *   visitor's browser has no DevTools open: with Runtime enabled (Playwright enables it on every page) V8 records a
 *   detailed stack trace for every Error object created, and errors created while a large module is evaluated make V8
 *   re-parse that module for source positions (tens of ms at 4x for a 290 KB chunk). `--devtools` measures them
 *   through Playwright instead, for comparison. The memory and many-checkouts parts run through Playwright;
 * - memory after --cycles insert/remove cycles of the checkout and the header (unthrottled, after 10 warm-up
 *   cycles): JS heap retained after forced GC (CDP HeapProfiler.collectGarbage), live instances of the element that are detached (Runtime
 *   queryObjects), open WebSockets and live timers (intervals, and timeouts of 1 s or more) that remain;
 * - 20 checkouts inserted on one page at once: time until every Pay button is enabled, and JS heap per checkout;
 * - connect (DID Connect): on the reference host's trial checkout (Subscribe goes straight to the wallet), the time
 *   from the click on Subscribe to a scannable QR code (the dialog's `svg[part~=connect-qr]` drawn with its modules:
 *   the token request, the dialog's lazy chunk with the QR encoder, the render), cold (a fresh context: the chunk
 *   comes over the network) and warm (the page reloaded: HTTP cache warm), median and min of --runs, at 4x; and the
 *   size of what the dialog loads on first use (gzip).
 *
 * With --base, both builds run interleaved in one browser on the same machine, and the ratio is printed.
 * `--verbose` also prints every cold run (ms, in the order they ran), to see the spread behind a median.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import CdpSocket from 'ws';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('runs') ?? 7));
const CYCLES = Math.max(1, Number(arg('cycles') ?? 100));
const THROTTLE = 4;
/** Which parts to run (default all): timing, memory, many. `--memory <tags>` limits the memory part's elements. */
const PARTS = new Set((arg('parts') ?? 'timing,memory,many,connect').split(','));
const MEMORY_TAGS = (arg('memory') ?? 'pay-checkout,site-header').split(',');
const TIMING_TAGS = arg('timing')?.split(',');
const CASEY = 'z1iwx2fAzjFD91WS2om8x6uSJk6po1Muc7s'; // Casey Customer's DID (the demo keys: docs/sandbox.md)
/** Time the loads through Playwright (Runtime domain enabled, as with DevTools open) instead of a bare CDP client. */
const DEVTOOLS = argv.includes('--devtools');
const VERBOSE = argv.includes('--verbose');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

type Build = {
  name: string;
  dist: string;
  port: number;
  server?: ChildProcess;
  storage?: Awaited<ReturnType<BrowserContext['storageState']>>;
};
type Spec = { tag: string; attrs: Record<string, string>; usable: string };

/** Usable conditions, evaluated in the page against the element (string bodies of `(el) => boolean`). */
const SPECS: Spec[] = [
  {
    tag: 'pay-checkout',
    attrs: { 'checkout-id': 'plink_sandbox_onetime' },
    usable: `const b = el.shadowRoot?.querySelector('[part~=submit]'); return !!b && !b.disabled && b.getAttribute('aria-disabled') !== 'true' && b.getAttribute('aria-busy') !== 'true';`,
  },
  {
    tag: 'pay-portal',
    attrs: { view: 'invoices' },
    usable: `return !!el.shadowRoot?.querySelector('[part~=invoice-row]');`,
  },
  {
    tag: 'site-header',
    attrs: {},
    usable: `const r = el.shadowRoot; return !!r?.querySelector('[part~=nav]') && !!r.querySelector('[part~=avatar], [part~=login]');`,
  },
  {
    tag: 'blocklet-store',
    attrs: { 'base-path': '/__blocklet__.js' },
    usable: `return !!el.shadowRoot?.querySelector('[part~=blocklet-card]');`,
  },
];

function startServer(b: Build): Promise<void> {
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'hosts/server/main.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(b.port), SANDBOX_DB: 'memory', SANDBOX_DIST_DIR: b.dist },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  b.server = child;
  const url = `http://127.0.0.1:${b.port}/__blocklet__.js?type=json`;
  return new Promise((done, fail) => {
    const started = Date.now();
    const poll = () => {
      if (child.exitCode !== null) return fail(new Error(`${b.name}: the server exited (${child.exitCode})`));
      fetch(url)
        .then((r) => (r.ok ? done() : Promise.reject(new Error(String(r.status)))))
        .catch(() =>
          Date.now() - started > 300_000
            ? fail(new Error(`${b.name}: the server did not start`))
            : setTimeout(poll, 300),
        );
    };
    poll();
  });
}

const origin = (b: Build) => `http://127.0.0.1:${b.port}`;

/** A browser context signed in as Casey. (tsx names functions with a `__name` helper; page functions need it too.) */
async function newContext(browser: Browser, b: Build): Promise<BrowserContext> {
  const ctx = await browser.newContext({ storageState: b.storage });
  await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
  return ctx;
}

/** Signs in as Casey and pays once from the wallet balance (the portal then has an invoice). */
async function prepare(browser: Browser, b: Build): Promise<void> {
  const ctx = await browser.newContext({ baseURL: origin(b) });
  const res = await ctx.request.post('/.well-known/service/sandbox/login', {
    form: { did: CASEY },
    headers: { accept: 'application/json' },
  });
  if (!res.ok()) throw new Error(`${b.name}: sign-in failed (${res.status()})`);
  const page = await ctx.newPage();
  await page.goto('/checkout/plink_sandbox_onetime');
  const checkout = page.locator('pay-checkout');
  await checkout.getByRole('radio', { name: /^USDC\s*Base/ }).check();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  await checkout.getByRole('heading', { name: 'Thanks for your payment' }).waitFor({ timeout: 30_000 });
  b.storage = await ctx.storageState();
  await ctx.close();
}

/** A blank document of the build's origin with window.blocklet, the CPU throttled. */
async function blankPage(ctx: BrowserContext, b: Build, throttle = THROTTLE): Promise<{ page: Page; cdp: CDPSession }> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${origin(b)}/__blocklet__.js?type=json`);
  await page.evaluate(() => {
    document.body.replaceChildren();
  });
  await page.addScriptTag({ url: '/__blocklet__.js' });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { page, cdp };
}

/** Inserts the element, starts loading its module, and resolves with the ms until it is usable. */
function insertAndWait(page: Page, spec: Spec, count = 1): Promise<number> {
  return page.evaluate(insertAndWaitInPage, { tag: spec.tag, attrs: spec.attrs, usable: spec.usable, count });
}

/** The page-side measurement: inserts the element, imports its module, resolves with the ms until it is usable. */
// (tsx names functions with a `__name` helper, which the page has not got.)
const measureExpression = (spec: Spec, count = 1) =>
  `(() => { const __name = (f) => f; return (${String(insertAndWaitInPage)})(${JSON.stringify({ tag: spec.tag, attrs: spec.attrs, usable: spec.usable, count })}); })()`;

function insertAndWaitInPage({
  tag,
  attrs,
  usable,
  count,
}: {
  tag: string;
  attrs: Record<string, string>;
  usable: string;
  count: number;
}): Promise<number> {
  const check = new Function('el', usable) as (el: Element) => boolean;
  const t0 = performance.now();
  const els: Element[] = [];
  for (let i = 0; i < count; i++) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.body.append(el);
    els.push(el);
  }
  void import(`/elements/${tag}.js`);
  return new Promise<number>((done, fail) => {
    const give = setTimeout(() => fail(new Error(`${tag} not usable after 120 s`)), 120_000);
    const tick = () => {
      if (els.every((el) => check(el))) {
        clearTimeout(give);
        done(performance.now() - t0);
      } else setTimeout(tick, 5);
    };
    tick();
  });
}

/** A page of a fresh context (empty cache) the timed loads run in, whichever driver opened it. */
type TimedPage = {
  /** The build's blank document with window.blocklet, the CPU throttled. */
  blank(): Promise<void>;
  /** Inserts the element and resolves with the ms until it is usable. */
  measure(spec: Spec): Promise<number>;
  close(): Promise<void>;
};
type OpenTimed = (b: Build) => Promise<TimedPage>;

/** Timed pages through Playwright (`--devtools`: the Runtime domain is enabled, as with DevTools open). */
const playwrightPages =
  (browser: Browser): OpenTimed =>
  async (b) => {
    const ctx = await newContext(browser, b);
    let page: Page | undefined;
    return {
      blank: async () => void ({ page } = await blankPage(ctx, b)),
      measure: (spec) => insertAndWait(page!, spec),
      close: () => ctx.close(),
    };
  };

/**
 * A Chromium of its own driven over a bare CDP connection (Target, Page, Storage, Emulation and Runtime.evaluate;
 * never Runtime.enable), for the timed loads.
 */
class PlainChromium {
  #child: ChildProcess;
  #ws: CdpSocket;
  #dir: string;
  #id = 0;
  #pending = new Map<number, { ok: (v: Record<string, unknown>) => void; fail: (e: Error) => void }>();
  #events: Array<{ method: string; sessionId?: string }> = [];

  private constructor(child: ChildProcess, ws: CdpSocket, dir: string) {
    this.#child = child;
    this.#ws = ws;
    this.#dir = dir;
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as {
        id?: number;
        result?: Record<string, unknown>;
        error?: { message: string };
        method?: string;
        sessionId?: string;
      };
      const waiting = msg.id !== undefined ? this.#pending.get(msg.id) : undefined;
      if (waiting) {
        this.#pending.delete(msg.id!);
        if (msg.error) waiting.fail(new Error(msg.error.message));
        else waiting.ok(msg.result ?? {});
      } else if (msg.method) this.#events.push({ method: msg.method, sessionId: msg.sessionId });
    });
  }

  static async launch(): Promise<PlainChromium> {
    const dir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
    const child = spawn(
      CHROMIUM,
      ['--headless=new', '--no-sandbox', '--remote-debugging-port=0', `--user-data-dir=${dir}`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const url = await new Promise<string>((done, fail) => {
      let err = '';
      const give = setTimeout(() => fail(new Error(`Chromium did not start: ${err}`)), 30_000);
      child.stderr!.on('data', (d: Buffer) => {
        err += String(d);
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m) {
          clearTimeout(give);
          done(m[1] as string);
        }
      });
    });
    const ws = new CdpSocket(url);
    await new Promise((done, fail) => {
      ws.once('open', done);
      ws.once('error', fail);
    });
    return new PlainChromium(child, ws, dir);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.#id;
    return new Promise<T>((ok, fail) => {
      this.#pending.set(id, { ok: ok as (v: Record<string, unknown>) => void, fail });
      this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.text}`);
    return r.result.value;
  }

  /** A fresh browser context (empty cache) with the build's signed-in cookies, and a page in it. */
  async open(b: Build): Promise<TimedPage> {
    const { browserContextId } = await this.send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const cookies = (b.storage?.cookies ?? []).map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      httpOnly: c.httpOnly,
      secure: c.secure,
      sameSite: c.sameSite,
      ...(c.expires > 0 ? { expires: c.expires } : {}),
    }));
    await this.send('Storage.setCookies', { cookies, browserContextId });
    await this.send('Page.enable', {}, sessionId);
    // Shown and focused, as the page a visitor looks at (a background page gets no rendering steps: no resize
    // observers, no animation frames).
    await this.send('Page.bringToFront', {}, sessionId);
    await this.send('Emulation.setFocusEmulationEnabled', { enabled: true }, sessionId);
    // Playwright's default viewport, as the other parts use (the header keeps its desktop navigation).
    await this.send(
      'Emulation.setDeviceMetricsOverride',
      { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    return {
      blank: () => this.#blank(b, sessionId),
      measure: (spec) => this.evaluate<number>(sessionId, measureExpression(spec)),
      close: async () => {
        await this.send('Target.closeTarget', { targetId });
        await this.send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  /** The build's blank document with window.blocklet, then the CPU throttled. */
  async #blank(b: Build, sessionId: string): Promise<void> {
    this.#events = this.#events.filter((e) => e.sessionId !== sessionId);
    await this.send('Emulation.setCPUThrottlingRate', { rate: 1 }, sessionId);
    await this.send('Page.navigate', { url: `${origin(b)}/__blocklet__.js?type=json` }, sessionId);
    const started = Date.now();
    while (!this.#events.some((e) => e.method === 'Page.loadEventFired' && e.sessionId === sessionId)) {
      if (Date.now() - started > 30_000) throw new Error('the blank page did not load');
      await new Promise((r) => setTimeout(r, 20));
    }
    await this.evaluate(
      sessionId,
      `document.body.replaceChildren(); new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/__blocklet__.js'; s.onload = ok; s.onerror = fail; document.head.append(s); })`,
    );
    await this.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE }, sessionId);
  }

  async close(): Promise<void> {
    this.#ws.close();
    this.#child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

async function coldRun(open: OpenTimed, b: Build, spec: Spec): Promise<number> {
  const page = await open(b);
  try {
    await page.blank();
    return await page.measure(spec);
  } finally {
    await page.close();
  }
}

async function warmRuns(open: OpenTimed, b: Build, spec: Spec, runs: number): Promise<number[]> {
  const page = await open(b);
  try {
    await page.blank();
    await page.measure(spec); // fills the HTTP cache
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.blank();
      out.push(await page.measure(spec));
    }
    return out;
  } finally {
    await page.close();
  }
}

/** Counts open WebSockets and live timers in the page (installed before any page script runs). */
const PROBES = () => {
  const w = window as unknown as Record<string, unknown>;
  const sockets = new Set<WebSocket>();
  const intervals = new Set<number>();
  const timeouts = new Set<number>();
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.add(this);
      this.addEventListener('close', () => sockets.delete(this));
    }
  } as typeof WebSocket;
  const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...a: unknown[]) => {
    const id = si(fn, ms, ...a);
    intervals.add(id);
    return id;
  }) as typeof setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) intervals.delete(id);
    ci(id);
  }) as typeof clearInterval;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...a: unknown[]) => {
    const long = (ms ?? 0) >= 1000;
    const id: number = st(
      (...x: unknown[]) => {
        timeouts.delete(id);
        return typeof fn === 'function' ? (fn as (...y: unknown[]) => unknown)(...x) : undefined;
      },
      ms,
      ...a,
    );
    if (long) timeouts.add(id);
    return id;
  }) as typeof setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timeouts.delete(id);
    ct(id);
  }) as typeof clearTimeout;
  w.__benchProbes = () => ({
    sockets: [...sockets].filter((s) => s.readyState <= 1).length,
    intervals: intervals.size,
    timeouts: timeouts.size,
  });
};

type MemoryResult = { retainedKB: number; detached: number; sockets: number; intervals: number; timeouts: number };

async function heapUsed(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

async function memoryRun(browser: Browser, b: Build, spec: Spec, cycles: number): Promise<MemoryResult> {
  const ctx = await newContext(browser, b);
  await ctx.addInitScript(PROBES);
  try {
    const { page, cdp } = await blankPage(ctx, b, 1);
    await cdp.send('HeapProfiler.enable');
    const cycle = async () => {
      await insertAndWait(page, spec);
      await page.evaluate((tag) => document.querySelector(tag)?.remove(), spec.tag);
    };
    // Lazy chunks, caches, optimized code and the page's own structures settle before the baseline.
    for (let i = 0; i < 10; i++) await cycle();
    await page.waitForTimeout(500);
    const before = await heapUsed(cdp);
    for (let i = 0; i < cycles; i++) await cycle();
    await page.waitForTimeout(1500);
    const after = await heapUsed(cdp);
    const proto = await cdp.send('Runtime.evaluate', {
      expression: `customElements.get(${JSON.stringify(spec.tag)}).prototype`,
    });
    const instances = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId as string });
    const detached = await cdp.send('Runtime.callFunctionOn', {
      objectId: instances.objects.objectId as string,
      functionDeclaration: 'function () { return this.filter((el) => !el.isConnected).length; }',
      returnByValue: true,
    });
    const probes = (await page.evaluate(() =>
      (window as unknown as { __benchProbes: () => Omit<MemoryResult, 'retainedKB' | 'detached'> }).__benchProbes(),
    )) as Omit<MemoryResult, 'retainedKB' | 'detached'>;
    return { retainedKB: (after - before) / 1024, detached: detached.result.value as number, ...probes };
  } finally {
    await ctx.close();
  }
}

async function manyCheckouts(browser: Browser, b: Build, n: number): Promise<{ ms: number; heapKBEach: number }> {
  const ctx = await newContext(browser, b);
  try {
    const { page, cdp } = await blankPage(ctx, b);
    await cdp.send('HeapProfiler.enable');
    const before = await heapUsed(cdp);
    const ms = await insertAndWait(page, SPECS[0] as Spec, n);
    const after = await heapUsed(cdp);
    return { ms, heapKBEach: (after - before) / 1024 / n };
  } finally {
    await ctx.close();
  }
}

/**
 * One Subscribe → scannable QR measure on `page` (already showing the trial checkout, signed in): the ms from the click
 * to the QR code's modules in the open dialog.
 */
async function payToQr(page: Page): Promise<number> {
  const submit = page.locator('pay-checkout').locator('[part~=submit]');
  await submit.waitFor();
  await page.waitForFunction(
    () => {
      const b = document.querySelector('pay-checkout')?.shadowRoot?.querySelector('[part~=submit]');
      return !!b && !(b as HTMLButtonElement).disabled && b.getAttribute('aria-busy') !== 'true';
    },
    undefined,
    { timeout: 30_000 },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  try {
    return await page.evaluate(
      () =>
        new Promise<number>((done, fail) => {
          const root = document.querySelector('pay-checkout')!.shadowRoot!;
          const t0 = performance.now();
          (root.querySelector('[part~=submit]') as HTMLButtonElement).click();
          const until = t0 + 30_000;
          const check = () => {
            const d = root.querySelector('dialog[open] svg[part~=connect-qr] path')?.getAttribute('d');
            if (d && d.length > 100) return done(performance.now() - t0);
            if (performance.now() > until) return fail(new Error('no QR code within 30 s'));
            requestAnimationFrame(check);
          };
          check();
        }),
    );
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

/** Subscribe → QR, cold (a fresh context each run) and warm (the same page reloaded). */
async function connectRuns(browser: Browser, b: Build, runs: number): Promise<{ cold: number[]; warm: number[] }> {
  const url = `${origin(b)}/checkout/plink_sandbox_trial`;
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await newContext(browser, b);
    try {
      const page = await ctx.newPage();
      await page.goto(url);
      cold.push(await payToQr(page));
    } finally {
      await ctx.close();
    }
  }
  const ctx = await newContext(browser, b);
  try {
    const page = await ctx.newPage();
    await page.goto(url);
    await payToQr(page);
    for (let i = 0; i < runs; i++) {
      await page.reload();
      warm.push(await payToQr(page));
    }
  } finally {
    await ctx.close();
  }
  return { cold, warm };
}

/**
 * Gzip bytes of what a wallet moment loads on first use: the dialog (its frame, and its panel with the QR encoder and
 * the English strings) and the connect client (not the Chinese strings' chunk, which only a Chinese page loads).
 */
function connectChunkBytes(dist: string): { panel: number; client: number } {
  const dir = join(dist, 'chunks');
  const size = (keep: (name: string, code: string) => boolean) =>
    readdirSync(dir)
      .map((f) => [f, readFileSync(join(dir, f))] as const)
      .filter(([f, code]) => keep(f, code.toString('utf8')))
      .reduce((n, [, code]) => n + gzipSync(code, { level: 9 }).length, 0);
  return {
    panel: size((f) => /^Connect(Panel|Dialog)-.*\.js$/.test(f)),
    client: size((f, code) => /^connect-.*\.js$/.test(f) && code.startsWith('import')),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

async function main(): Promise<void> {
  const builds: Build[] = [
    {
      name: 'this build',
      dist: resolve(arg('dist') ?? join(root, 'dist/elements')),
      port: Number(process.env.BENCH_PORT ?? 4300),
    },
  ];
  const base = arg('base');
  if (base) builds.push({ name: 'base', dist: resolve(base), port: Number(process.env.BENCH_BASE_PORT ?? 4310) });
  for (const b of builds)
    if (!existsSync(join(b.dist, 'pay-checkout.js')))
      throw new Error(`${b.dist} has no built elements: run npm run build`);

  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const plain = PARTS.has('timing') && !DEVTOOLS ? await PlainChromium.launch() : undefined;
  const open: OpenTimed = plain ? (b) => plain.open(b) : playwrightPages(browser);
  try {
    await Promise.all(builds.map((b) => startServer(b)));
    for (const b of builds) await prepare(browser, b);
    console.log(
      `Chromium ${browser.version()}, CPU throttle ${THROTTLE}x, ${RUNS} runs, timed ${plain ? 'over a bare CDP connection (no Runtime domain)' : 'through Playwright (--devtools)'}; builds: ${builds.map((b) => `${b.name} (${b.dist.replace(root + '/', '')})`).join(', ')}\n`,
    );

    const rows: string[] = [
      '| element | build | cold median | cold min | warm median | warm min |',
      '|---|---|---|---|---|---|',
    ];
    const coldMedian = new Map<string, number>();
    for (const spec of PARTS.has('timing') ? SPECS.filter((s) => !TIMING_TAGS || TIMING_TAGS.includes(s.tag)) : []) {
      const cold = new Map<Build, number[]>(builds.map((b) => [b, []]));
      // Interleaved, and in the opposite order every other run, so that neither build is always the first load of a
      // pair (the machine's state drifts; a fixed order would tilt the ratio one way).
      for (let i = 0; i < RUNS; i++)
        for (const b of i % 2 ? [...builds].reverse() : builds) cold.get(b)!.push(await coldRun(open, b, spec));
      for (const b of builds) {
        const warm = await warmRuns(open, b, spec, RUNS);
        const c = cold.get(b)!;
        if (VERBOSE) console.log(`${spec.tag} ${b.name} cold runs: ${c.map((v) => Math.round(v)).join(' ')}`);
        coldMedian.set(`${spec.tag}|${b.name}`, median(c));
        rows.push(
          `| ${spec.tag} | ${b.name} | ${ms(median(c))} | ${ms(Math.min(...c))} | ${ms(median(warm))} | ${ms(Math.min(...warm))} |`,
        );
      }
      console.log(rows.at(-1 - (builds.length - 1))!, builds.length > 1 ? `\n${rows.at(-1)}` : '');
    }

    const mem: string[] = [
      `| element | build | heap retained after ${CYCLES} cycles | detached elements | open sockets | live timers |`,
      '|---|---|---|---|---|---|',
    ];
    for (const spec of PARTS.has('memory') ? SPECS.filter((s) => MEMORY_TAGS.includes(s.tag)) : []) {
      for (const b of builds) {
        const m = await memoryRun(browser, b, spec, CYCLES);
        mem.push(
          `| ${spec.tag} | ${b.name} | ${(m.retainedKB / 1024).toFixed(2)} MB | ${m.detached} | ${m.sockets} | ${m.intervals + m.timeouts} |`,
        );
        console.log(mem.at(-1));
      }
    }

    const many: string[] = [
      '| 20 checkouts on one page | build | time to all usable (median of 3) | JS heap per checkout |',
      '|---|---|---|---|',
    ];
    for (const b of PARTS.has('many') ? builds : []) {
      const r: Array<{ ms: number; heapKBEach: number }> = [];
      for (let i = 0; i < 3; i++) r.push(await manyCheckouts(browser, b, 20));
      many.push(
        `| | ${b.name} | ${ms(median(r.map((x) => x.ms)))} | ${Math.round(median(r.map((x) => x.heapKBEach)))} KB |`,
      );
      console.log(many.at(-1));
    }

    const conn: string[] = [
      '| DID Connect: Subscribe → scannable QR | build | cold median | cold min | warm median | warm min | dialog chunks (gzip) |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const b of PARTS.has('connect') ? builds : []) {
      const r = await connectRuns(browser, b, RUNS);
      const k = connectChunkBytes(b.dist);
      conn.push(
        `| | ${b.name} | ${ms(median(r.cold))} | ${ms(Math.min(...r.cold))} | ${ms(median(r.warm))} | ${ms(Math.min(...r.warm))} | ${(k.panel / 1024).toFixed(1)} KB dialog + QR encoder, ${(k.client / 1024).toFixed(1)} KB client |`,
      );
      console.log(conn.at(-1));
    }

    console.log(`\n${rows.join('\n')}\n\n${mem.join('\n')}\n\n${many.join('\n')}\n\n${conn.join('\n')}`);
    if (builds.length > 1 && coldMedian.has('pay-checkout|base')) {
      const cur = coldMedian.get('pay-checkout|this build') as number;
      const was = coldMedian.get('pay-checkout|base') as number;
      console.log(
        `\nCheckout cold time to usable: ${ms(cur)} vs ${ms(was)} (base): ${(cur / was).toFixed(2)}x, ${Math.round((1 - cur / was) * 100)}% lower.`,
      );
    }
  } finally {
    await browser.close();
    await plain?.close();
    for (const b of builds) b.server?.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
