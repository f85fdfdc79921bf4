/**
 * The store's own router: History API under `base-path`. Writing location/history is the element's job as a router.
 *
 * Routes (relative to the base): '' | 'search' | 'category/{id}' → home; 'blocklets/{did}[/{version}]' and
 * 'blocklet/{did}' → detail; anything else → home (replaceState to the base, spec: other paths redirect to /).
 */
import { useCallback, useEffect, useState } from 'react';

export type Route =
  | { name: 'home'; category?: string | undefined }
  | { name: 'detail'; did: string; version?: string | undefined };

/** `/store` → `/store/`; empty → `/`. */
export const normalizeBase = (base: string | undefined): string => {
  const b = (base || '/').trim() || '/';
  const withLead = b.startsWith('/') ? b : `/${b}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
};

/** The route for a pathname under base, or null when the path is outside the base. */
export function matchRoute(pathname: string, base: string): Route | null {
  const b = normalizeBase(base);
  const path = pathname.endsWith('/') || pathname.length >= b.length ? pathname : `${pathname}/`;
  if (!path.startsWith(b) && `${path}/` !== b) return null;
  const rest = path.slice(b.length).replace(/\/+$/, '');
  if (rest === '' || rest === 'search') return { name: 'home' };
  const parts = rest.split('/').map((p) => decodeURIComponent(p));
  if (parts[0] === 'category' && parts[1]) return { name: 'home', category: parts[1] };
  if ((parts[0] === 'blocklets' || parts[0] === 'blocklet') && parts[1]) {
    const did = parts[1].replace(/^did:abt:/, '');
    return { name: 'detail', did, version: parts[0] === 'blocklets' ? parts[2] : undefined };
  }
  return null;
}

export const detailPath = (base: string, did: string): string => `${normalizeBase(base)}blocklets/${encodeURIComponent(did)}`;

type Location = { pathname: string; search: string };
const read = (): Location => ({ pathname: window.location.pathname, search: window.location.search });

/** Current location (re-renders on popstate and on our own navigations) plus navigate/replace. */
export function useLocation(): Location & {
  navigate: (path: string) => void;
  replace: (path: string) => void;
} {
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const on = () => setLoc(read());
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  const navigate = useCallback((path: string) => {
    window.history.pushState(window.history.state, '', path);
    setLoc(read());
    window.scrollTo?.({ top: 0 });
  }, []);
  const replace = useCallback((path: string) => {
    window.history.replaceState(window.history.state, '', path);
    setLoc(read());
  }, []);
  return { ...loc, navigate, replace };
}
