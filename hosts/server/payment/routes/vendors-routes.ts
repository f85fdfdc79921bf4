/** GET /vendors/order/:sessionId/status: the vendors of a completed checkout (domain/vendors.ts). */
import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { orderVendors } from '../domain/vendors.ts';
import { paramOf } from './http.ts';

export function createVendorRoutes(ctx: SandboxContext): Router {
  const r = Router();
  r.get('/vendors/order/:sessionId/status', async (req, res) => {
    res.json({ vendors: await orderVendors(ctx, paramOf(req, 'sessionId')) });
  });
  return r;
}
