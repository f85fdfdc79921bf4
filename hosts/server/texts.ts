/**
 * The sandbox's texts in a request's language: one table per language, English the fallback. A request names its
 * language with `locale` (the elements send theirs on every DID Connect request: en or zh; zh-CN, zh-TW and tw are
 * zh). Another language is another table beside `en` in each `Texts` record: nothing else changes.
 */
export type Texts<T> = { en: T } & { [language: string]: T | undefined };

/** The language of a `locale` tag: its primary subtag, lowercased (zh-CN, zh-TW and tw → zh; '' when none). */
function languageOf(locale: unknown): string {
  const tag = typeof locale === 'string' ? locale.trim().toLowerCase() : '';
  if (tag === 'tw' || tag.startsWith('zh')) return 'zh';
  return tag.split(/[-_]/)[0] ?? '';
}

/** The table of `locale`'s language, else English. */
export function textsIn<T>(texts: Texts<T>, locale: unknown): T {
  return texts[languageOf(locale)] ?? texts.en;
}
