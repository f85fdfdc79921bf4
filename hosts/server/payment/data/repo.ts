import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { TABLES, type NewRows, type Rows, type Table } from './schema.ts';

/**
 * A resource document as the API answers it: a row expanded with its relations, or one of the sandbox's own tables
 * outside schema.ts (amounts are smallest-unit strings). Rows themselves are typed (`RowOf`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's JSON: each caller reads the fields it shaped
export type Doc = Record<string, any> & { id: string; livemode: boolean };

/** The row type of a table (schema.ts `Rows`). */
export type RowOf<T extends Table> = Rows[T];
/** What a new row of a table is made of: its fields exactly (schema.ts `NewRows`; newDoc adds id, mode and timestamps). */
export type NewFields<T extends Table> = NewRows[T] & Pick<Rows[T], 'metadata'>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

/**
 * A new document of a table: id, object name, livemode and timestamps (the sandbox time of `q`'s clock: the server
 * whose database it goes into), then the given fields.
 */
export function newDoc<K extends Table>(
  q: Pick<Queryable, 'clock'>,
  table: K,
  livemode: boolean,
  fields: NewFields<K>,
): RowOf<K> {
  const now = q.clock.iso();
  return { id: newId(TABLES[table].prefix), livemode, ...fields, created_at: now, updated_at: now } as RowOf<K>;
}

function columnValues(table: Table, doc: Doc): unknown[] {
  return Object.keys(TABLES[table].columns).map((c) => doc[c] ?? null);
}

export async function insert<K extends Table>(q: Queryable, table: K, doc: RowOf<K>): Promise<RowOf<K>> {
  const cols = Object.keys(TABLES[table].columns);
  const names = ['id', 'livemode', 'created_at', 'data', ...cols];
  const params = [doc.id, doc.livemode, doc.created_at ?? q.clock.iso(), doc, ...columnValues(table, doc)];
  await q.query(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
    params,
  );
  return doc;
}

/** Writes the whole document back (and its filter columns), stamping updated_at in the sandbox time of `q`. */
export async function save<K extends Table>(q: Queryable, table: K, doc: RowOf<K>): Promise<RowOf<K>> {
  const next = { ...doc, updated_at: q.clock.iso() };
  const cols = Object.keys(TABLES[table].columns);
  const sets = ['data = $2', ...cols.map((c, i) => `${c} = $${i + 3}`)];
  await q.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, [doc.id, next, ...columnValues(table, next)]);
  return next;
}

export async function remove(q: Queryable, table: Table, id: string): Promise<void> {
  await q.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

export async function find<K extends Table>(
  q: Queryable,
  table: K,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<RowOf<K> | null> {
  const { rows } = await q.query<{ data: RowOf<K> }>(
    `SELECT data FROM ${table} WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0]?.data ?? null;
}

const LABELS: Record<Table, string> = {
  payment_methods: 'payment method',
  payment_currencies: 'payment currency',
  products: 'product',
  prices: 'price',
  payment_links: 'payment link',
  checkout_sessions: 'checkout session',
  payment_intents: 'payment intent',
  customers: 'customer',
  subscriptions: 'subscription',
  subscription_items: 'subscription item',
  invoices: 'invoice',
  invoice_items: 'invoice item',
  coupons: 'coupon',
  promotion_codes: 'promotion code',
  credit_grants: 'credit grant',
  meters: 'meter',
  meter_events: 'meter event',
};

/** The document, or a 404 naming what was missing. */
export async function mustFind<K extends Table>(
  q: Queryable,
  table: K,
  id: unknown,
  opts: { lock?: boolean } = {},
): Promise<RowOf<K>> {
  const doc = typeof id === 'string' && id ? await find(q, table, id, opts) : null;
  if (!doc) throw new HttpError(404, `No such ${LABELS[table]}: ${String(id)}`);
  return doc;
}

/** A WHERE clause under construction, with numbered parameters. */
export class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(sql: string): this {
    this.parts.push(sql);
    return this;
  }
  eq(column: string, value: unknown): this {
    if (value === undefined || value === '') return this;
    return this.add(`${column} = ${this.param(value)}`);
  }
  /** A comma list ('active,trialing') or array matches any of its values. */
  oneOf(column: string, value: unknown): this {
    if (value === undefined || value === '') return this;
    const values = Array.isArray(value)
      ? value.map(String)
      : String(value)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
    return this.add(`${column} = ANY(${this.param(values)}::text[])`);
  }
  sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export type Paging = { page: number; pageSize: number; order: 'ASC' | 'DESC'; orderBy: 'created_at' | 'updated_at' };

export async function list<K extends Table>(
  q: Queryable,
  table: K,
  where: Where,
  paging: Paging,
): Promise<{ count: number; list: RowOf<K>[] }> {
  const clause = where.sql();
  const { rows: countRows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} ${clause}`,
    where.params,
  );
  const order =
    paging.orderBy === 'updated_at'
      ? `(data->>'updated_at') ${paging.order}`
      : `created_at ${paging.order}, id ${paging.order}`;
  const { rows } = await q.query<{ data: RowOf<K> }>(
    `SELECT data FROM ${table} ${clause} ORDER BY ${order} LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`,
    where.params,
  );
  return { count: countRows[0]?.n ?? 0, list: rows.map((r) => r.data) };
}
