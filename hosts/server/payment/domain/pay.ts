import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db.ts';
import { HttpError, type EventBus } from '../../platform.ts';
import {
  addInterval,
  createInvoice,
  createSubscription,
  ensureCustomer,
  newPaymentIntent,
  WALLET_METHODS,
  type InvoiceLine,
} from './billing.ts';
import { tokenAmount } from '../../validate.ts';
import { fromUnit, mul, sum } from './money.ts';
import { find, insert, mustFind, newDoc, save, type Doc } from '../data/repo.ts';
import type {
  CheckoutSessionRow,
  CreditGrantRow,
  InvoiceRow,
  PaymentIntentRow,
  SubscriptionRow,
} from '../data/schema.ts';
import { effectiveStatus, itemAmount, trialApplies } from './sessions.ts';
import { assertHasItems, saleableItems } from './checkout-items.ts';
import { debitWallet } from './wallet.ts';
import { sessionStake, takeStake } from './restake.ts';

/**
 * Paying a checkout session, inside a caller's transaction (wallet approve or fast checkout), and
 * publishing its events only once that transaction has committed.
 */

/** The customer's usable credit in a currency: remaining amounts of granted, unexpired grants. */
export async function creditBalance(q: Queryable, customerId: string, currencyId: string): Promise<string> {
  return sum((await usableGrants(q, customerId, currencyId)).map((g) => g.remaining_amount));
}

async function usableGrants(
  q: Queryable,
  customerId: string,
  currencyId: string,
  lock = false,
): Promise<CreditGrantRow[]> {
  const { rows } = await q.query<{ data: CreditGrantRow }>(
    `SELECT data FROM credit_grants WHERE customer_id = $1 AND currency_id = $2 AND status = 'granted'
     ORDER BY (data->>'priority')::int NULLS LAST, created_at, id${lock ? ' FOR UPDATE' : ''}`,
    [customerId, currencyId],
  );
  const now = q.clock.nowSeconds();
  return rows.map((r) => r.data).filter((g) => !g.expires_at || Number(g.expires_at) > now);
}

/** Consumes credit grants (by priority, oldest first) for `amount`; false (nothing consumed) when short. */
async function debitCredits(q: Queryable, customerId: string, currencyId: string, amount: string): Promise<boolean> {
  const grants = await usableGrants(q, customerId, currencyId, true);
  if (BigInt(sum(grants.map((g) => g.remaining_amount))) < BigInt(amount)) return false;
  let left = BigInt(amount);
  for (const g of grants) {
    if (left === 0n) break;
    const take = BigInt(g.remaining_amount) < left ? BigInt(g.remaining_amount) : left;
    left -= take;
    const remaining = (BigInt(g.remaining_amount) - take).toString();
    await save(q, 'credit_grants', {
      ...g,
      remaining_amount: remaining,
      status: remaining === '0' ? 'depleted' : g.status,
    });
  }
  return true;
}

/** The session's payment intent, created (for the session's customer, currency and amount) when there is none. */
export async function ensurePaymentIntent(
  q: Queryable,
  session: CheckoutSessionRow,
  customerId: string,
): Promise<PaymentIntentRow> {
  const currency = await mustFind(q, 'payment_currencies', session.currency_id);
  const existing = session.payment_intent_id
    ? await find(q, 'payment_intents', session.payment_intent_id, { lock: true })
    : null;
  const fields = {
    customerId,
    methodId: currency.payment_method_id,
    currencyId: currency.id,
    amount: session.amount_total,
  };
  if (!existing) return insert(q, 'payment_intents', newPaymentIntent(q, session, fields));
  if (existing.status === 'succeeded') return existing;
  return save(q, 'payment_intents', {
    ...existing,
    amount: fields.amount,
    currency_id: fields.currencyId,
    payment_method_id: fields.methodId,
    customer_id: customerId,
  });
}

export type PaidSession = {
  session: CheckoutSessionRow;
  invoice: InvoiceRow;
  paymentIntent: PaymentIntentRow;
  subscription: SubscriptionRow | null;
  events: Array<{ type: string; object: Doc }>;
};

/**
 * Pays an open session: locks it, refuses a paid (409) or expired (400) one, takes the amount from the
 * payer's sandbox wallet (wallet currencies), marks the payment intent succeeded, creates the invoice (and
 * the subscription, and credit grants for credit prices), and completes the session. Must run in a transaction.
 */
