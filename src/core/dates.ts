/**
 * Dates and times: parsing (unix seconds, milliseconds, ISO strings) with dayjs, locale-aware display via Intl.
 */
import dayjs from 'dayjs';
import { intlFormatter, toIntlLocale } from './locale.ts';

/** Spec §9 timestamp format. */
export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export type TimeInput = number | string | Date | null | undefined;

/**
 * A dayjs value from unix seconds (numbers below 1e12), milliseconds, an ISO string, a numeric string or a Date.
 * Returns null for missing/invalid input.
 */
export function toDayjs(value: TimeInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  let d: dayjs.Dayjs;
  if (typeof value === 'number') d = dayjs(value < 1e12 ? value * 1000 : value);
  else if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    d = dayjs(n < 1e12 ? n * 1000 : n);
  } else d = dayjs(value);
  return d.isValid() ? d : null;
}

/** `YYYY-MM-DD HH:mm:ss` by default; `''` for missing/invalid input. Same pattern in both locales. */
export function formatTime(value: TimeInput, format: string = TIMESTAMP_FORMAT): string {
  const d = toDayjs(value);
  return d ? d.format(format) : '';
}

/** A date in the locale's long style (`Jan 5, 2026` / `2026年1月5日`), via Intl. */
export function formatDate(value: TimeInput, locale: unknown = 'en', options?: Intl.DateTimeFormatOptions): string {
  const d = toDayjs(value);
  if (!d) return '';
  return intlFormatter(
    'DateTimeFormat',
    toIntlLocale(locale),
    options ?? { year: 'numeric', month: 'short', day: 'numeric' },
  ).format(d.toDate());
}

/** Date range for filters (spec §5): start at 00:00:00, end at 23:59:59, as unix seconds. */
export function dayRange(start: TimeInput, end: TimeInput): { start: number; end: number } | null {
  const s = toDayjs(start);
  const e = toDayjs(end);
  if (!s || !e) return null;
  return { start: s.startOf('day').unix(), end: e.endOf('day').unix() };
}
