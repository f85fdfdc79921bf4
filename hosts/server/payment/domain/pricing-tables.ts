/**
 * Pricing tables, no HTTP (the routes are in ../routes/pricing-tables-routes.ts): the `pricing_tables` table (its
 * migration, the seeded demo table and the repository) and what the platform does with them (TPricingTable,
 * pricing-table.md): the merchant creates, updates, lists and archives them; anyone reads an expanded one
 * (TPricingTableExpanded) and starts a checkout session for one of its plans, with the options of its item.
 *
 * - Every item names an existing, active price of the same mode; its product is the price's (a `product_id` naming
 *   another product is a 400). Its options are checked as a payment link's are (sessions.ts `checkoutOptions`,
 *   `subscriptionDataOf`).
 * - `createTableCheckout`: a new open session for one plan of an active table, in the currency asked for when the
 *   plan is sold in it, with the item's quantity bounds, promotion codes, trial, billing address, phone, custom
 *   fields, submit type and after-completion (a redirect becomes the session's success URL).
 */
import type { Queryable, Tx } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { choice, isAbsent, text } from '../../validate.ts';
import { currencyIdsOf } from './pricing.ts';
import { find, insert as insertRow, newId, type Doc, type Paging, type Where } from '../data/repo.ts';
import { price as seedPrice, product as seedProduct } from '../data/seed.ts';
import type { CheckoutSessionRow, PriceRow, Recurring } from '../data/schema.ts';
import { buildSession, checkoutOptions, subscriptionDataOf, type CheckoutOptions } from './sessions.ts';
import { arr, bool, int, obj, str, type Body } from './fields.ts';

/** PricingTableItem (payment-types types.d.ts) as the sandbox stores it. */
export type PricingTableItemRow = CheckoutOptions & {
  price_id: string;
  product_id: string;
  adjustable_quantity: { enabled: boolean; minimum: number; maximum: number };
  allow_promotion_codes: boolean;
  is_highlight: boolean;
  highlight_text?: string;
  after_completion?: {
    type: 'redirect' | 'hosted_confirmation';
    redirect?: { url: string };
    hosted_confirmation?: { custom_message?: string };
  };
  custom_fields: NonNullable<CheckoutOptions['custom_fields']>;
  submit_type: NonNullable<CheckoutOptions['submit_type']>;
  subscription_data?: Record<string, unknown>;
  consent_collection?: { promotions?: string; terms_of_service?: string };
  nft_mint_settings?: Record<string, unknown>;
  payment_intent_data?: Record<string, unknown>;
};

/** TPricingTable as the sandbox stores it (ISO timestamps). */
export type PricingTableRow = {
  id: string;
  object: 'pricing_table';
  active: boolean;
  livemode: boolean;
  locked: boolean;
  name: string;
  items: PricingTableItemRow[];
  branding_settings: { background_color: string; border_style: string; button_color: string; font_family: string };
  metadata: Record<string, unknown>;
  created_via: 'api' | 'dashboard' | 'portal';
  created_at: string;
  updated_at: string;
};

/** The most plans one table holds (the platform's editor stops at a handful; Stripe at 4 per interval). */
export const PRICING_TABLE_ITEMS_MAX = 20;

const DEFAULT_BRANDING: PricingTableRow['branding_settings'] = {
  background_color: '#ffffff',
  border_style: 'default',
  button_color: '#1d4ed8',
  font_family: 'default',
};

const migration = {
  id: '001-pricing-tables',
  up: `CREATE TABLE pricing_tables (
    id TEXT PRIMARY KEY,
    livemode BOOLEAN NOT NULL,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    data JSONB NOT NULL
  );
  CREATE INDEX pricing_tables_created_idx ON pricing_tables (livemode, created_at DESC, id DESC);`,
};

// ---- repository ----

async function insertTable(q: Queryable, doc: PricingTableRow): Promise<PricingTableRow> {
  await q.query('INSERT INTO pricing_tables (id, livemode, active, created_at, data) VALUES ($1, $2, $3, $4, $5)', [
    doc.id,
    doc.livemode,
    doc.active,
    doc.created_at,
    doc,
  ]);
  return doc;
}

async function saveTable(q: Queryable, doc: PricingTableRow): Promise<PricingTableRow> {
  const next = { ...doc, updated_at: q.clock.iso() };
  await q.query('UPDATE pricing_tables SET active = $2, data = $3 WHERE id = $1', [doc.id, next.active, next]);
  return next;
}

