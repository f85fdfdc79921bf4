/**
 * The sandbox's credit ledger: how credit grants are consumed and what the credit transactions list shows.
 *
 * - A grant's status follows the clock: `pending` until `effective_at`, then `granted`; `expired` once
 *   `expires_at` has passed; `depleted` when nothing remains; `voided` when the merchant voided it.
 *   `grantStatusAt` computes it (the stored status is brought up to date when a grant is consumed).
 * - `consumeCredits` takes usage (a meter event of a meter billed in a credit currency) from the customer's usable
 *   grants of that currency: lowest `priority` first, then the one expiring first, then the oldest, and writes one
 *   `usage` credit transaction per grant touched. What the grants cannot cover stays pending on the event.
 * - `listCreditTransactions` answers GET /api/credit-transactions: usage rows from the ledger table, plus (with
 *   `include_grants`) one `grant` row per grant, newest first, filtered by customer, subscription, grant and a
 *   created-at range in unix seconds.
 *
 * The ledger has its own table (area `payment-credits`), written in the caller's transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db.ts';
import { registerMigrations } from '../../db.ts';
import { find, save, type Doc, type RowOf } from '../data/repo.ts';
import type { CreditGrantRow, CreditGrantStatus, MeterEventRow, MeterRow, Table } from '../data/schema.ts';

registerMigrations('payment-credits', [
  {
    id: '001-credit-transactions',
    up: `CREATE TABLE credit_transactions (
        id TEXT PRIMARY KEY,
        livemode BOOLEAN NOT NULL,
        customer_id TEXT NOT NULL,
        credit_grant_id TEXT,
        subscription_id TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        data JSONB NOT NULL
      );
      CREATE INDEX credit_transactions_customer_idx ON credit_transactions (customer_id, created_at DESC, id DESC);
      CREATE INDEX credit_transactions_grant_idx ON credit_transactions (credit_grant_id);`,
  },
]);

/** created_at (ISO string or unix seconds) in milliseconds. */
const toMs = (v: unknown): number => {
  if (typeof v === 'number') return v * 1000;
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
};

/** The status of a grant at `now` (unix seconds, sandbox time). */
export function grantStatusAt(grant: CreditGrantRow, now: number): CreditGrantStatus {
  if (grant.status === 'voided' || grant.voided_at) return 'voided';
  if (grant.expires_at && Number(grant.expires_at) <= now) return 'expired';
  if (BigInt(grant.remaining_amount ?? '0') <= 0n) return 'depleted';
  if (grant.effective_at && Number(grant.effective_at) > now) return 'pending';
  return 'granted';
}

export type Consumption = { consumed: string; pending: string; transactions: Doc[] };

/**
 * Takes `amount` (smallest unit of the credit currency) from the customer's usable grants. Must run in a
 * transaction (grants are locked).
 */
