/**
 * HTTP and wallet-connect side of the billing engine (domain/billing-engine.ts): the sandbox clock and what is
 * overdue.
 *
 * - Routes: `POST /api/sandbox/clock/advance {seconds}` (merchant only: signed request or owner/admin) moves the
 *   clock and runs billing, `GET /api/sandbox/clock`, `POST /api/sandbox/wallet/fund` (merchant only),
 *   `GET /api/subscriptions/:id/recover-info`, `GET …/overdue/invoices` of a subscription or customer.
 * - Wallet-connect action `collect-batch` `{currencyId, subscriptionId | customerId}`: pays the overdue invoices of
 *   one currency from the payer's wallet; `collect` `{invoiceId}` pays one unpaid invoice the same way.
 */
import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError, registerConnectAction } from '../../platform.ts';
import { connectTexts } from '../domain/connect-texts.ts';
import { requireMerchant } from './auth.ts';
import { runAutoRecharge } from '../domain/auto-recharge.ts';
import { bodyOf, int, livemodeOf, paramOf } from './http.ts';
import { fromUnit, sum } from '../domain/money.ts';
import { tokenAmount } from '../../validate.ts';
import { find, mustFind } from '../data/repo.ts';
import { assertConnectOwner, customerByIdOrDid } from '../domain/customers.ts';
import {
  advanceBillingClock,
  overdueInvoices,
  overdueOf,
  payOverdue,
  publishAfterCommit,
  type OverdueScope,
} from '../domain/billing-engine.ts';
import { assertOwner } from './scope.ts';
import { needsStake } from '../domain/stakes.ts';
import { creditWallet } from '../domain/wallet.ts';

/** The clock moves at most this far in one call (5 years). */
const MAX_ADVANCE_SECONDS = 5 * 366 * 86400;

function collectScope(params: Record<string, unknown>, livemode: boolean): OverdueScope & { currencyId: string } {
  const currencyId = typeof params.currencyId === 'string' ? params.currencyId : '';
  const subscriptionId =
    typeof params.subscriptionId === 'string' && params.subscriptionId ? params.subscriptionId : undefined;
  const customerId = typeof params.customerId === 'string' && params.customerId ? params.customerId : undefined;
  if (!currencyId) throw new HttpError(400, 'currencyId is required');
  if (!subscriptionId && !customerId) throw new HttpError(400, 'subscriptionId or customerId is required');
  return { currencyId, subscriptionId, customerId, livemode };
}

/** Wallet-connect action `collect-batch` `{currencyId, subscriptionId | customerId}`: pay overdue invoices of one currency. */
export function registerBillingConnectActions(): void {
  registerConnectAction('collect-batch', {
    async describe(params, ctx) {
      const scope = collectScope(params, ctx.livemode);
      // The wallet request names the invoices: only their own customer (or the merchant) may open it.
      await assertConnectOwner(
        ctx,
        scope.customerId ? await find(ctx.db, 'customers', scope.customerId) : null,
        scope.subscriptionId ? await find(ctx.db, 'subscriptions', scope.subscriptionId) : null,
      );
      const currency = await mustFind(ctx.db, 'payment_currencies', scope.currencyId);
      const invoices = await overdueInvoices(ctx.db, scope);
      if (!invoices.length) throw new HttpError(400, 'Nothing to pay');
      const total = sum(invoices.map((i) => i.amount_remaining ?? i.total));
      const text = connectTexts(ctx.locale);
      return {
        title: text.overdue(invoices.length),
        lines: [
          ...invoices.map((i) => ({
            label: `${i.number} ${i.description ?? ''}`.trim(),
            value: `${fromUnit(i.amount_remaining ?? i.total, currency.decimal)} ${currency.symbol}`,
          })),
          { label: text.total, value: `${fromUnit(total, currency.decimal)} ${currency.symbol}` },
        ],
      };
    },
    async approve(params, ctx) {
      const scope = collectScope(params, ctx.livemode);
      const result = await payOverdue(ctx.tx, scope, ctx.userDid, ctx.clock.nowSeconds());
      publishAfterCommit(ctx.db, ctx.events, { table: 'invoices', id: result.invoices[0]!.id }, result.events);
      return { invoiceIds: result.invoices.map((i) => i.id), currencyId: params.currencyId, amount: result.amount };
    },
  });
}

