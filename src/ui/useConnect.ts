/**
 * `useConnect(action)`: one wallet request at a time for a screen (overdue and past-due payment, re-stake, auto
 * top-up, the store's connect pages), through the one connect client (api.connect) and shown in the one dialog
 * (src/ui/ConnectDialog.tsx, `dialog` is its props). The checkout keeps its own store (src/state/checkout.ts) with the
 * same client and dialog.
 *
 * start(params) asks for a token (flat params; the signed-in user's DID as `sessionUserDid`) and follows it; a
 * refusal (declined, forbidden, busy, expired, failed) keeps the dialog open with its message and "Start again"
 * (retry: a new token with the same params); another error (the token request refused, no network) closes the dialog
 * and goes to `onError`; cancel() gives the token up (/timeout). One request at a time: start() while one is open
 * does nothing, so a double click pays nothing twice.
 */
import { useEffect, useRef, useState } from 'react';
import type { ConnectSession, ConnectStatus, ConnectStatusValue } from '../api/types.ts';
import type { ConnectRef, ConnectTarget } from '../api/resources/connect.ts';
import { connectFailure, type ConnectFailure } from '../core/connect-errors.ts';
import { safeUrl } from '../core/url.ts';
import { useApi } from './api.tsx';
import { preloadConnectPanel, type ConnectDialogProps } from './ConnectDialog.tsx';
import { useSession } from './session.tsx';

export type ConnectPhase = 'idle' | 'opening' | 'waiting' | 'failed' | 'done';

export type ConnectRunState = {
  phase: ConnectPhase;
  session: ConnectSession | null;
  status?: ConnectStatusValue | undefined;
  failure?: ConnectFailure | undefined;
  error?: Error | undefined;
  /** The request's final state (what the action stored comes along, e.g. a key pair). */
  result?: ConnectStatus | undefined;
};

export type UseConnectOptions = {
  target?: ConnectTarget;
  onSuccess?: (result: ConnectStatus) => void;
  /** An error that is not a wallet refusal (the dialog closes). */
  onError?: (error: Error) => void;
  /** A wallet refusal (the dialog stays open with its message). */
  onFailure?: (failure: ConnectFailure, error: Error) => void;
};

export type UseConnect = {
  state: ConnectRunState;
  /** Opens a request (nothing when one is open already). Resolves when it ended, whichever way. */
  start: (params: Record<string, unknown>) => Promise<void>;
  /** Follows a request prepared elsewhere (a page's `?__connect_url__=`, checked by api `preparedRequest`). */
  follow: (prepared: ConnectRef & { url: string }, params?: Record<string, unknown>) => Promise<void>;
  retry: () => Promise<void>;
  cancel: () => void;
  /** The dialog's request props (url, status, failure, message, onCancel, onRetry, open). */
  dialog: Pick<ConnectDialogProps, 'open' | 'url' | 'status' | 'failure' | 'message' | 'onCancel' | 'onRetry'>;
};

export function useConnect(action: string, options: UseConnectOptions = {}): UseConnect {
  const api = useApi();
  const { user } = useSession();
  const [state, setState] = useState<ConnectRunState>({ phase: 'idle', session: null });
  const ctl = useRef<AbortController | null>(null);
  const last = useRef<Record<string, unknown>>({});
  const opts = useRef(options);
  opts.current = options;
  const userDid = user?.did;
  useEffect(() => () => ctl.current?.abort(), []);

  const run = async (params: Record<string, unknown>, prepared?: ConnectRef & { url: string }) => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    last.current = params;
    setState({ phase: 'opening', session: null });
    void preloadConnectPanel().catch(() => {});
    const target = opts.current.target;
    try {
      const session = prepared
        ? { token: prepared.token, url: prepared.url }
        : await api.connect.open(action, params, { signal: c.signal, target, sessionUserDid: userDid });
      if (c.signal.aborted) return;
      setState({ phase: 'waiting', session, status: 'created' });
      const result = await api.connect.waitFor(prepared ?? { action, token: session.token, target }, {
        signal: c.signal,
        onStatus: (s) => setState((prev) => (prev.session === session ? { ...prev, status: s.status } : prev)),
      });
      if (c.signal.aborted) return;
      ctl.current = null;
      setState({ phase: 'done', session, status: 'succeed', result });
      opts.current.onSuccess?.(result);
    } catch (err) {
      if (c.signal.aborted) return;
      ctl.current = null;
      const error = err instanceof Error ? err : new Error(String(err));
      const failure = connectFailure(err);
      if (failure) {
        setState((prev) => ({ phase: 'failed', session: prev.session, failure, error }));
        opts.current.onFailure?.(failure, error);
      } else {
        setState({ phase: 'idle', session: null, error });
        opts.current.onError?.(error);
      }
    }
  };

  const open = state.phase === 'opening' || state.phase === 'waiting' || state.phase === 'failed';
  const cancel = () => {
    ctl.current?.abort();
    ctl.current = null;
    setState({ phase: 'idle', session: null });
  };
  return {
    state,
    start: (params) => (ctl.current ? Promise.resolve() : run(params)),
    // "Start again" after a prepared request asks for a token of the page's own (with `params`).
    follow: (prepared, params = {}) => (ctl.current ? Promise.resolve() : run(params, prepared)),
    retry: () => run(last.current),
    cancel,
    dialog: {
      open,
      url: state.session && state.phase !== 'failed' ? safeUrl(state.session.url) : null,
      status: state.status,
      failure: state.failure,
      message: state.failure === 'failed' ? state.error?.message : undefined,
      onCancel: cancel,
      onRetry: () => void run(last.current),
    },
  };
}
