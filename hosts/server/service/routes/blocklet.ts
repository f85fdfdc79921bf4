import type { Request } from 'express';
import { PAYMENT_KIT_DID, STORE_DID, type SandboxContext } from '../../context.ts';

/**
 * The app description the platform publishes as `window.blocklet` (`/__blocklet__.js`) and as JSON
 * (`/__blocklet__.js?type=json`). Fields follow platform-header-store.md A.3.
 */
export const SERVER_VERSION = '1.17.12';
export const APP_VERSION = '0.1.0';
const SERVICE = '/.well-known/service';

/** The request's origin (protocol://host), honouring a proxy's X-Forwarded-* headers. */
export function requestOrigin(req: Request): string {
  const proto =
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() ||
    req.protocol ||
    'http';
  const host =
    String(req.headers['x-forwarded-host'] ?? '')
      .split(',')[0]
      ?.trim() ||
    req.get('host') ||
    'localhost';
  return `${proto}://${host}`;
}

export function blockletInfo(ctx: SandboxContext, origin: string): Record<string, unknown> {
  const { did, pid, name } = ctx.app;
  const description =
    'A sandbox app with Payment Kit and a Blocklet Store: checkout, customer portal and store on one machine.';
  return {
    did,
    appId: did,
    appIds: [did],
    appPid: pid,
    appPk: ctx.appKey.pk,
    appName: name,
    appDescription: description,
    appUrl: origin,
    version: APP_VERSION,
    serverDid: 'zNKsandboxServer',
    serverVersion: SERVER_VERSION,
    status: 'running',
    mode: 'development',
    tenantMode: 'single',
    isComponent: false,
    appLogo: `${SERVICE}/blocklet/logo`,
    appLogoDark: `${SERVICE}/blocklet/logo-dark`,
    appLogoRect: `${SERVICE}/blocklet/logo-rect`,
    appLogoRectDark: `${SERVICE}/blocklet/logo-rect-dark`,
    prefix: '/',
    groupPrefix: '/',
    componentMountPoints: [
      {
        title: 'Payment Kit',
        name: 'payment-kit',
        did: PAYMENT_KIT_DID,
        version: '1.23.8',
        mountPoint: ctx.mounts.payment,
        status: 'running',
        resources: [],
        resourcesV2: [],
      },
      {
        title: 'Blocklet Store',
        name: 'blocklet-store',
        did: STORE_DID,
        version: '0.18.19',
        mountPoint: ctx.mounts.store,
        status: 'running',
        resources: [],
        resourcesV2: [],
      },
    ],
    navigation: NAVIGATION,
    // The icon service the header asks for navigation and product icons (the sandbox's stand-in; no internet here).
    iconHosts: [`${SERVICE}/sandbox/icons`],
    languages: [
      { code: 'en', name: 'English' },
      { code: 'zh', name: '简体中文' },
    ],
    theme: { prefer: 'system' },
    preferences: {
      permissionMode: 'staking',
      launcherUrl: 'https://launcher.arcblock.io/',
      needReview: true,
      allowPaidBlocklets: true,
      // The store home's banner (platform-header-store.md: homeBanner[{did, remark, cover, name, desc, baseNum, link}]).
      homeBanner: [
        {
          did: 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk',
          remark: 'Sandbox: featured in-store link',
          cover: '/store/api/blocklets/z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk/screenshots/1.svg',
          name: 'Payment Kit',
          desc: 'Accept payments, subscriptions and donations with a hosted checkout and customer portal.',
          baseNum: 128400,
          link: '/blocklets/z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk',
        },
        {
          did: 'z8i3vRnrp8Cm3gxFWmpDDvuUGgW3SPBHxMS',
          remark: 'Sandbox: no link, so the card opens the detail page',
          cover: '/store/api/blocklets/z8i3vRnrp8Cm3gxFWmpDDvuUGgW3SPBHxMS/screenshots/1.svg',
          name: 'DID Spaces',
          desc: 'Personal data storage that follows you across apps.',
          baseNum: 98310,
          link: '',
        },
      ],
    },
    settings: {
      notification: { toastAlert: true },
      org: { enabled: true },
      invite: { enabled: false },
      session: { ttl: 1209600, cacheTtl: 3600 },
    },
    // Index into the header navigation where the Products menu goes (parsed with parseInt by readers).
    USE_ARCBLOCK_THEME: '2',
    SESSION_USER_MODE: 'normal',
    enableConnect: true,
    enableLocale: true,
    copyright: `© ${new Date().getFullYear()} Sandbox Store. Demo data only.`,
    description,
  };
}

