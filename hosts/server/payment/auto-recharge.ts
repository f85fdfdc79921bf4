/**
 * Auto top-up routes (the domain is domain/auto-recharge.ts): parse, authorize (only the customer or the merchant),
 * call the domain.
 *
 * - `GET /api/auto-recharge-configs/customer/:customerId?currency_id=` → TAutoRechargeConfigExpanded (payment-js
 *   `autoRechargeConfigs.getForCustomer`): the flat configuration with `currency`, `rechargeCurrency`, `price` and
 *   `paymentMethod`; the first read stores a disabled one buying the currency's top-up package.
 * - `POST /api/auto-recharge-configs/submit {customer_id, currency_id, enabled, threshold, price_id, quantity,
 *   recharge_currency_id, daily_limits{max_amount, max_attempts}}` → the stored TAutoRechargeConfigExpanded.
 * - `GET /api/credit-grants/summary?customer_id=` → payment-js `CreditSummary` (mounted here, before
 *   `/credit-grants/:id`, which would take `summary` for an id).
 */
import { Router, type Response } from 'express';
import type { SandboxContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { HttpError } from '../platform.ts';
import { bodyOf, livemodeOf, paramOf, queryString, str } from './http.ts';
import { customerByIdOrDid } from './domain/customers.ts';
import { autoRechargeConfigOf, creditSummary, submitAutoRecharge } from './domain/auto-recharge.ts';
import { assertOwner } from './resources/scope.ts';
import type { Doc } from './repo.ts';

export function createAutoRechargeRoutes({ db }: SandboxContext): Router {
  const r = Router();
  /** The customer named by id or DID, when the caller is that customer or the merchant (403 otherwise). */
  const ownCustomer = async (q: Queryable, res: Response, idOrDid: string, livemode: boolean): Promise<Doc> => {
    const customer = await customerByIdOrDid(q, idOrDid, livemode);
    await assertOwner(q, res, { ...customer, customer_id: customer.id }, 'customer');
    return customer;
  };

  r.get('/auto-recharge-configs/customer/:customerId', async (req, res) => {
    const config = await db.transaction(async (tx) => {
      const customer = await ownCustomer(tx, res, paramOf(req, 'customerId'), livemodeOf(req));
      return autoRechargeConfigOf(tx, customer, queryString(req, 'currency_id'));
    });
    res.json(config);
  });

  r.post('/auto-recharge-configs/submit', async (req, res) => {
    const body = bodyOf(req);
    const saved = await db.transaction(async (tx) => {
      const id = str(body, 'customer_id', { required: true, max: 100 })!;
      const customer = await ownCustomer(tx, res, id, livemodeOf(req));
      return submitAutoRecharge(tx, customer, body);
    });
    res.json(saved);
  });

  r.get('/credit-grants/summary', async (req, res) => {
    const id = queryString(req, 'customer_id');
    if (!id) throw new HttpError(400, 'customer_id is required');
    const customer = await ownCustomer(db, res, id, livemodeOf(req));
    res.json(await creditSummary(db, customer.id));
  });

  return r;
}
