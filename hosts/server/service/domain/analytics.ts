/**
 * The platform's analytics as the sandbox keeps them (no HTTP): page views and events, in memory per server, the
 * last 200 only, each a kind, a name and a time (nothing personal). ../routes/analytics-routes.ts is its router.
 */
export type AnalyticsHit = { kind: 'pv' | 'evt'; name: string; at: string };

/** How many hits are kept (the oldest go first). */
const KEPT = 200;

export function createAnalyticsLog() {
  const hits: AnalyticsHit[] = [];
  return {
    record(kind: AnalyticsHit['kind'], name: string): void {
      hits.push({ kind, name, at: new Date().toISOString() });
      if (hits.length > KEPT) hits.splice(0, hits.length - KEPT);
    },
    /** The kept hits, oldest first. */
    recent: (): AnalyticsHit[] => hits,
  };
}
