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
import { createRealtime, type PhoenixModule } from './realtime.ts';
import { createBlocklet } from './resources/blocklet.ts';
import { createCheckout } from './resources/checkout.ts';
import { createConnect } from './resources/connect.ts';
import { createCredits, createCustomers, createInvoices, createPayments, createSubscriptions } from './resources/customers.ts';
import { createSession } from './resources/session.ts';
import { createSettings } from './resources/settings.ts';
import { createStore } from './resources/store.ts';
import { createStripe } from './resources/stripe.ts';

export type CreateApiOptions = ApiOptions & {
  /** Test seam for realtime. */
  loadPhoenix?: () => Promise<PhoenixModule>;
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
    ...(options.loadPhoenix ? { loadPhoenix: options.loadPhoenix } : {}),
  });

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
    checkout: createCheckout(t),
    customers: createCustomers(t),
    invoices: createInvoices(t),
    subscriptions: createSubscriptions(t),
    credits: createCredits(t),
    payments: createPayments(t),
    connect: createConnect(t),
    session: createSession(t),
    blocklet,
    store: createStore(t),
    stripe: createStripe(t),
    /** Disposes the instance: closes the socket and clears the query cache. */
    dispose(): void {
      realtime.close();
      queryClient.clear();
    },
  };
}

export type Api = ReturnType<typeof createApi>;