export async function paySession(tx: Queryable, sessionId: unknown, payerDid: string): Promise<PaidSession> {
  const session = await mustFind(tx, 'checkout_sessions', sessionId, { lock: true });
  if (session.status === 'complete') throw new HttpError(409, 'This checkout session has already been paid');
  if (effectiveStatus(session, tx.clock.nowSeconds()) === 'expired')
    throw new HttpError(400, 'checkout session expired');
  assertHasItems(session);
  if (await saleableItems(tx, session))
    throw new HttpError(
      400,
      'Some items of this checkout are no longer for sale; reload the checkout',
      'ITEMS_CHANGED',
    );

  const customer = session.customer_id
    ? await mustFind(tx, 'customers', session.customer_id)
    : await ensureCustomer(tx, payerDid, session.livemode);
  // A session a signed-in customer submitted is paid by that customer's wallet only: nobody's wallet pays for an
  // invoice that would belong to someone else.
  if (customer.did && customer.did !== payerDid)
    throw new HttpError(403, 'This checkout session belongs to another customer', 'CHECKOUT_SESSION_NOT_YOURS');
  const currency = await mustFind(tx, 'payment_currencies', session.currency_id);
  const method = await mustFind(tx, 'payment_methods', currency.payment_method_id);
  const intent = await ensurePaymentIntent(tx, session, customer.id);
  const amount: string = intent.amount;
  if (BigInt(amount) > 0n) {
    const needed = `${fromUnit(amount, currency.decimal)} ${currency.symbol} needed`;
    if (currency.type === 'credit') {
      if (!(await debitCredits(tx, customer.id, currency.id, amount)))
        throw new HttpError(400, `Insufficient credit: ${needed}`);
    } else if (WALLET_METHODS.has(method.type) && !(await debitWallet(tx, payerDid, currency.id, amount))) {
      throw new HttpError(400, `Insufficient ${currency.symbol} balance in the sandbox wallet: ${needed}`);
    }
  }

  const txHash = `0x${randomBytes(32).toString('hex')}`;
  const paymentDetails = { [method.type]: { tx_hash: txHash, payer: payerDid, type: 'transfer' } };

  const items = session.line_items;
  const prices = await Promise.all(items.map((i) => mustFind(tx, 'prices', i.upsell_price_id ?? i.price_id)));
  const products = await Promise.all(prices.map((p) => mustFind(tx, 'products', p.product_id)));
  const trial = session.mode !== 'payment' && trialApplies(session, currency.id, tx.clock.nowSeconds());
  const lines: InvoiceLine[] = items.map((item, i) => ({
    price_id: prices[i]!.id,
    quantity: item.quantity,
    amount: trial && prices[i]!.type === 'recurring' ? '0' : itemAmount(prices[i]!, item, currency.id),
    description: `${products[i]!.name} × ${item.quantity}`,
  }));

  let subscription: SubscriptionRow | null = null;
  if (session.mode !== 'payment') {
    const sd = session.subscription_data ?? {};
    subscription = (
      await createSubscription(tx, {
        livemode: session.livemode,
        customerId: customer.id,
        currencyId: currency.id,
        methodId: method.id,
        items: items.map((item, i) => ({ price_id: prices[i]!.id, quantity: item.quantity })),
        trialDays: trial ? Number(sd.trial_period_days ?? 0) || undefined : undefined,
        trialEnd: trial && Number(sd.trial_end ?? 0) > 0 ? Number(sd.trial_end) : undefined,
        stakeAmount: sessionStake(session, method.type, currency.decimal) ?? undefined,
        metadata: session.metadata ?? {},
      })
    ).subscription;
  }

  const { invoice } = await createInvoice(tx, {
    livemode: session.livemode,
    customer,
    currencyId: currency.id,
    methodId: method.id,
    lines,
    status: 'paid',
    billingReason: session.mode === 'payment' ? 'manual' : 'subscription_create',
    paymentIntentId: intent.id,
    subscriptionId: subscription?.id ?? null,
    checkoutSessionId: session.id,
    paymentDetails,
    discount: session.discounts?.[0]
      ? {
          amount: String(session.total_details?.amount_discount ?? '0'),
          promotion_code: session.discounts[0].promotion_code,
          coupon: session.discounts[0].coupon,
        }
      : null,
  });
  if (subscription) subscription = await save(tx, 'subscriptions', { ...subscription, latest_invoice_id: invoice.id });
  // The stake (subscription_data.min_stake_amount) leaves the wallet too, with its own `stake` invoice and transaction;
  // a wallet that holds the payment but not the stake refuses the whole approval.
  const stake = subscription ? sessionStake(session, method.type, currency.decimal) : null;
  if (subscription && stake) {
    const taken = await takeStake(tx, { sub: subscription, customer, currency, amount: stake });
    const staking = {
      ...(subscription.payment_details?.staking as Doc),
      invoice_id: taken.invoice.id,
      tx_hash: taken.txHash,
    };
    subscription = await save(tx, 'subscriptions', {
      ...subscription,
      payment_details: { ...subscription.payment_details, staking },
    });
  }

  for (const [i, price] of prices.entries()) {
    await save(tx, 'prices', { ...price, quantity_sold: Number(price.quantity_sold ?? 0) + items[i]!.quantity });
    const cfg = price.metadata?.credit_config;
    if (cfg?.credit_amount && cfg.currency_id)
      await grantPurchasedCredits(tx, { customer, invoice, price, cfg, quantity: items[i]!.quantity });
  }

  const paidIntent = await save(tx, 'payment_intents', {
    ...intent,
    status: 'succeeded',
    amount_received: amount,
    invoice_id: invoice.id,
    payment_details: paymentDetails,
  });
  // A promotion code counts as redeemed once the session is paid (spec §5: a used-up code is refused).
  for (const d of session.discounts ?? []) {
    if (d.promotion_code)
      await tx.query(
        `UPDATE promotion_codes SET data = jsonb_set(data, '{times_redeemed}', to_jsonb(COALESCE((data->>'times_redeemed')::int, 0) + 1)) WHERE id = $1`,
        [d.promotion_code],
      );
    if (d.coupon)
      await tx.query(
        `UPDATE coupons SET data = jsonb_set(data, '{times_redeemed}', to_jsonb(COALESCE((data->>'times_redeemed')::int, 0) + 1)) WHERE id = $1`,
        [d.coupon],
      );
  }
  const paid = await save(tx, 'checkout_sessions', {
    ...session,
    status: 'complete',
    payment_status: BigInt(amount) > 0n ? 'paid' : 'no_payment_required',
    customer_id: customer.id,
    customer_did: customer.did,
    payment_intent_id: paidIntent.id,
    invoice_id: invoice.id,
    subscription_id: subscription?.id ?? null,
    subscriptions: subscription ? [subscription.id] : [],
    payment_details: paymentDetails,
  });
  return {
    session: paid,
    invoice,
    paymentIntent: paidIntent,
    subscription,
    events: [
      { type: 'checkout.session.completed', object: paid },
      { type: 'invoice.paid', object: invoice },
    ],
  };
}

