/**
 * Session of one element (zustand vanilla): `initialized` becomes true once the first api.session.get() settles.
 * One store per api instance (`sessionStore(api)`); the element starts it at connect (`prefetchSession`) and the
 * screens read it with `useSession()` (src/ui/session.tsx).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Api } from '../api/index.ts';
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

const stores = new WeakMap<Api, SessionStore>();

/** The session store of an api instance (made on first use, loaded by `refresh`). */
export function sessionStore(api: Api): SessionStore {
  let s = stores.get(api);
  if (!s) {
    s = createSessionStore(() => api.session.get());
    stores.set(api, s);
  }
  return s;
}

/** Starts loading the session of this api (an element's prefetch at connect; useSession then finds it loading). */
export function prefetchSession(api: Api): void {
  const store = sessionStore(api);
  if (!store.getState().initialized) void store.refresh();
}