const NAVIGATION = [
  // header (no section = header)
  { id: '/home', title: { en: 'Store', zh: '商店' }, link: '/', icon: 'tabler:building-store' },
  { id: '/checkout', title: { en: 'Checkout demo', zh: '结账演示' }, link: '/checkout', icon: 'tabler:shopping-cart' },
  {
    id: '/billing',
    title: { en: 'Billing', zh: '账单' },
    description: { en: 'Your invoices and subscriptions', zh: '你的发票和订阅' },
    icon: 'tabler:receipt',
    items: [
      {
        id: '/billing/invoices',
        title: { en: 'Invoices', zh: '发票' },
        description: { en: 'Invoice history', zh: '发票历史' },
        link: '/customer',
      },
      {
        id: '/billing/past-due',
        title: { en: 'Past-due invoices', zh: '逾期发票' },
        description: { en: 'Pay what is overdue', zh: '支付逾期款项' },
        link: '/customer/invoice/past-due',
      },
      {
        id: '/billing/embed',
        title: { en: 'Embedded checkout', zh: '嵌入式结账' },
        description: { en: 'The checkout inside an iframe', zh: 'iframe 中的结账' },
        link: '/embed-demo',
      },
      {
        id: '/billing/pricing',
        title: { en: 'Pricing table', zh: '价格表' },
        description: { en: 'Plans side by side, bought in place', zh: '方案并列展示，当场购买' },
        link: '/pricing',
      },
    ],
  },
  {
    id: '/developer',
    title: { en: 'Developers', zh: '开发者' },
    link: '/developer/blocklets',
    role: ['developer', 'admin', 'owner'],
  },
  {
    id: '/docs',
    title: { en: 'Docs', zh: '文档' },
    link: { en: 'https://www.arcblock.io/docs/en', zh: 'https://www.arcblock.io/docs/zh' },
    icon: 'tabler:book',
  },
  // footer
  {
    id: '/footer/about',
    section: 'footer',
    title: { en: 'About', zh: '关于' },
    link: '/blocklets/' + 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk',
  },
  {
    id: '/footer/products',
    section: 'footer',
    title: { en: 'Products', zh: '产品' },
    items: [
      { id: '/footer/products/store', title: { en: 'Store', zh: '商店' }, link: '/' },
      { id: '/footer/products/checkout', title: { en: 'Checkout', zh: '结账' }, link: '/checkout' },
    ],
  },
  {
    id: '/social/github',
    section: 'social',
    title: 'GitHub',
    icon: 'tabler:brand-github',
    link: 'https://github.com/blocklet',
  },
  { id: '/social/x', section: 'social', title: 'X', icon: 'tabler:brand-x', link: 'https://x.com/ArcBlock_io' },
  { id: '/bottom/privacy', section: 'bottom', title: { en: 'Privacy', zh: '隐私' }, link: '/privacy' },
  { id: '/bottom/terms', section: 'bottom', title: { en: 'Terms', zh: '条款' }, link: '/terms' },
  {
    id: '/bottom/contact',
    section: 'bottom',
    title: { en: 'Contact', zh: '联系' },
    link: 'mailto:support@example.com',
  },
  // session manager (apps grid / user menu): items need a role list
  {
    id: '/sessionManager/billing',
    section: 'sessionManager',
    title: { en: 'My billing', zh: '我的账单' },
    icon: 'tabler:receipt',
    link: '/customer',
    role: ['guest', 'customer', 'developer', 'admin', 'owner'],
  },
  {
    id: '/sessionManager/developer',
    section: 'sessionManager',
    title: { en: 'My blocklets', zh: '我的 Blocklet' },
    icon: 'tabler:code',
    link: '/developer/blocklets',
    role: ['developer', 'owner'],
  },
  {
    id: '/sessionManager/console',
    section: 'sessionManager',
    title: { en: 'Store console', zh: '商店管理' },
    icon: 'tabler:settings',
    link: '/console/blocklets',
    role: ['admin', 'owner'],
    component: 'blocklet-store',
  },
  // user center: the session menu's links (at most 5); the notification page entry also turns the header's bell on
  {
    id: '/userCenter/billing',
    section: 'userCenter',
    title: { en: 'My billing', zh: '我的账单' },
    icon: 'tabler:receipt',
    link: '/customer',
  },
  {
    id: '/userCenter/developer',
    section: 'userCenter',
    title: { en: 'My blocklets', zh: '我的 Blocklet' },
    link: '/developer/blocklets',
    role: ['developer', 'admin', 'owner'],
  },
  {
    id: '/userCenter/notification',
    section: 'userCenter',
    title: { en: 'Notifications', zh: '通知' },
    icon: 'tabler:bell',
    link: `${SERVICE}/user/notifications`,
  },
  // dashboard (the store's console layout)
  {
    id: '/dashboard/blocklets',
    section: 'dashboard',
    title: { en: 'Blocklets', zh: 'Blocklet' },
    link: '/developer/blocklets',
    role: ['developer', 'owner'],
  },
  {
    id: '/dashboard/access-tokens',
    section: 'dashboard',
    title: { en: 'Access tokens', zh: '访问令牌' },
    link: '/developer/access-tokens',
    role: ['developer', 'owner'],
  },
  {
    id: '/dashboard/console',
    section: 'dashboard',
    title: { en: 'All blocklets', zh: '所有 Blocklet' },
    link: '/console/blocklets',
    role: ['admin', 'owner'],
  },
  {
    id: '/dashboard/categories',
    section: 'dashboard',
    title: { en: 'Categories', zh: '分类' },
    link: '/console/categories',
    role: ['admin', 'owner'],
  },
];

