/**
 * Money on strings: amounts are integer strings in the currency's smallest unit; all math is BigInt.
 * Never converts an amount to a JS number (no floating point anywhere).
 */
import { direction, toIntlLocale } from './locale.ts';

/** Default display/input precision (spec §9). */
export const DEFAULT_PRECISION = 6;

export type AmountErrorCode = 'AMOUNT_INVALID' | 'AMOUNT_PRECISION';

/** A typed error for amounts; `key`/`params` let the UI translate it, `message` is the English text. */
export class AmountError extends Error {
  readonly code: AmountErrorCode;
  readonly key: string;
  readonly params: Record<string, string | number>;
  constructor(code: AmountErrorCode, message: string, key: string, params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'AmountError';
    this.code = code;
    this.key = key;
    this.params = params;
  }
}

export function precisionMessage(precision: number): string {
  return `Amount decimal places must be less than or equal to ${precision}`;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;

type ParsedDecimal = { negative: boolean; int: string; frac: string };

function parseDecimal(value: string | number | bigint): ParsedDecimal {
  const text = typeof value === 'string' ? value.trim().replace(/[\s_]/g, '') : String(value);
  const m = DECIMAL_RE.exec(text);
  if (!m || ((m[2] ?? '') === '' && (m[3] ?? '') === '')) {
    throw new AmountError(
      'AMOUNT_INVALID',
      `Invalid amount: ${JSON.stringify(String(value))}`,
      'validation.amountInvalid',
      {
        value: String(value),
      },
    );
  }
  return { negative: m[1] === '-', int: m[2] || '0', frac: m[3] ?? '' };
}

/** Parses an integer amount string (smallest unit). Accepts bigint/number integers too. */
export function toBigInt(amount: string | number | bigint | null | undefined): bigint {
  if (amount === null || amount === undefined || amount === '') return 0n;
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) {
      throw new AmountError('AMOUNT_INVALID', `Invalid integer amount: ${amount}`, 'validation.amountInvalid', {
        value: String(amount),
      });
    }
    return BigInt(amount);
  }
  const t = amount.trim();
  if (!/^[+-]?\d+$/.test(t)) {
    throw new AmountError(
      'AMOUNT_INVALID',
      `Invalid integer amount: ${JSON.stringify(amount)}`,
      'validation.amountInvalid',
      {
        value: amount,
      },
    );
  }
  return BigInt(t);
}

/** Number of digits after the decimal point as written (`'1.50'` → 2, `'3'` → 0). Invalid input → 0. */
export function decimalPlaces(value: string | number): number {
  const text = String(value).trim();
  const m = DECIMAL_RE.exec(text);
  if (!m) return 0;
  return (m[3] ?? '').length;
}

/** True when the string is a plain (non-exponent) decimal number like `12`, `-0.5`, `.5`, `3.`. */
export function isDecimalString(value: string): boolean {
  const m = DECIMAL_RE.exec(value.trim());
  return !!m && ((m[2] ?? '') !== '' || (m[3] ?? '') !== '');
}

/**
 * The precision check of spec §5: null when `value` has at most `precision` decimals, else the English message
 * 'Amount decimal places must be less than or equal to {precision}' (i18n key `validation.amountPrecision`).
 */
export function checkPrecision(value: string, precision: number = DEFAULT_PRECISION): string | null {
  return decimalPlaces(value) > precision ? precisionMessage(precision) : null;
}

/**
 * Decimal string → integer string in the smallest unit (`toSmallestUnit('1.5', 2)` → `'150'`).
 * Throws AmountError AMOUNT_PRECISION when `value` has more than `precision` (default `decimals`) decimals,
 * with message 'Amount decimal places must be less than or equal to {precision}'.
 */
export function toSmallestUnit(value: string | number, decimals: number, precision: number = decimals): string {
  const { negative, int, frac } = parseDecimal(value);
  const limit = Math.min(precision, decimals);
  const significant = frac.replace(/0+$/, '');
  if (frac.length > limit && significant.length > limit) {
    throw new AmountError('AMOUNT_PRECISION', precisionMessage(limit), 'validation.amountPrecision', {
      precision: limit,
    });
  }
  const digits = int + significant.padEnd(decimals, '0').slice(0, decimals);
  const n = BigInt(digits);
  return (negative && n !== 0n ? -n : n).toString();
}

