import { useEffect } from 'react';
import { useApi } from '../ui/api.tsx';

/** A page view 200 ms after each page (the analytics client loads on demand; fetch, never a script tag). */
export function usePageViews(enabled: boolean, path: string): void {
  const api = useApi();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let cancel: (() => void) | undefined;
    void import('../api/resources/analytics.ts').then(({ createAnalytics }) => {
      if (!live) return;
      const a = createAnalytics({ origin: api.origin || window.location.origin });
      a.pageView(`${window.location.pathname}${window.location.search}`);
      cancel = a.cancel;
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [enabled, path, api]);
}
