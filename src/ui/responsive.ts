import { useCallback, useSyncExternalStore } from 'react';
import { BELOW_MD } from '../core/layout.ts';

/** `true` while the media query matches; re-renders on change. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Shorthand for `useMediaQuery(BELOW_MD)`. */
export const useIsMobile = (): boolean => useMediaQuery(BELOW_MD);
