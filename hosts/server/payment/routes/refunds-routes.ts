/**
 * Refunds (spec §3 "Refund type: refund or stake_return"; payment-js `paymentIntents.refund`, `refunds.*`).
 *
 * A refund is a document in its own table (migration `004-refunds`, not part of TABLES so the first schema stays
 * as it is): id `re_…`, object 'refund', type 'refund' | 'stake_return', status 'pending' → 'succeeded' (the sandbox
 * settles at once), amount (smallest unit string), currency, customer, payment intent, invoice, subscription, reason,
 * description and the movement's `payment_details` (tx hash for wallet methods, a refund id for Stripe).
 *
 * - Merchant: `PUT /api/payment-intents/{id}/refund {amount?, reason?, description?}`, `POST /api/refunds
 *   {payment_intent_id, amount?, reason?, description?}`; amounts in token units (tokenAmount, ../validate.ts); default the rest.
 *   A wallet payment's refund goes back to the payer's sandbox wallet; `refund.succeeded` after commit.
 * - Reads: `GET /api/refunds` (filters, paged, a customer sees only their own), `GET /api/refunds/{id}`.
 * - domain/stakes.ts records a `stake_return` refund when it returns a stake; domain/vendors.ts refunds a failed vendor order.
 * - The table, its repository and the domain calls are in domain/refunds.ts; this file is the HTTP routes.
 */
import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { requireMerchant } from './auth.ts';
import { findRefund, listRefunds, REFUND_TYPES, refundPayment } from '../domain/refunds.ts';
import { addSearch, bodyOf, livemodeOf, pagingOf, paramOf, queryString, str, type Body } from './http.ts';
import { find, Where, type Doc } from '../data/repo.ts';
import { assertOwner, listScope } from './scope.ts';

async function expandRefund(q: Queryable, refund: Doc): Promise<Doc> {
  const currency = await find(q, 'payment_currencies', refund.currency_id);
  return {
    ...refund,
    paymentCurrency: currency,
    paymentMethod: currency ? await find(q, 'payment_methods', currency.payment_method_id) : null,
  };
}

export function createRefundRoutes({ db, events }: SandboxContext): Router {
  const r = Router();

  const create = async (paymentIntentId: unknown, body: Body) => {
    const reason = str(body, 'reason', { max: 200 });
    const description = str(body, 'description', { max: 500 });
    const refund = await db.transaction((tx) =>
      refundPayment(tx, { paymentIntentId, amount: body.amount, reason: reason ?? null, description }),
    );
    events.publish('refund.succeeded', refund); // the transaction has committed
    return expandRefund(db, refund);
  };

  r.put('/payment-intents/:id/refund', requireMerchant, async (req, res) => {
    res.json(await create(paramOf(req, 'id'), bodyOf(req)));
  });

  r.post('/refunds', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const pi = str(body, 'payment_intent_id', { required: true, max: 100 });
    res.json(await create(pi, body));
  });

  const listRoute = (search: boolean) => async (req: Request, res: Response) => {
    const scope = await listScope(db, req, res, 'refunds');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const type = queryString(req, 'type');
    if (type && !(REFUND_TYPES as readonly string[]).includes(type))
      throw new HttpError(400, `type must be one of ${REFUND_TYPES.join(', ')}`);
    const where = new Where()
      .eq('livemode', livemodeOf(req))
      .eq('customer_id', scope)
      .eq('type', type)
      .oneOf('status', queryString(req, 'status'))
      .eq('invoice_id', queryString(req, 'invoice_id'))
      .eq('subscription_id', queryString(req, 'subscription_id'))
      .eq('currency_id', queryString(req, 'currency_id'))
      .eq('payment_intent_id', queryString(req, 'payment_intent_id'));
    if (search) addSearch(where, req.query.query);
    const page = await listRefunds(db, where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((x) => expandRefund(db, x))) });
  };
  r.get('/refunds', listRoute(false));
  r.get('/refunds/search', requireMerchant, listRoute(true));

  r.get('/refunds/:id', async (req, res) => {
    const refund = await findRefund(db, paramOf(req, 'id'));
    if (!refund) throw new HttpError(404, `No such refund: ${paramOf(req, 'id')}`);
    await assertOwner(db, res, refund, 'refund');
    res.json(await expandRefund(db, refund));
  });

  return r;
}
