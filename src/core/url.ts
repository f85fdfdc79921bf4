/**
 * URL safety and building. Screens never concatenate URLs by hand.
 */

export type SafeUrlOptions = {
  /** Base for relative URLs; default the page's `location.href` when there is one. */
  base?: string | undefined;
  /** Also allow `mailto:` (default false). */
  allowMailto?: boolean;
  /** Also allow `tel:` (default false). */
  allowTel?: boolean;
  /** Require the resolved URL to be on the base's origin (rejects `//evil.example`, absolute other origins). */
  sameOrigin?: boolean;
};

function pageHref(): string | undefined {
  const loc = (globalThis as { location?: { href?: string } }).location;
  return typeof loc?.href === 'string' ? loc.href : undefined;
}

/**
 * The absolute URL string when `url` is http:/https: (and mailto:/tel: when allowed), else null.
 * Rejects javascript:, data:, vbscript:, blob:, file: …; relative URLs resolve against the base (null without one).
 * `safeUrl(url, base)` is shorthand for `safeUrl(url, { base })`.
 */
export function safeUrl(url: string | null | undefined, options?: string | SafeUrlOptions): string | null {
  if (typeof url !== 'string') return null;
  const opts: SafeUrlOptions = typeof options === 'string' ? { base: options } : (options ?? {});
  const trimmed = url.trim();
  if (!trimmed) return null;
  const base = opts.base ?? pageHref();
  let parsed: URL;
  try {
    parsed = base ? new URL(trimmed, base) : new URL(trimmed);
  } catch {
    return null;
  }
  const protocol = parsed.protocol.toLowerCase();
  const allowed =
    protocol === 'http:' ||
    protocol === 'https:' ||
    (opts.allowMailto && protocol === 'mailto:') ||
    (opts.allowTel && protocol === 'tel:');
  if (!allowed) return null;
  if (opts.sameOrigin) {
    if (!base) return null;
    let baseOrigin: string;
    try {
      baseOrigin = new URL(base).origin;
    } catch {
      return null;
    }
    if (parsed.origin !== baseOrigin) return null;
  }
  return parsed.href;
}

/**
 * An image source to put in an <img>: a safe http(s) URL (safeUrl), or a data: URL of a raster or SVG image (an
 * <img> never runs an SVG's scripts; currency and method logos come as such). Anything else is null.
 */
export function safeImageSrc(url: string | null | undefined, options?: string | SafeUrlOptions): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (
    /^data:image\/(?:png|gif|jpeg|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*,[a-z0-9+/=%._~!$&'()*,;:@?-]*$/i.test(trimmed)
  )
    return trimmed;
  return safeUrl(trimmed, options);
}

/**
 * THE check for a URL that comes from data (app description, API objects, attributes, markdown) before it becomes a
 * link or a navigation: http:, https: or a relative URL (resolved against the page), plus mailto:
 * and tel: (which run nothing); image sources use safeImageSrc, which also takes data: images. Returns the absolute URL, or null for javascript:, data:, vbscript:, blob:… .
 */
export function safeLink(url: string | null | undefined): string | null {
  return safeUrl(url, { allowMailto: true, allowTel: true });
}

/** True when `url` is an absolute http(s) URL or protocol-relative (`//host`). */
export function isAbsoluteUrl(url: string): boolean {
  return /^(?:[a-z][a-z\d+\-.]*:)?\/\//i.test(url.trim());
}

/** Origin of an absolute URL, or null. */
export function originOf(url: string | null | undefined, base?: string): string | null {
  if (!url) return null;
  try {
    const u = base ? new URL(url, base) : new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/**
 * Adds / replaces query parameters; `undefined`/`null` values are skipped, arrays repeat the key.
 * Keeps relative URLs relative and keeps the hash.
 */
export function withQuery(url: string, params: Record<string, QueryValue>): string {
  const hashIndex = url.indexOf('#');
  const hash = hashIndex >= 0 ? url.slice(hashIndex) : '';
  const noHash = hashIndex >= 0 ? url.slice(0, hashIndex) : url;
  const qIndex = noHash.indexOf('?');
  const path = qIndex >= 0 ? noHash.slice(0, qIndex) : noHash;
  const search = new URLSearchParams(qIndex >= 0 ? noHash.slice(qIndex + 1) : '');
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      search.delete(key);
      for (const v of value as ReadonlyArray<string | number | boolean>) search.append(key, String(v));
    } else search.set(key, String(value));
  }
  const qs = search.toString();
  return path + (qs ? `?${qs}` : '') + hash;
}

/**
 * Joins path segments with single slashes: `joinPath('/payment/', '/api', 'settings')` → `'/payment/api/settings'`.
 * Keeps the first segment's scheme/host (`https://x.test/`) and leading slash, and a trailing slash of the last.
 */
export function joinPath(...parts: Array<string | null | undefined>): string {
  const segs = parts.filter((p): p is string => typeof p === 'string' && p !== '');
  if (!segs.length) return '';
  let out = '';
  segs.forEach((seg, i) => {
    if (i === 0) {
      out = seg;
      return;
    }
    out = `${out.replace(/\/+$/, '')}/${seg.replace(/^\/+/, '')}`;
  });
  return out;
}

/** Ensures a trailing slash (`/payment` → `/payment/`). */
export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}
