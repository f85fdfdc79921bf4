/**
 * Wallet-connect action `re-stake` `{subscriptionId}`: the customer stakes again for a subscription whose stake
 * was returned or slashed (spec §4: resuming needs a re-stake when the earlier stake was revoked).
 *
 * approve() runs in the connect route's transaction: it takes the stake amount of the earlier stake from the
 * customer's sandbox wallet, records it as a paid `stake` invoice (with its payment intent and tx hash), keeps
 * the revoked stake under `staking.previous`, and resumes the subscription (the scheduled cancellation is
 * dropped, so it renews at the period end). Only the subscription's own customer may approve; anything else is
 * a 4xx and nothing changes.
 */
import type { Queryable } from '../../db.ts';
import { HttpError, registerConnectAction } from '../../platform.ts';
import { connectTexts } from './connect-texts.ts';
import { createInvoice, WALLET_METHODS } from './billing.ts';
import { isAbsent, tokenAmount } from '../../validate.ts';
import { fromUnit } from './money.ts';
import { mustFind, save, type Doc } from '../data/repo.ts';
import type { CustomerRow, InvoiceRow, PaymentCurrencyRow, PaymentIntentRow, SubscriptionRow } from '../data/schema.ts';
import { charge, succeededIntent } from './charging.ts';
import { assertConnectOwner } from './customers.ts';
import { needsStake } from './stakes.ts';

export const RESTAKE_ACTION = 're-stake';

/**
 * The stake a checkout session takes when it creates its subscription: `subscription_data.min_stake_amount` (unless
 * `no_stake`), paid from a wallet (a card cannot stake). Null when there is none.
 */
export function sessionStake(session: Doc, methodType: string, decimal: number): string | null {
  if (session.mode === 'payment' || !WALLET_METHODS.has(methodType)) return null;
  const sd = (session.subscription_data ?? {}) as Doc;
  if (sd.no_stake === true || isAbsent(sd.min_stake_amount)) return null;
  // A number in token units, as the platform has it (TCheckoutSession subscription_data.min_stake_amount).
  const amount = tokenAmount(sd.min_stake_amount, decimal, 'subscription_data.min_stake_amount');
  return BigInt(amount) > 0n ? amount : null;
}

/**
 * Takes a subscription's stake from the customer's sandbox wallet, inside the caller's transaction: a paid `stake`
 * invoice of the subscription with its payment intent and tx hash. A short wallet is a 400 and the caller's
 * transaction rolls back, so nothing is taken.
 */
export async function takeStake(
  tx: Queryable,
  a: { sub: SubscriptionRow; customer: CustomerRow; currency: PaymentCurrencyRow; amount: string },
): Promise<{ invoice: InvoiceRow; intent: PaymentIntentRow; txHash: string | null }> {
  const { sub, customer, currency, amount } = a;
  const details = await charge(tx, customer, currency.id, amount);
  if (!details)
    throw new HttpError(
      400,
      `Insufficient ${currency.symbol} balance in the sandbox wallet: the stake is ${fromUnit(amount, currency.decimal)} ${currency.symbol}`,
    );
  const intent = await succeededIntent(tx, {
    customer,
    currencyId: currency.id,
    methodId: currency.payment_method_id,
    amount,
    description: 'Subscription stake',
    details,
  });
  const description = `Stake for ${sub.description || sub.id}`;
  const { invoice } = await createInvoice(tx, {
    livemode: sub.livemode,
    customer,
    currencyId: currency.id,
    methodId: currency.payment_method_id,
    lines: [{ price_id: '', quantity: 1, amount, description }],
    billingReason: 'stake',
    status: 'paid',
    paymentIntentId: intent.id,
    subscriptionId: sub.id,
    paymentDetails: details,
    description,
  });
  const paidIntent = await save(tx, 'payment_intents', { ...intent, invoice_id: invoice.id });
  const txHash =
    Object.values(details)
      .map((d) => (d as { tx_hash?: string }).tx_hash)
      .find(Boolean) ?? null;
  return { invoice, intent: paidIntent, txHash };
}

async function restakeTarget(q: Queryable, params: Record<string, unknown>, lock = false) {
  const id = typeof params.subscriptionId === 'string' ? params.subscriptionId : '';
  if (!id) throw new HttpError(400, 'subscriptionId is required');
  const sub = await mustFind(q, 'subscriptions', id, { lock });
  if (sub.status === 'canceled') throw new HttpError(400, 'A canceled subscription cannot be recovered');
  if (!needsStake(sub)) throw new HttpError(400, 'This subscription does not need a new stake');
  const amount = String(sub.payment_details?.staking?.amount ?? '0');
  if (!/^\d+$/.test(amount) || BigInt(amount) <= 0n) throw new HttpError(400, 'This subscription has no stake amount');
  const currency = await mustFind(q, 'payment_currencies', sub.currency_id);
  return { sub, amount, currency };
}

export function registerRestakeConnectAction(): void {
  registerConnectAction(RESTAKE_ACTION, {
    async describe(params, ctx) {
      const { sub, amount, currency } = await restakeTarget(ctx.db, params);
      await assertConnectOwner(ctx, null, sub);
      const value = `${fromUnit(amount, currency.decimal)} ${currency.symbol}`;
      const text = connectTexts(ctx.locale);
      return {
        title: text.restake(sub.description || sub.id),
        lines: [
          { label: text.stake, value },
          { label: text.total, value },
        ],
      };
    },
    async approve(params, ctx) {
      const { sub, amount, currency } = await restakeTarget(ctx.tx, params, true);
      const customer = await mustFind(ctx.tx, 'customers', sub.customer_id);
      if (customer.did !== ctx.userDid) throw new HttpError(403, 'You are not allowed to stake for this subscription');
      const { invoice, intent, txHash } = await takeStake(ctx.tx, { sub, customer, currency, amount });
      const prev = sub.payment_details.staking as Doc;
      const resumed: Doc = await save(ctx.tx, 'subscriptions', {
        ...sub,
        payment_details: {
          ...sub.payment_details,
          staking: {
            amount,
            currency_id: currency.id,
            invoice_id: invoice.id,
            tx_hash: txHash,
            staked_at: ctx.clock.nowSeconds(),
            previous: { ...prev, previous: undefined },
          },
        },
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancelation_details: null,
      });
      return { subscriptionId: resumed.id, invoiceId: invoice.id, paymentIntentId: intent.id };
    },
  });
}
