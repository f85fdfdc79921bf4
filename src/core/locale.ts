/**
 * Locales (en / zh), per-locale texts and number formatting via Intl. Dates live in dates.ts (dayjs), so
 * elements that show no dates do not carry dayjs.
 */

export type Locale = 'en' | 'zh';

/** `'tw'`, `'zh-TW'`, `'zh-CN'`, `'zh_cn'`, `'zh'` → `'zh'`; anything else (or nothing) → `'en'`. */
export function normalizeLocale(value: unknown): Locale {
  if (typeof value !== 'string') return 'en';
  const v = value.trim().toLowerCase();
  if (v === 'zh' || v === 'tw' || v.startsWith('zh-') || v.startsWith('zh_')) return 'zh';
  return 'en';
}

/** The one locale → Intl tag mapping (spec: en and zh, tw maps to zh, fallback en): zh → zh-CN, else en-US. */
export function toIntlLocale(locale: unknown): string {
  return normalizeLocale(locale) === 'zh' ? 'zh-CN' : 'en-US';
}

type IntlFormatters = {
  NumberFormat: [Intl.NumberFormatOptions, Intl.NumberFormat];
  DateTimeFormat: [Intl.DateTimeFormatOptions, Intl.DateTimeFormat];
};
const formatters = new Map<string, unknown>();

/**
 * An Intl formatter made once per kind, locale tag and options, then reused (constructing one is far slower than
 * formatting with it; a checkout used to build about 22 number formatters per load).
 */
export function intlFormatter<K extends keyof IntlFormatters>(
  kind: K,
  locale: string,
  options?: IntlFormatters[K][0],
): IntlFormatters[K][1] {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let f = formatters.get(key) as IntlFormatters[K][1] | undefined;
  if (!f) {
    const Ctor = Intl[kind] as unknown as new (locale: string, options?: object) => IntlFormatters[K][1];
    f = new Ctor(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** Numbers (counts, percents) via Intl. For money use money.formatAmount. */
export function formatNumber(
  value: number | bigint,
  locale: unknown = 'en',
  options?: Intl.NumberFormatOptions,
): string {
  return intlFormatter('NumberFormat', toIntlLocale(locale), options).format(value);
}

/** Picks a per-locale text: a string as is, else `map[locale] ?? map.en ?? map.zh ?? first value ?? ''`. */
export function pickLocaleText(
  value: string | Record<string, string | undefined> | null | undefined,
  locale: unknown,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  const l = typeof locale === 'string' ? locale : 'en';
  return (
    value[l] ??
    value[normalizeLocale(l)] ??
    value.en ??
    value.zh ??
    Object.values(value).find((v) => typeof v === 'string') ??
    ''
  );
}