export async function findPricingTable(
  q: Queryable,
  id: unknown,
  opts: { lock?: boolean } = {},
): Promise<PricingTableRow> {
  const { rows } =
    typeof id === 'string' && id
      ? await q.query<{ data: PricingTableRow }>(
          `SELECT data FROM pricing_tables WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`,
          [id],
        )
      : { rows: [] };
  const doc = rows[0]?.data;
  if (!doc) throw new HttpError(404, `No such pricing table: ${String(id)}`);
  return doc;
}

export async function listPricingTables(
  q: Queryable,
  where: Where,
  paging: Paging,
): Promise<{ count: number; list: PricingTableRow[] }> {
  const clause = where.sql();
  const { rows: n } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pricing_tables ${clause}`,
    where.params,
  );
  const order =
    paging.orderBy === 'updated_at'
      ? `(data->>'updated_at') ${paging.order}`
      : `created_at ${paging.order}, id ${paging.order}`;
  const { rows } = await q.query<{ data: PricingTableRow }>(
    `SELECT data FROM pricing_tables ${clause} ORDER BY ${order} LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`,
    where.params,
  );
  return { count: n[0]?.n ?? 0, list: rows.map((r) => r.data) };
}

// ---- validation ----

/** One item of a create or update body, checked: its price exists, is active and of the table's mode. */
async function itemOf(q: Queryable, raw: unknown, i: number, livemode: boolean): Promise<PricingTableItemRow> {
  const at = (k: string) => `items[${i}].${k}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(400, `items[${i}] must be an object`);
  const body = raw as Body;
  const priceId = text(body.price_id, at('price_id'), { required: true, max: 100 })!;
  const price = await find(q, 'prices', priceId);
  if (!price || price.livemode !== livemode) throw new HttpError(400, `${at('price_id')}: no such price: ${priceId}`);
  if (!price.active) throw new HttpError(400, `${at('price_id')}: price ${priceId} is archived`);
  const product = await find(q, 'products', price.product_id);
  if (!product?.active) throw new HttpError(400, `${at('price_id')}: the product of price ${priceId} is archived`);
  if (!isAbsent(body.product_id) && body.product_id !== price.product_id)
    throw new HttpError(
      400,
      `${at('product_id')}: price ${priceId} belongs to product ${price.product_id}, not ${String(body.product_id)}`,
    );
  const adjustable = obj(body, 'adjustable_quantity') ?? {};
  const minimum = int(adjustable, 'minimum', { min: 1, max: 1000, fallback: 1 })!;
  const maximum = int(adjustable, 'maximum', { min: 1, max: 1000, fallback: 99 })!;
  if (minimum > maximum) throw new HttpError(400, `${at('adjustable_quantity')}: minimum must not be above maximum`);
  const options = checkoutOptions(body);
  const item: PricingTableItemRow = {
    ...options,
    price_id: priceId,
    product_id: price.product_id,
    adjustable_quantity: { enabled: bool(adjustable, 'enabled') ?? false, minimum, maximum },
    allow_promotion_codes: options.allow_promotion_codes ?? false,
    is_highlight: bool(body, 'is_highlight') ?? false,
    custom_fields: options.custom_fields ?? [],
    submit_type: options.submit_type ?? (price.type === 'recurring' ? 'auto' : 'pay'),
    billing_address_collection: options.billing_address_collection ?? 'auto',
  };
  const highlight = text(body.highlight_text, at('highlight_text'), { max: 40 });
  if (highlight) item.highlight_text = highlight;
  const sub = subscriptionDataOf(obj(body, 'subscription_data'));
  if (sub) {
    if (price.type !== 'recurring' && Number(sub.trial_period_days ?? 0) > 0)
      throw new HttpError(400, `${at('subscription_data.trial_period_days')}: a one-time price has no trial`);
    // SubscriptionData's required fields, as the platform's editor writes them.
    item.subscription_data = { description: '', trial_period_days: 0, ...sub };
  }
  if (!isAbsent(body.after_completion)) item.after_completion = afterCompletion(obj(body, 'after_completion')!, at);
  if (!isAbsent(body.consent_collection)) {
    const consent = obj(body, 'consent_collection')!;
    item.consent_collection = {
      ...(isAbsent(consent.promotions)
        ? {}
        : { promotions: choice(consent.promotions, at('consent_collection.promotions'), ['auto', 'none'] as const) }),
      ...(isAbsent(consent.terms_of_service)
        ? {}
        : {
            terms_of_service: choice(consent.terms_of_service, at('consent_collection.terms_of_service'), [
              'required',
              'none',
            ] as const),
          }),
    };
  }
  for (const k of ['nft_mint_settings', 'payment_intent_data'] as const)
    if (!isAbsent(body[k])) item[k] = obj(body, k)!;
  return item;
}

