/**
 * The store's first queries, without React: the element starts them when it connects (elements/blocklet-store.ts),
 * while React and the screens still load, and the screens read the same queries from the cache (same key, same
 * function). Each keeps its answer fresh for a while (staleTime): the screen mounting on a prefetched answer must not
 * ask again.
 */
import type { Api } from '../api/index.ts';
import { queryKey } from '../api/query-keys.ts';
import { matchRoute, readFilters, SORT_PARAMS, type HomeFilters } from './router.ts';

/** Blocklets on a page of the home's list (a catalog of thousands stays light). */
export const PAGE_SIZE = 18;
/** How long a list or a blocklet answer counts as fresh (a console change refreshes every store query regardless). */
const FRESH_MS = 30_000;

export const categoriesQuery = (api: Api) => ({
  queryKey: queryKey('store', 'categories'),
  queryFn: () => api.store.categories(),
  staleTime: 5 * 60_000,
});

/** The home's page of blocklets for the filters in the URL. */
export const homeListQuery = (api: Api, f: HomeFilters) => ({
  queryKey: queryKey('store', 'home', f),
  queryFn: () =>
    api.store.list({
      keyword: f.keyword || undefined,
      category: f.category || undefined,
      price: f.price || undefined,
      ...SORT_PARAMS[f.sort],
      page: f.page,
      pageSize: PAGE_SIZE,
    }),
  staleTime: FRESH_MS,
});

/** The home's explore sections (trending, top rated, recently updated). */
export const exploreQuery = (api: Api) => ({
  queryKey: queryKey('store', 'explore'),
  queryFn: () => api.store.explore(),
  staleTime: 5 * 60_000,
});

/** A filter is set (keyword, category or price): the home shows the matches only. */
export const isFiltered = (f: HomeFilters): boolean => Boolean(f.keyword || f.category || f.price);
/** The plain home's first page shows the explore sections above the list. */
export const showsExplore = (f: HomeFilters): boolean => !isFiltered(f) && f.page === 1;

/** One blocklet (a version of it, or its current one). */
export const blockletQuery = (api: Api, did: string, version: string | undefined) => ({
  queryKey: queryKey('store', 'blocklet', did, version ?? ''),
  queryFn: () => api.store.get(did, version),
  staleTime: FRESH_MS,
});

/** At connect (before the first render): what the route under `basePath` shows first starts loading. */
export function prefetchStore(api: Api, props: Record<string, unknown>): void {
  const base = typeof props.basePath === 'string' ? props.basePath : undefined;
  const route = matchRoute(window.location.pathname, base ?? '/');
  if (route?.name === 'home') {
    // In the order the home shows them: the category chips, the explore sections, the list.
    const f = readFilters(window.location.search, route.category);
    void api.queryClient.prefetchQuery(categoriesQuery(api));
    if (showsExplore(f)) void api.queryClient.prefetchQuery(exploreQuery(api));
    void api.queryClient.prefetchQuery(homeListQuery(api, f));
  } else if (route?.name === 'detail') void api.queryClient.prefetchQuery(blockletQuery(api, route.did, route.version));
}
