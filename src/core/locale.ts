/**
 * Locales (en / zh) and locale-aware formatting of dates and numbers. Dates via dayjs, numbers via Intl.
 */
import dayjs from 'dayjs';

export type Locale = 'en' | 'zh';
export const LOCALES: readonly Locale[] = ['en', 'zh'];
export const DEFAULT_LOCALE: Locale = 'en';
/** Spec §9 timestamp format. */
export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** `'tw'`, `'zh-TW'`, `'zh-CN'`, `'zh_cn'`, `'zh'` → `'zh'`; anything else (or nothing) → `'en'`. */
export function normalizeLocale(value: unknown): Locale {
  if (typeof value !== 'string') return 'en';
  const v = value.trim().toLowerCase();
  if (v === 'zh' || v === 'tw' || v.startsWith('zh-') || v.startsWith('zh_')) return 'zh';
  return 'en';
}

/** BCP 47 tag for Intl: en → en-US, zh → zh-CN. */
export function toIntlLocale(locale: unknown): string {
  return normalizeLocale(locale) === 'zh' ? 'zh-CN' : 'en-US';
}

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
  return new Intl.DateTimeFormat(toIntlLocale(locale), options ?? { year: 'numeric', month: 'short', day: 'numeric' }).format(d.toDate());
}

/** Date and time in the locale's style, via Intl. */
export function formatDateTime(value: TimeInput, locale: unknown = 'en'): string {
  return formatDate(value, locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Numbers (counts, percents) via Intl. For money use money.formatAmount. */
export function formatNumber(value: number | bigint, locale: unknown = 'en', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(toIntlLocale(locale), options).format(value);
}

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Date range for filters (spec §5): start at 00:00:00, end at 23:59:59, as unix seconds. */
export function dayRange(start: TimeInput, end: TimeInput): { start: number; end: number } | null {
  const s = toDayjs(start);
  const e = toDayjs(end);
  if (!s || !e) return null;
  return { start: s.startOf('day').unix(), end: e.endOf('day').unix() };
}

/** Picks a per-locale text: a string as is, else `map[locale] ?? map.en ?? map.zh ?? first value ?? ''`. */
export function pickLocaleText(value: string | Record<string, string | undefined> | null | undefined, locale: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  const l = typeof locale === 'string' ? locale : 'en';
  return value[l] ?? value[normalizeLocale(l)] ?? value.en ?? value.zh ?? Object.values(value).find((v) => typeof v === 'string') ?? '';
}
