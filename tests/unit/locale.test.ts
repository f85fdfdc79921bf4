import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dayRange, formatDate, formatTime, toDayjs } from '../../src/core/dates.ts';
import { toDate } from '../../src/core/format-date.ts';
import {
  direction,
  formatNumber,
  LOCALES,
  normalizeLocale,
  pickLocaleText,
  toIntlLocale,
} from '../../src/core/locale.ts';

describe('normalizeLocale', () => {
  it('falls back along a tag: the whole tag, then its language; Chinese of any kind is zh, any Portuguese pt-BR', () => {
    for (const v of ['zh', 'tw', 'zh-TW', 'zh-CN', 'zh_cn', 'ZH', ' zh-Hans ', 'zh-Hant-HK'])
      expect(normalizeLocale(v)).toBe('zh');
    for (const v of ['pt-BR', 'pt_br', 'pt', 'pt-PT', 'PT-ao']) expect(normalizeLocale(v)).toBe('pt-BR');
    const chains: Array<[string, string]> = [
      ['ja', 'ja'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
      ['es-MX', 'es'],
      ['es-419', 'es'],
      ['fr-CA', 'fr'],
      ['de-CH', 'de'],
      ['ru-RU', 'ru'],
      ['ar', 'ar'],
      ['ar-EG', 'ar'],
      ['ar-u-nu-arab', 'ar'],
      ['en-GB', 'en'],
    ];
    for (const [tag, locale] of chains) expect(normalizeLocale(tag), tag).toBe(locale);
    for (const v of ['en', 'en-US', 'it', 'pl', 'he', 'x', '', undefined, null, 42])
      expect(normalizeLocale(v)).toBe('en');
  });

  it('maps each locale to its Intl tag; Arabic with Western digits', () => {
    expect(toIntlLocale('tw')).toBe('zh-CN');
    expect(toIntlLocale('xx')).toBe('en-US');
    expect(toIntlLocale('pt-PT')).toBe('pt-BR');
    expect(toIntlLocale('ar-EG')).toBe('ar-u-nu-latn');
    expect(new Intl.NumberFormat(toIntlLocale('ar')).format(1234.5)).toBe('1,234.5');
  });

  it('says which locales are right to left', () => {
    expect(LOCALES.filter((l) => direction(l) === 'rtl')).toEqual(['ar']);
    expect(direction('ar-SA')).toBe('rtl');
    expect(direction('he')).toBe('ltr'); // not spoken here: English, left to right
  });
});

describe('formats per locale, through Intl', () => {
  const day = new Date(Date.UTC(2026, 0, 5, 12));
  it('dates in each language', () => {
    const utc = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' } as const;
    expect(formatDate(day, 'ja', utc)).toBe('2026年1月5日');
    expect(formatDate(day, 'de', utc)).toBe('5. Jan. 2026');
    expect(formatDate(day, 'fr', utc)).toBe('5 janv. 2026');
    expect(formatDate(day, 'pt-BR', utc)).toBe('5 de jan. de 2026');
    expect(formatDate(day, 'ko', utc)).toBe('2026년 1월 5일');
    expect(formatDate(day, 'ar', utc)).toBe('5 يناير 2026');
    expect(formatDate(day, 'ru', utc)).toMatch(/^5 янв\. 2026/);
  });

  it('numbers in each language', () => {
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatNumber(1234567, 'ru')).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(1234, 'es')).toBe('1234');
    expect(formatNumber(1234567, 'ar')).toBe('1,234,567');
    expect(formatNumber(0.25, 'fr', { style: 'percent' })).toBe('25\u00a0%');
  });
});

describe('dates without dayjs (core/format-date)', () => {
  it('reads what dayjs reads: seconds, milliseconds, numeric strings, local dates and times, ISO, Date', () => {
    const inputs = [
      1767225600,
      1767225600123,
      '1767225600',
      '1767225600.5',
      '2026-01-05',
      '2026-1-5',
      '2026-01-05 13:04:09',
      '2026-01-05T13:04',
      '2026-01-05T13:04:09.250',
      '2026-01-05T13:04:09Z',
      '2026-01-05T13:04:09+08:00',
      new Date(2026, 0, 5, 1, 2, 3),
    ];
    for (const v of inputs) {
      const n = typeof v === 'number' || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) ? Number(v) : null;
      const expected = n === null ? dayjs(v) : dayjs(n < 1e12 ? n * 1000 : n);
      expect(toDate(v)?.getTime(), String(v)).toBe(expected.valueOf());
    }
    for (const v of ['', null, undefined, 'not a date', '2026-13-45x']) expect(toDate(v), String(v)).toBeNull();
  });
});

describe('dates and numbers', () => {
  it('formats timestamps as YYYY-MM-DD HH:mm:ss from seconds, ms, ISO', () => {
    const d = new Date(2026, 0, 5, 13, 4, 9); // local time
    const secs = Math.floor(d.getTime() / 1000);
    expect(formatTime(secs)).toBe('2026-01-05 13:04:09');
    expect(formatTime(d.getTime())).toBe('2026-01-05 13:04:09');
    expect(formatTime(String(secs))).toBe('2026-01-05 13:04:09');
    expect(formatTime(d)).toBe('2026-01-05 13:04:09');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDayjs(undefined)).toBeNull();
  });

  it('date range: start 00:00:00, end 23:59:59', () => {
    const r = dayRange(new Date(2026, 0, 5, 10), new Date(2026, 0, 6, 10))!;
    expect(formatTime(r.start)).toBe('2026-01-05 00:00:00');
    expect(formatTime(r.end)).toBe('2026-01-06 23:59:59');
  });

  it('numbers via Intl', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
  });

  it('pickLocaleText falls back en then zh', () => {
    expect(pickLocaleText({ en: 'Hi', zh: '你好' }, 'zh')).toBe('你好');
    expect(pickLocaleText({ zh: '你好' }, 'en')).toBe('你好');
    expect(pickLocaleText({ en: 'Hi' }, 'ja')).toBe('Hi');
    expect(pickLocaleText('plain', 'zh')).toBe('plain');
    expect(pickLocaleText(undefined, 'zh')).toBe('');
  });
});
