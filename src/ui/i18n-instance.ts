/**
 * One i18next instance per element (never the global one), fallback `en`, made when the element connects (no React
 * here: the element's base and its first requests load before React; the hooks are in i18n.tsx).
 *
 * Each element brings its own messages (`src/<area>/messages.ts`, a `messages:<namespaces>` import): the namespaces
 * it uses, English bundled (so the bundle carries only those), and a loader for the same namespaces in any other
 * locale, fetched only when the element is shown in it (scripts/vite-locale-namespaces.ts).
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import type { Locale } from './settings.ts';

export type MessageTree = { [key: string]: string | MessageTree };

export type Messages = {
  /** English messages, bundled (the fallback for every key). */
  en: MessageTree;
  /** The same namespaces in another locale, loaded on first use (English for a locale without a file). */
  load: (locale: string) => Promise<MessageTree>;
};

export function createI18n(locale: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { en: { translation: messages.en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  return instance;
}

/** Per instance: bumped whenever its resources change, which empties every remembered translation. */
const resourceVersions = new WeakMap<I18n, { n: number }>();

/**
 * `i18n.getFixedT(locale)` that remembers what option-less calls (`t('common.close')`, most of a screen's) return, until
 * the instance's resources change: i18next resolves each call anew (fallbacks, nesting, post-processing), which is a
 * noticeable part of a first render.
 */
export function fixedT(i18n: I18n, locale: Locale): TFunction {
  let version = resourceVersions.get(i18n);
  if (!version) {
    const v = { n: 0 };
    resourceVersions.set(i18n, v);
    i18n.store.on('added', () => v.n++);
    i18n.store.on('removed', () => v.n++);
    version = v;
  }
  const t = i18n.getFixedT(locale);
  const seen = new Map<string, string>();
  let seenAt = version.n;
  const remembered = (key: unknown, ...rest: unknown[]): unknown => {
    if (rest.length > 0 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => unknown)(key, ...rest);
    if (seenAt !== version.n) {
      seen.clear();
      seenAt = version.n;
    }
    const known = seen.get(key);
    if (known !== undefined) return known;
    const text: unknown = t(key);
    if (typeof text === 'string') seen.set(key, text);
    return text;
  };
  return Object.assign(remembered, t) as unknown as TFunction;
}
