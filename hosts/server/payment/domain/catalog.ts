/**
 * The catalog (no HTTP; payment-js `products.*`, `prices.*`): products and their prices. Price fields, unit
 * conversion and expansion are in pricing.ts.
 *
 * - Products: `createProduct` (with inline `prices[]`, the first becoming the default price), `updateProduct`,
 *   `archiveProduct`, `deleteProduct` (only while none of its prices is in use; archive it otherwise).
 * - Prices: `createPrice` (the product's default when it has none), `updatePrice`, `archivePrice`,
 *   `adjustInventory` (`quantity_available` up or down, within 0…STOCK_MAX), `deletePrice` (only while not in use).
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { STOCK_MAX } from '../../validate.ts';
import { expandProduct, newPrice, priceFields } from './pricing.ts';
import { insert, mustFind, newDoc, remove, save, type Doc, type NewFields } from '../data/repo.ts';
import type { PriceRow, ProductRow } from '../data/schema.ts';
import { arr, bool, obj, oneOf, str, strings, type Body } from './fields.ts';

const PRODUCT_TYPES = ['service', 'good', 'credit'] as const;

/** The fields of a product a write may set. */
type ProductWrite = Partial<NewFields<'products'>>;

/**
 * The product fields of a write that the body carries, checked; creating, `name` (required) and `type` (default
 * service) always.
 */
async function productFields(
  q: Queryable,
  body: Body,
  creating: true,
): Promise<ProductWrite & Pick<ProductRow, 'name' | 'type'>>;
async function productFields(q: Queryable, body: Body, creating: false): Promise<ProductWrite>;
async function productFields(q: Queryable, body: Body, creating: boolean): Promise<ProductWrite> {
  const out: ProductWrite = {};
  if (body.description !== undefined) out.description = str(body, 'description') ?? '';
  if (body.unit_label !== undefined) out.unit_label = str(body, 'unit_label') ?? null;
  if (body.statement_descriptor !== undefined) out.statement_descriptor = str(body, 'statement_descriptor') ?? '';
  if (creating || body.name !== undefined) out.name = str(body, 'name', { required: true, max: 250 })!;
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
  if (body.active !== undefined) out.active = bool(body, 'active') ?? true;
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

/** A new product with its inline `prices[]` (the first is the default price), in one transaction; expanded. */
export async function createProduct(db: Db, body: Body, livemode: boolean): Promise<Doc> {
  return db.transaction(async (tx) => {
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
}

/** Changes the fields the body carries; `default_price_id` must be one of the product's own prices. */
export async function updateProduct(q: Queryable, id: string, body: Body): Promise<ProductRow> {
  const product = await mustFind(q, 'products', id);
  const fields = await productFields(q, body, false);
  const defaultPrice = str(body, 'default_price_id');
  if (defaultPrice) {
    const price = await mustFind(q, 'prices', defaultPrice);
    if (price.product_id !== product.id)
      throw new HttpError(400, `default_price_id: price ${defaultPrice} belongs to another product`);
    fields.default_price_id = defaultPrice;
  }
  return save(q, 'products', { ...product, ...fields });
}

export async function archiveProduct(q: Queryable, id: string): Promise<ProductRow> {
  const product = await mustFind(q, 'products', id);
  return save(q, 'products', { ...product, active: false });
}

/** Deletes a product and its prices, in one transaction; 400 (nothing deleted) when one of its prices is in use. */
export async function deleteProduct(db: Db, id: string): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'products', id, { lock: true });
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM prices WHERE product_id = $1', [doc.id]);
    for (const { id: priceId } of rows) {
      if (await priceInUse(tx, priceId))
        throw new HttpError(400, `Product ${doc.id} has a price in use (${priceId}); archive it instead`);
      await remove(tx, 'prices', priceId);
    }
    await remove(tx, 'products', doc.id);
    return doc;
  });
}

/** A new price of `body.product_id`; it becomes the product's default price when the product has none. */
export async function createPrice(q: Queryable, body: Body, livemode: boolean): Promise<PriceRow> {
  const product = await mustFind(q, 'products', str(body, 'product_id', { required: true }));
  const price = await insert(q, 'prices', await newPrice(q, body, product.id, livemode));
  if (!product.default_price_id) await save(q, 'products', { ...product, default_price_id: price.id });
  return price;
}

/** Changes the price fields the body carries (amounts converted as on creation, pricing.ts). */
export async function updatePrice(q: Queryable, id: string, body: Body): Promise<PriceRow> {
  const price = await mustFind(q, 'prices', id);
  return save(q, 'prices', { ...price, ...(await priceFields(q, body, price)) });
}

export async function archivePrice(q: Queryable, id: string): Promise<PriceRow> {
  const price = await mustFind(q, 'prices', id);
  return save(q, 'prices', { ...price, active: false });
}

/** Moves `quantity_available` by `quantity`, in one transaction; 400 below 0 or above STOCK_MAX. */
export async function adjustInventory(
  db: Db,
  id: string,
  change: { action: 'increment' | 'decrement'; quantity: number },
): Promise<PriceRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'prices', id, { lock: true });
    const next =
      Number(doc.quantity_available ?? 0) + (change.action === 'increment' ? change.quantity : -change.quantity);
    if (next < 0) throw new HttpError(400, `Cannot decrement below 0: ${doc.quantity_available ?? 0} available`);
    if (next > STOCK_MAX) throw new HttpError(400, `Cannot increment above ${STOCK_MAX}`);
    return save(tx, 'prices', { ...doc, quantity_available: next });
  });
}

/** Deletes a price not in use (400 otherwise), in one transaction; its product loses it as default price. */
export async function deletePrice(db: Db, id: string): Promise<PriceRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'prices', id, { lock: true });
    if (await priceInUse(tx, doc.id)) throw new HttpError(400, `Price ${doc.id} is in use; archive it instead`);
    await remove(tx, 'prices', doc.id);
    const product = await mustFind(tx, 'products', doc.product_id);
    if (product.default_price_id === doc.id) await save(tx, 'products', { ...product, default_price_id: null });
    return doc;
  });
}