function afterCompletion(given: Body, at: (k: string) => string): NonNullable<PricingTableItemRow['after_completion']> {
  const type = choice(given.type, at('after_completion.type'), ['redirect', 'hosted_confirmation'] as const);
  if (type === 'redirect') {
    const redirect = obj({ r: given.redirect ?? {} }, 'r')!;
    const url = text(redirect.url, at('after_completion.redirect.url'), { required: true, max: 2000 })!;
    if (!/^https?:\/\//i.test(url)) throw new HttpError(400, `${at('after_completion.redirect.url')} must be http(s)`);
    return { type, redirect: { url } };
  }
  const confirmation = obj({ c: given.hosted_confirmation ?? {} }, 'c')!;
  const message = text(confirmation.custom_message, at('after_completion.hosted_confirmation.custom_message'), {
    max: 1000,
  });
  return { type, ...(message ? { hosted_confirmation: { custom_message: message } } : {}) };
}

async function itemsOf(q: Queryable, body: Body, livemode: boolean): Promise<PricingTableItemRow[]> {
  const raw = arr(body, 'items');
  if (!raw?.length) throw new HttpError(400, 'items must have at least one item');
  if (raw.length > PRICING_TABLE_ITEMS_MAX)
    throw new HttpError(400, `items must have at most ${PRICING_TABLE_ITEMS_MAX} items`);
  const items: PricingTableItemRow[] = [];
  for (const [i, r] of raw.entries()) items.push(await itemOf(q, r, i, livemode));
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.price_id))
      throw new HttpError(400, `items[${i}].price_id: price ${item.price_id} is listed twice`);
    seen.add(item.price_id);
  }
  return items;
}

function brandingOf(body: Body, current = DEFAULT_BRANDING): PricingTableRow['branding_settings'] {
  const given = obj(body, 'branding_settings');
  if (!given) return current;
  const field = (k: keyof PricingTableRow['branding_settings']) =>
    isAbsent(given[k]) ? current[k] : text(given[k], `branding_settings.${k}`, { max: 100 })!;
  return {
    background_color: field('background_color'),
    border_style: field('border_style'),
    button_color: field('button_color'),
    font_family: field('font_family'),
  };
}

// ---- merchant calls ----

export async function createPricingTable(q: Queryable, body: Body, livemode: boolean): Promise<PricingTableRow> {
  const now = q.clock.iso();
  const table: PricingTableRow = {
    id: newId('prctbl'),
    object: 'pricing_table',
    active: true,
    livemode,
    locked: false,
    name: str(body, 'name', { required: true, max: 255 })!,
    items: await itemsOf(q, body, livemode),
    branding_settings: brandingOf(body),
    metadata: obj(body, 'metadata') ?? {},
    created_via: 'api',
    created_at: now,
    updated_at: now,
  };
  return insertTable(q, table);
}

/** Changes the fields the body carries (`name`, `items`, `active`, `branding_settings`, `metadata`), checked as on create. */
export async function updatePricingTable(q: Tx, id: string, body: Body): Promise<PricingTableRow> {
  const table = await findPricingTable(q, id, { lock: true });
  if (table.locked) throw new HttpError(403, 'This pricing table is locked');
  const next: PricingTableRow = { ...table };
  if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 255 })!;
  if (body.items !== undefined) next.items = await itemsOf(q, body, table.livemode);
  if (body.active !== undefined) next.active = bool(body, 'active') ?? table.active;
  if (body.branding_settings !== undefined) next.branding_settings = brandingOf(body, table.branding_settings);
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  return saveTable(q, next);
}

export async function archivePricingTable(q: Tx, id: string): Promise<PricingTableRow> {
  const table = await findPricingTable(q, id, { lock: true });
  return saveTable(q, { ...table, active: false });
}

// ---- public calls ----

/**
 * TPricingTableExpanded: each item with `object`, its price (TPrice) and product (TProduct), `is_selected` (false: no
 * plan is preselected in the sandbox) and `is_disabled` (its price or product was archived since), and the table's
 * `currency`: the currency of its first item's price.
 */
