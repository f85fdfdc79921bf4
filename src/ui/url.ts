/**
 * Link safety for the primitives: every href passes through core's `safeLink` (one way to check URLs).
 */
import { safeLink } from '../core/url.ts';

/** The href to render, or undefined when it is unsafe (javascript:, data:…): core `safeLink` for JSX attributes. */
export function checkHref(href: string | undefined | null): string | undefined {
  return safeLink(href) ?? undefined;
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
