/**
 * Session of one element (zustand vanilla): `initialized` becomes true once the first api.session.get() settles.
 * The element's provider stack owns one per api instance; read it with `useSession()` (src/ui/session.tsx).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { User } from '../api/types.ts';

export type SessionState = {
  initialized: boolean;
  user: User | null;
  error: unknown;
};

export type SessionStore = StoreApi<SessionState> & {
  /** Load (or reload) with the given loader; concurrent calls share one request. */
  refresh: () => Promise<void>;
};

export function createSessionStore(load: () => Promise<{ user: User | null } | null | undefined>): SessionStore {
  const store = createStore<SessionState>()(() => ({ initialized: false, user: null, error: null }));
  let inflight: Promise<void> | null = null;
  const refresh = () => {
    inflight ??= load()
      .then((s) => store.setState({ initialized: true, user: s?.user ?? null, error: null }))
      .catch((error: unknown) => store.setState({ initialized: true, user: null, error }))
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return Object.assign(store, { refresh });
}
