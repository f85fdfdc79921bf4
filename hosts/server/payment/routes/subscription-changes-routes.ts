/**
 * Customer-side subscription changes (the portal's change plan and change payment method): parse, authorize (only
 * the subscription's own customer or the merchant), call the domain (domain/subscription-changes.ts), answer.
 *
 * - `GET /api/subscriptions/:id/change-plan` → `{effective_at, current_amount, plans: [{item_id, price, amount}]}`.
 * - `PUT /api/subscriptions/:id/change-plan {item_id, price_id}`: from the next renewal, no proration.
 * - `GET /api/subscriptions/:id/change-payment` → `{options: [{currency, method, amount}]}`.
 * - `PUT /api/subscriptions/:id/change-payment {currency_id}`: the next renewals are charged in that currency.
 */
import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { bodyOf, paramOf, str } from './http.ts';
import { mustFind } from '../data/repo.ts';
import { expandSubscription } from '../domain/customers.ts';
import { changePaymentCurrency, changePlan, paymentOptions, planOptions } from '../domain/subscription-changes.ts';
import { assertOwner, ownerCheck } from './scope.ts';

export function createSubscriptionChangeRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.get('/subscriptions/:id/change-plan', async (req, res) => {
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    await assertOwner(db, res, sub, 'subscription');
    res.json(await planOptions(db, sub));
  });

  r.put('/subscriptions/:id/change-plan', async (req, res) => {
    const body = bodyOf(req);
    const priceId = str(body, 'price_id', { required: true, max: 100 })!;
    const itemId = str(body, 'item_id', { max: 100 });
    const sub = await changePlan(db, paramOf(req, 'id'), { priceId, itemId }, ownerCheck(res, 'subscription'));
    res.json(await expandSubscription(db, sub));
  });

  r.get('/subscriptions/:id/change-payment', async (req, res) => {
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    await assertOwner(db, res, sub, 'subscription');
    res.json(await paymentOptions(db, sub));
  });

  r.put('/subscriptions/:id/change-payment', async (req, res) => {
    const currencyId = str(bodyOf(req), 'currency_id', { required: true, max: 100 })!;
    const sub = await changePaymentCurrency(db, paramOf(req, 'id'), currencyId, ownerCheck(res, 'subscription'));
    res.json(await expandSubscription(db, sub));
  });

  return r;
}