/* ------------------------------------------------------------------ logos */

/** The app logo: a rounded square with a stylised store bag and a coin. Square or with the wordmark. */
export function appLogoSvg(opts: { rect: boolean; dark: boolean }): string {
  const tile = opts.dark ? '#60a5fa' : '#1d4ed8';
  const tile2 = opts.dark ? '#818cf8' : '#4f46e5';
  const fg = opts.dark ? '#0b1220' : '#ffffff';
  const coin = opts.dark ? '#fbbf24' : '#f59e0b';
  const text = opts.dark ? '#e5e7eb' : '#0f172a';
  const sub = opts.dark ? '#9aa4b5' : '#5b6475';
  const mark = (x: number, y: number, s: number) => `
  <g transform="translate(${x} ${y}) scale(${s / 64})">
    <rect width="64" height="64" rx="16" fill="url(#g${opts.dark ? 'd' : 'l'})"/>
    <path d="M18 24h28l-2.5 24a4 4 0 0 1-4 3.6H24.5a4 4 0 0 1-4-3.6z" fill="none" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M25 24v-3a7 7 0 0 1 14 0v3" fill="none" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="46" cy="44" r="9" fill="${coin}" stroke="${fg}" stroke-width="3"/>
    <path d="M46 39.5v9" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>
  </g>`;
  const defs = `<defs><linearGradient id="g${opts.dark ? 'd' : 'l'}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tile}"/><stop offset="1" stop-color="${tile2}"/></linearGradient></defs>`;
  if (!opts.rect) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Sandbox Store">${defs}${mark(0, 0, 64)}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40" role="img" aria-label="Sandbox Store">${defs}${mark(0, 2, 36)}
  <text x="46" y="21" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="${text}" textLength="136" lengthAdjust="spacingAndGlyphs">Sandbox Store</text>
  <text x="46" y="35" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="10" fill="${sub}" textLength="136" lengthAdjust="spacingAndGlyphs">PAYMENTS · BLOCKLETS</text>
</svg>`;
}

/* ---------------------------------------------------------------- avatars */

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...(words[words.length - 1] ?? '')][0] ?? '') : '';
  return (first + last).toUpperCase();
}

const XML_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESC[c] ?? c);

/** A round avatar with initials; the colour is stable per seed (the DID). */
export function avatarSvg(seed: string, label: string, size: number): string {
  const hue = hash(seed) % 360;
  const text = xml(initials(label));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96" role="img" aria-label="${xml(label)}">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 68% 52%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 40%)"/></linearGradient></defs>
<rect width="96" height="96" rx="48" fill="url(#a)"/>
<text x="48" y="48" dy=".35em" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="${text.length > 1 ? 36 : 42}" font-weight="600" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
}

/** A square tile logo for a blocklet (store seed): gradient, initials and a small glyph per category. */
export function tileLogoSvg(seed: string, label: string, size = 128): string {
  const hue = hash(seed) % 360;
  const text = xml(initials(label));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128" role="img" aria-label="${xml(label)}">
<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 72% 56%)"/><stop offset="1" stop-color="hsl(${(hue + 55) % 360} 70% 38%)"/></linearGradient></defs>
<rect width="128" height="128" rx="28" fill="url(#t)"/>
<circle cx="104" cy="24" r="34" fill="#fff" fill-opacity=".12"/>
<circle cx="20" cy="112" r="26" fill="#000" fill-opacity=".08"/>
<text x="64" y="64" dy=".35em" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="50" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
}
