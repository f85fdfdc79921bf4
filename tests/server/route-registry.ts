import type { Express, RequestHandler } from 'express';

/**
 * The route registry of the running sandbox, read from Express's own router stack (so a route added anywhere is
 * listed without anyone remembering to register it): every method + path under a mount point, with the
 * handlers that guard it (its own and the path-prefixed middleware above it).
 */
export type RouteEntry = { method: string; path: string; guards: RequestHandler[] };

type Layer = {
  rawPath?: string | string[];
  handle: RequestHandler & { stack?: Layer[] };
  route?: { methods: Record<string, boolean>; stack: Layer[] };
};

function paths(layer: Layer): string[] {
  const raw = layer.rawPath ?? '/';
  return (Array.isArray(raw) ? raw : [raw]).map((p) => (p === '/' ? '' : p));
}

function walk(
  stack: Layer[],
  prefix: string,
  inherited: Array<{ prefix: string; handle: RequestHandler }>,
  out: RouteEntry[],
): void {
  const middleware = [...inherited];
  for (const layer of stack) {
    if (layer.route) {
      for (const p of paths(layer)) {
        const path = `${prefix}${p}`;
        const guards = [
          ...middleware
            .filter((m) => path === m.prefix || path.startsWith(`${m.prefix}/`) || m.prefix === prefix)
            .map((m) => m.handle),
          ...layer.route.stack.map((l) => l.handle),
        ];
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path, guards });
      }
    } else if (layer.handle.stack) {
      for (const p of paths(layer)) walk(layer.handle.stack, `${prefix}${p}`, middleware, out);
    } else {
      for (const p of paths(layer)) middleware.push({ prefix: `${prefix}${p}`, handle: layer.handle });
    }
  }
}

/** Every route of the app whose path starts with `mount` (e.g. '/payment/api'), in registration order, deduplicated. */
export function routesOf(app: Express, mount: string): RouteEntry[] {
  const out: RouteEntry[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', [], out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (!r.path.startsWith(`${mount}/`) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One request of a route walk as a signed-in person (`login_token` cookie) or a visitor (null): query values may
 * repeat (arrays), redirects are not followed (a walk reads what the route itself answers), and the body is parsed
 * as JSON when it is JSON (HTML pages, SVG images and ES modules stay text).
 */
export async function walkCall(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  query: Record<string, string | string[]> = {},
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
  const res = await fetch(`${baseUrl}${path}${qs.toString() ? `?${qs}` : ''}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { cookie: `login_token=${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
