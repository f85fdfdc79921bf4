import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { QUANTITY_MAX, unitAmount } from '../../validate.ts';
import { actorOf, requireUser } from './auth.ts';
import {
  abortCardPayment,
  addCrossSell,
  adjustQuantity,
  applyPromotion,
  crossSellOf,
  downsellItem,
  recalculatePromotion,
  removeCrossSell,
  removePromotion,
  sessionView,
  setCustomAmount,
  upsellItem,
} from '../domain/checkout-adjust.ts';
import { donationBenefits } from '../domain/donate-settings.ts';
import { bodyOf, int, paramOf, str } from './http.ts';
import { expandPrice } from '../domain/pricing.ts';
import { checkoutContext, seesPayer } from '../domain/sessions.ts';

/**
 * Changing an open checkout before it is paid (product-spec section 7): quantity, upsell and downsell, the
 * cross-sell, a custom amount, promotion codes; and the beneficiaries of a donation link. Parse, authorize (the
 * caller as the session sees them), call the domain (domain/checkout-adjust.ts: each change locks the session,
 * refuses a paid or expired one and re-prices it in one transaction; the beneficiaries in domain/donate-settings.ts),
 * answer with the session or the checkout context.
 */

export function createCheckoutAdjustRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.put('/checkout-sessions/:id/adjust-quantity', async (req, res) => {
    const body = bodyOf(req);
    const itemId = str(body, 'itemId', { required: true })!;
    const quantity = int(body, 'quantity', { min: 1, max: QUANTITY_MAX });
    if (quantity === undefined) throw new HttpError(400, 'quantity is required');
    const saved = await adjustQuantity(db, paramOf(req, 'id'), actorOf(res), { itemId, quantity });
    // As the platform answers: the expanded session (payment-kit-api.md, "Checkout endpoints").
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  // Upsell: switch an item to its price's upsell price and back (spec §4).
  r.put('/checkout-sessions/:id/upsell', async (req, res) => {
    const body = bodyOf(req);
    const from = str(body, 'from', { required: true })!;
    const to = str(body, 'to', { required: true })!;
    const saved = await upsellItem(db, paramOf(req, 'id'), actorOf(res), { from, to });
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  r.put('/checkout-sessions/:id/downsell', async (req, res) => {
    const from = str(bodyOf(req), 'from', { required: true })!;
    const saved = await downsellItem(db, paramOf(req, 'id'), actorOf(res), from);
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  // Cross-sell: the first item's product may suggest another product's default price (spec §4).
  r.get('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const suggestion = await crossSellOf(db, paramOf(req, 'id'));
    if (!suggestion) {
      if (req.query.skipError === 'true' || req.query.skipError === '1')
        return void res.json({ error: 'No cross-sell for this checkout session' });
      throw new HttpError(404, 'No cross-sell for this checkout session');
    }
    res.json(await expandPrice(db, suggestion));
  });

  r.put('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const to = str(bodyOf(req), 'to', { required: true })!;
    const saved = await addCrossSell(db, paramOf(req, 'id'), actorOf(res), to);
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  r.delete('/checkout-sessions/:id/cross-sell', async (req, res) => {
    const saved = await removeCrossSell(db, paramOf(req, 'id'), actorOf(res));
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  // A custom amount (donations, pay-what-you-want): smallest-unit string within the link's donation bounds.
  r.put('/checkout-sessions/:id/amount', async (req, res) => {
    const body = bodyOf(req);
    const priceId = str(body, 'priceId', { required: true })!;
    const amount = unitAmount(str(body, 'amount', { required: true }), 'amount', { positive: true });
    const saved = await setCustomAmount(db, paramOf(req, 'id'), actorOf(res), { priceId, amount });
    res.json(await sessionView(db, saved, actorOf(res)));
  });

  // The people a donation goes to, with their share (spec §3 Benefit).
  r.get('/payment-links/:id/benefits', async (req, res) => {
    res.json(await donationBenefits(db, paramOf(req, 'id')));
  });

  // Card payment abandoned: the payment intent goes back to waiting for a payment method.
  r.post('/checkout-sessions/:id/abort-stripe', async (req, res) => {
    await abortCardPayment(db, paramOf(req, 'id'), actorOf(res));
    res.json({ aborted: true });
  });

  r.post('/checkout-sessions/:id/apply-promotion', async (req, res) => {
    requireUser(res, 'Please log in to use a promotion code');
    const body = bodyOf(req);
    const code = (str(body, 'promotion_code') ?? '').trim();
    if (!code) throw new HttpError(400, 'promotion_code is required');
    const currencyId = str(body, 'currency_id');
    const saved = await applyPromotion(db, paramOf(req, 'id'), actorOf(res), { code, currencyId });
    res.json({
      discounts: saved.discounts,
      ...(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) })),
    });
  });

  r.delete('/checkout-sessions/:id/remove-promotion', async (req, res) => {
    requireUser(res, 'Please log in to change the promotion code');
    const saved = await removePromotion(db, paramOf(req, 'id'), actorOf(res));
    res.json(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) }));
  });

  r.post('/checkout-sessions/:id/recalculate-promotion', async (req, res) => {
    const currencyId = str(bodyOf(req), 'currency_id', { required: true })!;
    const saved = await recalculatePromotion(db, paramOf(req, 'id'), actorOf(res), currencyId);
    res.json({
      discounts: saved.discounts,
      ...(await checkoutContext(db, saved, { personal: seesPayer(saved, actorOf(res)) })),
    });
  });

  return r;
}