export async function consumeCredits(
  q: Queryable,
  input: {
    customerId: string;
    currencyId: string;
    amount: string;
    livemode: boolean;
    subscriptionId?: string | null;
    meter?: MeterRow | null;
    event?: MeterEventRow | null;
  },
): Promise<Consumption> {
  const now = q.clock.nowSeconds();
  const { rows } = await q.query<{ data: CreditGrantRow }>(
    'SELECT data FROM credit_grants WHERE customer_id = $1 AND currency_id = $2 AND livemode = $3 ORDER BY created_at, id FOR UPDATE',
    [input.customerId, input.currencyId, input.livemode],
  );
  const usable = rows
    .map((r) => r.data)
    .filter((g) => grantStatusAt(g, now) === 'granted')
    .sort(
      (a, b) =>
        Number(a.priority ?? 50) - Number(b.priority ?? 50) ||
        Number(a.expires_at ?? Number.MAX_SAFE_INTEGER) - Number(b.expires_at ?? Number.MAX_SAFE_INTEGER),
    );
  let left = BigInt(input.amount);
  const transactions: Doc[] = [];
  const created = q.clock.iso();
  for (const grant of usable) {
    if (left <= 0n) break;
    const remaining = BigInt(grant.remaining_amount);
    const take = remaining < left ? remaining : left;
    left -= take;
    const after = (remaining - take).toString();
    await save(q, 'credit_grants', {
      ...grant,
      remaining_amount: after,
      status: after === '0' ? 'depleted' : 'granted',
    });
    const tx: Doc = {
      id: `ctxn_${randomBytes(12).toString('hex')}`,
      object: 'credit_transaction',
      livemode: input.livemode,
      activity_type: 'usage',
      amount: take.toString(),
      credit_amount: take.toString(),
      remaining_balance: after,
      credit_grant_id: grant.id,
      customer_id: input.customerId,
      currency_id: input.currencyId,
      subscription_id: input.subscriptionId ?? null,
      meter_id: input.meter?.id ?? null,
      meter_event_id: input.event?.id ?? null,
      source: input.event ? 'meter_event' : 'manual',
      description: input.meter?.name ?? '',
      metadata: {},
      created_at: created,
    };
    await q.query(
      'INSERT INTO credit_transactions (id, livemode, customer_id, credit_grant_id, subscription_id, created_at, data) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [tx.id, tx.livemode, tx.customer_id, tx.credit_grant_id, tx.subscription_id, tx.created_at, tx],
    );
    transactions.push(tx);
  }
  return { consumed: (BigInt(input.amount) - left).toString(), pending: left.toString(), transactions };
}

export type TransactionFilter = {
  livemode: boolean;
  /** undefined: every customer (merchant); a customer id otherwise. */
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
  creditGrantId?: string | undefined;
  source?: string | undefined;
  includeGrants: boolean;
  start?: number | undefined;
  end?: number | undefined;
  page: number;
  pageSize: number;
};

/** Rows read once per list, by `table:id`. */
type RowCache = Map<string, RowOf<Table> | null>;

async function expandTransaction(q: Queryable, tx: Doc, cache: RowCache): Promise<Doc> {
  const get = async <K extends 'credit_grants' | 'meters' | 'meter_events' | 'payment_currencies'>(
    table: K,
    id: unknown,
  ): Promise<RowOf<K> | null> => {
    if (typeof id !== 'string' || !id) return null;
    const key = `${table}:${id}`;
    if (!cache.has(key)) cache.set(key, await find(q, table, id));
    // The entry of `table:id` is a row of `table`.
    return (cache.get(key) as RowOf<K> | undefined) ?? null;
  };
  const grant = await get('credit_grants', tx.credit_grant_id);
  const meter = await get('meters', tx.meter_id);
  const event = await get('meter_events', tx.meter_event_id);
  return {
    ...tx,
    creditGrant: grant
      ? { id: grant.id, name: grant.name ?? '', status: grantStatusAt(grant, q.clock.nowSeconds()) }
      : null,
    meter: meter ? { id: meter.id, name: meter.name, unit: meter.unit, event_name: meter.event_name } : null,
    meterEvent: event
      ? {
          id: event.id,
          event_name: event.event_name,
          value: event.value,
          timestamp: event.timestamp,
          source_data: event.source_data ?? null,
        }
      : null,
    paymentCurrency: await get('payment_currencies', tx.currency_id),
  };
}

/** A grant as a transaction row (`activity_type: 'grant'`). */
function grantRow(grant: CreditGrantRow): Doc {
  return {
    id: grant.id,
    object: 'credit_transaction',
    livemode: grant.livemode,
    activity_type: 'grant',
    amount: grant.amount,
    credit_amount: grant.amount,
    credit_grant_id: grant.id,
    customer_id: grant.customer_id,
    currency_id: grant.currency_id,
    // A grant belongs to no subscription.
    subscription_id: null,
    meter_id: null,
    meter_event_id: null,
    source: 'grant',
    description: grant.name ?? '',
    metadata: { ...(grant.metadata?.invoice_id ? { invoice_id: grant.metadata.invoice_id } : {}) },
    created_at: grant.created_at,
  };
}

