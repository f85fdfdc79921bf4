/**
 * The language and theme a person picks in <site-header>, stored the platform's way so the choice survives a reload
 * and a link (platform-header-store.md A.2): cookie `nf_lang` (1 year, path /, SameSite=Lax) and localStorage
 * `blocklet_theme_prefer` (the tab's sessionStorage entry, which a `?theme=` link set, is dropped). The page reads
 * them before its first paint in the platform's order (`?locale` → `nf_lang` → the browser's languages; `?theme` →
 * sessionStorage → `theme.prefer` → localStorage → the system), as the reference host does in hosts/pages/prefs.js.
 * Reads and writes never throw (storage may be blocked).
 */
import { removeStorage, writeStorage } from '../core/storage.ts';

const DAY_MS = 86_400_000;

export const LOCALE_COOKIE = 'nf_lang';
export const LOCALE_COOKIE_DAYS = 365;
export const THEME_KEY = 'blocklet_theme_prefer';

/** The language cookie's text (pure; used by writeLocaleCookie). */
export function localeCookieText(locale: string, protocol: string, now = Date.now()): string {
  const expires = new Date(now + LOCALE_COOKIE_DAYS * DAY_MS).toUTCString();
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; expires=${expires}; path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

/** Remembers the language the person picked (the platform's `nf_lang` cookie). */
export function writeLocaleCookie(locale: string): void {
  try {
    document.cookie = localeCookieText(locale, window.location.protocol);
  } catch {
    /* cookies blocked: the choice holds for this page only */
  }
}

/** Remembers the theme the person picked; a `?theme=` link's choice for this tab gives way to it. */
export function storeThemePreference(theme: 'light' | 'dark', key: string = THEME_KEY): void {
  writeStorage(key, theme);
  removeStorage(key, 'session');
}
