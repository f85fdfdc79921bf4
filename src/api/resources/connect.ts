/**
 * The one DID Connect client (did-connect.md): every wallet moment of the elements (checkout pay/stake/setup, overdue
 * and past-due collection, re-stake, auto top-up authorization, the store's connect pages, sign-in) asks for a
 * request token and follows it through here, the way the platform's own browser client does:
 *
 *   GET  {prefix}/{action}/token?{flat params}&sessionUserDid&locale → {token, status: 'created', url (deep link), appInfo}
 *   GET  {prefix}/{action}/status?_t_={token}  every 2 s, and the relay channel `relay:{appPid}:{token}` (event
 *        `updated`, payload {response}) when the platform is on the page's origin; 400 = the token is gone (expired),
 *        403 = forbidden
 *   GET  {prefix}/{action}/timeout?_t_={token} when the page gives up (300 s, or the payer cancels)
 *
 * `{prefix}` per action: the payment component's `api/did` (payment actions), the service's `api/did` (login), the
 * store component's `api/did` (the store's actions). Statuses: created → scanned → succeed | error (the wallet's
 * decline message → declined) | busy | forbidden. Every refusal rejects with an ApiError whose code names it
 * (src/core/connect-errors.ts maps it to the dialog's text).
 */
import { provideResource } from '../lazy.ts';
import { pageOrigin } from '../base.ts';
import { ApiError, toApiError } from '../errors.ts';
import type { Target, Transport } from '../http.ts';
import type { RealtimeHandler } from '../realtime.ts';
import { check, ConnectSessionStruct, ConnectStatusStruct } from '../schemas.ts';
import type { ConnectSession, ConnectStatus } from '../types.ts';
import {
  CONNECT_CHECK_INTERVAL_MS,
  CONNECT_TIMEOUT_MS,
  DECLINED_MESSAGE,
  type ConnectFailure,
} from '../../core/connect-errors.ts';

const enc = encodeURIComponent;

/** Where an action's request lives. */
export type ConnectTarget = Extract<Target, 'payment' | 'service' | 'store'>;

/**
 * A request: its action, where it lives, and its token (a prepared request lives at the absolute `prefix` its auth
 * URL names: src/core/connect-url.ts).
 */
export type ConnectRef = {
  action: string;
  token: string;
  target?: ConnectTarget | undefined;
  prefix?: string | undefined;
};

export type OpenOptions = {
  signal?: AbortSignal | undefined;
  target?: ConnectTarget | undefined;
  /** The signed-in user's DID: the action names it and refuses any other wallet. */
  sessionUserDid?: string | undefined;
};

export type WaitOptions = {
  signal?: AbortSignal | undefined;
  /** Status polling interval (default 2000 ms, the platform client's). */
  intervalMs?: number;
  /** Give up after (default 300 s): /timeout is called and the wait rejects with CONNECT_EXPIRED. */
  timeoutMs?: number;
  onStatus?: (s: ConnectStatus) => void;
};

/** What the connect client needs besides the transport: the relay (a realtime subscription on a channel). */
export type ConnectDeps = {
  subscribe?: <T>(event: string, handler: RealtimeHandler<T>, opts: { channel: string }) => () => void;
  now?: () => number;
};

/** Extra parameters flattened into a query: arrays joined with commas, objects refused (the platform reads flat). */
export function flatParams(params: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out[k] = v.map(String).join(',');
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else throw new TypeError(`connect: parameter ${k} must be flat`);
  }
  return out;
}

