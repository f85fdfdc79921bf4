import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { arr, bool, int, obj, oneOf, str, type Body } from './fields.ts';
import { choice, integer, isAbsent, STOCK_MAX, tokenAmount } from '../../validate.ts';
import { fromUnit } from './money.ts';
import { find, mustFind, newDoc, type Doc, type NewFields } from '../data/repo.ts';
import type {
  CustomUnitAmount,
  PaymentCurrencyRow,
  PriceCurrencyOption,
  PriceRow,
  ProductRow,
  Recurring,
} from '../data/schema.ts';

/** Prices: validation and unit conversion of writes, expansion of reads, and the amount in a currency. */

export const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
/** Most intervals in one billing period (e.g. 365 days; a year of months is 12). */
export const INTERVAL_COUNT_MAX = 365;
/** How long credits of a package stay valid: `valid_duration_value` of one of these units (0 = forever). */
const DURATION_UNITS = ['hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years'] as const;
const DURATION_VALUE_MAX = 100_000;

export async function currency(q: Queryable, id: unknown, field = 'currency_id'): Promise<PaymentCurrencyRow> {
  if (typeof id !== 'string' || !id) throw new HttpError(400, `${field} is required`);
  const c = await find(q, 'payment_currencies', id);
  if (!c) throw new HttpError(400, `${field}: no such payment currency: ${id}`);
  return c;
}

function customUnitAmount(input: Body | undefined, decimal: number, field: string): CustomUnitAmount | null {
  if (!input) return null;
  const conv = (k: string) =>
    input[k] === undefined || input[k] === null || input[k] === ''
      ? null
      : tokenAmount(input[k], decimal, `${field}.${k}`);
  const presets = (arr(input, 'presets') ?? []).map((p, i) => tokenAmount(p, decimal, `${field}.presets[${i}]`));
  return { preset: conv('preset'), presets, minimum: conv('minimum'), maximum: conv('maximum'), enabled: true };
}

async function creditConfig(q: Queryable, metadata: Body | undefined): Promise<Body | undefined> {
  const cfg = metadata ? obj(metadata, 'credit_config') : undefined;
  if (!metadata || !cfg) return metadata;
  const credit = await currency(q, cfg.currency_id, 'metadata.credit_config.currency_id');
  return {
    ...metadata,
    credit_config: {
      ...cfg,
      // In token units of the credit currency, as the platform keeps it (checked against its decimals here).
      credit_amount: fromUnit(
        tokenAmount(cfg.credit_amount, credit.decimal, 'metadata.credit_config.credit_amount'),
        credit.decimal,
      ),
      ...(isAbsent(cfg.valid_duration_value)
        ? {}
        : {
            valid_duration_value: integer(cfg.valid_duration_value, 'metadata.credit_config.valid_duration_value', {
              min: 0,
              max: DURATION_VALUE_MAX,
            }),
            valid_duration_unit: choice(
              cfg.valid_duration_unit,
              'metadata.credit_config.valid_duration_unit',
              DURATION_UNITS,
            ),
          }),
    },
  };
}

async function recurring(q: Queryable, input: Body | undefined): Promise<Recurring> {
  if (!input) throw new HttpError(400, 'recurring is required for a recurring price');
  const usageType = oneOf(input, 'usage_type', ['licensed', 'metered'] as const, 'licensed');
  const meterId = str(input, 'meter_id');
  if (meterId) await mustFind(q, 'meters', meterId);
  return {
    interval: oneOf(input, 'interval', INTERVALS),
    interval_count: int(input, 'interval_count', { min: 1, max: INTERVAL_COUNT_MAX, fallback: 1 })!,
    usage_type: usageType,
    aggregate_usage: usageType === 'metered' ? (str(input, 'aggregate_usage') ?? 'sum') : null,
    meter_id: meterId ?? null,
  };
}

