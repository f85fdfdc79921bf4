import { HttpError } from './platform.ts';

/**
 * The sandbox's input validators: the one set every area (payment, service, store) reads typed input with, so a
 * number, an amount, a boolean or a choice means the same everywhere and bad input is always a 400 with a clear
 * message (never a 5xx, never a silently coerced value).
 *
 * - Integers are JSON numbers that are safe integers, or strings of decimal digits ('12', '-3'): never '0x10',
 *   '1e3', ' 1', 1.5, 1e308 or true. Every integer has a range.
 * - Amounts are strings: in the smallest unit an integer string of at most AMOUNT_DIGITS digits (`unitAmount`),
 *   in token units a decimal string with at most the currency's decimals (`tokenAmount`, converted to the smallest
 *   unit). A JSON number is accepted where it prints as such a string (never an exponent).
 * - Percentages are 0 < x ≤ 100 with at most two decimals. Booleans are JSON true/false only (query strings:
 *   'true'|'1'|'false'|'0'). Choices are one of a list. Text has a maximum length.
 *
 * A value is absent when it is undefined, null or ''; callers decide what absent means (a default or `required`).
 */

/** Most digits an amount in the smallest unit may have (10^40: far beyond any real supply, small enough to stay cheap). */
export const AMOUNT_DIGITS = 40;
/** Items of one line, subscription item, top-up or inventory change. */
export const QUANTITY_MAX = 1_000_000;
/** Stock and per-checkout limits of a price. */
export const STOCK_MAX = 1_000_000_000;
/** The last unix second of year 9999. */
export const UNIX_SECONDS_MAX = 253_402_300_799;
/** Trial length (days), as Stripe allows. */
export const TRIAL_DAYS_MAX = 730;
/** Decimal places of a currency or a meter. */
export const DECIMAL_MAX = 36;
/** Default maximum length of a free-text field. */
export const TEXT_MAX = 10_000;

type Code = { code?: string };

export const isAbsent = (v: unknown): boolean => v === undefined || v === null || v === '';

const fail = (message: string, opts?: Code): never => {
  throw new HttpError(400, message, opts?.code);
};

/** An integer in [min, max] (see above for what counts as an integer). */
export function integer(value: unknown, name: string, range: { min: number; max: number } & Code): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < range.min || n > range.max) {
    return fail(`${name} must be an integer between ${range.min} and ${range.max}`, range);
  }
  return n;
}

/** A unix time in seconds (integer, from `min`, at most year 9999). */
export function unixSeconds(value: unknown, name: string, opts: { min?: number } & Code = {}): number {
  const min = opts.min ?? 0;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > UNIX_SECONDS_MAX)
    return fail(`${name} must be a unix timestamp in seconds`, opts);
  if (n < min) return fail(`${name} must not be before ${min}`, opts);
  return n;
}

/** JSON true or false, nothing else. */
export function boolean(value: unknown, name: string, opts?: Code): boolean {
  if (typeof value !== 'boolean') return fail(`${name} must be true or false`, opts);
  return value;
}

/** A boolean query parameter ('true'|'1'|'false'|'0'), undefined when absent. */
export function queryBoolean(value: unknown, name: string, opts?: Code): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fail(`${name} must be true or false`, opts);
}

/** One of a list of strings. */
export function choice<T extends string>(value: unknown, name: string, values: readonly T[], opts?: Code): T {
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value))
    return fail(`${name} must be one of ${values.join(', ')}`, opts);
  return value as T;
}

/** A string of at most `max` characters (TEXT_MAX by default); `trim` trims it first; `required` refuses blank. */
export function text(
  value: unknown,
  name: string,
  opts: { max?: number; required?: boolean; trim?: boolean } & Code = {},
): string | undefined {
  if (isAbsent(value)) return opts.required ? fail(`${name} is required`, opts) : undefined;
  if (typeof value !== 'string') return fail(`${name} must be a string`, opts);
  const out = opts.trim ? value.trim() : value;
  if (opts.required && !out.trim()) return fail(`${name} is required`, opts);
  const max = opts.max ?? TEXT_MAX;
  if (out.length > max) return fail(`${name} must be at most ${max} characters`, opts);
  return out;
}

/** An amount in the smallest unit: an integer string of at most AMOUNT_DIGITS digits, normalized ('007' → '7'). */
export function unitAmount(value: unknown, name: string, opts: { positive?: boolean } & Code = {}): string {
  const s =
    typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : '';
  if (!new RegExp(`^\\d{1,${AMOUNT_DIGITS}}$`).test(s))
    return fail(
      `${name} must be a non-negative integer amount in the smallest unit (at most ${AMOUNT_DIGITS} digits)`,
      opts,
    );
  const out = BigInt(s).toString();
  if (opts.positive && out === '0') return fail(`${name} must be greater than 0`, opts);
  return out;
}

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount in token units ('1.5') converted to the smallest unit of a currency with `decimal` places
 * ('1500000000000000000' for 18). Refuses negatives, exponents, junk, more decimals than the currency has, and
 * results longer than AMOUNT_DIGITS digits.
 */
export function tokenAmount(value: unknown, decimal: number, name: string): string {
  const raw =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = raw.length <= AMOUNT_DIGITS * 2 ? DECIMAL_RE.exec(raw) : null;
  if (!m) {
    return fail(`${name} must be a non-negative decimal amount, got ${JSON.stringify(value)?.slice(0, 60)}`);
  }
  const [, whole = '0', frac = ''] = m;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > decimal) return fail(`${name}: amount decimal places must be less than or equal to ${decimal}`);
  const out = (BigInt(whole) * 10n ** BigInt(decimal) + BigInt(trimmed.padEnd(decimal, '0') || '0')).toString();
  if (out.length > AMOUNT_DIGITS)
    return fail(`${name} is too large (at most ${AMOUNT_DIGITS} digits in the smallest unit)`);
  return out;
}

/** A percentage: greater than 0, at most 100, at most two decimals (a JSON number or a decimal string). */
export function percent(value: unknown, name: string, opts?: Code): number {
  const s =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = /^\d{1,3}(\.\d{1,2})?$/.test(s) ? Number(s) : NaN;
  if (!(n > 0 && n <= 100))
    return fail(`${name} must be a number greater than 0 and at most 100, with at most two decimals`, opts);
  return n;
}
