/**
 * The element's i18n in React: `useT()` gives a `t` fixed to the element's resolved locale; `useLoadedLocale` loads
 * a locale's strings before the screen shows it. The instance itself is made in i18n-instance.ts.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Messages } from './i18n-instance.ts';
import type { Locale } from './settings.ts';

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
      .load(locale)
      .then((tree) => {
        i18n.addResourceBundle(locale, 'translation', tree, true, true);
      })
      .catch((err: unknown) => {
        // English stays as the fallback: the element still renders, in English.
        console.warn(`[pay-elements] could not load the ${locale} messages`, err);
        i18n.addResourceBundle(locale, 'translation', {}, true, true);
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

/** The element's i18next instance and resolved locale (one of core/locale LOCALES). */
export function useI18n(): I18nValue {
  return useI18nValue();
}
