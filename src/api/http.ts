/**
 * The per-instance transport: one axios instance per api (never a global default), base resolution per request,
 * the common query parameters, error mapping and response validation.
 */
import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig, Method } from 'axios';
import { loadAxios } from './axios.ts';
import type { Struct } from 'superstruct';
import { readStorage, removeStorage, writeStorage } from '../core/storage.ts';
import { joinPath, originOf } from '../core/url.ts';
import { globalBlocklet, pageHref, pageOrigin, platformOrigin, resolveBases, type Resolved } from './base.ts';
import { SERVICE_PREFIX } from './constants.ts';
import { ApiError, toApiError } from './errors.ts';
import { check, SchemaError } from './schemas.ts';
import type { WindowBlocklet } from './types.ts';

export type ApiSettings = {
  /** Payment Kit base URL override; another origin triggers the `__blocklet__.js` lookup. */
  baseUrl?: string | undefined;
  /** Sent as the `authToken` query parameter, only to the platform origin. */
  authToken?: string | undefined;
  locale: string;
  /** Overrides localStorage `livemode` (default true unless stored 'false'). */
  livemode?: boolean | undefined;
  /** App description; defaults to `window.blocklet` (read only). */
  blocklet?: WindowBlocklet | undefined;
};

/**
 * What a resource made outside createApi takes from the element's api instance: the resources that only a lazily
 * loaded screen needs (refunds, donations, organizations, notifications) travel in that screen's chunk and are made
 * with `createX(api)` there, instead of being part of every element's api.
 */
export type ResourceApi = {
  request: <T>(opts: RequestOptions) => Promise<T>;
  resolve: () => Promise<Resolved>;
  /** `{origin}/.well-known/service/{path}` (synchronous). */
  serviceUrl: (path: string) => string;
  readonly livemode: boolean;
  /** The platform origin ('' when page-relative). */
  readonly origin: string;
  readonly config: Readonly<ApiSettings>;
};

/** Test seams and transport options (not settings of an element). */
export type ApiOptions = {
  /** axios adapter (tests stub the network with it). */
  adapter?: AxiosAdapter;
  /** Request timeout in ms (default 60 s). */
  timeout?: number;
};

export type Target = 'payment' | 'store' | 'service' | 'origin';

