import { Router } from 'express';
import { createAnalyticsLog, type AnalyticsHit } from '../domain/analytics.ts';

/**
 * The platform's analytics endpoints as the sandbox answers them (mounted at `/.well-known/analytics`):
 *
 *   GET pv/{page}      → 204, records a page view      GET evt/{event} → 204, records an event
 *   GET sandbox/recent → {views: [{kind, name, at}]}    the last 200, newest last (for tests and the curious)
 *
 * A name over 512 characters is a 400 {error}. Kept in memory per server (domain/analytics.ts).
 */
export function createAnalyticsRoutes(): Router {
  const r = Router();
  const log = createAnalyticsLog();
  const record = (kind: AnalyticsHit['kind']) => (req: import('express').Request, res: import('express').Response) => {
    const name = String(req.params.name ?? '');
    if (!name || name.length > 512) {
      res.status(400).json({ error: 'The name must be 1 to 512 characters', code: 'BAD_NAME' });
      return;
    }
    log.record(kind, name);
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  };
  r.get('/pv/:name', record('pv'));
  r.get('/evt/:name', record('evt'));
  r.get('/sandbox/recent', (_req, res) => {
    res.json({ views: log.recent() });
  });
  return r;
}
