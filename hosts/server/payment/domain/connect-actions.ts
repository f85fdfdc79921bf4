/**
 * Wallet-connect actions of the payment area: `payment`, `subscription` and `setup` (the checkout session's
 * mode), params `{ checkoutSessionId, sessionUserDid? }`.
 *
 * approve() pays the session inside the transaction the connect route gives it (see pay.ts#paySession).
 * EVENTS AFTER COMMIT: approve() does not publish directly. It schedules `publishWhenCommitted(ctx.db, …)`,
 * a read on `ctx.db` that PGlite can only run once the approving transaction has ended; it publishes
 * `checkout.session.completed` then `invoice.paid` if that transaction committed, and nothing if it rolled
 * back. The connect route therefore needs no extra call: run approve in `db.transaction` and return. (It must
 * not await `ctx.db` queries inside that transaction: PGlite would wait for the transaction itself.)
 */
import type { Queryable } from '../../db.ts';
import { HttpError, registerConnectAction, type ConnectAction } from '../../platform.ts';
import { fromUnit } from './money.ts';
import { mustFind } from '../data/repo.ts';
import { connectTexts } from './connect-texts.ts';
import { assertSessionActor, effectiveStatus, itemAmount } from './sessions.ts';
import { paySession, publishWhenCommitted } from './pay.ts';
import { sessionStake } from './restake.ts';

type Action = 'payment' | 'subscription' | 'setup';

async function describeSession(
  q: Queryable,
  params: Record<string, unknown>,
  action: Action,
  locale: string | undefined,
) {
  const text = connectTexts(locale);
  const session = await mustFind(q, 'checkout_sessions', params.checkoutSessionId);
  if (session.mode !== action)
    throw new HttpError(400, `This checkout session is in ${session.mode} mode, not ${action}`);
  const status = effectiveStatus(session, q.clock.nowSeconds());
  if (status === 'complete') throw new HttpError(409, 'This checkout session has already been paid');
  if (status === 'expired') throw new HttpError(400, 'checkout session expired');
  const currency = await mustFind(q, 'payment_currencies', session.currency_id);
  const fmt = (units: string) => `${fromUnit(units, currency.decimal)} ${currency.symbol}`;
  const names: string[] = [];
  const lines: Array<{ label: string; value: string }> = [];
  for (const item of session.line_items) {
    const price = await mustFind(q, 'prices', item.upsell_price_id ?? item.price_id);
    const product = await mustFind(q, 'products', price.product_id);
    names.push(product.name);
    const interval = price.recurring ? text.per[price.recurring.interval] : '';
    lines.push({
      label: `${product.name} × ${item.quantity}`,
      value: `${fmt(itemAmount(price, item, currency.id))}${interval}`,
    });
  }
  // The stake leaves the wallet with the payment (pay.ts); the wallet says so before the payer approves.
  const method = await mustFind(q, 'payment_methods', currency.payment_method_id);
  const stake = sessionStake(session, method.type, currency.decimal);
  if (stake) lines.push({ label: text.stake, value: fmt(stake) });
  lines.push({
    label: text.total,
    value: fmt(stake ? (BigInt(session.amount_total) + BigInt(stake)).toString() : session.amount_total),
  });
  return { title: text.checkout[action](names.join(text.and)), lines };
}

function checkoutAction(action: Action): ConnectAction {
  return {
    async describe(params, ctx) {
      // A session a customer submitted is theirs: nobody else opens a wallet request for it (sessions.ts).
      const session = await mustFind(ctx.db, 'checkout_sessions', params.checkoutSessionId);
      const merchant = ctx.user?.role === 'owner' || ctx.user?.role === 'admin';
      assertSessionActor(session, { merchant, userDid: ctx.user?.did ?? null });
      return describeSession(ctx.db, params, action, ctx.locale);
    },
    async approve(params, ctx) {
      const session = await mustFind(ctx.tx, 'checkout_sessions', params.checkoutSessionId);
      if (session.mode !== action)
        throw new HttpError(400, `This checkout session is in ${session.mode} mode, not ${action}`);
      const paid = await paySession(ctx.tx, session.id, ctx.userDid);
      publishWhenCommitted(ctx.db, ctx.events, paid);
      return {
        checkoutSessionId: paid.session.id,
        invoiceId: paid.invoice.id,
        subscriptionId: paid.subscription?.id ?? null,
        paymentIntentId: paid.paymentIntent.id,
      };
    },
  };
}

export function registerPaymentConnectActions(): void {
  for (const action of ['payment', 'subscription', 'setup'] as const)
    registerConnectAction(action, checkoutAction(action));
}
