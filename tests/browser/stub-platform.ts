// A tiny stand-in for the platform's HTTP endpoints the elements call (session, app description, and per element
// stub-checkout.ts, stub-portal.ts, stub-header.ts, stub-store.ts, stub-pricing-table.ts), used by the browser tests (web-test-runner.config.mjs
// loads it through Vite's SSR loader), the packed-package test and the screenshot page server.
// Honest HTTP: the elements' real api client (axios) talks to it; only the data is canned, and typed from the client's
// own types (stub-common.ts).
// State is switched with POST /__stub/state {signedIn, storeFails, storeEmpty, delayMs, checkout, portal, …}.

import type { Session, WindowBlocklet } from '../../src/api/types.ts';
import { handleCheckoutStub } from './stub-checkout.ts';
import {
  BLOCKLET,
  BLOCKLETS,
  fail,
  initialState,
  ok,
  record,
  USER,
  type Discarded,
  type Reply,
  type ReadBody,
  type StubState,
} from './stub-common.ts';
import { handleHeaderStub } from './stub-header.ts';
import { handlePortalStub } from './stub-portal.ts';
import { handlePricingTableStub } from './stub-pricing-table.ts';
import { handleStoreStub } from './stub-store.ts';

export { BLOCKLET, initialState, type Reply, type StubState };
export type { StubSwitches } from './stub-common.ts';

