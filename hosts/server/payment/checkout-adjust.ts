import { Router, type Response } from 'express';
import type { SandboxContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { HttpError } from '../platform.ts';
import { QUANTITY_MAX, tokenAmount, unitAmount } from '../validate.ts';
import { actorOf, requireUser } from './auth.ts';
import { checkPromotion } from './discounts.ts';
import { crossSellPrice } from './domain/checkout.ts';
import { bodyOf, int, paramOf, str } from './http.ts';
import { currencyIdsOf, expandPrice } from './pricing.ts';
import { find, mustFind, save, type Doc } from './repo.ts';
import type { CheckoutSessionRow, LineItem } from './schema.ts';
import {
  assertSessionActor,
  checkoutContext,
  effectiveStatus,
  expandSession,
  seesPayer,
  sessionAmounts,
  withoutPersonalData,
} from './sessions.ts';

/**
 * Changing an open checkout before it is paid (product-spec section 7): quantity, promotion codes. Each call locks
 * the session, refuses a paid or expired one, re-prices it in its currency and answers with the checkout context.
 */

/** The open session, locked, if the caller may change it (a session a customer submitted is theirs). */
async function openSession(tx: Queryable, id: unknown, res: Response): Promise<CheckoutSessionRow> {
  const session = await mustFind(tx, 'checkout_sessions', id, { lock: true });
  assertSessionActor(session, actorOf(res));
  if (session.status === 'complete') throw new HttpError(409, 'This checkout session has already been paid');
  if (effectiveStatus(session, tx.clock.nowSeconds()) === 'expired')
    throw new HttpError(400, 'checkout session expired');
  return session;
}

/** The expanded session as this caller may see it (the payer's details only for the payer or the merchant). */
async function sessionView(q: Queryable, session: CheckoutSessionRow, res: Response): Promise<Doc> {
  const expanded = await expandSession(q, session);
  return seesPayer(session, actorOf(res)) ? expanded : withoutPersonalData(expanded);
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

export function createCheckoutAdjustRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.put('/checkout-sessions/:id/adjust-quantity', async (req, res) => {
    const body = bodyOf(req);
    const itemId = str(body, 'itemId', { required: true })!;
    const quantity = int(body, 'quantity', { min: 1, max: QUANTITY_MAX });
    if (quantity === undefined) throw new HttpError(400, 'quantity is required');
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const items = session.line_items;
      // Line items have no id of their own: an item is named by its price.
      const item = items.find((i) => i.price_id === itemId);
      if (!item) throw new HttpError(404, `No line item ${itemId} in this checkout session`);
      await checkQuantity(tx, item, quantity);
      return reprice(tx, { ...session, line_items: items.map((i) => (i === item ? { ...i, quantity } : i)) });
    });
    // As the platform answers: the expanded session (payment-kit-api.md, "Checkout endpoints").
    res.json(await sessionView(db, saved, res));
  });

  // Upsell: switch an item to its price's upsell price and back (spec §4).
  r.put('/checkout-sessions/:id/upsell', async (req, res) => {
    const body = bodyOf(req);
    const from = str(body, 'from', { required: true })!;
    const to = str(body, 'to', { required: true })!;
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const items = session.line_items;
      const item = items.find((i) => i.price_id === from);
      if (!item) throw new HttpError(404, `No line item ${from} in this checkout session`);
      const price = await mustFind(tx, 'prices', from);
      if (price.upsell?.upsells_to_id !== to) throw new HttpError(400, `Price ${from} does not upsell to ${to}`);
      const target = await mustFind(tx, 'prices', to);
      if (!currencyIdsOf(target).includes(session.currency_id))
        throw new HttpError(400, `${to} is not available in the session currency`);
      return reprice(tx, {
        ...session,
        line_items: items.map((i) => (i === item ? { ...i, upsell_price_id: to } : i)),
      });
    });
    res.json(await sessionView(db, saved, res));
  });

  r.put('/checkout-sessions/:id/downsell', async (req, res) => {
    const from = str(bodyOf(req), 'from', { required: true })!;
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const items = session.line_items;
      const item = items.find((i) => i.price_id === from || i.upsell_price_id === from);
      if (!item) throw new HttpError(404, `No line item ${from} in this checkout session`);
      const { upsell_price_id: _dropped, ...rest } = item;
      return reprice(tx, { ...session, line_items: items.map((i) => (i === item ? rest : i)) });
    });
    res.json(await sessionView(db, saved, res));
  });

  // Cross-sell: the first item's product may suggest another product's default price (spec §4).
  r.get('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const session = await mustFind(db, 'checkout_sessions', paramOf(req, 'id'));
    const suggestion = await crossSellPrice(db, session);
    if (!suggestion) {
      if (req.query.skipError === 'true' || req.query.skipError === '1')
        return void res.json({ error: 'No cross-sell for this checkout session' });
      throw new HttpError(404, 'No cross-sell for this checkout session');
    }
    res.json(await expandPrice(db, suggestion));
  });

  r.put('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const to = str(bodyOf(req), 'to', { required: true })!;
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const suggestion = await crossSellPrice(tx, session);
      if (!suggestion || suggestion.id !== to)
        throw new HttpError(400, `${to} is not the cross-sell of this checkout session`);
      const items = session.line_items;
      if (items.some((i) => i.price_id === to)) return session;
      return reprice(tx, { ...session, line_items: [...items, { price_id: to, quantity: 1, cross_sell: true }] });
    });
    res.json(await sessionView(db, saved, res));
  });

  r.delete('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      return reprice(tx, { ...session, line_items: session.line_items.filter((i) => !i.cross_sell) });
    });
    res.json(await sessionView(db, saved, res));
  });

  // A custom amount (donations, pay-what-you-want): smallest-unit string within the link's donation bounds.
  r.put('/checkout-sessions/:id/amount', async (req, res) => {
    const body = bodyOf(req);
    const priceId = str(body, 'priceId', { required: true })!;
    const amount = unitAmount(str(body, 'amount', { required: true }), 'amount', { positive: true });
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const items = session.line_items;
      const item = items.find((i) => i.price_id === priceId);
      if (!item) throw new HttpError(404, `No line item ${priceId} in this checkout session`);
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
      return reprice(tx, {
        ...session,
        line_items: items.map((i) => (i === item ? { ...i, custom_amount: amount } : i)),
      });
    });
    res.json(await sessionView(db, saved, res));
  });

  // The people a donation goes to, with their share (spec §3 Benefit).
  r.get('/payment-links/:id/benefits', async (req, res) => {
    const link = await mustFind(db, 'payment_links', paramOf(req, 'id'));
    const list = (link.donation_settings?.beneficiaries as Doc[] | undefined) ?? [];
    const total = list.reduce((n, b) => n + Number(b.share ?? 0), 0) || 1;
    res.json(
      list.map((b) => ({
        name: b.name ?? b.address,
        address: b.address,
        avatar: b.avatar ?? null,
        type: b.type ?? 'user',
        url: b.url ?? null,
        percent: Math.round((Number(b.share ?? 0) / total) * 100),
      })),
    );
  });

  // Card payment abandoned: the payment intent goes back to waiting for a payment method.
  r.post('/checkout-sessions/:id/abort-stripe', async (req, res) => {
    await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      if (!session.payment_intent_id) return;
      const intent = await mustFind(tx, 'payment_intents', session.payment_intent_id, { lock: true });
      if (intent.status !== 'succeeded')
        await save(tx, 'payment_intents', { ...intent, status: 'requires_payment_method' });
    });
    res.json({ aborted: true });
  });

  r.post('/checkout-sessions/:id/apply-promotion', async (req, res) => {
    requireUser(res, 'Please log in to use a promotion code');
    const body = bodyOf(req);
    const code = (str(body, 'promotion_code') ?? '').trim();
    if (!code) throw new HttpError(400, 'promotion_code is required');
    const currencyId = str(body, 'currency_id');
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      if (!session.allow_promotion_codes)
        throw new HttpError(400, 'Promotion codes are not accepted for this checkout', 'PROMOTION_CODES_NOT_ALLOWED');
      if (session.submit_type === 'donate')
        throw new HttpError(400, 'Promotion codes are not accepted for donations', 'PROMOTION_CODES_NOT_ALLOWED');
      const currency = currencyId ?? session.currency_id;
      const prices = await Promise.all(
        session.line_items.map((i) => mustFind(tx, 'prices', i.upsell_price_id ?? i.price_id)),
      );
      if (!prices.every((p) => currencyIdsOf(p).includes(currency)))
        throw new HttpError(400, `currency_id ${currency} is not accepted for this purchase`);
      const { promo, coupon } = await checkPromotion(tx, session, code);
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
    res.json({
      discounts: saved.discounts,
      ...(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) })),
    });
  });

  r.delete('/checkout-sessions/:id/remove-promotion', async (req, res) => {
    requireUser(res, 'Please log in to change the promotion code');
    const saved = await db.transaction(async (tx) =>
      reprice(tx, { ...(await openSession(tx, paramOf(req, 'id'), res)), discounts: [] }),
    );
    res.json(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) }));
  });

  r.post('/checkout-sessions/:id/recalculate-promotion', async (req, res) => {
    const currencyId = str(bodyOf(req), 'currency_id', { required: true })!;
    const saved = await db.transaction(async (tx) => {
      const session = await openSession(tx, paramOf(req, 'id'), res);
      const currency = await find(tx, 'payment_currencies', currencyId);
      if (!currency?.active) throw new HttpError(400, `currency_id ${currencyId} is not an active currency`);
      return reprice(tx, session, currencyId);
    });
    res.json({
      discounts: saved.discounts,
      ...(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) })),
    });
  });

  return r;
}
