/**
 * Refunds, no HTTP (the routes are in ../routes/refunds-routes.ts): the `refunds` table (its migration and repository) and the
 * domain calls: refund (part of) a payment, record a returned stake, refund a failed vendor order.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db.ts';
import { HttpError, type EventBus } from '../../platform.ts';
import { tokenAmount } from '../../validate.ts';
import { WALLET_METHODS } from './billing.ts';
import { fromUnit } from './money.ts';
import { find, newId, type Doc, type Paging, type Where } from '../data/repo.ts';
import { creditWallet } from './wallet.ts';

export const REFUND_TYPES = ['refund', 'stake_return'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

/** A row of the `refunds` table (its `data` document; the indexed columns repeat some of its fields). */
export type RefundRow = {
  id: string;
  object: 'refund';
  livemode: boolean;
  type: RefundType;
  status: 'pending' | 'succeeded';
  /** Smallest unit. */
  amount: string;
  currency_id: string;
  customer_id: string | null;
  payment_intent_id: string | null;
  invoice_id: string | null;
  subscription_id: string | null;
  reason: string | null;
  description: string;
  metadata: Record<string, unknown>;
  /** The movement: `{[method type]: {tx_hash, type, receiver}}` for wallet methods, a refund id for Stripe. */
  payment_details: Record<string, unknown>;
  status_transitions?: { succeeded_at: number };
  /** ISO timestamps. */
  created_at: string;
  updated_at: string;
};

const COLUMNS = [
  'type',
  'status',
  'customer_id',
  'currency_id',
  'payment_intent_id',
  'invoice_id',
  'subscription_id',
] as const;

export const refundsMigration = {
  id: '004-refunds',
  up: `CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    livemode BOOLEAN NOT NULL,
    ${COLUMNS.map((c) => `${c} TEXT,`).join('\n    ')}
    created_at TIMESTAMPTZ NOT NULL,
    data JSONB NOT NULL
  );
  CREATE INDEX refunds_created_idx ON refunds (livemode, created_at DESC, id DESC);
  ${COLUMNS.filter((c) => c.endsWith('_id') || c === 'status')
    .map((c) => `CREATE INDEX refunds_${c}_idx ON refunds (${c});`)
    .join('\n  ')}`,
};

async function insertRefund(q: Queryable, doc: RefundRow): Promise<RefundRow> {
  const names = ['id', 'livemode', 'created_at', 'data', ...COLUMNS];
  await q.query(`INSERT INTO refunds (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, [
    doc.id,
    doc.livemode,
    doc.created_at,
    doc,
    ...COLUMNS.map((c) => doc[c] ?? null),
  ]);
  return doc;
}

export async function findRefund(q: Queryable, id: string): Promise<RefundRow | null> {
  const { rows } = await q.query<{ data: RefundRow }>('SELECT data FROM refunds WHERE id = $1', [id]);
  return rows[0]?.data ?? null;
}

export async function listRefunds(
  q: Queryable,
  where: Where,
  paging: Paging,
): Promise<{ count: number; list: RefundRow[] }> {
  const clause = where.sql();
  const { rows: n } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM refunds ${clause}`, where.params);
  const order =
    paging.orderBy === 'updated_at'
      ? `(data->>'updated_at') ${paging.order}`
      : `created_at ${paging.order}, id ${paging.order}`;
  const { rows } = await q.query<{ data: RefundRow }>(
    `SELECT data FROM refunds ${clause} ORDER BY ${order} LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`,
    where.params,
  );
  return { count: n[0]?.n ?? 0, list: rows.map((r) => r.data) };
}

/** What was already refunded of a payment intent (pending and succeeded refunds), smallest unit. */
export async function refundedAmount(q: Queryable, paymentIntentId: string): Promise<bigint> {
  const { rows } = await q.query<{ s: string | null }>(
    "SELECT COALESCE(sum((data->>'amount')::numeric), 0)::text AS s FROM refunds WHERE payment_intent_id = $1 AND status IN ('pending', 'succeeded')",
    [paymentIntentId],
  );
  return BigInt(rows[0]?.s ?? '0');
}

function newRefund(
  q: Pick<Queryable, 'clock'>,
  fields: Partial<RefundRow> & Pick<RefundRow, 'livemode' | 'type' | 'amount' | 'currency_id' | 'customer_id'>,
): RefundRow {
  const now = q.clock.iso();
  return {
    id: newId('re'),
    object: 'refund',
    status: 'pending',
    reason: null,
    description: '',
    metadata: {},
    payment_intent_id: null,
    invoice_id: null,
    subscription_id: null,
    payment_details: {},
    ...fields,
    created_at: now,
    updated_at: now,
  };
}

export type RefundInput = {
  paymentIntentId: unknown;
  /** Token units (merchant input, parsed with tokenAmount) or undefined for the whole rest. */
  amount?: unknown;
  /** Smallest unit, already parsed (internal callers). Wins over `amount`. */
  amountUnits?: string;
  reason?: string | null;
  description?: string;
  metadata?: Record<string, unknown>;
};

/**
 * Refunds (part of) a succeeded payment intent inside the caller's transaction: locks the intent, refuses a payment
 * that did not succeed, zero, and more than what is left after earlier refunds (400), moves the money back and
 * records the refund as succeeded. Returns the refund; the caller publishes `refund.succeeded` after commit.
 */
