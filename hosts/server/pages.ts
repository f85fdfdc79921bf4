import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import type { SandboxContext } from './context.ts';
import { blockletInfo, requestOrigin } from './service/routes/blocklet.ts';
import { esc, sendHtml } from './service/routes/html.ts';

/**
 * The host's pages:
 *   /__blocklet__.js[?type=json]   the app description (window.blocklet or JSON, CORS-open)
 *   /elements/*                    dist/elements, the current alias (chunks/ immutable, entries no-cache; 503 if not built)
 *   /elements/{version}/*          the same files under the package version: immutable, cached a year (the CDN URL;
 *                                  integrity.json beside them); another version is a 404
 *   /host.css                      the reference host's stylesheet
 *   /host-prefs.js                 the reference host's first script (language and theme before the first paint)
 *   /embed-parent.js               sizes iframes of embed pages to the height they report (postMessage)
 *   /plain/checkout/:id            page with no framework: one module script + <pay-checkout>
 *   /plain/checkout.html?id=       the same (URL map of docs/architecture.md)
 *   /plain/header                  page with no framework: one module script + <site-header cookie-consent>
 *   /plain/pricing/:id             page with no framework: one module script + <pay-pricing-table> (?mode=redirect)
 *   /frameworks/{app}/             the framework hosts' builds (hosts/frameworks/{vue,react,svelte,angular}/dist)
 *   /embed-demo                    a page with an iframe of /embed/checkout/plink_sandbox_onetime
 *   everything else (GET)          hosts/pages/index.html (the assembled product; host.ts picks the element);
 *                                  /embed/* gets <site-header embed-mode="1">
 * Every HTML answer carries the strict CSP (service/routes/html.ts).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const PAGES_DIR = resolve(ROOT, 'hosts/pages');

export type PageOptions = { distDir?: string };

const RESERVED = [
  '/api',
  '/payment',
  '/store',
  '/.well-known',
  '/elements',
  '/plain',
  '/frameworks',
  '/__blocklet__.js',
];
const isReserved = (p: string) => RESERVED.some((r) => p === r || p.startsWith(`${r}/`));

const ID_RE = /^[A-Za-z0-9_]{1,128}$/;

/** The version of the elements this server ships (the build's __PAY_ELEMENTS_VERSION__ comes from the same file). */
const PACKAGE_VERSION = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
/** A leading `{semver}/` of an /elements/ path. */
const VERSION_DIR_RE = /^(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\//;

export function createPageRoutes(ctx: SandboxContext, opts: PageOptions = {}): Router {
  const r = Router();
  const distDir = resolve(opts.distDir ?? process.env.SANDBOX_DIST_DIR ?? resolve(ROOT, 'dist/elements'));

  /* app description */
  r.get('/__blocklet__.js', (req, res) => {
    const info = blockletInfo(ctx, requestOrigin(req));
    res.setHeader('Cache-Control', 'no-cache');
    if (req.query.type === 'json') {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.json(info);
      return;
    }
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    // JSON is valid JS; escape '<' so the payload can never close a script element.
    res.send(`window.blocklet = ${JSON.stringify(info).replace(/</g, '\\u003c')};\n`);
  });

  /* built elements */
  r.get('/elements/{*file}', (req, res) => {
    if (!existsSync(distDir)) {
      res.status(503).type('text/plain').send('The elements are not built yet. Run npm run build, then reload.\n');
      return;
    }
    let rel = decodeURIComponentSafe(req.path.slice('/elements/'.length));
    // /elements/{version}/…: the versioned (CDN) URL of the same build, never changing once published.
    const versioned = rel === null ? null : VERSION_DIR_RE.exec(rel);
    if (versioned) {
      if (versioned[1] !== PACKAGE_VERSION) {
        res
          .status(404)
          .type('text/plain')
          .send(`Version ${versioned[1]} is not served here; this server has ${PACKAGE_VERSION}.\n`);
        return;
      }
      rel = rel!.slice(versioned[0].length);
    }
    const file = rel === null ? null : resolve(distDir, rel);
    if (!file || (file !== distDir && !file.startsWith(distDir + sep)) || !isFile(file)) {
      res.status(404).type('text/plain').send(`Not found: ${req.path}\n`);
      return;
    }
    const immutable = !!versioned || rel!.startsWith('chunks/');
    res.sendFile(file, {
      headers: {
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
      lastModified: !immutable,
      etag: true,
      cacheControl: false,
    });
  });

  r.get('/host.css', (_req, res) => {
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(readFileSync(resolve(PAGES_DIR, 'host.css'), 'utf8'));
  });

  r.get('/embed-parent.js', (_req, res) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(readFileSync(resolve(PAGES_DIR, 'embed-parent.js'), 'utf8'));
  });

  r.get('/host-prefs.js', (_req, res) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(readFileSync(resolve(PAGES_DIR, 'prefs.js'), 'utf8'));
  });

  /** A page with no framework and no window.blocklet: one element's module script and the given body. */
  const plainPage = (title: string, element: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<script type="module" src="/elements/${element}.js"></script>
</head>
<body>
${body}
</body>
</html>
`;

  /* plain page: no framework, no window.blocklet */
  const plain = (id: unknown, res: Response) => {
    if (typeof id !== 'string' || !ID_RE.test(id)) {
      res.status(400).type('text/plain').send('Invalid checkout id: use letters, digits and underscores only.\n');
      return;
    }
    sendHtml(
      res,
      plainPage(
        'Checkout',
        'pay-checkout',
        `<pay-checkout checkout-id="${esc(id)}" base-url="/payment/"></pay-checkout>`,
      ),
    );
  };
  r.get('/plain/checkout/:id', (req, res) => plain(req.params.id, res));
  r.get('/plain/checkout.html', (req, res) => plain(req.query.id, res));

  /* plain pricing table page: one module script and the tag; the inline checkout loads itself when a plan is chosen */
  r.get('/plain/pricing/:id', (req, res) => {
    const id = req.params.id;
    if (!ID_RE.test(id)) {
      res.status(400).type('text/plain').send('Invalid pricing table id: use letters, digits and underscores only.\n');
      return;
    }
    const mode = req.query.mode === 'redirect' ? 'redirect' : 'inline';
    sendHtml(
      res,
      plainPage(
        'Pricing',
        'pay-pricing-table',
        `<pay-pricing-table pricing-table-id="${esc(id)}" base-url="/payment/" mode="${mode}"></pay-pricing-table>`,
      ),
    );
  });

  /* plain header page: a sibling product's page with only the module script (the header reads /__blocklet__.js?type=json) */
  r.get('/plain/header', (_req, res) => {
    sendHtml(
      res,
      plainPage(
        'A sibling product',
        'site-header',
        '<site-header cookie-consent></site-header>\n<main><h1>A page of a sibling product</h1><p>Only one script tag and the header element.</p></main>',
      ),
    );
  });

  /* the framework hosts (hosts/frameworks/README.md), built by npm run hosts:build */
  for (const app of ['vue', 'react', 'svelte', 'angular'])
    r.use(`/frameworks/${app}`, express.static(resolve(ROOT, 'hosts/frameworks', app, 'dist')));

  r.get('/embed-demo', (_req, res) => {
    sendHtml(
      res,
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Embedded checkout · Sandbox Store</title>
<link rel="icon" href="/.well-known/service/blocklet/logo">
<link rel="stylesheet" href="/host.css">
<script src="/__blocklet__.js"></script>
<script src="/host-prefs.js"></script>
</head>
<body>
<site-header></site-header>
<main id="embed-demo" class="host-page embed-demo">
<h1>Embedded checkout</h1>
<p class="lead">A merchant page showing the checkout in an iframe of <code>/embed/checkout/plink_sandbox_onetime</code>. Embed mode 1 hides the header inside the frame; the frame takes the height the page inside reports.</p>
<iframe class="frame" src="/embed/checkout/plink_sandbox_onetime" data-pay-embed title="Checkout (embedded)"></iframe>
</main>
<script src="/embed-parent.js" defer></script>
<script type="module" src="/elements/site-header.js"></script>
</body>
</html>
`,
    );
  });

  /* the assembled product */
  let indexHtml: string | null = null;
  const index = () => (indexHtml ??= readFileSync(resolve(PAGES_DIR, 'index.html'), 'utf8'));
  r.get('/{*path}', (req: Request, res: Response, next) => {
    if (isReserved(req.path)) return next();
    if (/\.[a-z0-9]{2,5}$/i.test(req.path) && !req.path.startsWith('/blocklet')) return next(); // files (favicon.ico …)
    let html =
      process.env.NODE_ENV === 'development' ? readFileSync(resolve(PAGES_DIR, 'index.html'), 'utf8') : index();
    if (req.path === '/embed' || req.path.startsWith('/embed/'))
      html = html.replace('<site-header>', '<site-header embed-mode="1">');
    sendHtml(res, html);
  });

  return r;
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    const d = decodeURIComponent(s);
    return d.includes('\0') ? null : d;
  } catch {
    return null;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
