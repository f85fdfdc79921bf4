// @web/test-runner in Chromium, Firefox and WebKit (Debian's /usr/bin/chromium, firefox-esr and WebKitGTK's
// MiniBrowser; never downloaded). WTR_BROWSERS picks the engines; the default is all three. Firefox and WebKit have
// launchers of their own (tests/support/wtr-engines.mjs): a fresh browser context (Firefox) or cleared storage
// (WebKit) per test file, as the runner gives Chromium a fresh page.
// Two things held the Firefox run for a long time, both fixed here: the sockets nothing answers (see the upgrade
// handler below) and a first tab without the window's focus (see the launcher).
// npm test runs every file in all three engines, one runner per engine side by side (test:browser:<engine>). No test
// skips in WebKit; one skips outside Chromium (print media, which only Chromium's runner emulates) and says so.
// React 19 is CommonJS, which @web/dev-server's esbuild cannot serve, so a Vite dev server (the project's
// vite.config.ts, hmr off) compiles modules and the test runner's middleware forwards module requests to it.
import { createServer } from 'vite';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium-args.mjs';
import { firefoxLauncher, webkitLauncher } from './tests/support/wtr-engines.mjs';

const LAUNCHERS = {
  chromium: () =>
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      },
    }),
  webkit: webkitLauncher,
  firefox: firefoxLauncher,
};
const ENGINES = (process.env.WTR_BROWSERS ?? 'chromium,firefox,webkit').split(',').filter(Boolean);
for (const name of ENGINES) if (!(name in LAUNCHERS)) throw new Error(`WTR_BROWSERS: unknown engine ${name}`);

const FORWARD = [
  '/src/',
  '/elements/',
  '/tests/',
  '/locales/',
  '/node_modules/',
  '/@vite/',
  '/@id/',
  '/@fs/',
  '/@react-refresh',
];

let vite;
let viteOrigin;
// The platform stand-in (tests/browser/stub-platform.ts, TypeScript typed from the api's own types), loaded through
// the Vite server below once it is up: Node cannot import TypeScript itself, and Vite already compiles it.
let stub;
// One stub state per engine: the engines run side by side, each a test file at a time, and a test switches the
// stub (POST /__stub/state) for the file it runs. A page's engine is read off its user agent.
const stubStates = new Map();
const engineOf = (ua = '') => (/Chrom(e|ium)\//.test(ua) ? 'chromium' : /Firefox\//.test(ua) ? 'firefox' : 'webkit');

function viteServerPlugin() {
  return {
    name: 'vite-dev-server',
    async serverStart({ server }) {
      // Sockets nothing here answers (Vite's update socket, hmr being off; an element's realtime socket, which the
      // stub does not serve) are refused at once, as a closed socket is refused on the platform. Left hanging, each
      // holds one of Firefox's connections to the host (6), and Firefox opens one socket to a host at a time: the
      // runner's own socket (/wds, every sendKeys and setViewport) waited about 10 s per file, and once six were
      // held no request reached the stub.
      server?.on('upgrade', (req, socket) => {
        if (new URL(req.url ?? '/', 'http://stub.local').pathname !== '/wds') socket.destroy();
      });
      vite = await createServer({
        configFile: new URL('./vite.config.ts', import.meta.url).pathname,
        server: { port: 0, strictPort: false, hmr: false, host: '127.0.0.1' },
        // Scan every test (and what it imports, lazy imports included) before serving, so dependencies are
        // pre-bundled once up front; otherwise a fresh checkout discovers them mid-run, Vite re-optimizes and the
        // test module in flight fails to load ("Failed to fetch dynamically imported module").
        optimizeDeps: { entries: ['tests/browser/**/*.test.{ts,tsx}', 'elements/*.ts'] },
        logLevel: 'warn',
        clearScreen: false,
      });
      await vite.listen();
      const address = vite.httpServer?.address();
      viteOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 5173}`;
      stub = await vite.ssrLoadModule('/tests/browser/stub-platform.ts');
    },
    async serverStop() {
      await vite?.close();
    },
  };
}

// The platform stand-in (session, app description, the elements' APIs) on the test page's own origin.
async function platformStub(ctx, next) {
  const readBody = () =>
    new Promise((resolve) => {
      let data = '';
      ctx.req.on('data', (c) => (data += c));
      ctx.req.on('end', () => resolve(data));
    });
  const engine = engineOf(ctx.get('user-agent'));
  if (!stubStates.has(engine)) stubStates.set(engine, stub.initialState());
  const res = await stub.handleStub(stubStates.get(engine), ctx.method, ctx.url, readBody);
  if (!res) return next();
  // Answer on the raw response: the runner's cache middleware would otherwise mark `.json` answers cacheable for a
  // year (and the next test would see a stale store).
  ctx.respond = false;
  ctx.res.writeHead(res.status, { ...res.headers, 'content-type': res.type, 'cache-control': 'no-store' });
  ctx.res.end(res.body);
}

async function forwardToVite(ctx, next) {
  const path = ctx.path;
  // The test runner's own files (/__web-dev-server__…, the test html) stay with it; test modules go to Vite.
  if (
    !viteOrigin ||
    !FORWARD.some((p) => path.startsWith(p)) ||
    (ctx.querystring.includes('wtr-session-id') && path.endsWith('.html'))
  ) {
    return next();
  }
  const res = await fetch(`${viteOrigin}${ctx.url}`, { headers: { accept: ctx.get('accept') || '*/*' } });
  ctx.status = res.status;
  const type = res.headers.get('content-type');
  if (type) ctx.type = type;
  ctx.set('cache-control', 'no-store');
  ctx.body = Buffer.from(await res.arrayBuffer());
}

export default {
  files: ['tests/browser/**/*.test.ts', 'tests/browser/**/*.test.tsx'],
  nodeResolve: false,
  concurrency: 1,
  // One retry, as for the Playwright flows: in CI these run beside the unit tests and the flows on 2 cores, where a
  // test may now and then miss a timing window; a test that fails twice fails the run.
  testFramework: { config: { timeout: 10000, retries: 1 } },
  // A whole file's limit, a hang detector (a test's own is 10 s): checkout.test.ts (77 tests, some waiting on slowed
  // answers on purpose) took 164 s alone in WebKit with both cores loaded, and went past 180 s in npm test.
  testsFinishTimeout: 360000,
  // Firefox and WebKit start in 5-10 s alone; beside the other suites on 2 cores, the first start takes longer.
  browserStartTimeout: 120000,
  plugins: [viteServerPlugin()],
  middleware: [platformStub, forwardToVite],
  browsers: ENGINES.map((name) => LAUNCHERS[name]()),
};
