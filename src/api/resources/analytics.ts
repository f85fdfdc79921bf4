/**
 * Analytics page views and events (spec §7, §9): GET {origin}/.well-known/analytics/pv/{page} or /evt/{event},
 * sent 200 ms after the page settles. With fetch (keepalive, errors ignored): no script tag, nothing written to
 * the document. A newer page within the 200 ms replaces the pending one. Framework-free.
 */
export const ANALYTICS_DELAY_MS = 200;
export const ANALYTICS_PATH = '/.well-known/analytics';

export const pageViewUrl = (origin: string, page: string): string =>
  `${origin}${ANALYTICS_PATH}/pv/${encodeURIComponent(page)}`;
export const eventUrl = (origin: string, event: string): string =>
  `${origin}${ANALYTICS_PATH}/evt/${encodeURIComponent(event)}`;

export function createAnalytics(opts: { origin: string; fetch?: typeof fetch; delayMs?: number }) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const delay = opts.delayMs ?? ANALYTICS_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (url: string) => {
    try {
      void doFetch(url, { method: 'GET', credentials: 'include', keepalive: true, cache: 'no-store' }).catch(
        () => undefined,
      );
    } catch {
      /* analytics never breaks the page */
    }
  };
  return {
    /** Schedules a page view after the delay; a later call within it replaces this one. */
    pageView(page: string): void {
      clearTimeout(timer);
      timer = setTimeout(() => send(pageViewUrl(opts.origin, page)), delay);
    },
    /** Sends an event after the delay. */
    event(name: string): void {
      setTimeout(() => send(eventUrl(opts.origin, name)), delay);
    },
    /** Drops a pending page view (element removed). */
    cancel(): void {
      clearTimeout(timer);
    },
  };
}
