/**
 * Pure checkout rules (spec §4, §5, §9): session view state, payment completion, currency choice, trial,
 * amounts per currency, quantities, donation amounts. Amount math in BigInt on strings.
 */
import {
  addAmounts,
  compareDecimals,
  decimalPlaces,
  isDecimalString,
  mulAmount,
  precisionMessage,
  DEFAULT_PRECISION,
} from './money.ts';
import { SUMMARY_COLLAPSE_AT, VENDOR_ERROR_GRACE_MS } from './constants.ts';
import type { ValidationError } from './validation.ts';

// Minimal structural shapes (src/api/types.ts has the full ones; core does not depend on api).
type PriceLike = {
  id?: string;
  unit_amount?: string | null;
  currency_id?: string;
  currency_options?: Array<{ currency_id: string; unit_amount: string; custom_unit_amount?: unknown }> | null;
  custom_unit_amount?: unknown;
  recurring?: { usage_type?: string | null } | null;
  quantity_available?: number | null;
  quantity_sold?: number | null;
  quantity_limit_per_checkout?: number | null;
  product?: {
    quantity_available?: number | null;
    quantity_sold?: number | null;
    quantity_limit_per_checkout?: number | null;
  } | null;
};
type ItemLike = {
  price: PriceLike;
  quantity: number;
  custom_amount?: string | null;
  adjustable_quantity?: { enabled?: boolean; minimum?: number | null; maximum?: number | null } | null;
};
type SessionLike = {
  status?: string;
  payment_status?: string;
  expires_at?: number | null;
  line_items?: ItemLike[] | null;
};
type CurrencyLike = { id: string; active?: boolean };
type MethodLike = { type: string; payment_currencies?: CurrencyLike[] | null };

export type CheckoutView = 'complete' | 'expired' | 'empty' | 'open';

/** complete when status is complete; expired when expires_at ≤ now; empty with no line items; else open. */
export function checkoutView(session: SessionLike, nowSeconds: number = Math.floor(Date.now() / 1000)): CheckoutView {
  if (session.status === 'complete') return 'complete';
  if (
    session.status === 'expired' ||
    (typeof session.expires_at === 'number' && session.expires_at > 0 && session.expires_at <= nowSeconds)
  )
    return 'expired';
  if (!session.line_items || session.line_items.length === 0) return 'empty';
  return 'open';
}

/** Poll end condition: session complete and payment_status paid or no_payment_required. */
export function isPaymentDone(session: SessionLike | null | undefined): boolean {
  return (
    !!session &&
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
  );
}

/** The message to throw while polling: paymentIntent requires_action with a last payment error. */
export function paymentIntentFailure(
  pi: { status?: string; last_payment_error?: { message?: string } | null } | null | undefined,
): string | null {
  if (pi && pi.status === 'requires_action' && pi.last_payment_error)
    return pi.last_payment_error.message || 'Payment failed';
  return null;
}

/** Summary collapsed by default with 3 or more items. */
export function summaryCollapsedByDefault(items: unknown[] | null | undefined): boolean {
  return (items?.length ?? 0) >= SUMMARY_COLLAPSE_AT;
}

const activeIds = (methods: MethodLike[]) =>
  new Set(methods.flatMap((m) => (m.payment_currencies ?? []).filter((c) => c.active !== false).map((c) => c.id)));

/**
 * Currency selection (spec §4): a currencyId from the URL if it is an active currency of some payment method; else a
 * stripe currency for non-wallet users; else the session currency; else the first currency.
 */
export function selectCurrency(opts: {
  methods: MethodLike[];
  urlCurrencyId?: string | null;
  sessionCurrencyId?: string | null;
  isWalletUser?: boolean;
}): string | undefined {
  const { methods } = opts;
  const active = activeIds(methods);
  if (opts.urlCurrencyId && active.has(opts.urlCurrencyId)) return opts.urlCurrencyId;
  if (!opts.isWalletUser) {
    const stripe = methods.find((m) => m.type === 'stripe')?.payment_currencies?.find((c) => c.active !== false);
    if (stripe) return stripe.id;
  }
  if (opts.sessionCurrencyId) return opts.sessionCurrencyId;
  for (const m of methods) {
    const c = (m.payment_currencies ?? []).find((x) => x.active !== false);
    if (c) return c.id;
  }
  return undefined;
}

/**
 * A fiat currency (the card method's: USD…) shows all its minor digits ('9.00 USD' beside '9.99 USD'), as money is
 * written; tokens show only the digits they need ('10 TBA', '0.004 ETH').
 */
