/**
 * The pricing table's rules (no React, no DOM): which plans show for a currency, how they group by billing interval
 * and in which order, which currencies the payer may choose, a plan's price in a currency, its button and badge, and
 * the query a chosen plan starts its checkout with. Amounts stay smallest-unit strings (core/money.ts), never floats.
 *
 * Where the platform's own UI (pricing-table.md §3, §5) is inconsistent, one rule is used everywhere: a plan shows in
 * a currency only when its price names that currency (in `currency_options`, or as its own `currency_id`) with an
 * amount above zero; the interval switch, the currency list and the cards all read that same rule, so no group is
 * ever empty and a plan never shows the amount of another currency.
 */
import { isInterval, type Interval } from './billing.ts';
import { toBigInt } from './money.ts';

/** The fields of a price the table reads (TPrice). */
export type TablePrice = {
  id: string;
  type?: string;
  currency_id: string;
  unit_amount: string;
  recurring?: { interval: string; interval_count?: number | null; usage_type?: string | null } | null;
  custom_unit_amount?: { preset?: string | null; presets?: string[] | null } | null;
  currency_options?: Array<{
    currency_id: string;
    unit_amount: string;
    custom_unit_amount?: { preset?: string | null; presets?: string[] | null } | null;
  }> | null;
};

/** The fields of a pricing table item the table reads (TPricingTableItem). */
export type TableItem = {
  price_id: string;
  price: TablePrice;
  is_highlight?: boolean | null;
  highlight_text?: string | null;
  is_disabled?: boolean | null;
  subscription_data?: { trial_period_days?: number | null } | null;
};

/** The group key of a one-time price. */
export const ONE_TIME = 'one_time';

/** `"<interval>-<count>"` (`month-1`, `year-1`, `month-3`) for a recurring price, `one_time` otherwise. */
export function groupKey(price: TablePrice): string {
  const r = price.recurring;
  if (!r || !isInterval(r.interval)) return ONE_TIME;
  return `${r.interval}-${Math.max(1, r.interval_count ?? 1)}`;
}

/** The interval and count of a group key; null for one-time. */
export function parseGroupKey(key: string): { interval: Interval; count: number } | null {
  const [interval, count] = key.split('-');
  if (!isInterval(interval)) return null;
  return { interval, count: Math.max(1, Number(count) || 1) };
}

/** The platform's order: yearly before monthly, then weekly, daily, hourly; one-time last. */
const RANK: Record<Interval, number> = { year: 0, month: 1, week: 2, day: 3, hour: 4 };

/** Sorts group keys: by unit (yearly first), a larger count first within one unit, one-time last. */
export function compareGroups(a: string, b: string): number {
  const pa = parseGroupKey(a);
  const pb = parseGroupKey(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : 0;
  return RANK[pa.interval] - RANK[pb.interval] || pb.count - pa.count;
}

/**
 * A price's amount in `currencyId` (smallest unit), or null when the price is not sold in it. A custom amount's
 * preset (or its first preset) stands for it, as on the platform.
 */
export function priceAmount(price: TablePrice, currencyId: string): string | null {
  const options = Array.isArray(price.currency_options) ? price.currency_options : [];
  const option =
    options.find((o) => o.currency_id === currencyId) ??
    (price.currency_id === currencyId
      ? { currency_id: price.currency_id, unit_amount: price.unit_amount, custom_unit_amount: price.custom_unit_amount }
      : undefined);
  if (!option) return null;
  const custom = option.custom_unit_amount;
  const amount = custom ? (custom.preset ?? custom.presets?.[0] ?? option.unit_amount) : option.unit_amount;
  try {
    return toBigInt(amount) > 0n ? toBigInt(amount).toString() : null;
  } catch {
    return null;
  }
}

/** Every currency a price names (its options, then its own currency). */
function currenciesOf(price: TablePrice): string[] {
  const ids = (Array.isArray(price.currency_options) ? price.currency_options : []).map((o) => o.currency_id);
  return [...new Set([...ids, price.currency_id])];
}

export type PlanGroup<T extends TableItem> = { key: string; items: T[] };

/** The items shown in `currencyId`, grouped by interval, groups in the platform's order, items in table order. */
export function groupPlans<T extends TableItem>(items: readonly T[], currencyId: string): PlanGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    if (priceAmount(item.price, currencyId) === null) continue;
    const key = groupKey(item.price);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.keys()].sort(compareGroups).map((key) => ({ key, items: groups.get(key)! }));
}