async function otherCurrencyOptions(q: Queryable, input: unknown[], mainId: string): Promise<PriceCurrencyOption[]> {
  const out: PriceCurrencyOption[] = [];
  for (const [i, o] of input.entries()) {
    if (!o || typeof o !== 'object' || Array.isArray(o))
      throw new HttpError(400, `currency_options[${i}] must be an object`);
    const opt = o as Body;
    const c = await currency(q, opt.currency_id, `currency_options[${i}].currency_id`);
    if (c.id === mainId) continue;
    out.push({
      currency_id: c.id,
      unit_amount: tokenAmount(opt.unit_amount ?? '0', c.decimal, `currency_options[${i}].unit_amount`),
      custom_unit_amount: customUnitAmount(
        obj(opt, 'custom_unit_amount'),
        c.decimal,
        `currency_options[${i}].custom_unit_amount`,
      ),
      tiers: null,
    });
  }
  return out;
}

const AMOUNT_KEYS = ['unit_amount', 'currency_id', 'currency_options', 'custom_unit_amount'];

/** The fields of a price a write sets (repo.ts NewFields: all of them but the ones newPrice fixes). */
type PriceWrite = Omit<
  NewFields<'prices'>,
  | 'object'
  | 'product_id'
  | 'locked'
  | 'billing_scheme'
  | 'tiers_mode'
  | 'tiers'
  | 'transform_quantity'
  | 'quantity_sold'
  | 'pricing_type'
>;

/**
 * The fields of a price write, amounts converted to smallest units. Creating (no `current`): every field,
 * with defaults. Updating: only the fields the body carries. `currency_options` always starts with the
 * price's own currency.
 */
export async function priceFields(q: Queryable, body: Body): Promise<PriceWrite>;
export async function priceFields(q: Queryable, body: Body, current: PriceRow): Promise<Partial<PriceWrite>>;
export async function priceFields(q: Queryable, body: Body, current?: PriceRow): Promise<Partial<PriceWrite>> {
  const given = (k: string) => !current || body[k] !== undefined;
  const out: Partial<PriceWrite> = {};
  if (given('type') || given('recurring')) {
    const type =
      body.type === undefined && current
        ? current.type
        : oneOf(body, 'type', ['one_time', 'recurring'] as const, 'one_time');
    out.type = type;
    out.recurring =
      type === 'recurring'
        ? await recurring(q, obj(body, 'recurring') ?? (current?.recurring as Body | null | undefined) ?? undefined)
        : null;
  }
  if (!current || AMOUNT_KEYS.some((k) => body[k] !== undefined)) {
    if (
      current &&
      body.currency_id !== undefined &&
      body.currency_id !== current.currency_id &&
      body.unit_amount === undefined
    ) {
      throw new HttpError(400, 'unit_amount is required when changing currency_id');
    }
    const main = await currency(q, body.currency_id ?? current?.currency_id);
    const custom = given('custom_unit_amount')
      ? customUnitAmount(obj(body, 'custom_unit_amount'), main.decimal, 'custom_unit_amount')
      : current?.custom_unit_amount;
    let unit: string;
    if (body.unit_amount !== undefined && body.unit_amount !== null)
      unit = tokenAmount(body.unit_amount, main.decimal, 'unit_amount');
    else if (current) unit = current.unit_amount;
    else if (custom) unit = '0';
    else throw new HttpError(400, 'unit_amount is required');
    const others =
      body.currency_options !== undefined
        ? await otherCurrencyOptions(q, arr(body, 'currency_options') ?? [], main.id)
        : (current?.currency_options ?? []).filter((o) => o.currency_id !== main.id);
    Object.assign(out, {
      currency_id: main.id,
      unit_amount: unit,
      custom_unit_amount: custom ?? null,
      currency_options: [
        { currency_id: main.id, unit_amount: unit, custom_unit_amount: custom ?? null, tiers: null },
        ...others,
      ],
    });
  }
  if (given('metadata')) out.metadata = (await creditConfig(q, obj(body, 'metadata'))) ?? {};
  if (given('upsell')) {
    const upsell = obj(body, 'upsell');
    const to = upsell ? str(upsell, 'upsells_to_id') : undefined;
    if (to) await mustFind(q, 'prices', to);
    out.upsell = to ? { upsells_to_id: to } : null;
  }
  for (const k of ['quantity_available', 'quantity_limit_per_checkout'] as const)
    if (given(k)) out[k] = int(body, k, { min: 0, max: STOCK_MAX, fallback: 0 })!;
  if (given('nickname')) out.nickname = str(body, 'nickname') ?? '';
  if (given('lookup_key')) out.lookup_key = str(body, 'lookup_key') ?? null;
  if (given('active')) out.active = bool(body, 'active') ?? true;
  // Creating, every field above was given its value (or its default).
  return out;
}

