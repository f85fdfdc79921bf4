/**
 * createApi(settings): one api per element. Per-instance axios, QueryClient and realtime socket; nothing global is
 * written. Two instances with different settings never affect each other.
 */
import type { AxiosInstance } from 'axios';
import { QueryClient } from '@tanstack/query-core';
import type { Resolved } from './base.ts';
import { ApiError } from './errors.ts';
import { Transport, type ApiOptions, type ApiSettings, type RequestOptions } from './http.ts';
import { createRealtime } from './realtime.ts';
import type { WebSocketCtor } from './relay-socket.ts';
import { lazyResource } from './lazy.ts';
import { createBlocklet } from './resources/blocklet.ts';
import type { createCheckout } from './resources/checkout.ts';
import type { createConnect } from './resources/connect.ts';
import { createSession } from './resources/session.ts';
import { createSettings } from './resources/settings.ts';
import type { createStore } from './resources/store.ts';
import type { createStripe } from './resources/stripe.ts';

export type CreateApiOptions = ApiOptions & {
  /** Test seam for realtime: the WebSocket constructor (default the page's). */
  WebSocket?: WebSocketCtor;
};

function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.code === 'BAD_RESPONSE' || error.code === 'CANCELED') return false;
    if (error.status !== undefined && error.status < 500) return false;
  }
  return failureCount < 2;
}

export function createApi(settings: ApiSettings, options: CreateApiOptions = {}) {
  const t = new Transport(settings, options);
  const blocklet = createBlocklet(t);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  const realtime = createRealtime({
    origin: () => t.origin,
    appPid: async () => {
      const b = await blocklet.get();
      const pid = b.appPid ?? b.appId;
      return typeof pid === 'string' && pid ? pid : undefined;
    },
    WebSocket: options.WebSocket,
  });

  // Element-specific resources load on first use (the header never carries the checkout's or the store's calls).
  const customers = () => import('./resources/customers.ts');
  type CustomersModule = Awaited<ReturnType<typeof customers>>;
  return {
    /** GET /api/settings (payment methods, base currency), cached in sessionStorage. */
    settings: createSettings(t),
    /** The instance's current settings (read only; `configure` moves locale and livemode). */
    get config(): Readonly<ApiSettings> {
      return Object.freeze({ ...t.settings });
    },
    /**
     * Moves the instance to another locale or livemode in place (an element's settings changed): later requests
     * carry them; the cache is kept (the caller refetches). Returns whether anything changed.
     */
    configure(next: Pick<ApiSettings, 'locale' | 'livemode'>): boolean {
      const s = t.settings;
      if (s.locale === next.locale && s.livemode === next.livemode) return false;
      s.locale = next.locale;
      s.livemode = next.livemode;
      return true;
    },
    /** The current livemode (settings, else localStorage 'livemode', default true). */
    get livemode(): boolean {
      return t.livemode;
    },
    /** The platform origin ('' when page-relative). */
    origin: t.origin,
    /** Resolved bases: `{origin, payment, store, blocklet, crossOrigin}`. */
    resolve: (): Promise<Resolved> => t.resolve(),
    /** `{origin}/.well-known/service/{path}` (synchronous): for the resources made outside createApi. */
    serviceUrl: (path: string): string => t.serviceUrl(path),
    /** Escape hatch for calls without a resource function (same params, errors and checks). */
    request: <T>(opts: RequestOptions): Promise<T> => t.request<T>(opts),
    /** The instance's axios, once loaded (interceptors add locale/livemode/authToken). */
    http: (): Promise<AxiosInstance> => t.http(),

    queryClient,

    realtime: { subscribe: realtime.subscribe, close: realtime.close, connected: realtime.connected },
    checkout: lazyResource(
      'checkout',
      () => import('./resources/checkout.ts'),
      (m: { createCheckout: typeof createCheckout }) => m.createCheckout(t),
    ),
    customers: lazyResource('customers', customers, (m: CustomersModule) => m.createCustomers(t)),
    invoices: lazyResource('customers', customers, (m: CustomersModule) => m.createInvoices(t)),
    subscriptions: lazyResource('customers', customers, (m: CustomersModule) => m.createSubscriptions(t)),
    credits: lazyResource('customers', customers, (m: CustomersModule) => m.createCredits(t)),
    payments: lazyResource('customers', customers, (m: CustomersModule) => m.createPayments(t)),
    connect: lazyResource(
      'connect',
      () => import('./resources/connect.ts'),
      (m: { createConnect: typeof createConnect }) => m.createConnect(t, { subscribe: realtime.subscribe }),
    ),
    session: createSession(t),
    blocklet,
    store: lazyResource(
      'store',
      () => import('./resources/store.ts'),
      (m: { createStore: typeof createStore }) => m.createStore(t),
    ),
    stripe: lazyResource(
      'stripe',
      () => import('./resources/stripe.ts'),
      (m: { createStripe: typeof createStripe }) => m.createStripe(t),
    ),
    /**
     * Disposes the instance: drops its realtime subscriptions and empties the query cache at once. A fetch still in
     * flight schedules its query's garbage collection when it settles; with gcTime 0 that is immediate, so no
     * 5-minute timer keeps the element's closures alive.
     */
    dispose(): void {
      realtime.close();
      const defaults = queryClient.getDefaultOptions();
      queryClient.setDefaultOptions({
        ...defaults,
        queries: { ...defaults.queries, gcTime: 0 },
        mutations: { ...defaults.mutations, gcTime: 0 },
      });
      for (const q of queryClient.getQueryCache().getAll()) q.gcTime = 0;
      for (const m of queryClient.getMutationCache().getAll()) m.gcTime = 0;
      void queryClient.cancelQueries().catch(() => {});
      queryClient.clear();
    },
  };
}

export type Api = ReturnType<typeof createApi>;
