/**
 * The app description the header shows (window.blocklet / api.blocklet.get(), overridden field by field by the
 * element's `meta` attribute) and the pure helpers over it: localized text, header navigation, logos, languages.
 * No React here.
 */
import { pickLocaleText, type Locale } from '../core/locale.ts';
import { isAbsoluteUrl, safeLink, withQuery } from '../core/url.ts';

export type LocalizedText = string | Record<string, string | undefined>;

export type NavItem = {
  id?: string;
  title?: LocalizedText;
  description?: LocalizedText;
  link?: LocalizedText;
  icon?: string;
  role?: string | string[];
  section?: string | string[];
  component?: string;
  items?: NavItem[];
};

export type AppInfo = {
  appName?: string;
  appDescription?: string;
  appLogo?: string;
  appLogoDark?: string;
  appLogoRect?: string;
  appLogoRectDark?: string;
  prefix?: string;
  groupPrefix?: string;
  navigation?: NavItem[];
  languages?: Array<{ code: string; name: string }>;
  theme?: { prefer?: 'light' | 'dark' | 'system' | string; preferKey?: string };
  [key: string]: unknown;
};

/** The blocklet description with `meta` fields on top (meta wins). */
export function mergeAppInfo(blocklet: unknown, meta: unknown): AppInfo {
  const base = blocklet && typeof blocklet === 'object' ? (blocklet as AppInfo) : {};
  const over = meta && typeof meta === 'object' ? (meta as AppInfo) : {};
  return { ...base, ...over };
}

/** Localized value: [locale] → en → zh → first value (core pickLocaleText). */
export const localized = (value: LocalizedText | undefined, locale: Locale): string => pickLocaleText(value, locale);

/** Add `?locale=` to internal and external links; mailto:/tel:/hash links are unchanged (spec §5). */
export function withLocale(link: string, locale: Locale): string {
  if (!link || /^(mailto:|tel:|#)/i.test(link)) return link;
  return withQuery(link, { locale });
}

/** Cross-origin links get tracking parameters (source host, medium `{section}_nav`, campaign default, content host). */
export function withTracking(link: string, section = 'header'): string {
  if (!isAbsoluteUrl(link)) return link;
  try {
    const url = new URL(link, window.location.href);
    if (url.origin === window.location.origin) return link;
    url.searchParams.set('utm_source', window.location.hostname);
    url.searchParams.set('utm_medium', `${section}_nav`);
    url.searchParams.set('utm_campaign', 'default');
    url.searchParams.set('utm_content', url.hostname);
    return url.toString();
  } catch {
    console.warn('[site-header] invalid link', link);
    return link;
  }
}

export type HeaderNavEntry = {
  key: string;
  title: string;
  description?: string;
  /** Final href (locale and tracking applied); undefined for groups. */
  href?: string;
  external: boolean;
  children: HeaderNavEntry[];
};

const inSection = (item: NavItem, section: string): boolean => {
  if (item.section === undefined || item.section === '') return section === 'header';
  return Array.isArray(item.section) ? item.section.includes(section) : item.section === section;
};

/** Spec §5 role filter: an item with no role, or whose roles include the user's role or 'guest'. */
export function roleAllows(item: { role?: string | string[] | undefined }, role: string): boolean {
  if (item.role === undefined || item.role === null || (Array.isArray(item.role) && item.role.length === 0))
    return true;
  const roles = Array.isArray(item.role) ? item.role : [item.role];
  return roles.includes(role) || roles.includes('guest');
}

function toEntry(item: NavItem, locale: Locale, key: string, role: string): HeaderNavEntry | null {
  if (!roleAllows(item, role)) return null;
  const hadChildren = (item.items ?? []).length > 0;
  const children = (item.items ?? [])
    .map((child, i) => toEntry(child, locale, `${key}.${i}`, role))
    .filter((x): x is HeaderNavEntry => x !== null);
  // A parent is kept only with remaining children (spec §5).
  if (hadChildren && children.length === 0) return null;
  const rawLink = localized(item.link, locale);
  const title = localized(item.title, locale);
  if (!title) return null;
  if (children.length > 0)
    return { key, title, description: localized(item.description, locale) || undefined, external: false, children };
  // Items are kept only with a link or non-empty children; a link that is not http(s)/relative (javascript:, data:…)
  // counts as none.
  const href = rawLink ? withTracking(withLocale(rawLink, locale)) : '';
  if (!href || !safeLink(href)) return null;
  const external =
    isAbsoluteUrl(rawLink) &&
    (() => {
      try {
        return new URL(rawLink, window.location.href).origin !== window.location.origin;
      } catch {
        return true;
      }
    })();
  return {
    key,
    title,
    description: localized(item.description, locale) || undefined,
    href,
    external,
    children: [],
  };
}

/**
 * Navigation of a section (no section = header) for a role ('guest' when signed out): role-filtered, localized,
 * links ready (locale query; tracking on external links).
 */
export function sectionNav(info: AppInfo, locale: Locale, role = 'guest', section = 'header'): HeaderNavEntry[] {
  return (info.navigation ?? [])
    .filter((item) => inSection(item, section))
    .map((item, i) => toEntry(item, locale, item.id ?? String(i), role))
    .filter((x): x is HeaderNavEntry => x !== null);
}

/** Header navigation for a role. */
export function headerNav(info: AppInfo, locale: Locale, role = 'guest'): HeaderNavEntry[] {
  return sectionNav(info, locale, role, 'header');
}

/** Key of the entry whose link is the longest prefix of the current path (aria-current). */
export function activeKey(entries: HeaderNavEntry[], pathname: string): string | undefined {
  let best: { key: string; len: number } | undefined;
  const visit = (list: HeaderNavEntry[], top?: string) => {
    for (const e of list) {
      if (e.href && !e.external) {
        const path = new URL(e.href, window.location.href).pathname;
        const matches =
          path === '/'
            ? pathname === '/'
            : pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
        if (matches && (!best || path.length > best.len)) best = { key: top ?? e.key, len: path.length };
      }
      visit(e.children, top ?? e.key);
    }
  };
  visit(entries);
  return best?.key;
}

/** Square logo on small screens, wide otherwise; dark variants in dark mode; falls back across variants. */
export function pickLogo(info: AppInfo, opts: { small: boolean; dark: boolean }): { src?: string; wide: boolean } {
  const square = opts.dark ? info.appLogoDark || info.appLogo : info.appLogo;
  const wide = opts.dark ? info.appLogoRectDark || info.appLogoRect : info.appLogoRect;
  if (!opts.small && wide) return { src: wide, wide: true };
  return { src: square || undefined, wide: false };
}

export const DEFAULT_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: '简体中文' },
];

