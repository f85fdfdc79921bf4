import { describe, expect, it } from 'vitest';
import { dayRange, formatTime, toDayjs } from '../../src/core/dates.ts';
import { formatNumber, normalizeLocale, pickLocaleText, toIntlLocale } from '../../src/core/locale.ts';

describe('normalizeLocale', () => {
  it('maps Chinese variants to zh and everything else to en', () => {
    for (const v of ['zh', 'tw', 'zh-TW', 'zh-CN', 'zh_cn', 'ZH', ' zh-Hans ']) expect(normalizeLocale(v)).toBe('zh');
    for (const v of ['en', 'en-US', 'fr', 'ja', '', undefined, null, 42]) expect(normalizeLocale(v)).toBe('en');
    expect(toIntlLocale('tw')).toBe('zh-CN');
    expect(toIntlLocale('xx')).toBe('en-US');
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
