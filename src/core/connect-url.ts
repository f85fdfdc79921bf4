/**
 * DID Wallet request URLs without the api: the deep link of an auth URL, and a prepared request handed to a page
 * (`?__connect_url__=`, did-connect.md) checked before the page follows it.
 */
import { safeUrl } from './url.ts';

const enc = encodeURIComponent;

/** A request prepared elsewhere: its action, token, the absolute `…/api/did` prefix it lives at, and its deep link. */
export type PreparedRequest = { action: string; token: string; prefix: string; url: string };

/** The DID Wallet universal link of an auth URL (its `url` parameter encoded twice, as the platform's). */
export function deepLink(authUrl: string): string {
  return `https://abtwallet.io/i/?action=requestAuth&url=${enc(enc(authUrl))}`;
}

/**
 * `?__connect_url__=`: the DID Wallet deep link whose `url` is the request's auth URL, or that auth URL itself.
 * Accepted only when the auth URL is http(s) on `platformOrigin` and names `…/api/did/{action}/auth?_t_={token}`;
 * anything else is null (the page then asks for a token of its own). The deep link shown is rebuilt from the checked
 * auth URL.
 */
export function preparedRequest(raw: string | null | undefined, platformOrigin: string): PreparedRequest | null {
  if (!raw || !platformOrigin) return null;
  const outer = safeUrl(raw, { base: platformOrigin });
  if (!outer) return null;
  let auth: URL;
  try {
    const o = new URL(outer);
    if (o.origin === platformOrigin) auth = o;
    else {
      // The deep link: its `url` (decoded once by URLSearchParams, once more here when still encoded).
      let inner = o.searchParams.get('url') ?? '';
      if (/^https?%3A/i.test(inner)) inner = decodeURIComponent(inner);
      const safe = safeUrl(inner, { base: platformOrigin, sameOrigin: true });
      if (!safe || !/^https?:\/\//i.test(inner)) return null;
      auth = new URL(safe);
    }
  } catch {
    return null;
  }
  if (auth.origin !== platformOrigin) return null;
  const m = /^((?:\/[\w.~-]+)*\/api\/did)\/([\w-]+)\/auth\/?$/.exec(auth.pathname);
  const token = auth.searchParams.get('_t_');
  if (!m || !token || !/^[\w-]{1,128}$/.test(token)) return null;
  return {
    action: m[2] as string,
    token,
    prefix: `${auth.origin}${m[1] as string}`,
    // Rebuilt from the checked auth URL: the page never links to whatever else the given URL pointed at.
    url: deepLink(auth.href),
  };
}
