/**
 * The only page-global state <site-header> writes, each because the spec makes it the feature (spec §4, §9):
 *
 * - the consent cookie `CookieConsent` (365 days, SameSite=Lax, Secure on https, path /) — `writeConsentCookie()`;
 * - the temporary-domain notice's skip time, localStorage `domain-warning-skip` (ISO date, valid 30 days) —
 *   `storeDomainSkip()`;
 * - the language and theme the person picked — preferences.ts (first paint, so kept out of this lazy module).
 *
 * Nothing else in the header touches document.cookie or storage. Reads never throw (storage may be blocked).
 */
import { readStorage, writeStorage } from '../core/storage.ts';

export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_DAYS = 365;
export const DOMAIN_SKIP_KEY = 'domain-warning-skip';
export const DOMAIN_SKIP_DAYS = 30;
/** The platform's domain settings page: the notice links there and does not show on it. */
export const DOMAINS_PATH = '/.well-known/service/admin/domains';
const DAY_MS = 86_400_000;

/** True when the consent cookie is set (any value but 'false', as react-cookie-consent reads it). */
export function hasConsentCookie(cookie: string = safeCookie()): boolean {
  return cookie.split(';').some((part) => {
    const [k, ...v] = part.trim().split('=');
    return k === CONSENT_COOKIE && v.join('=') !== 'false';
  });
}

/** The consent cookie's text for a page on `protocol` at time `now` (pure; used by writeConsentCookie). */
export function consentCookieText(protocol: string, now = Date.now()): string {
  const expires = new Date(now + CONSENT_DAYS * DAY_MS).toUTCString();
  return `${CONSENT_COOKIE}=true; expires=${expires}; path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

/** Writes the consent cookie. */
export function writeConsentCookie(): void {
  document.cookie = consentCookieText(window.location.protocol);
}

function safeCookie(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

/** True while a stored skip of the domain notice is under 30 days old. */
export function domainSkipActive(now = Date.now(), stored: string | null = readSkip()): boolean {
  if (!stored) return false;
  const at = Date.parse(stored);
  return Number.isFinite(at) && now - at >= 0 && now - at < DOMAIN_SKIP_DAYS * DAY_MS;
}

const readSkip = (): string | null => readStorage(DOMAIN_SKIP_KEY);

/** 'Remind Me Later': stores the time of the skip. */
export function storeDomainSkip(now = Date.now()): void {
  writeStorage(DOMAIN_SKIP_KEY, new Date(now).toISOString());
}

/** Temporary platform hostnames (the notice shows only there). */
export const isTemporaryDomain = (hostname: string): boolean => /\.(ip|did)\.abtnet\.io$/i.test(hostname);

/** Inside an iframe (cross-origin parents count too). */
export function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
