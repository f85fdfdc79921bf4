/** The store's location as React state: the History API under the element's base path (routes: router.ts). */
import { useCallback, useEffect, useState } from 'react';

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