export type RequestOptions = {
  method?: Method;
  /** Which base the path is relative to (default payment). An absolute `path` is used as is. */
  target?: Target;
  path: string;
  params?: Record<string, unknown> | undefined;
  data?: unknown;
  /** Response check; without it the body is returned unchecked. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any struct; the call's result type comes from it
  schema?: Struct<any, any>;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
};

/**
 * A JSON value cached in sessionStorage under `key`. Never throws: blocked storage or a full quota means no cache, and
 * an entry that does not parse or that `accept` refuses (returns null or throws) is dropped.
 */
export const sessionCache = {
  read<T>(key: string, accept: (value: unknown) => T | null): T | null {
    const raw = readStorage(key, 'session');
    try {
      const value = raw ? accept(JSON.parse(raw)) : null;
      if (raw && value === null) removeStorage(key, 'session');
      return value;
    } catch {
      removeStorage(key, 'session');
      return null;
    }
  },
  write(key: string, value: unknown): void {
    writeStorage(key, JSON.stringify(value), 'session');
  },
  remove(key: string): void {
    removeStorage(key, 'session');
  },
};

/** Livemode from settings, else localStorage `livemode` ('false' → false), default true. */
export function resolveLivemode(setting: boolean | undefined): boolean {
  if (typeof setting === 'boolean') return setting;
  return readStorage('livemode') !== 'false';
}

const RELATIVE_BASE = 'http://page.invalid/';

export class Transport {
  readonly settings: ApiSettings;
  readonly adapter: AxiosAdapter | undefined;
  readonly timeout: number;
  #http: Promise<AxiosInstance> | undefined;
  /** The platform origin ('' when page-relative). */
  readonly origin: string;

  constructor(settings: ApiSettings, options: ApiOptions = {}) {
    this.settings = { ...settings, blocklet: 'blocklet' in settings ? settings.blocklet : undefined };
    this.adapter = options.adapter;
    this.origin = platformOrigin(settings.baseUrl);
    this.timeout = options.timeout ?? 60_000;
  }

  /** This api's own axios instance (axios itself is loaded on the first request; see axios.ts). */
  http(): Promise<AxiosInstance> {
    this.#http ??= loadAxios().then(
      (axios) => {
        const instance = axios.create({
          timeout: this.timeout,
          headers: { Accept: 'application/json' },
          // No XSRF-TOKEN cookie exists on the platform; without a name axios sends each request in the task that
          // makes it instead of after an async cookieStore read (a task later, behind the first render).
          xsrfCookieName: '',
          ...(this.adapter ? { adapter: this.adapter } : {}),
        });
        instance.interceptors.request.use((config) => this.addCommonParams(config));
        return instance;
      },
      (err: unknown) => {
        this.#http = undefined;
        throw err;
      },
    );
    return this.#http;
  }

  /** The explicit description, else `window.blocklet` (read at call time). */
  get blocklet(): WindowBlocklet | undefined {
    return this.settings.blocklet ?? globalBlocklet();
  }

  get livemode(): boolean {
    return resolveLivemode(this.settings.livemode);
  }

  resolve(): Promise<Resolved> {
    return resolveBases({ baseUrl: this.settings.baseUrl, blocklet: this.blocklet, adapter: this.adapter });
  }

  /** Absolute service URL (`{origin}/.well-known/service/...`), synchronous. */
  serviceUrl(path: string): string {
    return joinPath(this.origin || '', SERVICE_PREFIX, path);
  }

  /** True when `url` goes to the platform origin (the only place the auth token may go). */
  isPlatformUrl(url: string): boolean {
    const base = pageHref() ?? RELATIVE_BASE;
    const target = originOf(url, base);
    const platform = this.origin || pageOrigin() || originOf(RELATIVE_BASE);
    return !!target && target === platform;
  }

  private addCommonParams(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
    const url = config.url ?? '';
    const params: Record<string, unknown> =
      config.params instanceof URLSearchParams ? Object.fromEntries(config.params) : { ...(config.params ?? {}) };
    let inUrl: URLSearchParams;
    try {
      inUrl = new URL(url, pageHref() ?? RELATIVE_BASE).searchParams;
    } catch {
      inUrl = new URLSearchParams();
    }
    const supplied = (k: string) => (params[k] !== undefined && params[k] !== null) || inUrl.has(k);
    if (!supplied('locale') && this.settings.locale) params.locale = this.settings.locale;
    if (!supplied('livemode')) params.livemode = this.livemode;
    if (this.settings.authToken && !supplied('authToken') && this.isPlatformUrl(url))
      params.authToken = this.settings.authToken;
    config.params = params;
    return config;
  }

  /** Builds the URL for a target and path. */
  async url(target: Target, path: string): Promise<string> {
    if (/^https?:\/\//i.test(path)) return path;
    if (target === 'service') return this.serviceUrl(path);
    if (target === 'origin') return joinPath(this.origin || '', path.startsWith('/') ? path : `/${path}`);
    const r = await this.resolve();
    return joinPath(target === 'store' ? r.store : r.payment, path);
  }

  async request<T>(opts: RequestOptions): Promise<T> {
    const method = (opts.method ?? 'GET').toUpperCase() as Method;
    const url = await this.url(opts.target ?? 'payment', opts.path);
    let data: unknown;
    try {
      const http = await this.http();
      const res = await http.request({
        method,
        url,
        params: stripUndefined(opts.params),
        data: opts.data,
        signal: opts.signal,
        headers: opts.headers,
      });
      data = res.data;
    } catch (err) {
      throw toApiError(err);
    }
    if (!opts.schema) return data as T;
    try {
      return check<T>(data, opts.schema);
    } catch (err) {
      const detail = err instanceof SchemaError ? err.message : String(err);
      throw new ApiError(`Unexpected response from ${method} ${opts.path}: ${detail}`, {
        code: 'BAD_RESPONSE',
        key: 'error.badResponse',
        data,
        cause: err,
      });
    }
  }
}

function stripUndefined(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}
