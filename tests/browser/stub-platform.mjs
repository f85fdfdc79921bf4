// A tiny stand-in for the platform's HTTP endpoints the header and the store call (session, app description,
// store list/categories), used by the browser tests (wtr middleware) and by the screenshot page server.
// Honest HTTP: the elements' real api client (axios) talks to it; only the data is canned.
// State is switched with POST /__stub/state {signedIn, storeFails, storeEmpty, delayMs}.

import { handleCheckoutStub } from './stub-checkout.mjs';
import { handleHeaderStub } from './stub-header.mjs';
import { handlePortalStub } from './stub-portal.mjs';
import { handleStoreStub } from './stub-store.mjs';

const svg = (letter, hue) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="hsl(${hue} 70% 45%)"/><text x="48" y="62" font-family="Arial,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
const wideSvg = (dark) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40"><rect x="2" y="4" width="32" height="32" rx="8" fill="${dark ? '#60a5fa' : '#1d4ed8'}"/><path d="M12 20h12M18 14v12" stroke="${dark ? '#0b1220' : '#fff'}" stroke-width="3" stroke-linecap="round"/><text x="44" y="27" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="${dark ? '#e5e7eb' : '#0f172a'}">Sandbox Pay</text></svg>`;

export const BLOCKLET = {
  did: 'zNKsandboxapp',
  appId: 'zNKsandboxapp',
  appPid: 'zNKsandboxapp',
  appName: 'Sandbox Pay',
  appDescription: 'Payments for the sandbox platform',
  appLogo: '/__stub/logo/square.svg',
  appLogoDark: '/__stub/logo/square-dark.svg',
  appLogoRect: '/__stub/logo/rect.svg',
  appLogoRectDark: '/__stub/logo/rect-dark.svg',
  prefix: '/',
  componentMountPoints: [
    { did: 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk', name: 'payment-kit', mountPoint: '/payment/' },
    { did: 'z8iZpnScvmXdSVCSX8iYzJ9dVj8Uj4D1qH8Ud', name: 'blocklet-store', mountPoint: '/store/' },
  ],
  navigation: [
    { id: 'home', title: { en: 'Home', zh: '首页' }, link: '/' },
    { id: 'store', title: { en: 'Store', zh: '商店' }, link: '/store/' },
    {
      id: 'docs',
      title: { en: 'Docs', zh: '文档' },
      items: [
        {
          id: 'guide',
          title: { en: 'Guide', zh: '指南' },
          description: { en: 'Getting started', zh: '快速上手' },
          link: '/docs/guide',
        },
        { id: 'api', title: 'API', link: 'https://developer.example.com/api' },
        { id: 'empty', title: 'Empty group', items: [] },
      ],
    },
    { id: 'blog', title: { en: 'Blog', zh: '博客' }, link: 'https://blog.example.com/' },
    { id: 'nolink', title: 'No link' },
    { id: 'footer', title: 'Privacy', link: '/privacy', section: 'footer' },
  ],
  languages: [
    { code: 'en', name: 'English' },
    { code: 'zh', name: '简体中文' },
  ],
  theme: { prefer: 'system' },
};

// A developer passport: the store's developer pages are for passport holders (the header and portal ignore it).
export const USER = {
  did: 'z1casey',
  fullName: 'Casey Customer',
  email: 'casey@example.com',
  role: 'customer',
  passports: [{ role: 'developer', name: 'developer', title: 'Developer' }],
};

export const CATEGORIES = [
  { _id: 'all', id: 'all', locales: { en: 'All', zh: '全部' } },
  { _id: 'payments', id: 'payments', locales: { en: 'Payments', zh: '支付' } },
  { _id: 'ai', id: 'ai', locales: { en: 'AI', zh: '人工智能' } },
  { _id: 'devtools', id: 'devtools', locales: { en: 'Developer Tools', zh: '开发者工具' } },
];

const seed = [
  ['Payment Kit', 'payments', 'Accept payments, subscriptions and donations in crypto and fiat.', 12840, true],
  [
    'DID Spaces',
    'devtools',
    'Personal data storage that follows you across apps, with fine-grained access control.',
    9831,
    true,
  ],
  ['AIGNE Studio', 'ai', 'Build, test and ship AI agents with a visual editor and versioned prompts.', 5210, false],
  ['Discuss Kit', 'devtools', 'Forums, blogs and comments for your community.', 4411, false],
  ['Image Bin', 'ai', 'Generate and host images with one click.', 1204, false],
  ['Invoice Printer', 'payments', 'Printable, localized PDF invoices for every payment.', 87, false],
  ['Snippet Vault', 'devtools', 'Share code snippets with syntax highlighting.', 1, false],
];
export const BLOCKLETS = seed.map(([title, category, description, downloads, official], i) => ({
  did: `z8blocklet${i}`,
  name: title.toLowerCase().replace(/\s+/g, '-'),
  title,
  description,
  version: `1.${i}.${i * 3}`,
  logo: `/__stub/logo/b${i}.svg`,
  owner: { did: `z1owner${i % 3}`, fullName: ['ArcBlock', 'Mia Chen', 'Sam Lee'][i % 3] },
  stats: { downloads },
  category: { id: category },
  isOfficial: official,
}));

/** The reference host's Content-Security-Policy (hosts/server/service/html.ts): no 'unsafe-inline', no 'unsafe-eval'. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; frame-src 'self'; object-src 'none'; base-uri 'self'";
const CSP_FRAME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>CSP frame</title></head>
<body><script type="module" src="/tests/browser/csp-frame.ts"></script></body></html>`;

export const initialState = () => ({
  hostile: false,
  signedIn: false,
  storeFails: false,
  storeEmpty: false,
  delayMs: 0,
  checkout: {},
  portal: {},
});

// ---- hostile mode (state.hostile): every data-driven text and URL of every JSON answer is replaced, for
// tests/browser/hostile.test.ts. Texts carry markup, a bidi override, a 10,000-character word and zero-width
// characters; URLs rotate through javascript:, data:, vbscript: and a spaced/mixed-case javascript: (every fifth stays
// as it was, so lists of links are not all dropped and the safe ones are rendered too).
export const HOSTILE_TEXT =
  `<script>window.__pwned='script'</script><img src=x onerror="window.__pwned='img'">\u202E RLO ` +
  `${'W'.repeat(10_000)} z\u200b\u200c\u200d\ufeffw`;
export const HOSTILE_URLS = [
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
function hostile(value, key, counter) {
  if (Array.isArray(value)) return value.map((v) => hostile(v, key, counter));
  if (value && typeof value === 'object') {
    const out = {};
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
export async function handleStub(state, method, url, readBody) {
  const res = await route(state, method, url, readBody);
  if (!res || !state.hostile || !String(res.type).startsWith('application/json') || url.startsWith('/__stub/'))
    return res;
  return { ...res, body: JSON.stringify(hostile(JSON.parse(res.body), '', { n: 0 })) };
}

async function route(state, method, url, readBody) {
  const u = new URL(url, 'http://stub.local');
  const p = u.pathname;
  const json = (body, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(body) });
  if (p === '/__stub/state' && method === 'POST') {
    const patch = JSON.parse((await readBody()) || '{}');
    for (const k of Object.keys(state)) delete state[k];
    Object.assign(state, initialState(), patch);
    return json(state);
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
    if (u.searchParams.get('type') === 'json') return json(BLOCKLET);
    return { status: 200, type: 'application/javascript', body: `window.blocklet = ${JSON.stringify(BLOCKLET)};` };
  }
  // state.noPassport: the signed-in user holds no developer passport (the store's /join).
  if (p === '/.well-known/service/api/did/session')
    return json({ user: state.signedIn ? (state.noPassport ? { ...USER, passports: [] } : USER) : null });
  if (p === '/.well-known/service/api/user/logout' && method === 'POST') {
    state.signedIn = false;
    return json({});
  }
  if (p.startsWith('/.well-known/service/user/avatar/')) return { status: 404, type: 'text/plain', body: 'no avatar' };
  // Stand-ins per element (each returns null for paths it does not own): checkout, portal, header, store.
  for (const handle of [handleCheckoutStub, handlePortalStub, handleHeaderStub, handleStoreStub]) {
    const res = await handle(state, method, u, readBody, json);
    if (res) return res;
  }
  return null;
}
