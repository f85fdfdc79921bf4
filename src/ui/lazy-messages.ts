/**
 * Strings of a lazily loaded screen (any element): its own locale namespaces, out of the first paint. The screen's
 * chunk imports them as `messages:<ns>` (English bundled in the chunk, a loader per other locale); the hook adds them
 * to the element's i18n instance and says when the element's locale is there (English always is, at once).
 */
import { useEffect, useState } from 'react';
import { useI18n, type I18nValue } from './i18n.tsx';
import type { Messages } from './i18n-instance.ts';

const loaded = new WeakMap<object, Set<string>>();
const has = (i18n: object, key: string) => loaded.get(i18n)?.has(key) ?? false;
const mark = (i18n: object, key: string) => {
  const set = loaded.get(i18n) ?? new Set<string>();
  set.add(key);
  loaded.set(i18n, set);
};

function addEnglish(i18n: I18nValue['i18n'], name: string, messages: Messages): void {
  if (has(i18n, `en:${name}`)) return;
  i18n.addResourceBundle('en', 'translation', messages.en, true, false);
  mark(i18n, `en:${name}`);
}

/** `name` identifies the namespaces (one name per `messages:` import). */
export function useLazyMessages(name: string, messages: Messages): boolean {
  const { i18n, locale } = useI18n();
  addEnglish(i18n, name, messages);
  // Another locale is added only once the element's own strings in it are there (they decide when the element shows
  // that locale).
  const ready = locale === 'en' || has(i18n, `${locale}:${name}`);
  const [, bump] = useState(0);
  useEffect(() => {
    if (ready || !i18n.hasResourceBundle(locale, 'translation')) return;
    let live = true;
    void loadLazyMessages(i18n, locale, name, messages).then(() => {
      if (live) bump((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, locale, name, messages, ready]);
  return ready;
}

/**
 * The same outside React, for strings needed on an action (a click) rather than a render: adds the English tree at
 * once and, for another locale, awaits its tree (English stays the fallback when it cannot be loaded).
 */
export async function loadLazyMessages(
  i18n: I18nValue['i18n'],
  locale: string,
  name: string,
  messages: Messages,
): Promise<void> {
  addEnglish(i18n, name, messages);
  if (locale === 'en' || has(i18n, `${locale}:${name}`)) return;
  const tree = await messages.load(locale).catch((err: unknown) => {
    console.warn(`[pay-elements] could not load the ${locale} messages`, err);
    return {};
  });
  i18n.addResourceBundle(locale, 'translation', tree, true, false);
  mark(i18n, `${locale}:${name}`);
}
