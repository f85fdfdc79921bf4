/**
 * One i18next instance per element (never the global one), fallback `en`. `useT()` gives a `t` fixed to the
 * element's resolved locale.
 *
 * Each element brings its own messages (`src/<area>/messages.ts`): the namespaces it uses, picked from
 * locales/en.json with named imports (so the bundle carries only those), and a loader for the same namespaces of
 * locales/zh.json, fetched only when the element is shown in Chinese.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Locale } from './settings.ts';

export type MessageTree = { [key: string]: string | MessageTree };

export type Messages = {
  /** English messages, bundled (the fallback for every key). */
  en: MessageTree;
  /** The same namespaces in Chinese, loaded on first use. */
  zh: () => Promise<MessageTree>;
};

export function createI18n(locale: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    resources: { en: { translation: messages.en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  return instance;
}

/**
 * Loads the element's messages for `locale` into `i18n` and returns the locale to render: `locale` once its
 * messages are there (English always is); while they load, the locale shown before (a language switch keeps the
 * screen, and its state, in the old language for that moment instead of unmounting it); null before the first.
 */
export function useLoadedLocale(i18n: I18n, locale: Locale, messages: Messages): Locale | null {
  const has = (l: Locale) => l === 'en' || i18n.hasResourceBundle(l, 'translation');
  const [, setLoaded] = useState(0);
  const shown = useRef<Locale | null>(null);
  const ready = has(locale);
  if (ready) shown.current = locale;
  useEffect(() => {
    if (ready) return;
    let live = true;
    messages
      .zh()
      .then((tree) => {
        i18n.addResourceBundle('zh', 'translation', tree, true, true);
      })
      .catch((err: unknown) => {
        // English stays as the fallback: the element still renders, in English.
        console.warn('[pay-elements] could not load Chinese messages', err);
        i18n.addResourceBundle('zh', 'translation', {}, true, true);
      })
      .finally(() => {
        if (live) setLoaded((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [i18n, locale, messages, ready]);
  return shown.current;
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

export type I18nValue = { i18n: I18n; t: TFunction; locale: Locale };

export const I18nContext = createContext<I18nValue | null>(null);

function useI18nValue(): I18nValue {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useT() must be used inside an element made with defineElement()');
  return v;
}

/** `t(key, options)` fixed to the element's locale. */
export function useT(): TFunction {
  return useI18nValue().t;
}

/** The element's i18next instance and resolved locale (`en` | `zh`). */
export function useI18n(): I18nValue {
  return useI18nValue();
}