export async function refundPayment(tx: Queryable, input: RefundInput): Promise<RefundRow> {
  if (typeof input.paymentIntentId !== 'string' || !input.paymentIntentId)
    throw new HttpError(400, 'payment_intent_id is required');
  const intent = await find(tx, 'payment_intents', input.paymentIntentId, { lock: true });
  if (!intent) throw new HttpError(404, `No such payment intent: ${input.paymentIntentId}`);
  if (intent.status !== 'succeeded')
    throw new HttpError(400, `Only a succeeded payment can be refunded (this one is ${intent.status})`);
  const currency = await find(tx, 'payment_currencies', intent.currency_id);
  const method = currency ? await find(tx, 'payment_methods', currency.payment_method_id) : null;
  if (!currency || !method) throw new HttpError(400, 'The currency of this payment no longer exists');
  if (currency.type === 'credit') throw new HttpError(400, 'Payments in credits cannot be refunded in the sandbox');
  const received = BigInt(String(intent.amount_received ?? intent.amount ?? '0'));
  const left = received - (await refundedAmount(tx, intent.id));
  const leftText = `${fromUnit(left.toString(), currency.decimal)} ${currency.symbol}`;
  if (left <= 0n) throw new HttpError(400, 'This payment has already been refunded in full');
  const amount =
    input.amountUnits ??
    (input.amount === undefined || input.amount === null || input.amount === ''
      ? left.toString()
      : tokenAmount(input.amount, currency.decimal, 'amount'));
  if (BigInt(amount) <= 0n) throw new HttpError(400, 'amount must be greater than 0');
  if (BigInt(amount) > left)
    throw new HttpError(400, `The refund amount is more than what is left to refund of this payment (${leftText})`);

  const paid = (intent.payment_details?.[method.type] ?? {}) as Doc;
  const customer = await find(tx, 'customers', intent.customer_id);
  const payer = typeof paid.payer === 'string' && paid.payer ? paid.payer : customer?.did;
  let details: Record<string, unknown>;
  if (WALLET_METHODS.has(method.type)) {
    if (!payer) throw new HttpError(400, 'This payment has no payer wallet to refund to');
    await creditWallet(tx, payer, currency.id, amount);
    details = { [method.type]: { tx_hash: `0x${randomBytes(32).toString('hex')}`, type: 'refund', receiver: payer } };
  } else {
    details = { [method.type]: { refund_id: `re_${randomBytes(12).toString('hex')}`, payment_intent_id: intent.id } };
  }
  const invoice = intent.invoice_id ? await find(tx, 'invoices', intent.invoice_id) : null;
  const now = tx.clock.nowSeconds();
  return insertRefund(
    tx,
    newRefund(tx, {
      livemode: intent.livemode,
      type: 'refund',
      status: 'succeeded',
      amount,
      currency_id: currency.id,
      customer_id: intent.customer_id,
      payment_intent_id: intent.id,
      invoice_id: invoice?.id ?? intent.invoice_id ?? null,
      subscription_id: invoice?.subscription_id ?? null,
      reason: input.reason ?? 'requested_by_admin',
      description: input.description ?? '',
      payment_details: details,
      metadata: input.metadata ?? {},
      status_transitions: { succeeded_at: now },
    }),
  );
}

/** The refund record of a returned stake (stakes.ts), in the settling transaction; the money already moved. */
export async function recordStakeReturn(
  tx: Queryable,
  a: {
    sub: Doc;
    amount: string;
    currencyId: string;
    invoiceId: string;
    returnInvoiceId: string;
    paymentDetails: Record<string, unknown>;
  },
): Promise<RefundRow> {
  return insertRefund(
    tx,
    newRefund(tx, {
      livemode: a.sub.livemode,
      type: 'stake_return',
      status: 'succeeded',
      amount: a.amount,
      currency_id: a.currencyId,
      customer_id: a.sub.customer_id,
      invoice_id: a.invoiceId,
      subscription_id: a.sub.id,
      reason: 'stake_return',
      description: 'Stake returned',
      payment_details: a.paymentDetails,
      metadata: { return_invoice_id: a.returnInvoiceId },
      status_transitions: { succeeded_at: tx.clock.nowSeconds() },
    }),
  );
}

/**
 * The automatic refund of a purchase whose vendor order failed (spec §8 'We will automatically process a refund for
 * you.'): once per payment intent (reason 'vendor_failed'), the whole rest. Quietly does nothing when the payment
 * cannot be refunded (not succeeded, credits, already refunded).
 */
export async function refundFailedVendorOrder(
  db: Db,
  events: EventBus,
  paymentIntentId: string,
): Promise<RefundRow | null> {
  try {
    const refund = await db.transaction(async (tx) => {
      const intent = await find(tx, 'payment_intents', paymentIntentId, { lock: true });
      if (!intent || intent.status !== 'succeeded') return null;
      const { rows } = await tx.query(
        "SELECT 1 FROM refunds WHERE payment_intent_id = $1 AND data->>'reason' = 'vendor_failed'",
        [intent.id],
      );
      if (rows.length) return null;
      return refundPayment(tx, {
        paymentIntentId: intent.id,
        reason: 'vendor_failed',
        description: 'The vendor could not deliver the order',
      });
    });
    if (refund) events.publish('refund.succeeded', refund);
    return refund;
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return null;
    throw err;
  }
}