/** What `collect` `{invoiceId}` pays: that one unpaid invoice, in its own currency. */
async function collectOne(q: Parameters<typeof overdueInvoices>[0], params: Record<string, unknown>) {
  const id = typeof params.invoiceId === 'string' ? params.invoiceId : '';
  if (!id) throw new HttpError(400, 'invoiceId is required');
  const invoice = await mustFind(q, 'invoices', id);
  const scope = {
    invoiceId: invoice.id,
    customerId: invoice.customer_id,
    currencyId: invoice.currency_id,
    livemode: invoice.livemode,
  };
  return { invoice, scope };
}

/** Wallet-connect action `collect` `{invoiceId}` (payment-kit-api.md): pay one unpaid invoice from the wallet. */
export function registerCollectConnectAction(): void {
  registerConnectAction('collect', {
    async describe(params, ctx) {
      const { invoice, scope } = await collectOne(ctx.db, params);
      await assertConnectOwner(ctx, await find(ctx.db, 'customers', invoice.customer_id), null);
      const [due] = await overdueInvoices(ctx.db, scope);
      if (!due) throw new HttpError(400, 'Nothing to pay');
      const currency = await mustFind(ctx.db, 'payment_currencies', invoice.currency_id);
      const value = `${fromUnit(due.amount_remaining ?? due.total, currency.decimal)} ${currency.symbol}`;
      const text = connectTexts(ctx.locale);
      return {
        title: text.invoice(due.number),
        lines: [
          { label: `${due.number} ${due.description ?? ''}`.trim(), value },
          { label: text.total, value },
        ],
      };
    },
    async approve(params, ctx) {
      const { scope } = await collectOne(ctx.tx, params);
      const result = await payOverdue(ctx.tx, scope, ctx.userDid, ctx.clock.nowSeconds());
      publishAfterCommit(ctx.db, ctx.events, { table: 'invoices', id: result.invoices[0]!.id }, result.events);
      return { invoiceId: result.invoices[0]!.id, currencyId: scope.currencyId, amount: result.amount };
    },
  });
}

export function createBillingRoutes(ctx: SandboxContext): Router {
  const { db, clock } = ctx;
  const r = Router();

  r.get('/sandbox/clock', (_req, res) => {
    res.json({ now: clock.nowSeconds() });
  });

  /** Moves the sandbox clock forward and runs billing (renewals, trial ends, cancellations, past due). */
  r.post('/sandbox/clock/advance', requireMerchant, async (req, res) => {
    const seconds = int(bodyOf(req), 'seconds', { min: 0, max: MAX_ADVANCE_SECONDS }) ?? 0;
    const result = await advanceBillingClock(ctx, seconds, runAutoRecharge);
    res.json({
      now: result.now,
      credit_transactions: result.credit.map((t) => ({
        id: t.id,
        credit_grant_id: t.credit_grant_id,
        amount: t.amount,
      })),
      auto_recharges: result.recharges,
      subscriptions: result.changed.map((s) => ({
        id: s.id,
        status: s.status,
        current_period_end: s.current_period_end,
        latest_invoice_id: s.latest_invoice_id,
      })),
      events: result.events.map((e) => ({ type: e.type, id: e.object.id })),
    });
  });

  /** Puts tokens into a user's sandbox wallet (tests: fund a payer before paying what is overdue). */
  r.post('/sandbox/wallet/fund', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const did = String(body.did ?? '').replace(/^did:abt:/, '');
    if (!did) throw new HttpError(400, 'did is required');
    const currency = await mustFind(db, 'payment_currencies', body.currency_id);
    const amount = tokenAmount(body.amount, currency.decimal, 'amount');
    if (body.set !== undefined && typeof body.set !== 'boolean') throw new HttpError(400, 'set must be a boolean');
    // set: true makes the balance exactly `amount` (a test that needs a short wallet); otherwise `amount` is added.
    const balance = await creditWallet(db, did, currency.id, amount, { set: body.set === true });
    res.json({ did, currency_id: currency.id, balance });
  });

  r.get('/subscriptions/:id/recover-info', async (req, res) => {
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    await assertOwner(db, res, sub, 'subscription');
    res.json({ needStake: needsStake(sub) });
  });

  r.get('/subscriptions/:id/overdue/invoices', async (req, res) => {
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    await assertOwner(db, res, sub, 'subscription');
    res.json(await overdueOf(db, { subscriptionId: sub.id, livemode: sub.livemode }));
  });

  r.get('/customers/:id/overdue/invoices', async (req, res) => {
    const customer = await customerByIdOrDid(db, paramOf(req, 'id'), livemodeOf(req));
    await assertOwner(db, res, { ...customer, customer_id: customer.id }, 'customer');
    res.json(await overdueOf(db, { customerId: customer.id, livemode: customer.livemode }));
  });

  return r;
}
