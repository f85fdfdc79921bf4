import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { find, save } from '../data/repo.ts';
import type { CheckoutSessionRow, LineItem } from '../data/schema.ts';
import { sessionAmounts } from './sessions.ts';

/**
 * What an open checkout session may still sell (product-spec §4 "No line items shows empty page").
 *
 * A new session refuses archived prices (sessions.ts lineItems), and a price that a session points at cannot be
 * deleted, only archived (routes/catalog-routes.ts). When the merchant archives a price (or its product) after the
 * session was created, the payer can no longer buy it: the open session drops that line item the next time it is
 * read, and its amounts are recomputed. An upsell to an archived price falls back to the item's own price. A
 * session whose every item is gone has no line items: the checkout shows its empty page and submit/pay refuse it.
 * Complete and expired sessions are records and keep their items.
 */

async function forSale(q: Queryable, priceId: unknown): Promise<boolean> {
  if (typeof priceId !== 'string') return false;
  const price = await find(q, 'prices', priceId);
  if (!price?.active) return false;
  const product = await find(q, 'products', price.product_id);
  return !!product?.active;
}

/** The session's items that can still be bought, or null when nothing changed. */
export async function saleableItems(q: Queryable, session: CheckoutSessionRow): Promise<LineItem[] | null> {
  if (session.status !== 'open') return null;
  const items = session.line_items ?? [];
  let changed = false;
  const kept: LineItem[] = [];
  for (const item of items) {
    if (!(await forSale(q, item.price_id))) {
      changed = true;
      continue;
    }
    if (item.upsell_price_id && !(await forSale(q, item.upsell_price_id))) {
      const { upsell_price_id: _dropped, ...rest } = item;
      kept.push(rest);
      changed = true;
      continue;
    }
    kept.push(item);
  }
  return changed ? kept : null;
}

/**
 * Drops items that are no longer for sale from an open session (inside the caller's transaction, the session row
 * locked by the caller) and stores it with recomputed amounts. Returns the session as it now is.
 */
export async function pruneArchivedItems(q: Queryable, session: CheckoutSessionRow): Promise<CheckoutSessionRow> {
  const kept = await saleableItems(q, session);
  if (!kept) return session;
  const next: CheckoutSessionRow = { ...session, line_items: kept, ...(kept.length ? {} : { discounts: [] }) };
  Object.assign(next, await sessionAmounts(q, next, next.currency_id));
  return save(q, 'checkout_sessions', next);
}

/** Submit and pay refuse a session with nothing to pay for. */
export function assertHasItems(session: CheckoutSessionRow): void {
  if (!(session.line_items ?? []).length) {
    throw new HttpError(400, 'This checkout session has no items to pay for', 'EMPTY_CHECKOUT');
  }
}
