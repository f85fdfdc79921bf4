/**
 * Auto top-up of a customer's credit balance (no HTTP): one configuration per customer and credit currency, stored as
 * payment-types `TAutoRechargeConfig` and answered as payment-js `TAutoRechargeConfigExpanded` (the config's own
 * columns plus `currency`, `rechargeCurrency`, `price` and `paymentMethod`).
 *
 * - `autoRechargeConfigOf`: the customer's configuration of a credit currency; the first read stores a disabled one
 *   buying the currency's top-up package (`recharge_config.base_price_id`) paid in the package's own currency.
 * - `submitAutoRecharge`: validates and stores `{enabled, threshold, price_id, quantity, recharge_currency_id,
 *   daily_limits{max_amount, max_attempts}}` (payment-kit-api.md). Amounts are strings in the smallest unit (threshold
 *   in the credit currency, the daily maximum in the paying currency); threshold > 0 ('Threshold must be greater than
 *   0'); daily maximum amount and attempts 0 = unlimited.
 * - `runAutoRecharge(tx)` (run by the billing clock after credit usage is settled): every enabled configuration whose
 *   balance is below its threshold buys its package once, if today's attempts and amount stay within the daily
 *   limits: charged like a renewal (wallet or card), a paid `auto_recharge` invoice and a credit grant. A failed
 *   charge counts as an attempt and is kept as `last_error`.
 * - `creditSummary`: payment-js `creditGrants.summary` (`CreditSummary`), the usable balance per credit currency.
 *
 * Sandbox extras on the config (not in TAutoRechargeConfig): `last_invoice_id` and `last_error` (the portal shows
 * the last failure). The answer's `price` is a TPrice, not expanded, as the platform answers it.
 */