export function isFiatMethod(method: { type?: string } | null | undefined): boolean {
  return method?.type === 'stripe';
}

/** The payment method that holds a currency. */
export function methodOfCurrency<M extends MethodLike>(methods: M[], currencyId: string | undefined): M | undefined {
  if (!currencyId) return undefined;
  return methods.find((m) => (m.payment_currencies ?? []).some((c) => c.id === currencyId));
}

/** Trial ignored when the chosen currency is not in the comma list `trial_currency` (no list → applies). */
export function trialApplies(
  subscriptionData: { trial_currency?: string | null } | null | undefined,
  currencyId: string | undefined,
): boolean {
  const list = subscriptionData?.trial_currency;
  if (!list) return true;
  if (!currencyId) return false;
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(currencyId);
}

/**
 * Unit amount of a price in a currency: its own when the currency matches, else from currency_options.
 * `missing: true` (amount '0') when the price has no amount for the currency (spec §8: zero with a warning).
 */
export function unitAmountFor(price: PriceLike, currencyId: string | undefined): { amount: string; missing: boolean } {
  if (!currencyId || price.currency_id === currencyId)
    return { amount: price.unit_amount ?? '0', missing: price.unit_amount == null };
  const opt = price.currency_options?.find((o) => o.currency_id === currencyId);
  if (opt) return { amount: opt.unit_amount, missing: false };
  return { amount: '0', missing: true };
}

/** Line total: custom_amount when set, else unit amount × quantity. */
export function lineItemAmount(item: ItemLike, currencyId: string | undefined): string {
  if (item.custom_amount) return item.custom_amount;
  return mulAmount(unitAmountFor(item.price, currencyId).amount, item.quantity);
}

/** Sum of line totals; `excludeMetered` for the renewal amount (spec §9). */
export function itemsTotal(
  items: ItemLike[],
  currencyId: string | undefined,
  opts: { excludeMetered?: boolean } = {},
): string {
  return addAmounts(
    ...items
      .filter((i) => !(opts.excludeMetered && i.price.recurring?.usage_type === 'metered'))
      .map((i) => lineItemAmount(i, currencyId)),
  );
}

/** 'Multiple items with custom unit amount are not supported' (key checkout.multipleCustomAmount) or null. */
export function validateCustomAmountItems(items: ItemLike[]): string | null {
  const hasCustom = items.some((i) => i.price.custom_unit_amount);
  return hasCustom && items.length > 1 ? 'Multiple items with custom unit amount are not supported' : null;
}

// ---- quantity (spec §5) ----

const pos = (n: number | null | undefined) => (typeof n === 'number' && n > 0 ? n : undefined);

function stock(price: PriceLike) {
  const p = price.product ?? {};
  return {
    available: pos(price.quantity_available) ?? pos(p.quantity_available),
    sold: price.quantity_sold ?? p.quantity_sold ?? 0,
    limit: pos(price.quantity_limit_per_checkout) ?? pos(p.quantity_limit_per_checkout),
  };
}

/** Allowed range: max(minimum, 1) to the smallest of maximum, quantity_limit_per_checkout, quantity_available. */
export function quantityBounds(item: Pick<ItemLike, 'price' | 'adjustable_quantity'>): { min: number; max: number } {
  const aq = item.adjustable_quantity;
  const { available, limit } = stock(item.price);
  const min = Math.max(aq?.minimum ?? 1, 1);
  const candidates = [pos(aq?.maximum), limit, available].filter((x): x is number => x !== undefined);
  const max = candidates.length ? Math.min(...candidates) : Number.POSITIVE_INFINITY;
  return { min, max: Math.max(max, min) };
}

/** 'validation.exceedInventory' / 'validation.exceedPurchaseLimit' or null. */
export function validateQuantity(
  price: PriceLike,
  quantity: number,
): 'validation.exceedInventory' | 'validation.exceedPurchaseLimit' | null {
  const { available, sold, limit } = stock(price);
  if (available !== undefined && sold + quantity > available) return 'validation.exceedInventory';
  if (limit !== undefined && limit < quantity) return 'validation.exceedPurchaseLimit';
  return null;
}

/**
 * Typed quantity input → the accepted quantity, `null` when cleared (paying disabled), or `undefined` when out of range
 * or not an integer (ignored: keep the previous value).
 */
export function acceptQuantity(input: string, bounds: { min: number; max: number }): number | null | undefined {
  const v = input.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= bounds.min && n <= bounds.max ? n : undefined;
}