/**
 * The app's languages (`window.blocklet.languages`, else en and zh) as the platform's selector shows them: by the
 * app's name for each (the platform's are each language's own: English, 简体中文, 日本語, العربية), else by code.
 */
export function languagesOf(info: AppInfo): Array<{ code: string; name: string }> {
  const list = Array.isArray(info.languages) && info.languages.length > 0 ? info.languages : DEFAULT_LANGUAGES;
  return list
    .filter((l) => l && typeof l.code === 'string' && l.code)
    .map((l) => ({ code: l.code, name: typeof l.name === 'string' && l.name.trim() ? l.name : l.code }));
}

/** Home of the app: groupPrefix → prefix → '/'. */
export const homeOf = (info: AppInfo): string => info.groupPrefix || info.prefix || '/';

/** The notification page entry (id `/userCenter/notification`) anywhere in the navigation turns the bell on. */
export function hasNavEntry(info: AppInfo, id: string): boolean {
  const visit = (list: NavItem[] | undefined): boolean => (list ?? []).some((i) => i?.id === id || visit(i?.items));
  return visit(info.navigation);
}

/**
 * Where the Products menu goes: `USE_AIGNE_THEME` (variant 2) wins over `USE_ARCBLOCK_THEME` (variant 1); the
 * value, read with parseInt, is the index in the header navigation (clamped). Null when neither is set.
 */
export function productsPosition(info: AppInfo, navLength: number): { variant: 1 | 2; index: number } | null {
  for (const [key, variant] of [
    ['USE_AIGNE_THEME', 2],
    ['USE_ARCBLOCK_THEME', 1],
  ] as const) {
    const raw = info[key];
    if (raw === undefined || raw === null || raw === '' || raw === false) continue;
    const n = Number.parseInt(String(raw), 10);
    if (!Number.isFinite(n)) continue;
    return { variant, index: Math.max(0, Math.min(navLength, n)) };
  }
  return null;
}

/** The icon service's public hosts, first choice first (spec §7: fallback hosts). */
export const DEFAULT_ICON_HOSTS = ['https://api.iconify.design', 'https://api.simplesvg.com', 'https://api.unisvg.com'];

/** Icon service hosts: `iconHosts` of the app description (or `meta`), a string or a list; else the defaults. */
export function iconHostsOf(info: AppInfo): string[] {
  const v = info.iconHosts;
  const list = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,]+/) : []).filter(
    (h): h is string => typeof h === 'string' && h.trim() !== '',
  );
  return list.length ? list : DEFAULT_ICON_HOSTS;
}