export async function expandPricingTable(q: Queryable, table: PricingTableRow): Promise<Doc> {
  const items = await Promise.all(
    table.items.map(async (item) => {
      const price = await find(q, 'prices', item.price_id);
      const product = price ? await find(q, 'products', price.product_id) : null;
      return {
        ...item,
        object: 'pricing_table_item',
        price,
        product,
        is_selected: false,
        is_disabled: !price?.active || !product?.active,
      };
    }),
  );
  const first = items.find((i) => i.price)?.price;
  const currency = first ? await find(q, 'payment_currencies', first.currency_id) : null;
  return { ...table, items: items.filter((i) => i.price && i.product), currency };
}

/**
 * `POST /pricing-tables/:id/checkout/:priceId`: a new open session (stored) for the plan of `priceId` in an active
 * table, in `currencyId` when the plan is sold in it (400 otherwise), with the item's options.
 */
export async function createTableCheckout(
  q: Queryable,
  tableId: string,
  priceId: string,
  opts: { origin: string; currencyId?: string | undefined },
): Promise<CheckoutSessionRow> {
  const table = await findPricingTable(q, tableId);
  if (!table.active) throw new HttpError(400, 'This pricing table is no longer active');
  const item = table.items.find((i) => i.price_id === priceId);
  if (!item) throw new HttpError(404, `Price ${priceId} is not in pricing table ${tableId}`);
  const price: PriceRow | null = await find(q, 'prices', priceId);
  if (!price?.active) throw new HttpError(400, 'This plan is no longer available');
  const wanted = opts.currencyId;
  if (wanted) {
    const currency = await find(q, 'payment_currencies', wanted);
    if (!currency?.active || !currencyIdsOf(price).includes(wanted))
      throw new HttpError(400, `This plan is not sold in currency ${wanted}`);
  }
  const { price_id, adjustable_quantity, after_completion, subscription_data, ...options } = item;
  const source: Body = {
    customer_creation: 'always',
    ...checkoutOptions(options as Body),
    line_items: [
      {
        price_id,
        quantity: adjustable_quantity.enabled ? adjustable_quantity.minimum : 1,
        adjustable_quantity,
      },
    ],
    ...(price.type === 'recurring' && subscription_data ? { subscription_data } : {}),
    ...(after_completion?.type === 'redirect' && after_completion.redirect
      ? { success_url: after_completion.redirect.url }
      : {}),
    metadata: {
      pricing_table_id: table.id,
      ...(after_completion ? { after_completion } : {}),
    },
  };
  const session = await buildSession(q, source, {
    livemode: table.livemode,
    origin: opts.origin,
    ...(wanted ? { currencyId: wanted } : {}),
  });
  return insertRow(q, 'checkout_sessions', session);
}

// ---- the demo table ----

/** The seeded demo table (livemode): three tiers monthly and yearly, Pro highlighted, Business with a trial, a
 * lifetime one-time plan; prices in TBA and USDC on Base. */
export const DEMO_PRICING_TABLE_ID = 'prctbl_sandbox_demo';

const month: Recurring = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  aggregate_usage: null,
  meter_id: null,
};
const year: Recurring = { ...month, interval: 'year' };

function demoCatalog() {
  const tier = (
    key: string,
    name: string,
    description: string,
    features: string[],
    m: [string, string],
    y: [string, string],
  ) => [
    seedProduct(`prod_sandbox_tier_${key}`, name, description, `price_sandbox_tier_${key}_monthly`, {
      features: features.map((f) => ({ name: f })),
      unit_label: 'seat',
    }),
    seedPrice(
      `price_sandbox_tier_${key}_monthly`,
      `prod_sandbox_tier_${key}`,
      { pc_sandbox_tba: m[0], pc_sandbox_base_usdc: m[1] },
      { type: 'recurring', recurring: month, nickname: `${name} monthly` },
    ),
    seedPrice(
      `price_sandbox_tier_${key}_yearly`,
      `prod_sandbox_tier_${key}`,
      { pc_sandbox_tba: y[0], pc_sandbox_base_usdc: y[1] },
      { type: 'recurring', recurring: year, nickname: `${name} yearly` },
    ),
  ];
  return [
    ...tier(
      'starter',
      'Starter',
      'For trying things out on your own.',
      ['1 project', 'Community support', 'Sandbox payments'],
      ['5', '4.99'],
      ['50', '49.99'],
    ),
    ...tier(
      'pro',
      'Pro',
      'For growing teams that ship every week.',
      ['10 projects', 'Email support', 'Subscriptions and invoices', 'Promotion codes'],
      ['15', '14.99'],
      ['150', '149.99'],
    ),
    ...tier(
      'business',
      'Business',
      'For companies with many apps and payers.',
      ['Unlimited projects', 'Priority support', 'Custom fields at checkout', 'Billing address collection'],
      ['40', '39.99'],
      ['400', '399.99'],
    ),
    seedProduct(
      'prod_sandbox_tier_lifetime',
      'Lifetime',
      'Pay once, keep the Pro features for good.',
      'price_sandbox_tier_lifetime',
      { features: [{ name: 'Everything in Pro' }, { name: 'No renewals' }] },
    ),
    seedPrice('price_sandbox_tier_lifetime', 'prod_sandbox_tier_lifetime', {
      pc_sandbox_tba: '600',
      pc_sandbox_base_usdc: '599',
    }),
  ];
}

