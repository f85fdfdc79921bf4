/**
 * Billing vocabulary (spec §4, §9): invoice status tones, billing reasons, recurring intervals, trial text.
 * Returns i18n keys + params; the UI translates.
 */
import { toBigInt, tokenUnitsToSmallest } from './money.ts';

export type Tone = 'success' | 'secondary' | 'warning' | 'default' | 'error' | 'info';

export type InvoiceStatus = 'draft' | 'open' | 'void' | 'paid' | 'uncollectible';

/** paid → success, open → secondary, uncollectible → warning, draft / void → default. */
export const INVOICE_STATUS_TONE: Readonly<Record<InvoiceStatus, Tone>> = {
  paid: 'success',
  open: 'secondary',
  uncollectible: 'warning',
  draft: 'default',
  void: 'default',
};

export function invoiceStatusTone(status: string | null | undefined): Tone {
  return (status && INVOICE_STATUS_TONE[status as InvoiceStatus]) || 'default';
}

/** Uncollectible shows a pay action; void means no payment required. */
export function invoiceNeedsPayment(status: string | null | undefined): boolean {
  return status === 'uncollectible' || status === 'open';
}

export const BILLING_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_recover',
  'subscription_threshold',
  'subscription_cancel',
  'manual',
  'upcoming',
  'slash_stake',
  'stake',
  'return_stake',
  'recharge',
  'stake_overdraft_protection',
  'overdraft_protection',
  'auto_recharge',
] as const;
export type BillingReason = (typeof BILLING_REASONS)[number];

export function isBillingReason(x: unknown): x is BillingReason {
  return typeof x === 'string' && (BILLING_REASONS as readonly string[]).includes(x);
}

/** i18n key for a billing reason: `portal.billingReason.<reason>` (unknown reasons → `portal.billingReason.unknown`). */
export function billingReasonKey(reason: string | null | undefined): string {
  return `portal.billingReason.${isBillingReason(reason) ? reason : 'unknown'}`;
}

export const CREDIT_GRANT_STATUSES = ['granted', 'pending', 'expired', 'depleted', 'voided'] as const;
export type CreditGrantStatus = (typeof CREDIT_GRANT_STATUSES)[number];
export const CREDIT_GRANT_STATUS_TONE: Readonly<Record<CreditGrantStatus, Tone>> = {
  granted: 'success',
  pending: 'warning',
  expired: 'default',
  depleted: 'default',
  voided: 'default',
};

export const SUBSCRIPTION_STATUS_TONE: Readonly<Record<string, Tone>> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  paused: 'default',
  canceled: 'default',
  incomplete: 'warning',
  incomplete_expired: 'default',
};

export type Interval = 'hour' | 'day' | 'week' | 'month' | 'year';
export const INTERVALS: readonly Interval[] = ['hour', 'day', 'week', 'month', 'year'];

/** Interval lengths in hours for upsell savings (spec §9): hour 1, day 24, week 7 d, month 30 d, year 365 d. */
export const INTERVAL_HOURS: Readonly<Record<Interval, number>> = {
  hour: 1,
  day: 24,
  week: 168,
  month: 720,
  year: 8760,
};

export function isInterval(x: unknown): x is Interval {
  return typeof x === 'string' && (INTERVALS as readonly string[]).includes(x);
}

export type Recurring = { interval: string; interval_count?: number | null; usage_type?: string | null };

/** Hours in one billing period; throws for an unsupported interval (spec §5). */
export function periodHours(recurring: Recurring): number {
  if (!isInterval(recurring.interval)) throw new Error(`Unsupported recurring interval: ${recurring.interval}`);
  return INTERVAL_HOURS[recurring.interval] * Math.max(1, recurring.interval_count ?? 1);
}

export type TextKey = { key: string; params?: Record<string, string | number> };

/**
 * The recurring label: `{key:'interval.month'}` (per month), `{key:'interval.everyWeeks', params:{count:2}}`
 * (one key per unit, so each locale words its own unit), 3 and 6 months → `interval.everyMonths` (spec §9). Throws on an unsupported interval.
 */
export function intervalText(recurring: Recurring): TextKey {
  const { interval } = recurring;
  if (!isInterval(interval)) throw new Error(`Unsupported recurring interval: ${interval}`);
  const count = Math.max(1, recurring.interval_count ?? 1);
  if (count === 1) return { key: `interval.${interval}` };
  if (interval === 'month' && (count === 3 || count === 6)) return { key: 'interval.everyMonths', params: { count } };
  const unit = { hour: 'Hours', day: 'Days', week: 'Weeks', month: 'Months', year: 'Years' }[interval];
  return { key: `interval.every${unit}`, params: { count } };
}

/**
 * Trial length text (spec §9): under 3600 s → minutes, under 86400 s → hours, else days, rounded up.
 * Accepts either seconds or {trialInDays}. Returns e.g. `{key:'trial.days', params:{count:7}}`.
 */
export function trialText(seconds: number): TextKey {
  const s = Math.max(0, seconds);
  if (s < 3600) return { key: 'trial.minutes', params: { count: Math.max(1, Math.ceil(s / 60)) } };
  if (s < 86400) return { key: 'trial.hours', params: { count: Math.ceil(s / 3600) } };
  return { key: 'trial.days', params: { count: Math.ceil(s / 86400) } };
}

/** Trial seconds from trial_period_days / trial_end (unix s). trial_end wins when in the future. */
export function trialSeconds(opts: { trialInDays?: number | null; trialEnd?: number | null; now?: number }): number {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (opts.trialEnd && opts.trialEnd > now) return opts.trialEnd - now;
  if (opts.trialInDays && opts.trialInDays > 0) return opts.trialInDays * 86400;
  return 0;
}

