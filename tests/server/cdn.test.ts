/**
 * The CDN path (issue 12): versioned immutable URLs beside the no-cache alias, the integrity manifest, and CORS for
 * every origin on the elements (public code), for configured origins on the payment API and the service calls (not on
 * the pages people open).
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cors, originMatcher } from '../../hosts/server/cors.ts';
import { createPageRoutes } from '../../hosts/server/pages.ts';
import { integrityOf, sri } from '../../scripts/vite-integrity.ts';
import { startSandbox, type Sandbox } from './harness.ts';

const VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

let sb: Sandbox;
let dist: string;
let cdn: { url: string; close(): Promise<void> };

beforeAll(async () => {
  sb = await startSandbox();
  dist = mkdtempSync(join(tmpdir(), 'pay-dist-'));
  mkdirSync(join(dist, 'chunks'));
  writeFileSync(join(dist, 'pay-checkout.js'), 'export default(await import("./chunks/core-abc.js")).default;\n');
  writeFileSync(join(dist, 'chunks/core-abc.js'), 'export default 1;\n');
  writeFileSync(join(dist, 'host.js'), 'console.log("host")\n');
  writeFileSync(join(dist, 'integrity.json'), JSON.stringify(integrityOf(dist, VERSION, ['host.js'])));
  const app = express();
  app.use(cors('https://shop.example, http://localhost:*'));
  app.use(createPageRoutes(sb.ctx, { distDir: dist }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  cdn = { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}, 120_000);
afterAll(async () => {
  await cdn.close();
  await sb.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('versioned element URLs', () => {
  it('serves the build under /elements/{version}/ immutable, the alias no-cache, another version 404', async () => {
    const pinned = await fetch(`${cdn.url}/elements/${VERSION}/pay-checkout.js`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pinned.headers.get('content-type')).toMatch(/javascript/);
    const alias = await fetch(`${cdn.url}/elements/pay-checkout.js`);
    expect(alias.headers.get('cache-control')).toBe('no-cache');
    expect(await alias.text()).toBe(await pinned.text());
    // The entry imports its chunks relatively: they resolve under the same version.
    const chunk = await fetch(`${cdn.url}/elements/${VERSION}/chunks/core-abc.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    const other = await fetch(`${cdn.url}/elements/0.0.0-nope/pay-checkout.js`);
    expect(other.status).toBe(404);
    expect(await other.text()).toContain(`this server has ${VERSION}`);
    expect((await fetch(`${cdn.url}/elements/${VERSION}/../package.json`)).status).toBe(404);
  });

  it('integrity.json has a sha384 of each entry and chunk that matches the bytes served', async () => {
    const manifest = (await (await fetch(`${cdn.url}/elements/${VERSION}/integrity.json`)).json()) as {
      version: string;
      files: Record<string, string>;
    };
    expect(manifest.version).toBe(VERSION);
    expect(Object.keys(manifest.files).sort()).toEqual(['chunks/core-abc.js', 'pay-checkout.js']);
    for (const [file, hash] of Object.entries(manifest.files)) {
      const body = Buffer.from(await (await fetch(`${cdn.url}/elements/${VERSION}/${file}`)).arrayBuffer());
      expect(sri(body)).toBe(hash);
      expect(hash).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    }
  });
});

describe('CORS', () => {
  it('matches exact origins and any port of an origin, nothing looser', () => {
    const ok = originMatcher('https://shop.example, http://localhost:*');
    expect(ok('https://shop.example')).toBe(true);
    expect(ok('http://localhost:3000')).toBe(true);
    expect(ok('http://localhost')).toBe(true);
    expect(ok('https://shop.example:8443')).toBe(false);
    expect(ok('http://shop.example')).toBe(false);
    expect(ok('https://localhost:3000')).toBe(false);
    expect(ok('http://localhost.evil.example:3000')).toBe(false);
    expect(ok('http://localhost:3000@evil.example')).toBe(false);
    expect(originMatcher('*')('https://any.example')).toBe(true);
  });

  it('the elements answer every origin with *, versioned files and integrity.json included', async () => {
    for (const path of [
      `/elements/${VERSION}/pay-checkout.js`,
      `/elements/${VERSION}/chunks/core-abc.js`,
      `/elements/${VERSION}/integrity.json`,
      '/elements/pay-checkout.js',
    ]) {
      for (const origin of ['https://shop.example', 'https://any-site.example', 'null']) {
        const res = await fetch(`${cdn.url}${path}`, { headers: { Origin: origin } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), `${path} from ${origin}`).toBe('*');
        expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      }
    }
    // The allowlist still holds for the APIs on the same server.
    const api = await fetch(`${sb.url}/payment/api/settings`, { headers: { Origin: 'https://any-site.example' } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the payment API and the session service answer the other loopback name by default; preflights too', async () => {
    const origin = 'http://localhost:5555';
    for (const path of [
      '/payment/api/settings',
      '/api/settings',
      '/.well-known/service/api/did/session',
      '/store/api/blocklets',
    ]) {
      const res = await fetch(`${sb.url}${path}`, { headers: { Origin: origin } });
      expect(res.headers.get('access-control-allow-origin'), path).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    const pre = await fetch(`${sb.url}/payment/api/checkout-sessions/cs_x/submit`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type, x-evil',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('refuses other origins (a 403 preflight) and leaves the sign-in and wallet pages alone', async () => {
    const pre = await fetch(`${sb.url}/payment/api/checkout-sessions/cs_x/submit`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(pre.status).toBe(403);
    expect(await pre.json()).toMatchObject({ code: 'CORS_ORIGIN' });
    const get = await fetch(`${sb.url}/payment/api/settings`, { headers: { Origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    for (const page of ['/.well-known/service/sandbox/login', '/.well-known/service/login']) {
      const login = await fetch(`${sb.url}${page}`, { headers: { Origin: 'http://localhost:5555' } });
      expect(login.headers.get('access-control-allow-origin'), page).toBeNull();
    }
  });
});