function demoItem(priceId: string, extra: Partial<PricingTableItemRow> = {}): PricingTableItemRow {
  return {
    price_id: priceId,
    product_id: priceId.replace(/^price_/, 'prod_').replace(/_(monthly|yearly)$/, ''),
    adjustable_quantity: { enabled: false, minimum: 1, maximum: 99 },
    allow_promotion_codes: true,
    is_highlight: false,
    billing_address_collection: 'auto',
    custom_fields: [],
    submit_type: 'auto',
    after_completion: DEMO_CONFIRMATION,
    ...extra,
  };
}

/** What the demo plans' completed screen says (the hosted confirmation's custom message). */
const DEMO_CONFIRMATION: NonNullable<PricingTableItemRow['after_completion']> = {
  type: 'hosted_confirmation',
  hosted_confirmation: { custom_message: 'Welcome aboard: your plan is ready. Manage it any time under Billing.' },
};

function demoTable(): PricingTableRow {
  const at = new Date(Date.UTC(2025, 0, 2)).toISOString();
  const items: PricingTableItemRow[] = [];
  for (const period of ['monthly', 'yearly'] as const) {
    items.push(demoItem(`price_sandbox_tier_starter_${period}`));
    items.push(
      demoItem(`price_sandbox_tier_pro_${period}`, {
        is_highlight: true,
        highlight_text: 'popular',
        adjustable_quantity: { enabled: true, minimum: 1, maximum: 20 },
      }),
    );
    items.push(
      demoItem(`price_sandbox_tier_business_${period}`, {
        subscription_data: { description: '', trial_period_days: 14 },
        billing_address_collection: 'required',
        custom_fields: [{ key: 'company', label: 'Company name', type: 'text', optional: false }],
      }),
    );
  }
  items.push(demoItem('price_sandbox_tier_lifetime', { submit_type: 'pay' }));
  return {
    id: DEMO_PRICING_TABLE_ID,
    object: 'pricing_table',
    active: true,
    livemode: true,
    locked: false,
    name: 'Sandbox plans',
    items,
    branding_settings: DEFAULT_BRANDING,
    metadata: {},
    created_via: 'portal',
    created_at: at,
    updated_at: at,
  };
}

const seedDemo = {
  id: '002-seed-demo-table',
  up: async (tx: Tx) => {
    for (const [table, row] of demoCatalog()) if (!(await find(tx, table, row.id))) await insertRow(tx, table, row);
    await insertTable(tx, demoTable());
  },
};

/** A demo table seeded before its plans had a confirmation message gets it (items that still have none). */
const demoConfirmation = {
  id: '003-demo-confirmation-message',
  up: async (tx: Tx) => {
    const { rows } = await tx.query<{ data: PricingTableRow }>('SELECT data FROM pricing_tables WHERE id = $1', [
      DEMO_PRICING_TABLE_ID,
    ]);
    const table = rows[0]?.data;
    if (!table) return;
    const items = table.items.map((item) =>
      item.after_completion?.type === 'hosted_confirmation' &&
      !item.after_completion.hosted_confirmation?.custom_message
        ? { ...item, after_completion: DEMO_CONFIRMATION }
        : item,
    );
    await tx.query('UPDATE pricing_tables SET data = $2 WHERE id = $1', [table.id, { ...table, items }]);
  },
};

/** The area's migrations (registered after the payment area's, whose seeded currencies they use). */
export const pricingTableMigrations = [migration, seedDemo, demoConfirmation];
