/**
 * One table per resource: `id` (prefixed), `livemode`, `created_at`, the columns lists filter on, and the
 * whole resource document in `data` (JSONB, exactly what the API returns before expansion). The filter
 * columns are copies of fields of `data`, kept in step by repo.ts.
 */
type ColumnType = 'text' | 'bool';
export type TableSpec = { prefix: string; columns: Record<string, ColumnType> };

export const TABLES = {
  payment_methods: { prefix: 'pm', columns: { type: 'text', active: 'bool' } },
  payment_currencies: { prefix: 'pc', columns: { payment_method_id: 'text', symbol: 'text', active: 'bool' } },
  products: { prefix: 'prod', columns: { active: 'bool', type: 'text', name: 'text' } },
  prices: {
    prefix: 'price',
    columns: { product_id: 'text', active: 'bool', type: 'text', currency_id: 'text', lookup_key: 'text' },
  },
  payment_links: { prefix: 'plink', columns: { active: 'bool' } },
  checkout_sessions: {
    prefix: 'cs',
    columns: {
      status: 'text',
      payment_status: 'text',
      customer_id: 'text',
      customer_did: 'text',
      payment_link_id: 'text',
      payment_intent_id: 'text',
      subscription_id: 'text',
      invoice_id: 'text',
    },
  },
  payment_intents: { prefix: 'pi', columns: { status: 'text', customer_id: 'text', invoice_id: 'text' } },
  customers: { prefix: 'cus', columns: { did: 'text', email: 'text', name: 'text' } },
  subscriptions: { prefix: 'sub', columns: { status: 'text', customer_id: 'text', currency_id: 'text' } },
  subscription_items: { prefix: 'si', columns: { subscription_id: 'text', price_id: 'text' } },
  invoices: {
    prefix: 'in',
    columns: {
      status: 'text',
      customer_id: 'text',
      subscription_id: 'text',
      currency_id: 'text',
      billing_reason: 'text',
    },
  },
  invoice_items: { prefix: 'ii', columns: { invoice_id: 'text', price_id: 'text' } },
  coupons: { prefix: 'co', columns: { valid: 'bool', name: 'text' } },
  promotion_codes: { prefix: 'promo', columns: { coupon_id: 'text', code: 'text', active: 'bool' } },
  credit_grants: { prefix: 'cg', columns: { customer_id: 'text', currency_id: 'text', status: 'text' } },
  meters: { prefix: 'mtr', columns: { event_name: 'text', status: 'text' } },
  meter_events: {
    prefix: 'mevt',
    columns: { event_name: 'text', customer_id: 'text', status: 'text', identifier: 'text' },
  },
} satisfies Record<string, TableSpec>;

export type Table = keyof typeof TABLES;

function createTable(name: string, spec: TableSpec): string {
  const cols = Object.entries(spec.columns).map(([c, t]) => `  ${c} ${t === 'bool' ? 'BOOLEAN' : 'TEXT'},`);
  const indexes = Object.keys(spec.columns)
    .filter((c) => c.endsWith('_id') || c === 'status')
    .map((c) => `CREATE INDEX ${name}_${c}_idx ON ${name} (${c});`);
  return [
    `CREATE TABLE ${name} (`,
    '  id TEXT PRIMARY KEY,',
    '  livemode BOOLEAN NOT NULL,',
    ...cols,
    '  created_at TIMESTAMPTZ NOT NULL,',
    '  data JSONB NOT NULL',
    ');',
    `CREATE INDEX ${name}_created_idx ON ${name} (livemode, created_at DESC, id DESC);`,
    ...indexes,
  ].join('\n');
}

const tables = Object.entries(TABLES)
  .map(([name, spec]) => createTable(name, spec))
  .join('\n');

/** The first migration of area 'payment' (index.ts registers it, followed by the seed). */
export const schemaMigration = {
  id: '001-schema',
  up: `${tables}
      -- A customer per (did, mode); a meter event identifier is an idempotency key.
      CREATE UNIQUE INDEX customers_did_unique ON customers (did, livemode) WHERE did IS NOT NULL;
      CREATE UNIQUE INDEX meter_events_identifier_unique ON meter_events (identifier, livemode) WHERE identifier IS NOT NULL;
      CREATE UNIQUE INDEX promotion_codes_code_unique ON promotion_codes (lower(code), livemode) WHERE active;
      CREATE SEQUENCE invoice_number_seq;
      -- The sandbox stand-in for on-chain balances: what a wallet (user DID) holds of a currency, smallest unit.
      CREATE TABLE wallet_balances (
        user_did TEXT NOT NULL,
        currency_id TEXT NOT NULL,
        balance NUMERIC(78, 0) NOT NULL CHECK (balance >= 0),
        PRIMARY KEY (user_did, currency_id)
      );`,
};
