/**
 * One i18next instance per element (never the global one), resources from locales/en.json and zh.json,
 * fallback `en`. `useT()` gives a `t` fixed to the element's resolved locale.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import type { Locale } from './settings.ts';

export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  return instance;
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

