import type { RequestHandler } from 'express';

/**
 * CORS for pages on other origins that load the elements from this server and point `base-url` here (a CDN embed,
 * a sibling product).
 *
 * The built elements (`/elements/*`, versioned `/elements/{version}/…` and integrity.json included) are public code
 * fetched without credentials: like every CDN they answer every origin with `Access-Control-Allow-Origin: *`, so
 * `<script type="module" crossorigin integrity=…>` loads them on any site without the operator listing it.
 *
 * The allowlist is for the APIs only: the payment API (`/payment/api/*`, `/api/*`, wallet connect included), the store
 * API and the service calls the elements make (session, user, notifications, avatars, logos).
 * `/__blocklet__.js?type=json` is open to every origin on its own (pages.ts).
 *
 * Allowed origins come from SANDBOX_CORS_ORIGINS: a comma- or space-separated list of origins
 * (`https://shop.example`), an origin with `:*` for any port (`http://localhost:*`), or `*` for every origin.
 * Default: `http://localhost:*, http://127.0.0.1:*, http://[::1]:*` (the loopback names, so a page on one of them can
 * embed the elements of the other: the cross-origin e2e does exactly that).
 *
 * No credentials: cookies are never sent cross-origin; an embed signs in with the `auth-token` attribute, which the
 * elements send only to this origin (the platform), as the `authToken` query parameter.
 */
export const DEFAULT_CORS_ORIGINS = 'http://localhost:*, http://127.0.0.1:*, http://[::1]:*';

/** Public files, the same for everyone: `*`. */
const PUBLIC = '/elements/';
const PATHS = ['/payment/api/', '/api/', '/store/api/', '/.well-known/service/'];
/** Service pages people open themselves (the login page, the sandbox's pages) are not for other origins' scripts. */
const EXCLUDED = ['/.well-known/service/sandbox/', '/.well-known/service/login'];
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const HEADERS = new Set(['accept', 'accept-language', 'content-type', 'authorization']);

/** Whether `origin` is allowed by the configured list (exact origins, `scheme://host:*`, or `*`). */
export function originMatcher(list: string): (origin: string) => boolean {
  const entries = list
    .split(/[\s,]+/)
    .map((e) => e.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (entries.includes('*')) return () => true;
  const exact = new Set(entries.filter((e) => !e.endsWith(':*')).map((e) => e.toLowerCase()));
  const anyPort = entries.filter((e) => e.endsWith(':*')).map((e) => e.slice(0, -2).toLowerCase());
  return (origin) => {
    const o = origin.toLowerCase();
    if (exact.has(o)) return true;
    return anyPort.some(
      (base) => o === base || (o.startsWith(`${base}:`) && /^\d{1,5}$/.test(o.slice(base.length + 1))),
    );
  };
}

export function cors(list: string = process.env.SANDBOX_CORS_ORIGINS ?? DEFAULT_CORS_ORIGINS): RequestHandler {
  const allowed = originMatcher(list);
  return (req, res, next) => {
    const path = req.path;
    if (path.startsWith(PUBLIC)) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
      return next();
    }
    if (!PATHS.some((p) => path.startsWith(p)) || EXCLUDED.some((p) => path.startsWith(p))) return next();
    res.vary('Origin');
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !allowed(origin)) {
      // Not a cross-origin request, or an origin not configured: no CORS headers (the browser blocks the answer).
      if (req.method === 'OPTIONS' && typeof origin === 'string' && req.headers['access-control-request-method']) {
        res.status(403).json({
          error: `Origin not allowed: ${origin.slice(0, 200)}. Add it to SANDBOX_CORS_ORIGINS.`,
          code: 'CORS_ORIGIN',
        });
        return;
      }
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const asked = String(req.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', asked.filter((h) => HEADERS.has(h)).join(', ') || 'content-type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
