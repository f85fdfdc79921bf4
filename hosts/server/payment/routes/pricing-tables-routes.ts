import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { requireMerchant } from './auth.ts';
import { originOf } from './checkout-routes.ts';
import {
  archivePricingTable,
  createPricingTable,
  createTableCheckout,
  expandPricingTable,
  findPricingTable,
  listPricingTables,
  updatePricingTable,
} from '../domain/pricing-tables.ts';
import { bodyOf, listWhere, livemodeOf, pagingOf, paramOf, queryBool, queryString } from './http.ts';

/**
 * Pricing tables (the platform's `/api/pricing-tables`, pricing-table.md): parse, authorize (create, update, list and
 * archive are the merchant's, signed like the rest of the merchant API; reading one table and starting a checkout
 * from it are public, as on the platform), call the domain (domain/pricing-tables.ts), answer.
 */
export function createPricingTableRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.post('/pricing-tables', requireMerchant, async (req, res) => {
    const table = await db.transaction((tx) => createPricingTable(tx, bodyOf(req), livemodeOf(req)));
    res.json(await expandPricingTable(db, table));
  });

  r.get('/pricing-tables', requireMerchant, async (req, res) => {
    const page = await listPricingTables(db, listWhere(req).eq('active', queryBool(req, 'active')), pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((t) => expandPricingTable(db, t))) });
  });

  r.get('/pricing-tables/:id', async (req, res) => {
    res.json(await expandPricingTable(db, await findPricingTable(db, paramOf(req, 'id'))));
  });

  r.put('/pricing-tables/:id', requireMerchant, async (req, res) => {
    const table = await db.transaction((tx) => updatePricingTable(tx, paramOf(req, 'id'), bodyOf(req)));
    res.json(await expandPricingTable(db, table));
  });

  r.put('/pricing-tables/:id/archive', requireMerchant, async (req, res) => {
    const table = await db.transaction((tx) => archivePricingTable(tx, paramOf(req, 'id')));
    res.json(await expandPricingTable(db, table));
  });

  // No body: the query is the host page's, the element's extra params and the chosen `currencyId` (the platform's
  // CheckoutTable). Anyone may start one; the answer is the new session's `{id, url}` plus the session itself.
  r.post('/pricing-tables/:id/checkout/:priceId', async (req, res) => {
    const session = await db.transaction((tx) =>
      createTableCheckout(tx, paramOf(req, 'id'), paramOf(req, 'priceId'), {
        origin: originOf(req),
        currencyId: queryString(req, 'currencyId'),
      }),
    );
    res.json(session);
  });

  return r;
}
