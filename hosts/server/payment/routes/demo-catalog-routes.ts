import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { demoCatalog } from '../data/demo-catalog.ts';

/**
 * GET /sandbox/catalog: the seeded payment links for the reference host's demo page (data/demo-catalog.ts),
 * [{id, name, description, kind, amount, symbol, decimal}]; amount is in the smallest unit (format with decimal).
 */
export function createDemoCatalogRoutes({ db }: SandboxContext): Router {
  const r = Router();
  r.get('/sandbox/catalog', async (_req, res) => {
    res.json(await demoCatalog(db));
  });
  return r;
}
