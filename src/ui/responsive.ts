import { useCallback, useSyncExternalStore } from 'react';

/** The md breakpoint (MUI's 900 px): below it the layouts switch to their small-screen form. */
export const BELOW_MD = '(max-width: 899px)';
/** The sm breakpoint (600 px). */
export const BELOW_SM = '(max-width: 599px)';

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