const svg = (letter: string, hue: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="hsl(${hue} 70% 45%)"/><text x="48" y="62" font-family="Arial,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
const wideSvg = (dark: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40"><rect x="2" y="4" width="32" height="32" rx="8" fill="${dark ? '#60a5fa' : '#1d4ed8'}"/><path d="M12 20h12M18 14v12" stroke="${dark ? '#0b1220' : '#fff'}" stroke-width="3" stroke-linecap="round"/><text x="44" y="27" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="${dark ? '#e5e7eb' : '#0f172a'}">Sandbox Pay</text></svg>`;

/** The reference host's Content-Security-Policy (hosts/server/service/routes/html.ts): no 'unsafe-inline', no 'unsafe-eval'. */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; frame-src 'self'; object-src 'none'; base-uri 'self'";
const CSP_FRAME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>CSP frame</title></head>
<body><script type="module" src="/tests/browser/csp-frame.ts"></script></body></html>`;

// ---- hostile mode (state.hostile): every data-driven text and URL of every JSON answer is replaced, for
// tests/browser/hostile.test.ts. Texts carry markup, a bidi override, a 10,000-character word and zero-width
// characters; URLs rotate through javascript:, data:, vbscript: and a spaced/mixed-case javascript: (every fifth stays
// as it was, so lists of links are not all dropped and the safe ones are rendered too).
const HOSTILE_TEXT =
  `<script>window.__pwned='script'</script><img src=x onerror="window.__pwned='img'">\u202E RLO ` +
  `${'W'.repeat(10_000)} z\u200b\u200c\u200d\ufeffw`;
const HOSTILE_URLS = [
  "javascript:window.__pwned='js'",
  "data:text/html,<script>parent.__pwned='data'</script>",
  'vbscript:msgbox(1)',
  " \tJaVaScRiPt:window.__pwned='js2'",
];
const TEXT_KEYS = new Set([
  'name',
  'title',
  'description',
  'fullName',
  'nickname',
  'remark',
  'appName',
  'appDescription',
  'unit_label',
  'number',
  'customer_name',
  'statement_descriptor',
  'success_message',
  'tx_hash',
  'locales',
  'message',
  'content',
  'email',
]);
const URL_KEYS = new Set([
  'link',
  'logo',
  'avatar',
  'image',
  'images',
  'cover',
  'url',
  'href',
  'explorer_host',
  'success_url',
  'homepage',
  'appLogo',
  'appLogoDark',
  'appLogoRect',
  'appLogoRectDark',
  'screenshots',
  'icon',
]);
function hostile(value: unknown, key: string, counter: { n: number }): unknown {
  if (Array.isArray(value)) return value.map((v) => hostile(v, key, counter));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // Localized values ({en, zh}) keep their owner's key.
    for (const [k, v] of Object.entries(value)) out[k] = hostile(v, k === 'en' || k === 'zh' ? key : k, counter);
    return out;
  }
  if (typeof value !== 'string' || !value) return value;
  if (TEXT_KEYS.has(key)) return HOSTILE_TEXT;
  if (URL_KEYS.has(key)) {
    const i = counter.n++ % (HOSTILE_URLS.length + 1);
    return i < HOSTILE_URLS.length ? HOSTILE_URLS[i] : value;
  }
  return value;
}

/** Handles a request; returns {status, type, body} or null when the path is not the stub's. */
export async function handleStub(
  state: StubState,
  method: string,
  url: string,
  readBody: ReadBody,
): Promise<Reply | null> {
  const res = await route(state, method, url, readBody);
  if (!res || !state.hostile || !res.type.startsWith('application/json') || url.startsWith('/__stub/')) return res;
  return { ...res, body: JSON.stringify(hostile(JSON.parse(res.body), '', { n: 0 })) };
}

async function route(state: StubState, method: string, url: string, readBody: ReadBody): Promise<Reply | null> {
  const u = new URL(url, 'http://stub.local');
  const p = u.pathname;
  if (p === '/__stub/state' && method === 'POST') {
    const patch = JSON.parse((await readBody()) || '{}') as Partial<StubState>;
    for (const k of Object.keys(state)) delete state[k as keyof StubState];
    Object.assign(state, initialState(), patch);
    return record(state);
  }
  if (p === '/__stub/csp-frame.html') {
    // A page under the reference host's strict CSP (no inline style or script, no eval) for tests/browser/csp.test.ts
    // and hostile.test.ts: its one module script records CSP violations and loads the element modules on request.
    return {
      status: 200,
      type: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': STRICT_CSP },
      body: CSP_FRAME,
    };
  }
  if (p.startsWith('/__stub/logo/')) {
    const name = p.slice('/__stub/logo/'.length);
    if (name === 'rect.svg') return { status: 200, type: 'image/svg+xml', body: wideSvg(false) };
    if (name === 'rect-dark.svg') return { status: 200, type: 'image/svg+xml', body: wideSvg(true) };
    if (name.startsWith('square'))
      return { status: 200, type: 'image/svg+xml', body: svg('S', name.includes('dark') ? 214 : 221) };
    const i = Number(name.replace(/\D/g, '')) || 0;
    return { status: 200, type: 'image/svg+xml', body: svg(BLOCKLETS[i]?.title[0] ?? '?', (i * 53) % 360) };
  }
  if (p === '/__blocklet__.js') {
    if (u.searchParams.get('type') === 'json') return ok<WindowBlocklet>(BLOCKLET);
    return { status: 200, type: 'application/javascript', body: `window.blocklet = ${JSON.stringify(BLOCKLET)};` };
  }
  // state.noPassport: the signed-in user holds no developer passport (the store's /join).
  if (p === '/.well-known/service/api/did/session' && state.sessionFails)
    return fail(503, 'The session service is unavailable');
  if (p === '/.well-known/service/api/did/session')
    return ok<Session>({ user: state.signedIn ? (state.noPassport ? { ...USER, passports: [] } : USER) : null });
  if (p === '/.well-known/service/api/user/logout' && method === 'POST') {
    state.signedIn = false;
    return ok<Discarded>({});
  }
  if (p.startsWith('/.well-known/service/user/avatar/')) return { status: 404, type: 'text/plain', body: 'no avatar' };
  // Stand-ins per element (each returns null for paths it does not own): checkout, portal, header, store, pricing table.
  for (const handle of [
    handleCheckoutStub,
    handlePortalStub,
    handleHeaderStub,
    handleStoreStub,
    handlePricingTableStub,
  ]) {
    const res = await handle(state, method, u, readBody);
    if (res) return res;
  }
  return null;
}
