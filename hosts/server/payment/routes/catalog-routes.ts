import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { QUANTITY_MAX } from '../../validate.ts';
import { requireMerchant } from './auth.ts';
import {
  adjustInventory,
  archivePrice,
  archiveProduct,
  createPrice,
  createProduct,
  deletePrice,
  deleteProduct,
  updatePrice,
  updateProduct,
} from '../domain/catalog.ts';
import {
  addSearch,
  bodyOf,
  int,
  listWhere,
  livemodeOf,
  oneOf,
  pagingOf,
  paramOf,
  queryBool,
  queryString,
} from './http.ts';
import { expandPrice, expandProduct } from '../domain/pricing.ts';
import { list, mustFind } from '../data/repo.ts';

/**
 * Products and prices (payment-js `products.*`, `prices.*`): parse, authorize (writes and lists are the merchant's;
 * reads of one product or price are public), call the catalog domain (domain/catalog.ts), answer expanded.
 */

export function createCatalogRoutes({ db }: SandboxContext): Router {
  const r = Router();

  // --- products ---
  r.post('/products', requireMerchant, async (req, res) => {
    res.json(await createProduct(db, bodyOf(req), livemodeOf(req)));
  });

  const listProducts = (search: boolean) => async (req: Request, res: Response) => {
    const where = listWhere(req).eq('active', queryBool(req, 'active'));
    const name = queryString(req, 'name');
    if (name) where.add(`name ILIKE ${where.param(`%${name}%`)}`);
    const description = queryString(req, 'description');
    if (description) where.add(`data->>'description' ILIKE ${where.param(`%${description}%`)}`);
    if (search) addSearch(where, req.query.query);
    const page = await list(db, 'products', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((p) => expandProduct(db, p))) });
  };
  r.get('/products', requireMerchant, listProducts(false));
  r.get('/products/search', requireMerchant, listProducts(true));

  r.get('/products/:id', async (req, res) => {
    res.json(await expandProduct(db, await mustFind(db, 'products', paramOf(req, 'id'))));
  });

  r.put('/products/:id', requireMerchant, async (req, res) => {
    res.json(await expandProduct(db, await updateProduct(db, paramOf(req, 'id'), bodyOf(req))));
  });

  r.put('/products/:id/archive', requireMerchant, async (req, res) => {
    res.json(await archiveProduct(db, paramOf(req, 'id')));
  });

  r.delete('/products/:id', requireMerchant, async (req, res) => {
    res.json(await deleteProduct(db, paramOf(req, 'id')));
  });

  // --- prices ---
  r.post('/prices', requireMerchant, async (req, res) => {
    res.json(await expandPrice(db, await createPrice(db, bodyOf(req), livemodeOf(req))));
  });

  const listPrices = (search: boolean) => async (req: Request, res: Response) => {
    const where = listWhere(req)
      .eq('product_id', queryString(req, 'product_id'))
      .eq('active', queryBool(req, 'active'))
      .eq('type', queryString(req, 'type'))
      .eq('currency_id', queryString(req, 'currency_id'))
      .eq('lookup_key', queryString(req, 'lookup_key'));
    if (search) addSearch(where, req.query.query);
    const page = await list(db, 'prices', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((p) => expandPrice(db, p))) });
  };
  r.get('/prices', requireMerchant, listPrices(false));
  r.get('/prices/search', requireMerchant, listPrices(true));

  r.get('/prices/:id', async (req, res) => {
    res.json(await expandPrice(db, await mustFind(db, 'prices', paramOf(req, 'id'))));
  });

  r.put('/prices/:id', requireMerchant, async (req, res) => {
    res.json(await expandPrice(db, await updatePrice(db, paramOf(req, 'id'), bodyOf(req))));
  });

  r.put('/prices/:id/archive', requireMerchant, async (req, res) => {
    res.json(await expandPrice(db, await archivePrice(db, paramOf(req, 'id'))));
  });

  r.put('/prices/:id/inventory', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const quantity = int(body, 'quantity', { min: 1, max: QUANTITY_MAX });
    if (quantity === undefined) throw new HttpError(400, 'quantity is required');
    const action = oneOf(body, 'action', ['increment', 'decrement'] as const);
    res.json(await expandPrice(db, await adjustInventory(db, paramOf(req, 'id'), { action, quantity })));
  });

  r.delete('/prices/:id', requireMerchant, async (req, res) => {
    res.json(await deletePrice(db, paramOf(req, 'id')));
  });

  return r;
}
