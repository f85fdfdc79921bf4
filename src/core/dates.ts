/**
 * Dates and times: parsing (unix seconds, milliseconds, ISO strings) with dayjs, ranges and the spec's timestamps;
 * a date in the locale's style is core/format-date.ts (Intl, no dayjs), re-exported here.
 */
import dayjs from 'dayjs';
import { toDate, type TimeInput } from './format-date.ts';

export type { TimeInput };
export { formatDate } from './format-date.ts';

/** Spec §9 timestamp format. */
export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A dayjs value of `value` as core/format-date.ts `toDate` reads it (seconds, milliseconds, ISO strings, local dates);
 * null when missing or invalid.
 */
export function toDayjs(value: TimeInput): dayjs.Dayjs | null {
  const d = toDate(value);
  return d ? dayjs(d) : null;
}

/** `YYYY-MM-DD HH:mm:ss` by default; `''` for missing/invalid input. Same pattern in both locales. */
export function formatTime(value: TimeInput, format: string = TIMESTAMP_FORMAT): string {
  const d = toDayjs(value);
  return d ? d.format(format) : '';
}

/** Date range for filters (spec §5): start at 00:00:00, end at 23:59:59, as unix seconds. */
export function dayRange(start: TimeInput, end: TimeInput): { start: number; end: number } | null {
  const s = toDayjs(start);
  const e = toDayjs(end);
  if (!s || !e) return null;
  return { start: s.startOf('day').unix(), end: e.endOf('day').unix() };
}
