/**
 * Charging a customer (no HTTP): take an amount through the customer's payment method and record the succeeded
 * payment intent. The billing engine, auto top-up and re-staking charge through here.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db.ts';
import { WALLET_METHODS } from './billing.ts';
import { insert, mustFind, newDoc, type Doc } from '../data/repo.ts';
import type { CustomerRow, PaymentIntentRow } from '../data/schema.ts';
import { debitWallet } from './wallet.ts';

/** Platform events a domain call produced, published by its caller once the transaction has committed. */
export type PlatformEvents = Array<{ type: string; object: Doc }>;

/**
 * Charges the customer for `amount` in a currency: wallet methods take it from the customer's sandbox wallet,
 * Stripe (a card on file) always succeeds, credit currencies and anything else fail. Returns the payment
 * details (tx hash) or null when nothing was taken.
 */
export async function charge(
  q: Queryable,
  customer: CustomerRow,
  currencyId: string,
  amount: string,
): Promise<Record<string, unknown> | null> {
  const currency = await mustFind(q, 'payment_currencies', currencyId);
  const method = await mustFind(q, 'payment_methods', currency.payment_method_id);
  if (BigInt(amount) > 0n) {
    if (currency.type === 'credit') return null;
    if (WALLET_METHODS.has(method.type)) {
      if (!customer.did || !(await debitWallet(q, customer.did, currencyId, amount))) return null;
    } else if (method.type !== 'stripe') return null;
  }
  if (method.type === 'stripe')
    return { stripe: { payment_intent_id: `pi_stripe_${randomBytes(12).toString('hex')}` } };
  return { [method.type]: { tx_hash: `0x${randomBytes(32).toString('hex')}`, payer: customer.did, type: 'transfer' } };
}

export async function succeededIntent(
  q: Queryable,
  a: {
    customer: CustomerRow;
    currencyId: string;
    methodId: string;
    amount: string;
    description: string;
    details: Record<string, unknown>;
  },
): Promise<PaymentIntentRow> {
  return insert(
    q,
    'payment_intents',
    newDoc(q, 'payment_intents', a.customer.livemode, {
      object: 'payment_intent',
      status: 'succeeded',
      amount: a.amount,
      amount_received: a.amount,
      amount_capturable: '0',
      currency_id: a.currencyId,
      payment_method_id: a.methodId,
      customer_id: a.customer.id,
      checkout_session_id: null,
      description: a.description,
      invoice_id: null,
      last_payment_error: null,
      payment_details: a.details,
      capture_method: 'automatic',
      statement_descriptor: 'SANDBOX',
      metadata: {},
    }),
  );
}
