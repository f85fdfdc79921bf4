/**
 * Locales (the ten the elements speak), the fallback chain from any BCP 47 tag, the writing direction, per-locale
 * texts and number formatting via Intl. Dates live in dates.ts (dayjs), so elements that show no dates do not carry
 * dayjs.
 */

/** Every language the elements speak: one file each in locales/ (`en` bundled, the others loaded on first use). */
export const LOCALES = ['en', 'zh', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

/**
 * Any tag → the locale to speak, along the tag's chain: the whole tag (case and `_` aside: `pt_br` → `pt-BR`), then its
 * language. Chinese in any script or region (`zh-TW`, `zh-Hant`, the platform's `tw`) → `zh`, as the platform does;
 * any Portuguese (`pt`, `pt-PT`) → `pt-BR`, the one Portuguese here and closer to a Portuguese reader than English;
 * every regional variant of the others (`es-MX`, `fr-CA`, `de-CH`, `ar-EG`) → its language. Anything else → `en`.
 */
export function normalizeLocale(value: unknown): Locale {
  if (typeof value !== 'string') return 'en';
  const tag = value.trim().replace(/_/g, '-').toLowerCase();
  const language = tag.split('-')[0];
  if (language === 'tw') return 'zh';
  if (language === 'pt') return 'pt-BR';
  return LOCALES.find((l) => l === language) ?? 'en';
}

/** The `lang` of what a locale shows: its code, and Simplified Chinese as such (the glyphs a font picks follow it). */
export function langTag(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}

/** `rtl` for a right-to-left locale (Arabic), else `ltr`. */
export function direction(locale: unknown): 'ltr' | 'rtl' {
  return normalizeLocale(locale) === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The one locale → Intl tag mapping (tw and zh-* → zh-CN, unknown → en-US): en-US and zh-CN as before, the others by
 * their own tag. Arabic pins Western digits (`-u-nu-latn`): CLDR's default for `ar` itself, spelled out so every
 * engine's ICU agrees (older ones default to Arabic-Indic digits) and an amount reads the same as in the payer's
 * wallet and on the invoice.
 */
export function toIntlLocale(locale: unknown): string {
  const l = normalizeLocale(locale);
  return l === 'en' ? 'en-US' : l === 'zh' ? 'zh-CN' : l === 'ar' ? 'ar-u-nu-latn' : l;
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
