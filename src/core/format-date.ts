/**
 * A date in the locale's own style via Intl, with no date library: what a screen that only shows dates needs (the
 * store's detail, in its first paint). Parsing, ranges and the spec's timestamps are in dates.ts (dayjs).
 */
import { intlFormatter, toIntlLocale } from './locale.ts';

export type TimeInput = number | string | Date | null | undefined;

/** `YYYY-MM-DD`, with an optional `[T ]HH:mm[:ss[.sss]]` and no zone: local time, as dayjs reads it. */
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?$/;

/**
 * A Date from unix seconds (numbers below 1e12), milliseconds, a numeric string, a local `YYYY-MM-DD[ HH:mm:ss]`,
 * any other ISO string, or a Date; null for missing or invalid input. The same readings as dates.ts `toDayjs`.
 */
export function toDate(value: TimeInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Date;
  if (value instanceof Date) d = new Date(value.getTime());
  else if (typeof value === 'number') d = new Date(value < 1e12 ? value * 1000 : value);
  else if (/^\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    d = new Date(n < 1e12 ? n * 1000 : n);
  } else {
    const m = LOCAL.exec(value.trim());
    d = m
      ? new Date(
          +m[1]!,
          +m[2]! - 1,
          +m[3]!,
          +(m[4] ?? 0),
          +(m[5] ?? 0),
          +(m[6] ?? 0),
          +(m[7] ?? '0').slice(0, 3).padEnd(3, '0'),
        )
      : new Date(value);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date in the locale's style (`Jan 5, 2026` / `2026年1月5日` / `5 يناير 2026`), via Intl; `''` for no date. */
export function formatDate(value: TimeInput, locale: unknown = 'en', options?: Intl.DateTimeFormatOptions): string {
  const d = toDate(value);
  if (!d) return '';
  return intlFormatter(
    'DateTimeFormat',
    toIntlLocale(locale),
    options ?? { year: 'numeric', month: 'short', day: 'numeric' },
  ).format(d);
}