/**
 * The payer's preferred quantity (spec §5): `qty_{priceId}` or `qty` in the query, else the one saved for this user
 * and price, when it lies within the bounds; `null` when there is none, so the session's own quantity (the
 * merchant's) stands.
 */
export function preferredQuantity(opts: {
  priceId: string;
  query?: URLSearchParams | Record<string, string | undefined>;
  saved?: string | number | null;
  bounds: { min: number; max: number };
}): number | null {
  const get = (k: string) =>
    opts.query instanceof URLSearchParams ? (opts.query.get(k) ?? undefined) : opts.query?.[k];
  for (const raw of [get(`qty_${opts.priceId}`), get('qty'), opts.saved]) {
    if (raw === undefined || raw === null || raw === '') continue;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= opts.bounds.min && n <= opts.bounds.max) return n;
  }
  return null;
}

// ---- donations (spec §5, §9) ----

/**
 * Donation amount (decimal string): empty/invalid → 'validation.amountInvalid'; more decimals than precision →
 * 'validation.amountPrecision' {precision, message}; outside [min, max] → 'validation.amountRange' {min, max}
 * ('Please enter an amount between {min} and {max}.'). min default 0, max default unlimited.
 */
export function validateDonationAmount(
  value: string,
  opts: { min?: string | null; max?: string | null; precision?: number } = {},
): ValidationError | null {
  const v = value.trim();
  if (!v || !isDecimalString(v) || v.startsWith('-')) return { key: 'validation.amountInvalid' };
  const precision = opts.precision ?? DEFAULT_PRECISION;
  if (decimalPlaces(v) > precision)
    return { key: 'validation.amountPrecision', params: { precision, message: precisionMessage(precision) } };
  const min = opts.min || '0';
  const max = opts.max || '';
  if (compareDecimals(v, min) < 0 || (max && compareDecimals(v, max) > 0) || compareDecimals(v, '0') <= 0) {
    return { key: 'validation.amountRange', params: { min, max: max || '∞' } };
  }
  return null;
}

/** Default preset: the middle one. */
export function defaultPreset(presets: string[] | null | undefined): string | undefined {
  if (!presets?.length) return undefined;
  return presets[Math.floor((presets.length - 1) / 2)];
}

/**
 * Random donation amount: up to 5 × the largest preset (100 when none), capped by maximum; 2 decimals, > 0.
 * `rnd` in [0, 1) (Math.random by default).
 */
export function randomDonationAmount(
  presets: string[] | null | undefined,
  maximum?: string | null,
  rnd: () => number = Math.random,
): string {
  const largest = (presets ?? [])
    .filter(isDecimalString)
    .reduce<string | undefined>((m, p) => (!m || compareDecimals(p, m) > 0 ? p : m), undefined);
  // work in cents
  const toCents = (s: string) => {
    const [i = '0', f = ''] = s.split('.');
    return BigInt(i || '0') * 100n + BigInt((f + '00').slice(0, 2));
  };
  let cap = largest ? toCents(largest) * 5n : 10000n;
  if (maximum && isDecimalString(maximum)) {
    const m = toCents(maximum);
    if (m > 0n && m < cap) cap = m;
  }
  if (cap < 1n) cap = 1n;
  const r = BigInt(Math.floor(Math.min(Math.max(rnd(), 0), 0.999999) * 1_000_000));
  const cents = (cap * r) / 1_000_000n + 1n;
  const bounded = cents > cap ? cap : cents;
  const whole = bounded / 100n;
  const frac = (bounded % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

/**
 * The payment methods with only the currencies every line item can be paid in (its price's currency or a
 * currency option) and that are active; methods left with no currency are dropped.
 */
export function acceptedMethods<M extends MethodLike>(methods: M[], items: ItemLike[] | null | undefined): M[] {
  const list = items ?? [];
  return methods
    .map((m) => ({
      ...m,
      payment_currencies: (m.payment_currencies ?? []).filter(
        (c) => c.active !== false && list.every((i) => !unitAmountFor(i.price, c.id).missing),
      ),
    }))
    .filter((m) => m.payment_currencies.length > 0);
}

// ---- vendors (spec §4) ----

/** True when polling can stop (spec §4). */
export function vendorsSettled(
  vendors: Array<{ status: string; progress: number; error?: unknown; error_message?: string | null }>,
  elapsedMs: number,
): boolean {
  if (!vendors.length) return false;
  if (vendors.every((v) => v.progress >= 100)) return true;
  if (vendors.some((v) => v.status === 'failed')) return true;
  return elapsedMs >= VENDOR_ERROR_GRACE_MS && vendors.some((v) => !!v.error && !!v.error_message);
}
