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
    // The app's languages as the platform lists them (code and name); the header shows each by its own name.
    languages: [
      { code: 'en', name: 'English' },
      { code: 'zh', name: '简体中文' },
      { code: 'ja', name: '日本語' },
      { code: 'ko', name: '한국어' },
      { code: 'es', name: 'Español' },
      { code: 'fr', name: 'Français' },
      { code: 'de', name: 'Deutsch' },
      { code: 'pt-BR', name: 'Português (Brasil)' },
      { code: 'ru', name: 'Русский' },
      { code: 'ar', name: 'العربية' },
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