import { randomBytes } from 'node:crypto';
import { registerMigrations, type Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { tokenAmount, unitAmount } from '../../validate.ts';
import { addInterval, createInvoice } from './billing.ts';
import { mul, sum } from './money.ts';
import { creditBalance } from './pay.ts';
import { amountIn, currencyIdsOf } from './pricing.ts';
import { find, insert, mustFind, newDoc, save, type Doc } from '../data/repo.ts';
import type { PriceRow } from '../data/schema.ts';
import { charge, succeededIntent, type PlatformEvents } from './charging.ts';
import { bool, int, str, type Body } from './fields.ts';

registerMigrations('payment-auto-recharge', [
  {
    id: '001-auto-recharge-configs',
    up: `CREATE TABLE auto_recharge_configs (
        id TEXT PRIMARY KEY,
        livemode BOOLEAN NOT NULL,
        customer_id TEXT NOT NULL,
        currency_id TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        data JSONB NOT NULL
      );
      CREATE UNIQUE INDEX auto_recharge_configs_unique ON auto_recharge_configs (customer_id, currency_id, livemode);`,
  },
]);

/** At most this many packages in one top-up, and this many top-ups a day. */
const MAX_QUANTITY = 100;
const MAX_DAILY_ATTEMPTS = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON documents
type Json = Record<string, any>;

async function configOf(
  q: Queryable,
  customerId: string,
  currencyId: string,
  livemode: boolean,
  lock = false,
): Promise<Json | null> {
  const { rows } = await q.query<{ data: Json }>(
    `SELECT data FROM auto_recharge_configs WHERE customer_id = $1 AND currency_id = $2 AND livemode = $3${lock ? ' FOR UPDATE' : ''}`,
    [customerId, currencyId, livemode],
  );
  return rows[0]?.data ?? null;
}

async function writeConfig(q: Queryable, doc: Json): Promise<Json> {
  await q.query(
    `INSERT INTO auto_recharge_configs (id, livemode, customer_id, currency_id, created_at, data) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [doc.id, doc.livemode, doc.customer_id, doc.currency_id, doc.created_at, doc],
  );
  return doc;
}

/** Credit packages granting `currencyId`: active prices whose metadata.credit_config names it. */
async function packagesFor(q: Queryable, currencyId: string, livemode: boolean): Promise<PriceRow[]> {
  const { rows } = await q.query<{ data: PriceRow }>(
    "SELECT data FROM prices WHERE active AND livemode = $1 AND data->'metadata'->'credit_config'->>'currency_id' = $2 ORDER BY created_at, id",
    [livemode, currencyId],
  );
  return rows.map((r) => r.data);
}

/** The currencies a package can be paid in: active, of an active method, not credit. */
async function payingCurrencies(q: Queryable, prices: PriceRow[]): Promise<Doc[]> {
  const ids = [...new Set(prices.flatMap((p) => currencyIdsOf(p)))];
  const out: Doc[] = [];
  for (const id of ids) {
    const c = await find(q, 'payment_currencies', id);
    if (!c?.active || c.type === 'credit') continue;
    const method = await find(q, 'payment_methods', c.payment_method_id);
    if (method?.active) out.push({ ...c, paymentMethod: { id: method.id, type: method.type, name: method.name } });
  }
  return out;
}

/** Today's date (YYYY-MM-DD) in the sandbox time of `q`'s server. */
const today = (q: Pick<Queryable, 'clock'>): string => q.clock.iso().slice(0, 10);

/**
 * Today's attempts and amount: `daily_stats{attempt_count, total_amount}` count for `last_recharge_date` (TAutoRechargeConfig),
 * so the stats of an earlier day count as none.
 */
function statsToday(q: Pick<Queryable, 'clock'>, cfg: Json): { attempts: number; amount: string } {
  const s = cfg.daily_stats;
  return cfg.last_recharge_date === today(q) && s
    ? { attempts: Number(s.attempt_count ?? 0), amount: String(s.total_amount ?? '0') }
    : { attempts: 0, amount: '0' };
}

/** One top-up: charge the package, write the paid auto_recharge invoice and the credit grant. */
async function topUp(
  q: Queryable,
  cfg: Json,
  cost: string,
  price: Doc,
  events: PlatformEvents,
): Promise<{ ok: boolean; invoice?: Doc; error?: string }> {
  const customer = await mustFind(q, 'customers', cfg.customer_id);
  const currency = await mustFind(q, 'payment_currencies', cfg.recharge_currency_id);
  const details = await charge(q, customer, currency.id, cost);
  if (!details) return { ok: false, error: `Insufficient ${currency.symbol} balance` };
  const product = await find(q, 'products', price.product_id);
  const intent = await succeededIntent(q, {
    customer,
    currencyId: currency.id,
    methodId: currency.payment_method_id,
    amount: cost,
    description: 'Auto top-up',
    details,
  });
  const { invoice } = await createInvoice(q, {
    livemode: cfg.livemode,
    customer,
    currencyId: currency.id,
    methodId: currency.payment_method_id,
    status: 'paid',
    billingReason: 'auto_recharge',
    lines: [
      {
        price_id: price.id,
        quantity: cfg.quantity,
        amount: cost,
        description: `${product?.name ?? price.id} × ${cfg.quantity}`,
      },
    ],
    paymentIntentId: intent.id,
    paymentDetails: details,
  });
  await save(q, 'payment_intents', { ...intent, invoice_id: invoice.id });
  const credit = price.metadata.credit_config;
  const now = q.clock.nowSeconds();
  const unit =
    credit.valid_duration_unit === 'hours' ? 'hour' : String(credit.valid_duration_unit ?? '').replace(/s$/, '');
  const creditCurrency = await mustFind(q, 'payment_currencies', credit.currency_id);
  const amount = mul(
    tokenAmount(credit.credit_amount, creditCurrency.decimal, 'credit_config.credit_amount'),
    cfg.quantity,
  );
  await insert(
    q,
    'credit_grants',
    newDoc(q, 'credit_grants', cfg.livemode, {
      object: 'credit_grant',
      name: `Auto top-up (${invoice.number})`,
      amount,
      remaining_amount: amount,
      currency_id: cfg.currency_id,
      customer_id: customer.id,
      category: 'paid',
      priority: 50,
      status: 'granted',
      effective_at: now,
      expires_at:
        Number(credit.valid_duration_value) > 0 ? addInterval(now, unit, Number(credit.valid_duration_value)) : null,
      applicability_config: { scope: { price_type: 'metered' } },
      metadata: { invoice_id: invoice.id, price_id: price.id, auto_recharge_config_id: cfg.id },
      created_via: 'auto_recharge',
      voided_at: null,
    }),
  );
  events.push({ type: 'invoice.paid', object: invoice });
  return { ok: true, invoice };
}

export type RechargeAttempt = {
  config_id: string;
  customer_id: string;
  status: 'succeeded' | 'failed' | 'limited';
  invoice_id?: string;
  error?: string;
};

/** Fires the top-ups due now (one per configuration per run). Must run in a transaction. */
export async function runAutoRecharge(q: Queryable): Promise<{ attempts: RechargeAttempt[]; events: PlatformEvents }> {
  const { rows } = await q.query<{ data: Json }>(
    "SELECT data FROM auto_recharge_configs WHERE (data->>'enabled')::boolean ORDER BY created_at, id FOR UPDATE",
  );
  const attempts: RechargeAttempt[] = [];
  const events: PlatformEvents = [];
  for (const { data: cfg } of rows) {
    const balance = await creditBalance(q, cfg.customer_id, cfg.currency_id);
    if (BigInt(balance) >= BigInt(cfg.threshold)) continue;
    const price = await find(q, 'prices', cfg.price_id);
    const unit = price ? amountIn(price, cfg.recharge_currency_id) : null;
    if (!price?.active || !unit) continue;
    const cost = mul(unit.unit_amount, cfg.quantity);
    const stats = statsToday(q, cfg);
    const maxAttempts = Number(cfg.daily_limits?.max_attempts ?? 0);
    const maxAmount = BigInt(cfg.daily_limits?.max_amount ?? '0');
    if (
      (maxAttempts > 0 && stats.attempts >= maxAttempts) ||
      (maxAmount > 0n && BigInt(stats.amount) + BigInt(cost) > maxAmount)
    ) {
      attempts.push({ config_id: cfg.id, customer_id: cfg.customer_id, status: 'limited' });
      continue;
    }
    const r = await topUp(q, cfg, cost, price, events);
    await writeConfig(q, {
      ...cfg,
      last_recharge_date: today(q),
      daily_stats: {
        attempt_count: stats.attempts + 1,
        total_amount: r.ok ? (BigInt(stats.amount) + BigInt(cost)).toString() : stats.amount,
      },
      ...(r.ok ? { last_invoice_id: r.invoice!.id, last_error: null } : { last_error: r.error }),
      updated_at: q.clock.iso(),
    });
    attempts.push({
      config_id: cfg.id,
      customer_id: cfg.customer_id,
      status: r.ok ? 'succeeded' : 'failed',
      ...(r.ok ? { invoice_id: r.invoice!.id } : { error: r.error }),
    });
  }
  return { attempts, events };
}

/** A credit currency by id (400 otherwise). */
async function creditCurrency(q: Queryable, id: unknown): Promise<Doc> {
  const c = typeof id === 'string' && id ? await find(q, 'payment_currencies', id) : null;
  if (!c || c.type !== 'credit') throw new HttpError(400, 'currency_id must be a credit currency');
  return c;
}

/** The configuration as TAutoRechargeConfigExpanded: its currency, recharge currency, price and payment method. */
async function expandConfig(q: Queryable, cfg: Json): Promise<Json> {
  const price = await find(q, 'prices', cfg.price_id);
  const recharge = cfg.recharge_currency_id ? await find(q, 'payment_currencies', cfg.recharge_currency_id) : null;
  return {
    ...cfg,
    currency: await find(q, 'payment_currencies', cfg.currency_id),
    rechargeCurrency: recharge,
    // A TPrice, as the platform answers (payment-js TAutoRechargeConfigExpanded): its product is not expanded.
    price: price ?? null,
    paymentMethod: cfg.payment_method_id ? await find(q, 'payment_methods', cfg.payment_method_id) : null,
  };
}

/**
 * The top-up package of a credit currency: its `recharge_config.base_price_id` when that is one of its packages.
 * 400 when the currency has none (the portal offers no auto top-up for it).
 */
async function basePackage(q: Queryable, currency: Doc, livemode: boolean): Promise<PriceRow> {
  const baseId = currency.recharge_config?.base_price_id;
  const price = baseId ? (await packagesFor(q, currency.id, livemode)).find((p) => p.id === baseId) : undefined;
  if (!price) throw new HttpError(400, `${currency.symbol} has no top-up package (recharge_config.base_price_id)`);
  return price;
}

/**
 * The customer's configuration of a credit currency (TAutoRechargeConfigExpanded). The first read stores a disabled
 * one (threshold 0, one base package, paid in the package's currency, no daily limits). Must run in a transaction.
 */
export async function autoRechargeConfigOf(q: Queryable, customer: Doc, currencyId: unknown): Promise<Json> {
  const currency = await creditCurrency(q, currencyId);
  const existing = await configOf(q, customer.id, currency.id, customer.livemode, true);
  if (existing) return expandConfig(q, existing);
  const price = await basePackage(q, currency, customer.livemode);
  const paying = (await payingCurrencies(q, [price])).find((c) => c.id === price.currency_id);
  const now = q.clock.iso();
  const cfg = await writeConfig(q, {
    ...newConfig(now),
    livemode: customer.livemode,
    customer_id: customer.id,
    currency_id: currency.id,
    enabled: false,
    threshold: '0',
    price_id: price.id,
    quantity: 1,
    recharge_currency_id: paying?.id ?? null,
    payment_method_id: paying?.payment_method_id ?? null,
    daily_limits: { max_amount: '0', max_attempts: 0 },
    updated_at: now,
  });
  return expandConfig(q, cfg);
}

function newConfig(now: string): Json {
  return {
    id: `arc_${randomBytes(12).toString('hex')}`,
    object: 'auto_recharge_config',
    created_at: now,
    daily_stats: { attempt_count: 0, total_amount: '0' },
    last_recharge_date: null,
    last_error: null,
    metadata: {},
  };
}

/** Validates and stores the customer's configuration (payment-js SubmitAutoRechargeConfigData). In a transaction. */
export async function submitAutoRecharge(q: Queryable, customer: Doc, body: Body): Promise<Json> {
  const currency = await creditCurrency(q, body.currency_id);
  const enabled = bool(body, 'enabled') ?? false;
  const threshold = unitAmount(body.threshold, 'threshold');
  if (threshold === '0') throw new HttpError(400, 'Threshold must be greater than 0');
  const quantity = int(body, 'quantity', { min: 1, max: MAX_QUANTITY, fallback: 1 })!;
  const priceId = str(body, 'price_id', { required: true, max: 100 })!;
  const price = (await packagesFor(q, currency.id, customer.livemode)).find((p) => p.id === priceId);
  if (!price) throw new HttpError(400, `price_id must be a credit package of ${currency.symbol}`);
  const payingId = str(body, 'recharge_currency_id', { required: true, max: 100 })!;
  const paying = (await payingCurrencies(q, [price])).find((c) => c.id === payingId);
  if (!paying) throw new HttpError(400, `This package cannot be paid in currency ${payingId}`);
  const limits = (body.daily_limits ?? {}) as Json;
  if (typeof limits !== 'object' || Array.isArray(limits)) throw new HttpError(400, 'daily_limits must be an object');
  const maxAmount = unitAmount(limits.max_amount ?? '0', 'daily_limits.max_amount');
  const maxAttempts = int({ 'daily_limits.max_attempts': limits.max_attempts }, 'daily_limits.max_attempts', {
    min: 0,
    max: MAX_DAILY_ATTEMPTS,
    fallback: 0,
  })!;
  const existing = await configOf(q, customer.id, currency.id, customer.livemode, true);
  const now = q.clock.iso();
  const cfg = await writeConfig(q, {
    ...(existing ?? newConfig(now)),
    livemode: customer.livemode,
    customer_id: customer.id,
    currency_id: currency.id,
    enabled,
    threshold,
    price_id: price.id,
    quantity,
    recharge_currency_id: paying.id,
    payment_method_id: paying.payment_method_id,
    daily_limits: { max_amount: maxAmount, max_attempts: maxAttempts },
    updated_at: now,
  });
  return expandConfig(q, cfg);
}

/**
 * payment-js `creditGrants.summary` (`CreditSummary`): per credit currency the customer holds usable grants of
 * (granted, not expired), `{paymentCurrency, totalAmount, remainingAmount, grantCount}` (payment-types
 * `CreditGrantSummary`); `remainingAmount` is the balance the billing clock draws from.
 */
export async function creditSummary(q: Queryable, customerId: string): Promise<Record<string, Json>> {
  const { rows } = await q.query<{ data: Doc }>(
    "SELECT data FROM credit_grants WHERE customer_id = $1 AND status = 'granted' ORDER BY created_at, id",
    [customerId],
  );
  const now = q.clock.nowSeconds();
  const byCurrency = new Map<string, Doc[]>();
  for (const { data } of rows) {
    if (data.expires_at && Number(data.expires_at) <= now) continue;
    byCurrency.set(data.currency_id, [...(byCurrency.get(data.currency_id) ?? []), data]);
  }
  const out: Record<string, Json> = {};
  for (const [currencyId, grants] of byCurrency) {
    out[currencyId] = {
      paymentCurrency: await find(q, 'payment_currencies', currencyId),
      totalAmount: sum(grants.map((g) => g.amount as string)),
      remainingAmount: await creditBalance(q, customerId, currencyId),
      grantCount: grants.length,
    };
  }
  return out;
}

/** A configuration by id as TAutoRechargeConfigExpanded, its row locked when asked (404 when there is none). */
export async function autoRechargeConfigById(q: Queryable, id: unknown, lock = false): Promise<Json> {
  const { rows } = await q.query<{ data: Json }>(
    `SELECT data FROM auto_recharge_configs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [typeof id === 'string' ? id : ''],
  );
  if (!rows[0]) throw new HttpError(404, `No such auto top-up configuration: ${String(id ?? '')}`);
  return expandConfig(q, rows[0].data);
}

/**
 * The payer's wallet authorizes the configuration's top-ups (DID Connect `auto-recharge-auth`): the payer is recorded
 * as `payment_settings.payment_method_options[<method type>].payer` (what the portal polls). In a transaction.
 */
export async function authorizeAutoRecharge(q: Queryable, id: unknown, payerDid: string): Promise<Json> {
  const cfg = await autoRechargeConfigById(q, id, true);
  const type = String(cfg.paymentMethod?.type ?? 'arcblock');
  const { currency: _c, rechargeCurrency: _r, price: _p, paymentMethod: _m, ...own } = cfg;
  const saved = await writeConfig(q, {
    ...own,
    payment_settings: {
      ...(own.payment_settings ?? {}),
      payment_method_options: { ...(own.payment_settings?.payment_method_options ?? {}), [type]: { payer: payerDid } },
    },
    updated_at: q.clock.iso(),
  });
  return expandConfig(q, saved);
}
