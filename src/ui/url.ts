/**
 * Link safety for the primitives: every href passes through core's `safeUrl` (one way to check URLs).
 */
import { safeUrl } from '../core/url.ts';

/** The href to render, or undefined when it is unsafe (javascript:, data:…). */
export function checkHref(href: string | undefined | null): string | undefined {
  if (!href) return undefined;
  return safeUrl(href, { allowMailto: true, allowTel: true }) ?? undefined;
}

/** An absolute http(s) URL on another origin (opens in a new tab). Protocol-relative `//x` counts as absolute. */
export function isExternal(href: string): boolean {
  if (!/^(https?:)?\/\//i.test(href)) return false;
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}