/**
 * Upsell saving in whole percent: how much cheaper per hour `to` is than `from` (rounded half-up), 0 when not cheaper.
 * Amounts are smallest-unit strings in the same currency. BigInt only.
 */
export function upsellSavingPercent(
  from: { amount: string; recurring: Recurring },
  to: { amount: string; recurring: Recurring },
): number {
  const fa = toBigInt(from.amount);
  const ta = toBigInt(to.amount);
  const fh = BigInt(periodHours(from.recurring));
  const th = BigInt(periodHours(to.recurring));
  if (fa <= 0n) return 0;
  // per-hour ratio to/from = (ta/th)/(fa/fh) = ta*fh / (fa*th); saving = 100 - 100*ratio
  const num = ta * fh * 100n;
  const den = fa * th;
  const ratioPct2 = (num * 2n + den) / (den * 2n); // rounded half-up
  const saving = 100n - ratioPct2;
  return saving > 0n ? Number(saving) : 0;
}

/** True when a recurring price is metered (excluded from the renewal amount, spec §9). */
export function isMetered(recurring: Recurring | null | undefined): boolean {
  return recurring?.usage_type === 'metered';
}

/**
 * The stake a checkout takes, in the smallest unit of its currency: `subscription_data.min_stake_amount` (else the
 * billing threshold), which the platform sends as a number in token units. Null when there is none.
 */
export function stakeAmount(
  subscriptionData:
    { billing_threshold_amount?: string | number | null; min_stake_amount?: string | number | null } | null | undefined,
  decimals: number,
): string | null {
  if (!showStaking(subscriptionData)) return null;
  const amount = tokenUnitsToSmallest(
    subscriptionData?.min_stake_amount ?? subscriptionData?.billing_threshold_amount,
    decimals,
  );
  return amount && toBigInt(amount) > 0n ? amount : null;
}

/** Staking shown when threshold or minimum stake is above 0 (spec §4). */
export function showStaking(
  subscriptionData:
    { billing_threshold_amount?: string | number | null; min_stake_amount?: string | number | null } | null | undefined,
): boolean {
  if (!subscriptionData) return false;
  const gt0 = (v: string | number | null | undefined) => {
    if (v === null || v === undefined || v === '') return false;
    const s = String(v);
    return /^\d*\.?\d+$/.test(s) && /[1-9]/.test(s);
  };
  return gt0(subscriptionData.billing_threshold_amount) || gt0(subscriptionData.min_stake_amount);
}

/** Where a subscription's stake stands: taken, or returned / slashed by the merchant's cancel. */
export type StakeState = 'staked' | 'returned' | 'slashed';

/**
 * A subscription's stake from the platform's fields (TSubscription): the amount is `billing_thresholds.stake_gte`, a
 * number in token units, converted here; the transaction is `payment_details.arcblock.staking.tx_hash`; a return or
 * slash is `cancelation_details.return_stake` / `slash_stake`, dated by `canceled_at`. Null without a stake (none,
 * `no_stake`, or no currency to read the amount in).
 */
export function subscriptionStake(
  sub: {
    billing_thresholds?: { stake_gte?: number | string | null; no_stake?: boolean | null } | null;
    payment_details?: { arcblock?: { staking?: { tx_hash?: string | null } | null } | null } | null;
    cancelation_details?: { return_stake?: boolean | null; slash_stake?: boolean | null } | null;
    canceled_at?: number | null;
  },
  decimals: number | null | undefined,
): { amount: string; txHash: string | null; state: StakeState; revokedAt: number | null } | null {
  const thresholds = sub.billing_thresholds;
  if (!thresholds || thresholds.no_stake || typeof decimals !== 'number') return null;
  const amount = tokenUnitsToSmallest(thresholds.stake_gte ?? null, decimals);
  if (!amount || toBigInt(amount) <= 0n) return null;
  const c = sub.cancelation_details;
  const state: StakeState = c?.slash_stake ? 'slashed' : c?.return_stake ? 'returned' : 'staked';
  const tx = sub.payment_details?.arcblock?.staking?.tx_hash;
  return {
    amount,
    txHash: typeof tx === 'string' && tx ? tx : null,
    state,
    revokedAt: state === 'staked' ? null : (sub.canceled_at ?? null),
  };
}

const STAKE_SETTLEMENTS = new Set(['return_stake', 'slash_stake']);
const timeOf = (v: string | number | null | undefined): number =>
  typeof v === 'number' ? v * 1000 : v ? Date.parse(v) || 0 : 0;

/**
 * A subscription's stake invoices (its invoice list with `include_staking` and `include_return_staking`): the latest
 * `stake`; for a revoked stake (`revokedAt`, unix seconds) the `return_stake` / `slash_stake` that settled it (made
 * since); for a stake in force, the latest earlier stake's settlement (`previous`, older than the latest stake).
 */
export function stakeInvoices<T extends { billing_reason?: string | null; created_at?: string | number | null }>(
  invoices: readonly T[],
  revokedAt: number | null,
): { stake: T | null; settlement: T | null; previous: T | null } {
  const newest = [...invoices].sort((a, b) => timeOf(b.created_at) - timeOf(a.created_at));
  const stake = newest.find((i) => i.billing_reason === 'stake') ?? null;
  const settlements = newest.filter((i) => STAKE_SETTLEMENTS.has(i.billing_reason ?? ''));
  if (revokedAt !== null)
    return {
      stake,
      settlement: settlements.find((i) => timeOf(i.created_at) >= revokedAt * 1000) ?? null,
      previous: null,
    };
  return {
    stake,
    settlement: null,
    previous: stake ? (settlements.find((i) => timeOf(i.created_at) <= timeOf(stake.created_at)) ?? null) : null,
  };
}
