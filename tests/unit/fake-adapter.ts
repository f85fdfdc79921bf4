/** A fake axios adapter: routes requests to handlers, records every request. No network. */
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export type Recorded = {
  method: string;
  url: string;
  origin: string;
  path: string;
  query: Record<string, string>;
  data: unknown;
};
export type Reply = { status?: number; data?: unknown; statusText?: string } | 'network-error' | 'timeout';
export type Handler = (req: Recorded) => Reply | Promise<Reply>;

/** Full URL of a request as axios would send it (url + params). */
export function fullUrl(config: InternalAxiosRequestConfig): URL {
  const u = new URL(config.url ?? '', 'http://page.invalid/');
  const params = (config.params ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
  return u;
}

export function fakeAdapter(routes: Record<string, Handler | Reply>) {
  const requests: Recorded[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const u = fullUrl(config);
    const method = (config.method ?? 'get').toUpperCase();
    const rec: Recorded = {
      method,
      url: u.href,
      origin: u.origin,
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      data: typeof config.data === 'string' ? safeJson(config.data) : config.data,
    };
    requests.push(rec);
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.includes(' ') ? k.split(' ', 2) : ['*', k];
      return (m === '*' || m === method) && (p === u.pathname || p === u.origin + u.pathname);
    });
    const route = key ? routes[key] : { status: 404, data: { error: `no route ${method} ${u.pathname}` } };
    const reply = typeof route === 'function' ? await route(rec) : route!;
    if (reply === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    if (reply === 'timeout') throw new AxiosError('timeout of 1ms exceeded', 'ECONNABORTED', config, {});
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      status,
      statusText: reply.statusText ?? (status < 300 ? 'OK' : 'Bad Request'),
      data: reply.data,
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

/** A minimal Storage for localStorage/sessionStorage stubs. */
export function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k: string) => (m.has(k) ? m.get(k)! : null),
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
    dump: () => Object.fromEntries(m),
  };
}

/** A valid checkout context fixture. */
export function checkoutContext(overrides: Record<string, unknown> = {}) {
  const currency = {
    id: 'cur_tba',
    symbol: 'TBA',
    decimal: 18,
    payment_method_id: 'pm_arc',
    name: 'TBA',
    active: true,
  };
  return {
    checkoutSession: {
      id: 'cs_1',
      livemode: true,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      expires_at: 4102444800,
      currency_id: 'cur_tba',
      amount_total: '1000000000000000000',
      line_items: [
        {
          price_id: 'price_1',
          quantity: 1,
          price: {
            id: 'price_1',
            type: 'one_time',
            unit_amount: '1000000000000000000',
            currency_id: 'cur_tba',
            product: { id: 'prod_1', name: 'Pro' },
          },
        },
      ],
    },
    paymentMethods: [{ id: 'pm_arc', type: 'arcblock', name: 'ArcBlock', payment_currencies: [currency] }],
    ...overrides,
  };
}