export async function newPrice(q: Queryable, body: Body, productId: string, livemode: boolean): Promise<PriceRow> {
  const fields: PriceWrite = await priceFields(q, body);
  return newDoc(q, 'prices', livemode, {
    object: 'price',
    product_id: productId,
    locked: false,
    billing_scheme: 'per_unit',
    tiers_mode: null,
    tiers: null,
    transform_quantity: null,
    quantity_sold: 0,
    pricing_type: 'fixed',
    ...fields,
  });
}

/** The unit amount (and custom amount config) of a price in a currency, or null when not offered in it. */
export function amountIn(
  price: PriceRow,
  currencyId: string,
): { unit_amount: string; custom_unit_amount: CustomUnitAmount | null } | null {
  const opt = price.currency_options?.find((o) => o.currency_id === currencyId);
  if (opt) return { unit_amount: opt.unit_amount ?? '0', custom_unit_amount: opt.custom_unit_amount ?? null };
  if (price.currency_id === currencyId)
    return { unit_amount: price.unit_amount, custom_unit_amount: price.custom_unit_amount ?? null };
  return null;
}

export function currencyIdsOf(price: PriceRow): string[] {
  const ids = new Set<string>([price.currency_id, ...(price.currency_options ?? []).map((o) => o.currency_id)]);
  return [...ids];
}

/** TPriceExpanded: product, currency, upsell.upsells_to, meter, currency_options[].currency. */
export async function expandPrice(q: Queryable, price: PriceRow, depth = 0): Promise<Doc> {
  const currencyOf = (id: string) => find(q, 'payment_currencies', id);
  const upsellsTo =
    price.upsell?.upsells_to_id && depth === 0 ? await find(q, 'prices', price.upsell.upsells_to_id) : null;
  return {
    ...price,
    product: await find(q, 'products', price.product_id),
    currency: await currencyOf(price.currency_id),
    currency_options: await Promise.all(
      (price.currency_options ?? []).map(async (o) => ({ ...o, currency: await currencyOf(o.currency_id) })),
    ),
    upsell: price.upsell
      ? { ...price.upsell, upsells_to: upsellsTo ? await expandPrice(q, upsellsTo, depth + 1) : null }
      : null,
    meter: price.recurring?.meter_id ? await find(q, 'meters', price.recurring.meter_id) : null,
  };
}

/** TProductExpanded: prices[], default_price, cross_sell.cross_sells_to. */
export async function expandProduct(q: Queryable, product: ProductRow): Promise<Doc> {
  const { rows } = await q.query<{ data: PriceRow }>(
    'SELECT data FROM prices WHERE product_id = $1 ORDER BY created_at, id',
    [product.id],
  );
  const prices = rows.map((r) => r.data);
  const crossTo = product.cross_sell?.cross_sells_to_id
    ? await find(q, 'products', product.cross_sell.cross_sells_to_id)
    : null;
  return {
    ...product,
    prices,
    default_price: prices.find((p) => p.id === product.default_price_id) ?? null,
    cross_sell: product.cross_sell ? { ...product.cross_sell, cross_sells_to: crossTo } : null,
  };
}

/** Active payment methods with their payment_currencies (shared by both modes in the sandbox). */
export async function paymentMethodsExpanded(q: Queryable, opts: { activeOnly: boolean }): Promise<Doc[]> {
  const active = opts.activeOnly ? 'WHERE active' : '';
  const methods = (
    await q.query<{ data: Doc }>(`SELECT data FROM payment_methods ${active} ORDER BY created_at, id`)
  ).rows.map((r) => r.data);
  const currencies = (
    await q.query<{ data: Doc }>(`SELECT data FROM payment_currencies ${active} ORDER BY created_at, id`)
  ).rows.map((r) => r.data);
  return methods.map((m) => ({ ...m, payment_currencies: currencies.filter((c) => c.payment_method_id === m.id) }));
}
