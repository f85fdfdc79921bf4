/**
 * The package as a consumer gets it (run after `npm run build`): `npm pack`, install the tarball into a fresh app
 * (offline: the package has no dependencies), then
 * - the tarball holds the built elements, the typings, the manifest, the editor data and the Angular directives,
 *   and nothing else of the repository; their package.json names resolve in the app;
 * - every export imports in Node (server rendering) without throwing or defining anything;
 * - a TypeScript consumer type-checks against the installed typings (and a wrong value fails);
 * - the app is built with Vite, served, and <pay-checkout> from the package renders in Chromium against the
 *   platform stand-in; a second copy of the library on the page says so with both versions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleStub, initialState } from '../browser/stub-platform.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-args.mjs';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
};
const ENTRIES = [
  'pay-checkout',
  'pay-portal',
  'pay-pricing-table',
  'site-header',
  'blocklet-store',
  'pay-provider',
  'define-all',
];

let dir = '';
let app = '';
let files: string[] = [];
const installed = () => join(app, 'node_modules', pkg.name);
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  if (!existsSync(join(root, 'dist/elements/pay-checkout.js')))
    throw new Error('dist/elements is missing: run npm run build first');
  dir = mkdtempSync(join(tmpdir(), 'pay-pack-'));
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], root)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  files = packed!.files.map((f) => f.path);
  app = join(dir, 'app');
  run('mkdir', ['-p', app], dir);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  run('npm', ['install', join(dir, packed!.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built elements, typings, manifest, editor data and Angular directives only', () => {
    const outside = files.filter(
      (f) =>
        !/^dist\/elements\/(chunks\/)?[\w.-]+\.js$/.test(f) &&
        !/^types\/[\w-]+\.d\.ts$/.test(f) &&
        ![
          'package.json',
          'README.md',
          'custom-elements.json',
          'dist/elements/integrity.json',
          'vscode.html-custom-data.json',
          'web-types.json',
          'angular/index.js',
          'angular/index.d.ts',
        ].includes(f),
    );
    expect(outside).toEqual([]);
    expect(files).not.toContain('dist/elements/host.js');
    for (const entry of ENTRIES) {
      expect(files).toContain(`dist/elements/${entry}.js`);
      expect(files).toContain(`types/${entry}.d.ts`);
    }
    const manifest = JSON.parse(readFileSync(join(installed(), 'custom-elements.json'), 'utf8')) as {
      modules: Array<{ path: string }>;
    };
    for (const m of manifest.modules) expect(files, `custom-elements.json names ${m.path}`).toContain(m.path);
    // The CDN integrity manifest covers every packed module.
    const integrity = JSON.parse(readFileSync(join(installed(), 'dist/elements/integrity.json'), 'utf8')) as {
      version: string;
      files: Record<string, string>;
    };
    expect(integrity.version).toBe(pkg.version);
    expect(
      Object.keys(integrity.files)
        .map((f) => `dist/elements/${f}`)
        .sort(),
    ).toEqual(files.filter((f) => f.endsWith('.js') && f.startsWith('dist/')).sort());
    const installedPkg = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installedPkg.dependencies ?? {}).toEqual({});
    expect(installedPkg.version).toBe(pkg.version);
  });

  it('resolves the editor data and the Angular entry by their package names', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'vscode.html-custom-data.json',
        'web-types.json',
        'angular/index.js',
        'angular/index.d.ts',
      ]),
    );
    // How an app names them: the VS Code setting (a path into node_modules), the web-types field, the imports.
    const script = `
      const out = {};
      for (const e of ['vscode.html-custom-data.json', 'web-types.json', 'angular']) out[e] = import.meta.resolve('${pkg.name}/' + e);
      console.log(JSON.stringify(out));`;
    const resolved = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], app)) as Record<
      string,
      string
    >;
    expect(resolved).toEqual({
      'vscode.html-custom-data.json': pathToFileURL(join(installed(), 'vscode.html-custom-data.json')).href,
      'web-types.json': pathToFileURL(join(installed(), 'web-types.json')).href,
      angular: pathToFileURL(join(installed(), 'angular/index.js')).href,
    });
    const installedPkg = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as {
      'web-types': string;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    const webTypes = JSON.parse(readFileSync(join(installed(), installedPkg['web-types']), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(webTypes).toMatchObject({ name: pkg.name, version: pkg.version });
    const vscode = JSON.parse(readFileSync(join(installed(), 'vscode.html-custom-data.json'), 'utf8')) as {
      tags: Array<{ name: string }>;
    };
    expect(vscode.tags.map((t) => t.name)).toContain('pay-checkout');
    // Angular is the Angular entry's own (optional) peer: installing the package pulled it in for nobody.
    expect(installedPkg.peerDependenciesMeta['@angular/core']?.optional).toBe(true);
    expect(existsSync(join(app, 'node_modules/@angular/core'))).toBe(false);
    expect(readFileSync(join(installed(), 'angular/index.js'), 'utf8')).toContain("from '@angular/core'");
  });

  it('imports every entry in Node without throwing or defining anything', () => {
    const script = `
      const out = {};
      for (const e of ${JSON.stringify(['', ...ENTRIES].map((e) => (e ? `${pkg.name}/${e}` : pkg.name)))}) {
        const m = await import(e);
        out[e] = typeof m.default;
      }
      out.customElements = typeof globalThis.customElements;
      console.log(JSON.stringify(out));`;
    const out = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], app)) as Record<string, string>;
    expect(out.customElements).toBe('undefined');
    for (const e of ENTRIES) expect(out[`${pkg.name}/${e}`]).toBe('undefined');
  });

  it('type-checks a TypeScript consumer against the installed typings', () => {
    writeFileSync(
      join(app, 'main.ts'),
      `import PayCheckout from '${pkg.name}/pay-checkout';
import '${pkg.name}/define-all';
const el = document.querySelector('pay-checkout');
el?.addEventListener('pay-complete', (e) => console.log(e.detail.invoiceId));
if (el) el.extraParams = { qty: 2 };
// @ts-expect-error -- not a theme
if (el) el.theme = 'purple';
// @ts-expect-error -- no such detail field
el?.addEventListener('pay-complete', (e) => e.detail.total);
export const ctor = PayCheckout;
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app);
  });
});

describe('an app built with the package', () => {
  let server: Server | undefined;
  let origin = '';

  beforeAll(async () => {
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html><html lang="en"><body>
<pay-checkout checkout-id="cs_test_1" base-url="/payment/" locale="en" theme="light"></pay-checkout>
<script type="module" src="./main.js"></script></body></html>`,
    );
    writeFileSync(
      join(app, 'main.js'),
      `import '${pkg.name}/pay-checkout';
document.querySelector('pay-checkout').addEventListener('pay-ready', (e) => { window.ready = e.detail; });
`,
    );
    await build({ root: app, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true } });
    const stub = initialState();
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
    server = createServer((req, res) => {
      void (async () => {
        const url = req.url ?? '/';
        const body = () =>
          new Promise<string>((r) => {
            let d = '';
            req.on('data', (c) => (d += c)).on('end', () => r(d));
          });
        const stubbed = await handleStub(stub, req.method ?? 'GET', url, body);
        if (stubbed) return res.writeHead(stubbed.status, { 'content-type': stubbed.type }).end(stubbed.body);
        const path = new URL(url, 'http://x').pathname;
        // The app's build, and (for the second copy) the installed package's files as they are.
        const file = path.startsWith('/pkg/')
          ? join(installed(), path.slice(5))
          : join(app, 'dist', path === '/' ? 'index.html' : path);
        if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
        res
          .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
          .end(readFileSync(file));
      })();
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server!.once('listening', r));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('renders <pay-checkout> from the installed package in Chromium', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const warnings: string[] = [];
      const errors: string[] = [];
      page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
      // (Console errors about the stand-in's missing realtime socket and avatars are expected; script errors are not.)
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${origin}/`);
      await page.locator('pay-checkout [part~="submit"]').first().waitFor({ timeout: 15000 });
      const ready = await page.waitForFunction(
        () => (window as unknown as { ready?: { checkoutSessionId: string } }).ready,
      );
      expect(await ready.jsonValue()).toMatchObject({ checkoutSessionId: 'cs_test_1' });
      // Every element class says which version it is (support requests).
      const version = await page.evaluate(
        () => (customElements.get('pay-checkout') as unknown as { version?: string } | undefined)?.version,
      );
      expect(version).toBe(pkg.version);

      // A second copy of the library (the package's own files, not the app's bundle) loses, and says so.
      await page.addScriptTag({ type: 'module', url: '/pkg/dist/elements/pay-checkout.js' });
      await expect
        .poll(() => warnings.find((w) => w.includes('<pay-checkout> is already defined')))
        .toContain(`(version ${pkg.version})`);
      const warning = warnings.find((w) => w.includes('<pay-checkout> is already defined')) ?? '';
      expect(warning).toContain(`this copy (version ${pkg.version})`);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
