/**
 * React bridge over @tanstack/query-core observers, on the element's own QueryClient (`api.queryClient`).
 *
 *   const q = useQuery(queryKey('blocklet'), () => api.blocklet.get());  // q.data, q.error, q.isPending…
 *   const o = useQueryOf(openQuery(api, props));  // a query defined once for the prefetch and the screen
 *   const m = useMutation((vars) => api.session.logout(), { onSuccess }); // m.mutate(vars), m.isPending…
 *
 * The client is per element, so keys need not carry the settings (base URL, locale…). Keys come from the one factory,
 * src/api/query-keys.ts (`queryKey`); a change refreshes through `invalidate.<resource>` (query-invalidate.ts).
 */
import {
  MutationObserver,
  QueryObserver,
  type DefaultError,
  type MutationObserverOptions,
  type MutationObserverResult,
  type QueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/query-core';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';

export const QueryClientContext = createContext<QueryClient | null>(null);

export function useQueryClient(): QueryClient {
  const c = useContext(QueryClientContext);
  if (!c) throw new Error('useQueryClient() must be used inside an element made with defineElement()');
  return c;
}

export type UseQueryOptions<T, K extends QueryKey> = Omit<
  QueryObserverOptions<T, DefaultError, T, T, K>,
  'queryKey' | 'queryFn'
>;

export function useQuery<T, K extends QueryKey = QueryKey>(
  key: K,
  fn: () => Promise<T>,
  options: UseQueryOptions<T, K> = {},
): QueryObserverResult<T, DefaultError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions({ ...options, queryKey: key, queryFn: fn } as QueryObserverOptions<
    T,
    DefaultError,
    T,
    T,
    K
  >);
  // As TanStack's React adapter does: the result of a render says 'fetching' when mounting will start a fetch.
  defaulted._optimisticResults = 'optimistic';
  // One observer per client: the client changes when the element's settings (base URL, locale…) change.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- options are pushed by the effect below
  const observer = useMemo(() => new QueryObserver<T, DefaultError, T, T, K>(client, defaulted), [client]);
  // Keep the observer's options current (key, fn, enabled…) without re-subscribing.
  useEffect(() => {
    observer.setOptions(defaulted);
  });
  // The optimistic result first: it becomes the observer's current result (fetching, when mounting starts a fetch),
  // so the snapshot React reads now is the one the subscription sees; read after, the subscription would find it
  // changed and force a second, synchronous render of the component right after its first commit.
  const result = observer.getOptimisticResult(defaulted);
  const subscribe = useCallback((notify: () => void) => observer.subscribe(() => notify()), [observer]);
  useSyncExternalStore(
    subscribe,
    () => observer.getCurrentResult(),
    () => observer.getCurrentResult(),
  );
  return result;
}

/**
 * A query defined once, without React, for both an element's prefetch (`api.queryClient.prefetchQuery(def)`) and the
 * screen that shows it: same key, same function, same freshness, so the screen mounting on the prefetched answer does
 * not ask again.
 */
export type QueryDef<T, K extends QueryKey> = { queryKey: K; queryFn: () => Promise<T>; staleTime: number };

/** `useQuery` of a QueryDef; `options` add to it (placeholderData, enabled…). */
export function useQueryOf<T, K extends QueryKey>(
  def: QueryDef<T, K>,
  options: Omit<UseQueryOptions<T, K>, 'staleTime'> = {},
): QueryObserverResult<T, DefaultError> {
  return useQuery(def.queryKey, def.queryFn, { ...options, staleTime: def.staleTime });
}

export type UseMutationResult<T, V> = Omit<MutationObserverResult<T, DefaultError, V, unknown>, 'mutate'> & {
  mutate: (variables: V) => void;
  mutateAsync: (variables: V) => Promise<T>;
};

export function useMutation<T, V = void>(
  fn: (variables: V) => Promise<T>,
  options: Omit<MutationObserverOptions<T, DefaultError, V, unknown>, 'mutationFn'> = {},
): UseMutationResult<T, V> {
  const client = useQueryClient();
  const opts = { ...options, mutationFn: fn };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- options are pushed by the effect below
  const observer = useMemo(() => new MutationObserver<T, DefaultError, V, unknown>(client, opts), [client]);
  useEffect(() => {
    observer.setOptions(opts);
  });
  const subscribe = useCallback((notify: () => void) => observer.subscribe(() => notify()), [observer]);
  const result = useSyncExternalStore(
    subscribe,
    () => observer.getCurrentResult(),
    () => observer.getCurrentResult(),
  );
  const mutateAsync = useCallback((v: V) => observer.mutate(v), [observer]);
  const mutate = useCallback(
    (v: V) => {
      observer.mutate(v).catch(() => {
        /* the error is in result.error */
      });
    },
    [observer],
  );
  const { mutate: _ignored, ...rest } = result;
  return { ...rest, mutate, mutateAsync };
}