/** Integer string in the smallest unit → plain decimal string, trailing zeros trimmed (`'150', 2` → `'1.5'`). */
export function fromSmallestUnit(amount: string | number | bigint, decimals: number): string {
  const n = toBigInt(amount);
  const negative = n < 0n;
  const abs = (negative ? -n : n).toString();
  if (decimals <= 0) return (negative ? '-' : '') + abs;
  const padded = abs.padStart(decimals + 1, '0');
  const int = padded.slice(0, padded.length - decimals);
  const frac = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + int + (frac ? `.${frac}` : '');
}

export type Rounding = 'half-up' | 'down' | 'up';

/** Rounds a non-negative scaled integer `n / 10^drop` per `rounding`. */
function roundScaled(n: bigint, drop: number, rounding: Rounding): bigint {
  if (drop <= 0) return n;
  const div = 10n ** BigInt(drop);
  const q = n / div;
  const r = n % div;
  if (r === 0n) return q;
  if (rounding === 'down') return q;
  if (rounding === 'up') return q + 1n;
  return r * 2n >= div ? q + 1n : q;
}

/**
 * Rounds a decimal string to `places` decimals (BigInt, no floats) and trims trailing zeros.
 * `roundDecimal('1.005', 2)` → `'1.01'`; `roundDecimal('1.231', 2, 'up')` → `'1.24'` (credit quantity, spec §9).
 */
export function roundDecimal(value: string, places: number, rounding: Rounding = 'half-up'): string {
  const { negative, int, frac } = parseDecimal(value);
  const scaled = BigInt(int + frac);
  const rounded = roundScaled(scaled, frac.length - places, rounding);
  const keep = Math.min(places, frac.length);
  const out = fromSmallestUnit(rounded, keep);
  return negative && rounded !== 0n ? `-${out}` : out;
}

/**
 * The separators and grouping of each locale's Intl tag (core/locale toIntlLocale), as Intl.NumberFormat answers for
 * them (tests/unit/money.test.ts compares every locale on many amounts), written out because the page's first Intl
 * number or date formatter loads ICU's locale data, 0.2–0.5 s of a 4x-throttled CPU in front of a checkout's first
 * amount.
 */
const SEPARATORS: Record<string, string> = {
  // group, decimal[, the fewest integer digits that are grouped when not 4]: Spanish leaves 1234 whole, groups 12.345
  es: '.,5',
  fr: '\u202f,',
  de: '.,',
  'pt-BR': '.,',
  ru: '\u00a0,',
};
const separators = (locale: string) => {
  const s = SEPARATORS[toIntlLocale(locale)] ?? ',.'; // en-US, zh-CN, ja, ko, ar-u-nu-latn
  return { group: s[0]!, decimal: s[1]!, min: Number(s[2] ?? 4) };
};

