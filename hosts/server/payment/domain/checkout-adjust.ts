/**
 * Changing an open checkout before it is paid (no HTTP; product-spec section 7): quantity, upsell and downsell, the
 * cross-sell, a custom amount, promotion codes, an abandoned card payment. routes/checkout-adjust-routes.ts is its router.
 *
 * Each change is one transaction: it locks the session, refuses a caller who may not change it (a session a customer
 * submitted is theirs), a paid or an expired one, applies its rule and re-prices the session in its currency.
 *
 * - `adjustQuantity`: the quantity rules of spec §5 (adjustable, range, inventory, limit per checkout).
 * - `upsellItem` / `downsellItem`: an item to its price's upsell price and back (spec §4).
 * - `addCrossSell` / `removeCrossSell`: the session's cross-sell price (domain/checkout.ts `crossSellPrice`).
 * - `setCustomAmount`: a donation or pay-what-you-want amount within the link's donation bounds.
 * - `applyPromotion` / `removePromotion` / `recalculatePromotion`: a promotion code, and the session's currency.
 * - `abortCardPayment`: the payment intent of an abandoned card payment waits for a payment method again.
 * - `sessionView`: the expanded session as a caller may see it.
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { tokenAmount } from '../../validate.ts';
import { checkPromotion } from './discounts.ts';
import { currencyIdsOf } from './pricing.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type { CheckoutSessionRow, LineItem, PriceRow } from '../data/schema.ts';
import {
  assertSessionActor,
  effectiveStatus,
  expandSession,
  seesPayer,
  sessionAmounts,
  withoutPersonalData,
  type SessionActor,
} from './sessions.ts';
import { crossSellPrice } from './checkout.ts';

/** The open session, locked, if `actor` may change it (a session a customer submitted is theirs). */
async function openSession(tx: Queryable, id: string, actor: SessionActor): Promise<CheckoutSessionRow> {
  const session = await mustFind(tx, 'checkout_sessions', id, { lock: true });
  assertSessionActor(session, actor);
  if (session.status === 'complete') throw new HttpError(409, 'This checkout session has already been paid');
  if (effectiveStatus(session, tx.clock.nowSeconds()) === 'expired')
    throw new HttpError(400, 'checkout session expired');
  return session;
}

/** Runs `change` on the open session `id` in one transaction and stores the session it returns, re-priced. */
async function changeSession(
  db: Db,
  id: string,
  actor: SessionActor,
  change: (tx: Queryable, session: CheckoutSessionRow) => Promise<CheckoutSessionRow>,
): Promise<CheckoutSessionRow> {
  return db.transaction(async (tx) => change(tx, await openSession(tx, id, actor)));
}

async function reprice(
  tx: Queryable,
  session: CheckoutSessionRow,
  currencyId: string = session.currency_id,
): Promise<CheckoutSessionRow> {
  return save(tx, 'checkout_sessions', {
    ...session,
    currency_id: currencyId,
    ...(await sessionAmounts(tx, session, currencyId)),
  });
}

/** The expanded session as this caller may see it (the payer's details only for the payer or the merchant). */
export async function sessionView(q: Queryable, session: CheckoutSessionRow, actor: SessionActor): Promise<Doc> {
  const expanded = await expandSession(q, session);
  return seesPayer(session, actor) ? expanded : withoutPersonalData(expanded);
}

/** The line item named `priceId` (line items have no id of their own: an item is named by its price), else 404. */
function itemOf(session: CheckoutSessionRow, priceId: string, match = (i: LineItem) => i.price_id === priceId) {
  const item = session.line_items.find(match);
  if (!item) throw new HttpError(404, `No line item ${priceId} in this checkout session`);
  return item;
}

/** The session with `item` replaced by `next`. */
function withItem(session: CheckoutSessionRow, item: LineItem, next: LineItem): CheckoutSessionRow {
  return { ...session, line_items: session.line_items.map((i) => (i === item ? next : i)) };
}

