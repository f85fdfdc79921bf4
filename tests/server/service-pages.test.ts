import { resolve } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRoutes } from '../../hosts/server/pages.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()), 120_000);
afterAll(() => sb.close());

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-src 'self'; object-src 'none'; base-uri 'self'";

describe('host pages', () => {
  it.each([
    '/',
    '/search?keyword=x',
    '/category/ai',
    '/blocklets/z8abc/1.2.3',
    '/blocklet/z8abc',
    '/checkout',
    '/checkout/plink_sandbox_onetime',
    '/customer',
    '/customer/invoice/in_1',
    '/profile',
    '/developer/blocklets',
    '/console/categories',
    '/join',
  ])('serves index.html for %s with the strict CSP', async (path) => {
    const res = await fetch(`${sb.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<script src="/__blocklet__.js"></script>');
    expect(html).toContain('<site-header></site-header>');
    expect(html).toContain('<main id="app"');
    expect(html).toContain('<script type="module" src="/elements/host.js"></script>');
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script
    expect(html).not.toMatch(/<style\b|\sstyle=/i); // no inline style (style-src has no 'unsafe-inline')
  });

  it('embed pages get the header in embed mode 1; the embed demo has the iframe', async () => {
    const html = await (await fetch(`${sb.url}/embed/checkout/plink_sandbox_onetime`)).text();
    expect(html).toContain('<site-header embed-mode="1"></site-header>');
    const demo = await fetch(`${sb.url}/embed-demo`);
    expect(demo.headers.get('content-security-policy')).toBe(CSP);
    const demoHtml = await demo.text();
    expect(demoHtml).toContain('<iframe class="frame" src="/embed/checkout/plink_sandbox_onetime" data-pay-embed');
    expect(demoHtml).toContain('<script src="/embed-parent.js" defer></script>');
    const sizer = await fetch(`${sb.url}/embed-parent.js`);
    expect(sizer.headers.get('content-type')).toMatch(/javascript/);
    expect(await sizer.text()).toContain("'pay-embed:hello'");
  });

  it('does not swallow API or service paths', async () => {
    for (const path of ['/api/nope-nope', '/store/api/nope', '/.well-known/service/nope', '/payment/nope']) {
      const res = await fetch(`${sb.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
  });

  it('plain page: only the module script and <pay-checkout>, id checked', async () => {
    const res = await fetch(`${sb.url}/plain/checkout/plink_sandbox_onetime`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    const html = await res.text();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/elements/pay-checkout.js"></script>');
    expect(html).toContain('<pay-checkout checkout-id="plink_sandbox_onetime" base-url="/payment/"></pay-checkout>');
    expect(html).not.toContain('__blocklet__');
    for (const bad of ['%3Cscript%3E', 'a%22b', 'a-b', 'x.y']) {
      const r = await fetch(`${sb.url}/plain/checkout/${bad}`);
      expect(r.status).toBe(400);
      expect(await r.text()).not.toContain('<script');
    }
    const alias = await fetch(`${sb.url}/plain/checkout.html?id=cs_123`);
    expect(await alias.text()).toContain('checkout-id="cs_123"');
  });

  it('the host stylesheet is served', async () => {
    const res = await fetch(`${sb.url}/host.css`);
    expect(res.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('/elements: 503 with a clear text when dist is missing', async () => {
    const app = express();
    app.use(createPageRoutes(sb.ctx, { distDir: resolve(import.meta.dirname, '__no_such_dist__') }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/elements/site-header.js`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('Run npm run build');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