async function grantPurchasedCredits(
  tx: Queryable,
  a: { customer: Doc; invoice: Doc; price: Doc; cfg: Doc; quantity: number },
): Promise<void> {
  const now = Math.floor(Date.parse(a.invoice.created_at) / 1000);
  const unit =
    a.cfg.valid_duration_unit === 'hours' ? 'hour' : String(a.cfg.valid_duration_unit ?? '').replace(/s$/, '');
  const expires =
    Number(a.cfg.valid_duration_value) > 0 ? addInterval(now, unit, Number(a.cfg.valid_duration_value)) : null;
  const creditCurrency = await mustFind(tx, 'payment_currencies', a.cfg.currency_id);
  const amount = mul(
    tokenAmount(a.cfg.credit_amount, creditCurrency.decimal, 'credit_config.credit_amount'),
    a.quantity,
  );
  await insert(
    tx,
    'credit_grants',
    newDoc(tx, 'credit_grants', a.invoice.livemode, {
      object: 'credit_grant',
      name: `Purchased credits (${a.invoice.number})`,
      amount,
      remaining_amount: amount,
      currency_id: a.cfg.currency_id,
      customer_id: a.customer.id,
      category: 'paid',
      priority: 50,
      status: 'granted',
      effective_at: now,
      expires_at: expires,
      applicability_config: { scope: { price_type: 'metered' } },
      metadata: { invoice_id: a.invoice.id, price_id: a.price.id },
      created_via: 'api',
      voided_at: null,
    }),
  );
}

/**
 * Publishes a payment's events once the transaction that paid it has committed, and never if it rolled back.
 * PGlite runs one transaction at a time and `db.query` waits for the running one to finish, so this read
 * only runs after the paying transaction ended; the invoice exists exactly when it committed.
 */
export function publishWhenCommitted(db: Db, events: EventBus, paid: PaidSession): void {
  db.query('SELECT 1 FROM invoices WHERE id = $1', [paid.invoice.id])
    .then(({ rows }) => {
      if (rows.length) for (const e of paid.events) events.publish(e.type, e.object);
    })
    .catch((err: unknown) => console.error('[payment] could not publish payment events', err));
}
