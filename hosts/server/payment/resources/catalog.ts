import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { QUANTITY_MAX, STOCK_MAX } from '../../validate.ts';
import { requireMerchant } from '../auth.ts';
import {
  addSearch,
  arr,
  bodyOf,
  bool,
  int,
  listWhere,
  livemodeOf,
  obj,
  oneOf,
  pagingOf,
  paramOf,
  pick,
  queryBool,
  queryString,
  str,
  strings,
  type Body,
} from '../http.ts';
import { expandPrice, expandProduct, newPrice, priceFields } from '../pricing.ts';
import { insert, list, mustFind, newDoc, remove, save } from '../repo.ts';
import type { PriceRow } from '../schema.ts';

/** Products and prices (payment-js `products.*`, `prices.*`). Reads of one product or price are public. */

const PRODUCT_TYPES = ['service', 'good', 'credit'] as const;

async function productFields(q: Queryable, body: Body, creating: boolean): Promise<Body> {
  const out: Body = pick(body, ['description', 'unit_label', 'statement_descriptor']);
  if (creating || body.name !== undefined) out.name = str(body, 'name', { required: true, max: 250 });
  if (creating || body.type !== undefined) out.type = oneOf(body, 'type', PRODUCT_TYPES, 'service');
  if (body.images !== undefined) out.images = strings(body, 'images') ?? [];
  if (body.features !== undefined) {
    out.features = (arr(body, 'features') ?? []).map((f, i) => {
      const name = f && typeof f === 'object' ? (f as Body).name : f;
      if (typeof name !== 'string' || !name) throw new HttpError(400, `features[${i}] needs a name`);
      return { name };
    });
  }
  if (body.metadata !== undefined) out.metadata = obj(body, 'metadata') ?? {};
  if (body.active !== undefined) out.active = bool(body, 'active');
  if (body.cross_sell !== undefined) {
    const to = obj(body, 'cross_sell')?.cross_sells_to_id;
    if (to !== undefined && to !== null) await mustFind(q, 'products', to);
    out.cross_sell = typeof to === 'string' ? { cross_sells_to_id: to } : null;
  }
  return out;
}

/** Whether anything still points at a price (then it can be archived, not deleted). */
async function priceInUse(q: Queryable, priceId: string): Promise<boolean> {
  const item = JSON.stringify([{ price_id: priceId }]);
  const { rows } = await q.query(
    `SELECT 1 FROM checkout_sessions WHERE data->'line_items' @> $1::jsonb
     UNION ALL SELECT 1 FROM payment_links WHERE data->'line_items' @> $1::jsonb
     UNION ALL SELECT 1 FROM subscription_items WHERE price_id = $2
     UNION ALL SELECT 1 FROM invoice_items WHERE price_id = $2 LIMIT 1`,
    [item, priceId],
  );
  return rows.length > 0;
}

export function createCatalogRoutes({ db }: SandboxContext): Router {
  const r = Router();

  // --- products ---
  r.post('/products', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    const product = await db.transaction(async (tx) => {
      const doc = newDoc(tx, 'products', livemode, {
        object: 'product',
        active: true,
        locked: false,
        description: '',
        images: [],
        features: [],
        unit_label: null,
        statement_descriptor: '',
        metadata: {},
        cross_sell: null,
        vendor_config: [],
        created_via: 'api',
        default_price_id: null,
        ...(await productFields(tx, body, true)),
      });
      const prices: PriceRow[] = [];
      for (const [i, p] of (arr(body, 'prices') ?? []).entries()) {
        if (!p || typeof p !== 'object') throw new HttpError(400, `prices[${i}] must be an object`);
        prices.push(await newPrice(tx, p as Body, doc.id, livemode));
      }
      doc.default_price_id = prices[0]?.id ?? null;
      await insert(tx, 'products', doc);
      for (const p of prices) await insert(tx, 'prices', p);
      return expandProduct(tx, doc);
    });
    res.json(product);
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
    const body = bodyOf(req);
    const product = await mustFind(db, 'products', paramOf(req, 'id'));
    const fields = await productFields(db, body, false);
    const defaultPrice = str(body, 'default_price_id');
    if (defaultPrice) {
      const price = await mustFind(db, 'prices', defaultPrice);
      if (price.product_id !== product.id)
        throw new HttpError(400, `default_price_id: price ${defaultPrice} belongs to another product`);
      fields.default_price_id = defaultPrice;
    }
    res.json(await expandProduct(db, await save(db, 'products', { ...product, ...fields })));
  });

  r.put('/products/:id/archive', requireMerchant, async (req, res) => {
    const product = await mustFind(db, 'products', paramOf(req, 'id'));
    res.json(await save(db, 'products', { ...product, active: false }));
  });

  r.delete('/products/:id', requireMerchant, async (req, res) => {
    const product = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'products', paramOf(req, 'id'), { lock: true });
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM prices WHERE product_id = $1', [doc.id]);
      for (const { id } of rows) {
        if (await priceInUse(tx, id))
          throw new HttpError(400, `Product ${doc.id} has a price in use (${id}); archive it instead`);
        await remove(tx, 'prices', id);
      }
      await remove(tx, 'products', doc.id);
      return doc;
    });
    res.json(product);
  });

  // --- prices ---
  r.post('/prices', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const product = await mustFind(db, 'products', str(body, 'product_id', { required: true }));
    const price = await insert(db, 'prices', await newPrice(db, body, product.id, livemodeOf(req)));
    if (!product.default_price_id) await save(db, 'products', { ...product, default_price_id: price.id });
    res.json(await expandPrice(db, price));
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
    const price = await mustFind(db, 'prices', paramOf(req, 'id'));
    const fields = await priceFields(db, bodyOf(req), price);
    res.json(await expandPrice(db, await save(db, 'prices', { ...price, ...fields })));
  });

  r.put('/prices/:id/archive', requireMerchant, async (req, res) => {
    const price = await mustFind(db, 'prices', paramOf(req, 'id'));
    res.json(await expandPrice(db, await save(db, 'prices', { ...price, active: false })));
  });

  r.put('/prices/:id/inventory', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const quantity = int(body, 'quantity', { min: 1, max: QUANTITY_MAX });
    if (quantity === undefined) throw new HttpError(400, 'quantity is required');
    const action = oneOf(body, 'action', ['increment', 'decrement'] as const);
    const price = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'prices', paramOf(req, 'id'), { lock: true });
      const next = Number(doc.quantity_available ?? 0) + (action === 'increment' ? quantity : -quantity);
      if (next < 0) throw new HttpError(400, `Cannot decrement below 0: ${doc.quantity_available ?? 0} available`);
      if (next > STOCK_MAX) throw new HttpError(400, `Cannot increment above ${STOCK_MAX}`);
      return expandPrice(tx, await save(tx, 'prices', { ...doc, quantity_available: next }));
    });
    res.json(price);
  });

  r.delete('/prices/:id', requireMerchant, async (req, res) => {
    const price = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'prices', paramOf(req, 'id'), { lock: true });
      if (await priceInUse(tx, doc.id)) throw new HttpError(400, `Price ${doc.id} is in use; archive it instead`);
      await remove(tx, 'prices', doc.id);
      const product = await mustFind(tx, 'products', doc.product_id);
      if (product.default_price_id === doc.id) await save(tx, 'products', { ...product, default_price_id: null });
      return doc;
    });
    res.json(price);
  });

  return r;
}