/** Quantity rules (spec §5): range max(minimum,1)…min(maximum, limit per checkout, available); inventory; limit. */
async function checkQuantity(tx: Queryable, item: LineItem, quantity: number): Promise<void> {
  const adj = item.adjustable_quantity;
  if (!adj?.enabled) throw new HttpError(400, 'The quantity of this item cannot be changed', 'QUANTITY_NOT_ADJUSTABLE');
  const price = await mustFind(tx, 'prices', item.upsell_price_id ?? item.price_id);
  // The price's stock rules (0: none). A product has none of its own (TProduct has no quantities).
  const available = Number(price.quantity_available ?? 0);
  const sold = Number(price.quantity_sold ?? 0);
  const limit = Number(price.quantity_limit_per_checkout ?? 0);
  if (available > 0 && sold + quantity > available) throw new HttpError(400, 'Exceed inventory', 'EXCEED_INVENTORY');
  if (limit > 0 && quantity > limit) throw new HttpError(400, 'Exceed purchase limit', 'EXCEED_PURCHASE_LIMIT');
  const min = Math.max(Number(adj.minimum ?? 1), 1);
  const max = Number(adj.maximum ?? 0) > 0 ? Number(adj.maximum) : Number.MAX_SAFE_INTEGER;
  if (quantity < min || quantity > max)
    throw new HttpError(400, `quantity must be between ${min} and ${max === Number.MAX_SAFE_INTEGER ? '∞' : max}`);
}

/** Sets the quantity of item `itemId` (a price id) within the quantity rules. */
export async function adjustQuantity(
  db: Db,
  id: string,
  actor: SessionActor,
  change: { itemId: string; quantity: number },
): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => {
    const item = itemOf(session, change.itemId);
    await checkQuantity(tx, item, change.quantity);
    return reprice(tx, withItem(session, item, { ...item, quantity: change.quantity }));
  });
}

/** Switches item `from` to its price's upsell price `to`, which must be sold in the session's currency. */
export async function upsellItem(
  db: Db,
  id: string,
  actor: SessionActor,
  change: { from: string; to: string },
): Promise<CheckoutSessionRow> {
  const { from, to } = change;
  return changeSession(db, id, actor, async (tx, session) => {
    const item = itemOf(session, from);
    const price = await mustFind(tx, 'prices', from);
    if (price.upsell?.upsells_to_id !== to) throw new HttpError(400, `Price ${from} does not upsell to ${to}`);
    const target = await mustFind(tx, 'prices', to);
    if (!currencyIdsOf(target).includes(session.currency_id))
      throw new HttpError(400, `${to} is not available in the session currency`);
    return reprice(tx, withItem(session, item, { ...item, upsell_price_id: to }));
  });
}

/** Switches the item of price (or upsell price) `from` back to its own price. */
export async function downsellItem(db: Db, id: string, actor: SessionActor, from: string): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => {
    const item = itemOf(session, from, (i) => i.price_id === from || i.upsell_price_id === from);
    const { upsell_price_id: _dropped, ...rest } = item;
    return reprice(tx, withItem(session, item, rest));
  });
}

/** The cross-sell price session `id` suggests (domain/checkout.ts `crossSellPrice`), or null. */
export async function crossSellOf(q: Queryable, id: string): Promise<PriceRow | null> {
  return crossSellPrice(q, await mustFind(q, 'checkout_sessions', id));
}

/** Adds the session's cross-sell price `to` as an item (once). */
export async function addCrossSell(db: Db, id: string, actor: SessionActor, to: string): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => {
    const suggestion = await crossSellPrice(tx, session);
    if (!suggestion || suggestion.id !== to)
      throw new HttpError(400, `${to} is not the cross-sell of this checkout session`);
    const items = session.line_items;
    if (items.some((i) => i.price_id === to)) return session;
    return reprice(tx, { ...session, line_items: [...items, { price_id: to, quantity: 1, cross_sell: true }] });
  });
}

/** Removes the cross-sell items. */
export async function removeCrossSell(db: Db, id: string, actor: SessionActor): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) =>
    reprice(tx, { ...session, line_items: session.line_items.filter((i) => !i.cross_sell) }),
  );
}

/**
 * A custom amount (donations, pay-what-you-want) for the item of price `priceId`: `amount` in smallest units, within
 * the link's donation bounds (decimal token amounts, as the platform's DonationSettings carry them).
 */
