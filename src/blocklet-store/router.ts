/**
 * The store's own router: History API under `base-path`. Writing location/history is the element's job as a router.
 *
 * Routes (relative to the base, spec §2 Store routes):
 *   '' | 'search' | 'category/{id}'            → home (filters in the query string)
 *   'blocklets/{did}[/{version}]' | 'blocklet/{did}' → detail (a did:abt: prefix is stripped)
 *   'profile' | 'connect-cli' | 'gen-key-pair' | 'connect-studio'
 *   'join'                                     → only when preferences.permissionMode is 'staking'
 *   'developer/blocklets' | 'developer/access-tokens' | 'console/blocklets' | 'console/categories' → protected
 * Anything else → null, which the element answers with replaceState to the base (spec: other paths redirect to /).
 *
 * No React here: the element's prefetch (queries.ts) reads the route and the home's filters before React loads. The
 * location hook is location.ts.
 */
import { queryParams } from '../core/params.ts';

export type ProtectedRouteName =
  'developer-blocklets' | 'developer-tokens' | 'console-blocklets' | 'console-categories';
export type Route =
  | { name: 'home'; category?: string | undefined }
  | { name: 'detail'; did: string; version?: string | undefined }
  | { name: 'profile' | 'connect-cli' | 'gen-key-pair' | 'connect-studio' | 'join' }
  | { name: ProtectedRouteName; protected: true };

export const PROTECTED: Record<string, ProtectedRouteName> = {
  'developer/blocklets': 'developer-blocklets',
  'developer/access-tokens': 'developer-tokens',
  'console/blocklets': 'console-blocklets',
  'console/categories': 'console-categories',
};
/** Console pages need the owner or admin role (the server refuses others too). */
export const isConsole = (name: string): boolean => name.startsWith('console-');

const SIMPLE = ['profile', 'connect-cli', 'gen-key-pair', 'connect-studio'] as const;

/** `/store` → `/store/`; empty → `/`. */
export const normalizeBase = (base: string | undefined): string => {
  const b = (base || '/').trim() || '/';
  const withLead = b.startsWith('/') ? b : `/${b}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
};

export type RouteOptions = { staking?: boolean };

/** The route for a pathname under base, or null when the path is unknown or outside the base. */
export function matchRoute(pathname: string, base: string, opts: RouteOptions = {}): Route | null {
  const b = normalizeBase(base);
  const path = pathname.endsWith('/') || pathname.length >= b.length ? pathname : `${pathname}/`;
  if (!path.startsWith(b) && `${path}/` !== b) return null;
  const rest = path.slice(b.length).replace(/\/+$/, '');
  if (rest === '' || rest === 'search') return { name: 'home' };
  let parts: string[];
  try {
    parts = rest.split('/').map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  if (parts[0] === 'category' && parts[1] && parts.length === 2) return { name: 'home', category: parts[1] };
  if (parts[0] === 'blocklets' && parts[1] && parts.length <= 3)
    return { name: 'detail', did: parts[1].replace(/^did:abt:/, ''), version: parts[2] };
  if (parts[0] === 'blocklet' && parts[1] && parts.length === 2)
    return { name: 'detail', did: parts[1].replace(/^did:abt:/, '') };
  if (parts.length === 1 && (SIMPLE as readonly string[]).includes(rest))
    return { name: rest as (typeof SIMPLE)[number] };
  if (rest === 'join') return opts.staking ? { name: 'join' } : null;
  const p = PROTECTED[rest];
  if (p) return { name: p, protected: true };
  return null;
}

export const detailPath = (base: string, did: string, version?: string): string =>
  `${normalizeBase(base)}blocklets/${encodeURIComponent(did)}${version ? `/${encodeURIComponent(version)}` : ''}`;

/**
 * A link from data as a path inside the store (path + query), when it points under the store's `base` on the page's
 * origin; null for anything else (another site, another app on this origin, a link that does not parse).
 */
export function storePathOf(link: string, base: string, here: string): string | null {
  try {
    const root = new URL(normalizeBase(base), here);
    const url = new URL(link, here);
    return url.origin === root.origin && url.pathname.startsWith(root.pathname) ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** Home filters kept in the URL (platform-header-store.md B.1 /search query). */
export type HomeFilters = {
  keyword: string;
  category: string;
  price: '' | 'free' | 'payment';
  sort: SortKey;
  page: number;
};
export const SORTS = ['popularity', 'publishAt', 'nameAsc', 'nameDesc'] as const;
export type SortKey = (typeof SORTS)[number];

export function readFilters(search: string, routeCategory?: string): HomeFilters {
  const q = queryParams(search);
  const price = q.get('price');
  const sort = q.get('sortBy');
  const page = Number(q.get('page'));
  return {
    keyword: q.get('keyword') ?? '',
    category: q.get('category') ?? routeCategory ?? '',
    price: price === 'free' || price === 'payment' ? price : '',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : 'popularity',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `{base}` when no filter is set, else `{base}search?…` (defaults left out). */
export function filtersPath(base: string, f: HomeFilters): string {
  const q = new URLSearchParams();
  if (f.keyword) q.set('keyword', f.keyword);
  if (f.category) q.set('category', f.category);
  if (f.price) q.set('price', f.price);
  if (f.sort !== 'popularity') q.set('sortBy', f.sort);
  if (f.page > 1) q.set('page', String(f.page));
  const qs = q.toString();
  return `${normalizeBase(base)}${qs ? `search?${qs}` : ''}`;
}

/** The list API's sort for a URL sort key. */
export const SORT_PARAMS: Record<SortKey, { sortBy: string; sortDirection: 'asc' | 'desc' }> = {
  popularity: { sortBy: 'stats.downloads', sortDirection: 'desc' },
  publishAt: { sortBy: 'lastPublishedAt', sortDirection: 'desc' },
  nameAsc: { sortBy: 'title', sortDirection: 'asc' },
  nameDesc: { sortBy: 'title', sortDirection: 'desc' },
};