function abortError(): ApiError {
  return new ApiError('Request canceled', { code: 'CANCELED', key: 'error.canceled' });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const CODES: Record<ConnectFailure, string> = {
  declined: 'CONNECT_DECLINED',
  forbidden: 'CONNECT_FORBIDDEN',
  busy: 'CONNECT_BUSY',
  expired: 'CONNECT_EXPIRED',
  failed: 'CONNECT_ERROR',
};

/** The refusal a status stands for (undefined while the request is open or once it succeeded). */
export function failureOf(s: Pick<ConnectStatus, 'status' | 'error'>): ConnectFailure | undefined {
  if (s.status === 'error') return s.error && DECLINED_MESSAGE.test(s.error) ? 'declined' : 'failed';
  if (s.status === 'busy') return 'busy';
  if (s.status === 'forbidden') return 'forbidden';
  return undefined;
}

export function connectError(failure: ConnectFailure, message?: string, data?: unknown): ApiError {
  return new ApiError(message || `Wallet request ${failure}`, { code: CODES[failure], data });
}

export function createConnect(t: Transport, deps: ConnectDeps = {}) {
  const now = deps.now ?? (() => Date.now());
  const at = (ref: Pick<ConnectRef, 'action' | 'target' | 'prefix'>, call: string) =>
    ref.prefix
      ? { target: 'payment' as const, path: `${ref.prefix}/${enc(ref.action)}/${call}` }
      : { target: ref.target ?? ('payment' as const), path: `api/did/${enc(ref.action)}/${call}` };
  // The relay is the platform's, and it serves pages of its own origin only (did-connect.md).
  const relayReachable = () => !t.origin || t.origin === pageOrigin();

  const api = {
    /**
     * GET {prefix}/{action}/token with the extra parameters flat in the query (plus `sessionUserDid` and `locale`)
     * → {token, status, url, appInfo}. With an aborted `signal` nothing is sent.
     */
    async open(action: string, params: Record<string, unknown> = {}, opts: OpenOptions = {}): Promise<ConnectSession> {
      if (opts.signal?.aborted) throw abortError();
      const query = flatParams({
        ...params,
        ...(opts.sessionUserDid ? { sessionUserDid: opts.sessionUserDid } : {}),
        locale: t.settings.locale,
      });
      const data = await t.request<unknown>({
        ...at({ action, target: opts.target }, 'token'),
        params: query,
        signal: opts.signal,
      });
      // did-connect-js answers a refused request (unknown session, nothing to pay…) with 200 {error}.
      const error = (data as { error?: unknown } | null)?.error;
      if (typeof error === 'string' && error && !(data as { token?: unknown }).token)
        throw new ApiError(error, { code: (data as { code?: string }).code, data });
      try {
        return check<ConnectSession>(data, ConnectSessionStruct);
      } catch (err) {
        throw new ApiError(`Unexpected response from GET ${action}/token: ${String(err)}`, {
          code: 'BAD_RESPONSE',
          key: 'error.badResponse',
          data,
          cause: err,
        });
      }
    },

    /** GET {prefix}/{action}/status?_t_= → the token's state; 400 → CONNECT_EXPIRED, 403 → CONNECT_FORBIDDEN. */
    async status(ref: ConnectRef, opts: { signal?: AbortSignal | undefined } = {}): Promise<ConnectStatus> {
      try {
        return await t.request<ConnectStatus>({
          ...at(ref, 'status'),
          params: { _t_: ref.token },
          schema: ConnectStatusStruct,
          signal: opts.signal,
        });
      } catch (err) {
        const e = toApiError(err);
        if (e.status === 400) throw connectError('expired', e.message, e.data);
        if (e.status === 403) throw connectError('forbidden', e.message, e.data);
        throw e;
      }
    },

    /** GET {prefix}/{action}/timeout?_t_=: the page gives the request up (best effort; never rejects). */
    async timeout(ref: ConnectRef): Promise<void> {
      try {
        await t.request({ ...at(ref, 'timeout'), params: { _t_: ref.token } });
      } catch {
        /* the token expires on its own */
      }
    },

    /**
     * Follows a request until it succeeds (resolves with its state) or is refused (rejects with CONNECT_DECLINED,
     * CONNECT_FORBIDDEN, CONNECT_BUSY, CONNECT_EXPIRED or CONNECT_ERROR): status every `intervalMs`, plus the relay's
     * `updated` events where the platform is on the page's origin. After `timeoutMs` (300 s) /timeout is called and
     * it rejects with CONNECT_EXPIRED; an abort (the payer cancelled, the element left) gives the token up too
     * (/timeout) and rejects with CANCELED. Transient network errors are retried.
     */
    waitFor(ref: ConnectRef, opts: WaitOptions = {}): Promise<ConnectStatus> {
      const interval = opts.intervalMs ?? CONNECT_CHECK_INTERVAL_MS;
      const deadline = now() + (opts.timeoutMs ?? CONNECT_TIMEOUT_MS);
      // Ends the status reads and the sleeps: settled, or the caller's signal aborted (which settles it).
      const stop = new AbortController();
      const signal = stop.signal;
      let last: ConnectStatus['status'] | undefined;
      return new Promise<ConnectStatus>((resolve, reject) => {
        let settled = false;
        let off: (() => void) | undefined;
        const finish = (fn: () => void, giveUp: boolean) => {
          if (settled) return;
          settled = true;
          off?.();
          stop.abort();
          if (giveUp) void api.timeout(ref);
          fn();
        };
        const seen = (s: ConnectStatus) => {
          if (settled) return;
          if (s.status !== last) {
            last = s.status;
            opts.onStatus?.(s);
          }
          if (s.status === 'succeed') return finish(() => resolve(s), false);
          const failure = failureOf(s);
          if (failure) finish(() => reject(connectError(failure, s.error, s)), false);
        };
        const onAbort = () => finish(() => reject(abortError()), true);
        if (opts.signal?.aborted) return onAbort();
        opts.signal?.addEventListener('abort', onAbort, { once: true });

        if (deps.subscribe && relayReachable()) {
          off = deps.subscribe<unknown>(
            'updated',
            (response) => {
              if (!response || typeof response !== 'object') return;
              const r = response as Partial<ConnectStatus>;
              if (r.token !== undefined && r.token !== ref.token) return;
              if (typeof r.status === 'string') seen(r as ConnectStatus);
            },
            { channel: ref.token },
          );
        }

        void (async () => {
          while (!settled) {
            try {
              seen(await api.status(ref, { signal }));
            } catch (err) {
              if (settled) return;
              const e = toApiError(err);
              if (e.code === 'CANCELED') return;
              if (e.code !== 'NETWORK' && e.code !== 'TIMEOUT' && !(e.status !== undefined && e.status >= 500))
                return finish(() => reject(e), false);
            }
            if (settled) return;
            if (now() >= deadline)
              return finish(() => reject(connectError('expired', 'The wallet request timed out')), true);
            try {
              await sleep(Math.min(interval, Math.max(0, deadline - now())), signal);
            } catch {
              return;
            }
          }
        })();
      });
    },
  };
  return api;
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('connect', { createConnect });