export async function setCustomAmount(
  db: Db,
  id: string,
  actor: SessionActor,
  change: { priceId: string; amount: string },
): Promise<CheckoutSessionRow> {
  const { priceId, amount } = change;
  return changeSession(db, id, actor, async (tx, session) => {
    const item = itemOf(session, priceId);
    const price = await mustFind(tx, 'prices', priceId);
    if (!price.custom_unit_amount) throw new HttpError(400, `Price ${priceId} does not take a custom amount`);
    const currency = await mustFind(tx, 'payment_currencies', session.currency_id);
    const link = session.payment_link_id ? await find(tx, 'payment_links', session.payment_link_id) : null;
    const bounds = link?.donation_settings?.amount ?? {};
    const unit = (v: unknown) =>
      v === undefined || v === null || v === '' ? null : BigInt(tokenAmount(v, currency.decimal, 'donation bound'));
    const min = unit(bounds.minimum);
    const max = unit(bounds.maximum);
    if ((min !== null && BigInt(amount) < min) || (max !== null && BigInt(amount) > max)) {
      throw new HttpError(
        400,
        `Please enter an amount between ${bounds.minimum ?? 0} and ${bounds.maximum ?? '∞'}.`,
        'AMOUNT_OUT_OF_RANGE',
      );
    }
    return reprice(tx, withItem(session, item, { ...item, custom_amount: amount }));
  });
}

/** Card payment abandoned: the session's payment intent, unless it succeeded, waits for a payment method again. */
export async function abortCardPayment(db: Db, id: string, actor: SessionActor): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await openSession(tx, id, actor);
    if (!session.payment_intent_id) return;
    const intent = await mustFind(tx, 'payment_intents', session.payment_intent_id, { lock: true });
    if (intent.status !== 'succeeded')
      await save(tx, 'payment_intents', { ...intent, status: 'requires_payment_method' });
  });
}

/**
 * Applies promotion `code` (trimmed, not empty) in `currencyId` (default: the session's), which every item must be
 * sold in. Refused where the session takes no promotion codes and for donations; the code's own rules are
 * discounts.ts `checkPromotion`.
 */
export async function applyPromotion(
  db: Db,
  id: string,
  actor: SessionActor,
  input: { code: string; currencyId?: string | undefined },
): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => {
    if (!session.allow_promotion_codes)
      throw new HttpError(400, 'Promotion codes are not accepted for this checkout', 'PROMOTION_CODES_NOT_ALLOWED');
    if (session.submit_type === 'donate')
      throw new HttpError(400, 'Promotion codes are not accepted for donations', 'PROMOTION_CODES_NOT_ALLOWED');
    const currency = input.currencyId ?? session.currency_id;
    const prices = await Promise.all(
      session.line_items.map((i) => mustFind(tx, 'prices', i.upsell_price_id ?? i.price_id)),
    );
    if (!prices.every((p) => currencyIdsOf(p).includes(currency)))
      throw new HttpError(400, `currency_id ${currency} is not accepted for this purchase`);
    const { promo, coupon } = await checkPromotion(tx, session, input.code);
    const discount = {
      promotion_code: promo.id,
      coupon: coupon.id,
      discount_amount: '0',
      verification_data: { code: promo.code },
      promotion_code_details: { id: promo.id, code: promo.code },
      coupon_details: coupon,
    };
    return reprice(tx, { ...session, discounts: [discount] }, currency);
  });
}

/** Removes the session's promotion code. */
export async function removePromotion(db: Db, id: string, actor: SessionActor): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => reprice(tx, { ...session, discounts: [] }));
}

/** Re-prices the session (its discount included) in `currencyId`, which must be an active currency. */
export async function recalculatePromotion(
  db: Db,
  id: string,
  actor: SessionActor,
  currencyId: string,
): Promise<CheckoutSessionRow> {
  return changeSession(db, id, actor, async (tx, session) => {
    const currency = await find(tx, 'payment_currencies', currencyId);
    if (!currency?.active) throw new HttpError(400, `currency_id ${currencyId} is not an active currency`);
    return reprice(tx, session, currencyId);
  });
}
