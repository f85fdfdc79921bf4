/**
 * `useSession()`: the signed-in user of this element's api (spec §3 Session: initialized flag + user).
 * Backed by a zustand vanilla store per api instance (src/state/session.ts); loaded at connect or on first use.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { User } from '../api/types.ts';
import { sessionStore } from '../state/session.ts';
import { useApi } from './api.tsx';

export type SessionInfo = {
  initialized: boolean;
  user: User | null;
  error: unknown;
  /** Reload from the server (e.g. after a sign-in in another tab). */
  refresh: () => Promise<void>;
  /** The sign-in page URL that comes back to `redirect` (default: this page). */
  loginUrl: (redirect?: string) => string;
  /** Sign out on the server, then reload the session. */
  logout: () => Promise<void>;
};

export function useSession(): SessionInfo {
  const api = useApi();
  const store = sessionStore(api);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    if (!store.getState().initialized) void store.refresh();
  }, [store]);
  return {
    ...state,
    refresh: store.refresh,
    loginUrl: (redirect = window.location.href) => api.session.loginUrl(redirect),
    logout: async () => {
      await api.session.logout();
      await store.refresh();
    },
  };
}
