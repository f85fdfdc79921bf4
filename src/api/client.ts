/**
 * createApi(settings): one api per element. Per-instance axios, QueryClient and realtime socket; nothing global is
 * written. Two instances with different settings never affect each other.
 */
import type { AxiosInstance } from 'axios';
import { QueryClient } from '@tanstack/query-core';
import type { Resolved } from './base.ts';
import { ApiError } from './errors.ts';
import { Transport, type ApiOptions, type ApiSettings, type RequestOptions } from './http.ts';
import { queryKeys } from './query-keys.ts';
import { createRealtime } from './realtime.ts';
import type { WebSocketCtor } from './relay-socket.ts';
import { lazyResource } from './lazy.ts';
import { createBlocklet } from './resources/blocklet.ts';
import type { createCheckout } from './resources/checkout.ts';
import type { createConnect } from './resources/connect.ts';
import type * as Customers from './resources/customers.ts';
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
  const lazy = <R extends object>(load: () => Promise<R>) => lazyResource(load);

  return {
    /** GET /api/settings (payment methods, base currency), cached in sessionStorage. */
    settings: createSettings(t),
    /** The settings this instance was made with (read only). */
    config: Object.freeze({ ...settings }) as Readonly<ApiSettings>,
    /** The current livemode (settings, else localStorage 'livemode', default true). */
    get livemode(): boolean {
      return t.livemode;
    },
    /** The platform origin ('' when page-relative). */
    origin: t.origin,
    /** Resolved bases: `{origin, payment, store, blocklet, crossOrigin}`. */
    resolve: (): Promise<Resolved> => t.resolve(),
    /** Escape hatch for calls without a resource function (same params, errors and checks). */
    request: <T>(opts: RequestOptions): Promise<T> => t.request<T>(opts),
    /** The instance's axios, once loaded (interceptors add locale/livemode/authToken). */
    http: (): Promise<AxiosInstance> => t.http(),

    queryClient,
    queryKeys,

    realtime: { subscribe: realtime.subscribe, close: realtime.close, connected: realtime.connected },
    checkout: lazy<ReturnType<typeof createCheckout>>(() => import('./resources/checkout.ts').then((m) => m.createCheckout(t))),
    customers: lazy<ReturnType<typeof Customers.createCustomers>>(() => customers().then((m) => m.createCustomers(t))),
    invoices: lazy<ReturnType<typeof Customers.createInvoices>>(() => customers().then((m) => m.createInvoices(t))),
    subscriptions: lazy<ReturnType<typeof Customers.createSubscriptions>>(() => customers().then((m) => m.createSubscriptions(t))),
    credits: lazy<ReturnType<typeof Customers.createCredits>>(() => customers().then((m) => m.createCredits(t))),
    payments: lazy<ReturnType<typeof Customers.createPayments>>(() => customers().then((m) => m.createPayments(t))),
    connect: lazy<ReturnType<typeof createConnect>>(() => import('./resources/connect.ts').then((m) => m.createConnect(t))),
    session: createSession(t),
    blocklet,
    store: lazy<ReturnType<typeof createStore>>(() => import('./resources/store.ts').then((m) => m.createStore(t))),
    stripe: lazy<ReturnType<typeof createStripe>>(() => import('./resources/stripe.ts').then((m) => m.createStripe(t))),
    /** Disposes the instance: closes the socket and clears the query cache. */
    dispose(): void {
      realtime.close();
      queryClient.clear();
    },
  };
}

export type Api = ReturnType<typeof createApi>;