export async function listCreditTransactions(
  q: Queryable,
  f: TransactionFilter,
): Promise<{ count: number; list: Doc[] }> {
  const params: unknown[] = [f.livemode];
  let where = 'livemode = $1';
  if (f.customerId) where += ` AND customer_id = $${params.push(f.customerId)}`;
  if (f.subscriptionId) where += ` AND subscription_id = $${params.push(f.subscriptionId)}`;
  if (f.creditGrantId) where += ` AND credit_grant_id = $${params.push(f.creditGrantId)}`;
  if (f.start !== undefined) where += ` AND created_at >= to_timestamp($${params.push(f.start)})`;
  if (f.end !== undefined) where += ` AND created_at <= to_timestamp($${params.push(f.end)})`;
  const usage = (await q.query<{ data: Doc }>(`SELECT data FROM credit_transactions WHERE ${where}`, params)).rows.map(
    (r) => r.data,
  );
  let rows =
    f.source && f.source !== 'grant' ? usage.filter((t) => t.source === f.source) : f.source === 'grant' ? [] : usage;
  if (f.includeGrants && (!f.source || f.source === 'grant') && !f.subscriptionId) {
    const gp: unknown[] = [f.livemode];
    let gw = 'livemode = $1';
    if (f.customerId) gw += ` AND customer_id = $${gp.push(f.customerId)}`;
    if (f.creditGrantId) gw += ` AND id = $${gp.push(f.creditGrantId)}`;
    if (f.start !== undefined) gw += ` AND created_at >= to_timestamp($${gp.push(f.start)})`;
    if (f.end !== undefined) gw += ` AND created_at <= to_timestamp($${gp.push(f.end)})`;
    const grants = (await q.query<{ data: CreditGrantRow }>(`SELECT data FROM credit_grants WHERE ${gw}`, gp)).rows.map(
      (r) => grantRow(r.data),
    );
    rows = [...rows, ...grants];
  }
  rows.sort((a, b) => toMs(b.created_at) - toMs(a.created_at) || String(b.id).localeCompare(String(a.id)));
  const page = rows.slice((f.page - 1) * f.pageSize, f.page * f.pageSize);
  const cache: RowCache = new Map();
  const list: Doc[] = [];
  for (const t of page) list.push(await expandTransaction(q, t, cache));
  return { count: rows.length, list };
}

/**
 * Settles pending usage of credit meters (meters billed in a credit currency) from the customers' grants, oldest
 * event first: an event fully covered becomes `completed`; otherwise what is left stays in `credit_pending` for the
 * next run (e.g. after a top-up). Must run in a transaction. Returns the transactions written.
 */
export async function settleCreditUsage(q: Queryable): Promise<Doc[]> {
  const { rows } = await q.query<{ data: MeterEventRow }>(
    `SELECT e.data FROM meter_events e JOIN meters m ON m.id = e.data->>'meter_id'
     JOIN payment_currencies c ON c.id = m.data->>'currency_id'
     WHERE e.status = 'pending' AND c.data->>'type' = 'credit' ORDER BY e.created_at, e.id FOR UPDATE OF e`,
  );
  const written: Doc[] = [];
  for (const { data: event } of rows) {
    const meter = await find(q, 'meters', event.meter_id);
    if (!meter?.currency_id) continue;
    const owed = String(event.credit_pending ?? event.value ?? '0');
    if (BigInt(owed) <= 0n) continue;
    const used = await consumeCredits(q, {
      customerId: event.customer_id,
      currencyId: meter.currency_id,
      amount: owed,
      livemode: event.livemode,
      subscriptionId: event.subscription_id,
      meter,
      event,
    });
    if (used.consumed === '0') continue;
    written.push(...used.transactions);
    await save(q, 'meter_events', {
      ...event,
      credit_consumed: (BigInt(event.credit_consumed ?? '0') + BigInt(used.consumed)).toString(),
      credit_pending: used.pending,
      status: used.pending === '0' ? 'completed' : 'pending',
    });
  }
  return written;
}
