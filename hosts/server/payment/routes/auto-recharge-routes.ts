/**
 * Auto top-up routes (the domain is domain/auto-recharge.ts): parse, authorize (only the customer or the merchant),
 * call the domain.
 *
 * - `GET /api/auto-recharge-configs/customer/:customerId?currency_id=` → TAutoRechargeConfigExpanded (payment-js
 *   `autoRechargeConfigs.getForCustomer`): the flat configuration with `currency`, `rechargeCurrency`, `price` and
 *   `paymentMethod`; the first read stores a disabled one buying the currency's top-up package.
 * - `POST /api/auto-recharge-configs/submit {customer_id, currency_id, enabled, threshold, price_id, quantity,
 *   recharge_currency_id, daily_limits{max_amount, max_attempts}}` → the stored TAutoRechargeConfigExpanded.
 * - `GET /api/auto-recharge-configs/retrieve/:id` → TAutoRechargeConfigExpanded (what the portal polls for
 *   `payment_settings.payment_method_options[type].payer` after the wallet authorized it).
 * - Wallet-connect action `auto-recharge-auth` `{autoRechargeConfigId}`: the customer's wallet authorizes the
 *   configuration's top-ups (signs its summary); approve() records the payer.
 * - `GET /api/credit-grants/summary?customer_id=` → payment-js `CreditSummary` (mounted here, before
 *   `/credit-grants/:id`, which would take `summary` for an id).
 */
import { Router, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError, registerConnectAction } from '../../platform.ts';
import { connectTexts } from '../domain/connect-texts.ts';
import { find } from '../data/repo.ts';
import { fromUnit } from '../domain/money.ts';
import { assertConnectOwner } from '../domain/customers.ts';
import { bodyOf, livemodeOf, paramOf, queryString, str } from './http.ts';
import { customerByIdOrDid } from '../domain/customers.ts';
import {
  authorizeAutoRecharge,
  autoRechargeConfigById,
  autoRechargeConfigOf,
  creditSummary,
  submitAutoRecharge,
} from '../domain/auto-recharge.ts';
import { assertOwner } from './scope.ts';
import type { Doc } from '../data/repo.ts';

/** Wallet-connect action `auto-recharge-auth` `{autoRechargeConfigId}` (payment-kit-api.md). */
export function registerAutoRechargeConnectAction(): void {
  registerConnectAction('auto-recharge-auth', {
    async describe(params, ctx) {
      const cfg = await autoRechargeConfigById(ctx.db, params.autoRechargeConfigId);
      await assertConnectOwner(ctx, await find(ctx.db, 'customers', cfg.customer_id), null);
      const credit = cfg.currency as Doc | null;
      const paying = cfg.rechargeCurrency as Doc | null;
      const price = cfg.price as Doc | null;
      const amount = (units: unknown, c: Doc | null) =>
        c ? `${fromUnit(String(units ?? '0'), c.decimal)} ${c.symbol}` : String(units ?? '0');
      const limit = cfg.daily_limits?.max_amount && cfg.daily_limits.max_amount !== '0';
      const text = connectTexts(ctx.locale);
      return {
        title: text.autoRecharge(credit?.symbol ?? cfg.currency_id),
        lines: [
          {
            label: text.buys,
            value: `${cfg.quantity ?? 1} × ${price?.product?.name ?? price?.nickname ?? cfg.price_id}`,
          },
          { label: text.below, value: amount(cfg.threshold, credit) },
          { label: text.paidIn, value: paying?.symbol ?? '—' },
          { label: text.dailyLimit, value: limit ? amount(cfg.daily_limits.max_amount, paying) : text.unlimited },
        ],
      };
    },
    async approve(params, ctx) {
      const cfg = await autoRechargeConfigById(ctx.tx, params.autoRechargeConfigId, true);
      const customer = await find(ctx.tx, 'customers', cfg.customer_id);
      if (!customer || customer.did !== ctx.userDid)
        throw new HttpError(403, 'You are not allowed to authorize this auto top-up');
      const saved = await authorizeAutoRecharge(ctx.tx, cfg.id, ctx.userDid);
      return { autoRechargeConfigId: saved.id, payer: ctx.userDid };
    },
  });
}

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

  r.get('/auto-recharge-configs/retrieve/:id', async (req, res) => {
    const cfg = await autoRechargeConfigById(db, paramOf(req, 'id'));
    const customer = await find(db, 'customers', cfg.customer_id);
    if (!customer) throw new HttpError(404, 'No such customer');
    await assertOwner(db, res, { ...customer, customer_id: customer.id }, 'customer');
    res.json(cfg);
  });

  r.get('/credit-grants/summary', async (req, res) => {
    const id = queryString(req, 'customer_id');
    if (!id) throw new HttpError(400, 'customer_id is required');
    const customer = await ownCustomer(db, res, id, livemodeOf(req));
    res.json(await creditSummary(db, customer.id));
  });

  return r;
}
