// Serves the built elements (dist/elements) with the platform stand-in and a preview page, for looking at the
// header and the store in a real browser (screenshots): `npx tsx tests/browser/preview-server.ts` (PORT, default 4031),
// then open /preview?theme=dark&locale=zh&signedIn=1.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { handleStub, initialState } from './stub-platform.ts';

const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.PORT || 4031);
const state = initialState();

const page = (q: URLSearchParams) => `<!doctype html>
<html lang="${q.get('locale') || 'en'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview</title>
<style>html,body{margin:0;background:${q.get('theme') === 'dark' ? '#0b1220' : '#fff'}}</style>
<script src="/__blocklet__.js"></script>
<script type="module" src="/elements/pay-provider.js"></script>
<script type="module" src="/elements/site-header.js"></script>
<script type="module" src="/elements/blocklet-store.js"></script>
</head>
<body>
<pay-provider locale="${q.get('locale') || 'en'}" theme="${q.get('theme') || 'light'}">
  <site-header></site-header>
  <blocklet-store base-path="/"></blocklet-store>
</pay-provider>
</body>
</html>`;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
};

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const readBody = () =>
    new Promise<string>((r) => {
      let d = '';
      req.on('data', (c) => (d += c));
      req.on('end', () => r(d));
    });
  try {
    if (url.pathname.startsWith('/elements/')) {
      const file = join(root, 'dist', url.pathname);
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      return res.end(body);
    }
    if (url.searchParams.has('signedIn')) state.signedIn = url.searchParams.get('signedIn') === '1';
    const stubbed = await handleStub(state, req.method ?? 'GET', req.url ?? '/', readBody);
    if (stubbed) {
      res.writeHead(stubbed.status, { 'content-type': stubbed.type, 'cache-control': 'no-store' });
      return res.end(stubbed.body);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(url.searchParams));
  } catch (e) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(String(e));
  }
}).listen(port, () => console.log(`preview on http://localhost:${port}/`));