/** Groups an integer digit string per locale, in threes from the right (from 1,000, or 10.000 in Spanish). */
export function groupInteger(digits: string, locale?: string): string {
  const { group, min } = separators(locale ?? 'en');
  return digits.length < min ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

export type FormatAmountOptions = {
  /** Any locale tag, along core/locale's fallback chain (`tw` → zh, unknown → en); default `en`. */
  locale?: string;
  /** Max fraction digits shown (default 6); trailing zeros are trimmed. */
  precision?: number;
  /** Appended after a space, e.g. `'TBA'`. */
  symbol?: string;
  /** How extra digits are dropped (default half-up). */
  rounding?: Rounding;
  /** Minimum fraction digits kept (default 0). */
  minPrecision?: number;
};

/**
 * Smallest-unit amount → locale-formatted token amount: `formatAmount('123456789', 2, {locale:'en'})` →
 * `'1,234,567.89'`. Grouping per locale on the integer part only, fraction limited to `precision`.
 */
export function formatAmount(
  amount: string | number | bigint | null | undefined,
  decimals: number,
  opts: FormatAmountOptions = {},
): string {
  const precision = Math.max(0, opts.precision ?? DEFAULT_PRECISION);
  const rounding = opts.rounding ?? 'half-up';
  let n: bigint;
  try {
    n = toBigInt(amount);
  } catch {
    n = 0n;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const shown = Math.min(precision, Math.max(decimals, 0));
  const scaled = roundScaled(abs, Math.max(decimals, 0) - shown, rounding);
  const digits = scaled.toString().padStart(shown + 1, '0');
  const int = digits.slice(0, digits.length - shown);
  let frac = shown > 0 ? digits.slice(digits.length - shown).replace(/0+$/, '') : '';
  const minPrecision = Math.min(opts.minPrecision ?? 0, precision);
  if (frac.length < minPrecision) frac = frac.padEnd(minPrecision, '0');
  const loc = toIntlLocale(opts.locale);
  const { decimal } = separators(loc);
  const isZero = scaled === 0n;
  const body = groupInteger(int, loc) + (frac ? decimal + frac : '');
  const text = (negative && !isZero ? '-' : '') + body + (opts.symbol ? ` ${opts.symbol}` : '');
  // Right to left, the amount keeps its order (`-12.5 TBA`, not `TBA 12.5-`) inside any sentence: a left-to-right
  // isolate (U+2066 … U+2069), which readers and screen readers do not see.
  return direction(loc) === 'rtl' ? `\u2066${text}\u2069` : text;
}

// ---- integer-string arithmetic (smallest units) ----

type Int = string | number | bigint | null | undefined;

export function addAmounts(...amounts: Int[]): string {
  return amounts.reduce<bigint>((s, a) => s + toBigInt(a), 0n).toString();
}

export function subAmounts(a: Int, b: Int): string {
  return (toBigInt(a) - toBigInt(b)).toString();
}

/** Multiplies an amount by an integer quantity. */
export function mulAmount(a: Int, quantity: Int): string {
  return (toBigInt(a) * toBigInt(quantity)).toString();
}

/** Multiplies an amount by a decimal factor (`'0.25'`), rounding the result per `rounding` (default half-up). */
export function mulAmountDecimal(a: Int, factor: string, rounding: Rounding = 'half-up'): string {
  const { negative, int, frac } = parseDecimal(factor);
  const n = toBigInt(a);
  const neg = n < 0n !== negative;
  const product = (n < 0n ? -n : n) * BigInt(int + frac);
  const r = roundScaled(product, frac.length, rounding);
  return (neg && r !== 0n ? -r : r).toString();
}

/** Integer division with rounding (default half-up). Throws on division by zero. */
export function divAmount(a: Int, divisor: Int, rounding: Rounding = 'half-up'): string {
  const d = toBigInt(divisor);
  if (d === 0n) throw new AmountError('AMOUNT_INVALID', 'Division by zero', 'validation.amountInvalid');
  const n = toBigInt(a);
  const neg = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const r = an % ad;
  if (r !== 0n && (rounding === 'up' || (rounding === 'half-up' && r * 2n >= ad))) q += 1n;
  return (neg && q !== 0n ? -q : q).toString();
}

/** -1, 0 or 1. */
export function compareAmounts(a: Int, b: Int): -1 | 0 | 1 {
  const x = toBigInt(a);
  const y = toBigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZeroAmount(a: Int): boolean {
  return toBigInt(a) === 0n;
}

/** Compares two decimal strings (`'1.50'` vs `'1.5'` → 0). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  const places = Math.max(pa.frac.length, pb.frac.length);
  const x = BigInt(pa.int + pa.frac.padEnd(places, '0')) * (pa.negative ? -1n : 1n);
  const y = BigInt(pb.int + pb.frac.padEnd(places, '0')) * (pb.negative ? -1n : 1n);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A token-unit amount the platform sends as a JSON number or a decimal string (TCheckoutSession
 * `subscription_data.min_stake_amount`, TPrice `metadata.credit_config.credit_amount`) → integer string in the
 * smallest unit. The one place such a value is converted: a number is read by its decimal digits (exponent
 * notation shifted as text), never multiplied as a float. Null when absent, negative, not a decimal, or with more
 * decimals than the currency has.
 */
export function tokenUnitsToSmallest(value: string | number | null | undefined, decimals: number): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? expandExponent(String(value)) : value.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  try {
    return toSmallestUnit(text, decimals);
  } catch {
    return null;
  }
}

/** '5e-7' → '0.0000005', '1.5e+21' → '1500000000000000000000' (digits moved as text). */
function expandExponent(s: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
  if (!m) return s;
  const [, sign = '', int = '', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
