/** Wallet connect (sandbox DID Connect protocol): open a session, read its status, wait for the outcome. */
import { provideResource } from '../lazy.ts';
import { ApiError } from '../errors.ts';
import type { Transport } from '../http.ts';
import { ConnectSessionStruct, ConnectStatusStruct } from '../schemas.ts';
import type { ConnectSession, ConnectStatus } from '../types.ts';

const enc = encodeURIComponent;

export type WaitOptions = { signal?: AbortSignal; intervalMs?: number; onStatus?: (s: ConnectStatus) => void };

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

function abortError(): ApiError {
  return new ApiError('Request canceled', { code: 'CANCELED', key: 'error.canceled' });
}

export function createConnect(t: Transport) {
  const api = {
    /**
     * POST {payment}/api/did/{action}/token {extraParams} → {token, url, expiresAt}. With an aborted `signal` nothing
     * is sent (a payer who left before this module had loaded opens no wallet request).
     */
    open(
      action: string,
      extraParams: Record<string, unknown> = {},
      opts: { signal?: AbortSignal } = {},
    ): Promise<ConnectSession> {
      return t.request({
        method: 'POST',
        path: `api/did/${enc(action)}/token`,
        data: { extraParams },
        schema: ConnectSessionStruct,
        signal: opts.signal,
      });
    },
    /** GET {payment}/api/did/{action}/status?_t_={token} → {status, error?, result?}. */
    status(action: string, token: string, opts: { signal?: AbortSignal } = {}): Promise<ConnectStatus> {
      return t.request({
        path: `api/did/${enc(action)}/status`,
        params: { _t_: token },
        schema: ConnectStatusStruct,
        signal: opts.signal,
      });
    },
    /**
     * Polls the status every `intervalMs` (default 2000) until `succeed` (resolves with the status) or
     * `error` / `declined` / `expired` (rejects with ApiError code CONNECT_ERROR / CONNECT_DECLINED / CONNECT_EXPIRED).
     * Abort with `signal` (rejects with code CANCELED). Transient network errors are retried.
     */
    async waitFor(action: string, token: string, opts: WaitOptions = {}): Promise<ConnectStatus> {
      const interval = opts.intervalMs ?? 2000;
      for (;;) {
        if (opts.signal?.aborted) throw abortError();
        let s: ConnectStatus | undefined;
        try {
          s = await api.status(action, token, { signal: opts.signal });
        } catch (err) {
          if (err instanceof ApiError && (err.code === 'NETWORK' || err.code === 'TIMEOUT')) s = undefined;
          else throw err;
        }
        if (s) {
          opts.onStatus?.(s);
          if (s.status === 'succeed') return s;
          if (s.status === 'error')
            throw new ApiError(s.error || 'Wallet connect failed', { code: 'CONNECT_ERROR', data: s });
          if (s.status === 'declined')
            throw new ApiError(s.error || 'Wallet connect declined', {
              code: 'CONNECT_DECLINED',
              key: 'error.connectDeclined',
              data: s,
            });
          if (s.status === 'expired')
            throw new ApiError(s.error || 'Wallet connect expired', {
              code: 'CONNECT_EXPIRED',
              key: 'error.connectExpired',
              data: s,
            });
        }
        await sleep(interval, opts.signal);
      }
    },
  };
  return api;
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('connect', { createConnect });
