/**
 * Base URL resolution (spec §7, payment-kit-api.md Transport) and the cross-origin `__blocklet__.js?type=json` cache.
 *
 * - `baseUrl` on another origin → fetch `{origin}/__blocklet__.js?type=json` (cached 10 minutes per origin, module
 *   memory) and use that origin + the payment component's mount point (falls back to `baseUrl` as given);
 * - `baseUrl` on the page's origin → `baseUrl`;
 * - else the payment component's mount point from `blocklet.componentMountPoints`, else `blocklet.prefix`, else `/`.
 */
import type { AxiosAdapter } from 'axios';
import { loadAxios } from './axios.ts';
import { joinPath, originOf, withTrailingSlash } from '../core/url.ts';
import { BLOCKLET_CACHE_MS, BLOCKLET_JSON_PATH, DEFAULT_STORE_MOUNT, PAYMENT_KIT_DID, STORE_DID } from './constants.ts';
import { ApiError, toApiError } from './errors.ts';
import { check, WindowBlockletStruct } from './schemas.ts';
import type { WindowBlocklet } from './types.ts';

/** The page's origin, when running in a page. */
export function pageOrigin(): string | undefined {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  const o = loc?.origin;
  return typeof o === 'string' && o && o !== 'null' ? o : undefined;
}

export function pageHref(): string | undefined {
  const loc = (globalThis as { location?: { href?: string } }).location;
  return typeof loc?.href === 'string' ? loc.href : undefined;
}

/** `window.blocklet`, read only (never written). */
export function globalBlocklet(): WindowBlocklet | undefined {
  const w = (globalThis as { window?: { blocklet?: unknown } }).window;
  const b = w?.blocklet;
  return b && typeof b === 'object' ? (b as WindowBlocklet) : undefined;
}

/** The mount point of a component (`/payment/`), normalized with leading and trailing slashes. */
export function mountPointOf(blocklet: WindowBlocklet | undefined, did: string): string | undefined {
  const mp = blocklet?.componentMountPoints?.find((c) => c && c.did === did)?.mountPoint;
  if (typeof mp !== 'string' || !mp) return undefined;
  return withTrailingSlash(mp.startsWith('/') ? mp : `/${mp}`);
}

/**
 * The origin the api talks to: the base URL's origin when given, else the page's origin, else '' (page-relative).
 * Synchronous: the origin never depends on the fetched description.
 */
export function platformOrigin(baseUrl: string | undefined): string {
  if (baseUrl) {
    const o = originOf(baseUrl, pageHref());
    if (o) return o;
  }
  return pageOrigin() ?? '';
}

/** True when `baseUrl` is absolute and on another origin than the page (or there is no page). */
export function isCrossOrigin(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  const o = originOf(baseUrl); // only absolute URLs have an origin here
  if (!o) return false;
  return o !== pageOrigin();
}

// ---- the cross-origin description cache (module memory, per origin) ----

type CacheEntry = { at: number; promise: Promise<WindowBlocklet> };
const blockletCache = new Map<string, CacheEntry>();

/** Drops the cached descriptions (tests). */
export function clearBlockletCache(): void {
  blockletCache.clear();
}

/**
 * `{origin}/__blocklet__.js?type=json`, cached 10 minutes per origin (a failed fetch is not cached).
 * `adapter` is the api instance's axios adapter (tests stub it).
 */
export function fetchBlockletJson(origin: string, adapter?: AxiosAdapter): Promise<WindowBlocklet> {
  const now = Date.now();
  const hit = blockletCache.get(origin);
  if (hit && now - hit.at < BLOCKLET_CACHE_MS) return hit.promise;
  const url = `${origin}${BLOCKLET_JSON_PATH}`;
  const promise = loadAxios()
    .then((axios) =>
      axios
        .create(adapter ? { adapter } : {})
        .get(url, { responseType: 'json', timeout: 20000, headers: { Accept: 'application/json' } }),
    )
    .then(
      (res) => {
        let data: unknown = res.data;
        if (typeof data === 'string') {
          try {
            data = JSON.parse(data);
          } catch {
            /* checked below */
          }
        }
        try {
          return check<WindowBlocklet>(data, WindowBlockletStruct);
        } catch (err) {
          throw new ApiError(`Unexpected response from GET ${url}: ${(err as Error).message}`, {
            code: 'BAD_RESPONSE',
            key: 'error.badResponse',
            data,
          });
        }
      },
      (err: unknown) => {
        throw toApiError(err);
      },
    );
  blockletCache.set(origin, { at: now, promise });
  promise.catch(() => {
    if (blockletCache.get(origin)?.promise === promise) blockletCache.delete(origin);
  });
  return promise;
}

export type Resolved = {
  /** Platform origin ('' when page-relative). */
  origin: string;
  /** Payment Kit base, ending with '/': absolute when the origin is known, else a path. */
  payment: string;
  /** Store base, ending with '/'. */
  store: string;
  /** The description used (fetched when cross-origin). */
  blocklet: WindowBlocklet | undefined;
  crossOrigin: boolean;
};

export type ResolveInput = {
  baseUrl?: string | undefined;
  blocklet?: WindowBlocklet | undefined;
  adapter?: AxiosAdapter | undefined;
};

/** Resolves the payment and store bases for one request (uses the module cache for cross-origin descriptions). */
export async function resolveBases(input: ResolveInput): Promise<Resolved> {
  const { baseUrl, blocklet } = input;
  const origin = platformOrigin(baseUrl);
  if (baseUrl && isCrossOrigin(baseUrl)) {
    let remote: WindowBlocklet | undefined;
    try {
      remote = await fetchBlockletJson(origin, input.adapter);
    } catch {
      remote = undefined;
    }
    const paymentMp = mountPointOf(remote, PAYMENT_KIT_DID);
    const storeMp = mountPointOf(remote, STORE_DID) ?? DEFAULT_STORE_MOUNT;
    return {
      origin,
      payment: paymentMp ? joinPath(origin, paymentMp) : withTrailingSlash(baseUrl),
      store: joinPath(origin, storeMp),
      blocklet: remote,
      crossOrigin: true,
    };
  }
  const at = (path: string) => (origin ? joinPath(origin, path) : path);
  let payment: string;
  if (baseUrl) {
    const abs = originOf(baseUrl) ? baseUrl : at(baseUrl.startsWith('/') ? baseUrl : `/${baseUrl}`);
    payment = withTrailingSlash(abs);
  } else {
    const mp = mountPointOf(blocklet, PAYMENT_KIT_DID);
    const prefix = blocklet?.prefix
      ? withTrailingSlash(blocklet.prefix.startsWith('/') ? blocklet.prefix : `/${blocklet.prefix}`)
      : undefined;
    payment = at(mp ?? prefix ?? '/');
  }
  const storeMp = mountPointOf(blocklet, STORE_DID) ?? DEFAULT_STORE_MOUNT;
  return { origin, payment, store: at(storeMp), blocklet, crossOrigin: false };
}