/**
 * The currencies a payer may choose: those some item is sold in (with an amount) that the platform's payment methods
 * accept (`accepted`, in the payment methods' order), the table's own currency first.
 */
export function tableCurrencies(
  items: readonly TableItem[],
  accepted: readonly string[],
  tableCurrencyId?: string | null,
): string[] {
  const named = new Set(items.flatMap((i) => currenciesOf(i.price).filter((c) => priceAmount(i.price, c) !== null)));
  const out = accepted.filter((c, i) => named.has(c) && accepted.indexOf(c) === i);
  if (tableCurrencyId && out.includes(tableCurrencyId))
    return [tableCurrencyId, ...out.filter((c) => c !== tableCurrencyId)];
  return out;
}

/**
 * The group that starts selected: `wanted` when it exists, else the group of the first item (in table order) shown
 * in the currency, else the first group.
 */
export function initialGroup<T extends TableItem>(
  groups: readonly PlanGroup<T>[],
  items: readonly T[],
  currencyId: string,
  wanted?: string | null,
): string | null {
  if (wanted && groups.some((g) => g.key === wanted)) return wanted;
  const first = items.find((i) => priceAmount(i.price, currencyId) !== null);
  const key = first ? groupKey(first.price) : null;
  if (key && groups.some((g) => g.key === key)) return key;
  return groups[0]?.key ?? null;
}

/**
 * The button of a plan, in the platform's words (pricing-table.md §4): "Try for free" with trial days, else
 * "Subscribe", one-time plans included (the platform has no wording of its own for them). Only a recurring plan
 * has a trial: the platform starts none for a one-time price, so its button never promises one.
 */
export function planAction(item: TableItem): 'trial' | 'subscribe' {
  if (groupKey(item.price) === ONE_TIME) return 'subscribe';
  return (item.subscription_data?.trial_period_days ?? 0) > 0 ? 'trial' : 'subscribe';
}

/** sessionStorage key of the plan a tab chose in a table: its checkout in place survives a reload. */
export const chosenPlanKey = (tableId: string) => `pay-pricing-table:chosen:${tableId}`;

/** The plan chosen in a table: its checkout session, price and currency, and the payer (DID) it was chosen by. */
export type ChosenPlan = { sessionId: string; priceId: string; currencyId: string; payer: string | null };

/** A stored chosen plan read back (null when absent or not one: a session id must be a `cs_…`). */
export function parseChosenPlan(raw: string | null): ChosenPlan | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown> | null;
    const str = (k: string) => (typeof v?.[k] === 'string' ? (v[k] as string) : '');
    if (!str('sessionId').startsWith('cs_') || !str('priceId') || !str('currencyId')) return null;
    return {
      sessionId: str('sessionId'),
      priceId: str('priceId'),
      currencyId: str('currencyId'),
      payer: str('payer') || null,
    };
  } catch {
    return null;
  }
}

export const HIGHLIGHTS = ['deal', 'popular', 'recommended'] as const;
export type Highlight = (typeof HIGHLIGHTS)[number];

/**
 * The badge of a highlighted plan: one of the platform's labels (translated by the screen), or the merchant's own text
 * (shown as text), or null when the item is not highlighted.
 */
export function highlightOf(item: TableItem): { known: Highlight } | { text: string } | null {
  if (!item.is_highlight) return null;
  const raw = (item.highlight_text ?? '').trim();
  const known = HIGHLIGHTS.find((h) => h === raw.toLowerCase());
  if (known) return { known };
  return raw ? { text: raw } : { known: 'recommended' };
}

/**
 * The query of `POST /api/pricing-tables/:id/checkout/:priceId`, as the platform builds it: the host page's query, the
 * element's extra params written over it, then the chosen currency over both. Objects in the extra params are left out.
 */
export function checkoutQuery(
  pageSearch: URLSearchParams,
  extraParams: Record<string, unknown> | undefined,
  currencyId: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of pageSearch) out[k] = v;
  for (const [k, v] of Object.entries(extraParams ?? {}))
    if (v !== undefined && v !== null && typeof v !== 'object') out[k] = String(v);
  out.currencyId = currencyId;
  return out;
}

/** A pricing table id as the platform makes them (`prctbl_…`). */
export function isPricingTableId(id: unknown): id is string {
  return typeof id === 'string' && /^prctbl_[A-Za-z0-9_-]+$/.test(id);
}
