/**
 * Strings of a lazily loaded screen (any element): its own locale namespace, out of the first paint. The screen's chunk
 * imports the English tree (`locale:en/<ns>`) and passes a loader for the Chinese one; the hook adds them to the
 * element's i18n instance and says when the element's locale is there (English always is, at once).
 */
import { useEffect, useState } from 'react';
import { useI18n, type I18nValue } from './i18n.tsx';
import type { MessageTree } from './i18n-instance.ts';

const loaded = new WeakMap<object, Set<string>>();
const has = (i18n: object, key: string) => loaded.get(i18n)?.has(key) ?? false;
const mark = (i18n: object, key: string) => {
  const set = loaded.get(i18n) ?? new Set<string>();
  set.add(key);
  loaded.set(i18n, set);
};

export function useLazyMessages(name: string, en: MessageTree, zh: () => Promise<MessageTree>): boolean {
  const { i18n, locale } = useI18n();
  if (!has(i18n, `en:${name}`)) {
    i18n.addResourceBundle('en', 'translation', en, true, false);
    mark(i18n, `en:${name}`);
  }
  // Chinese is added only once the element's own Chinese strings are there (they decide when the element shows zh).
  const zhReady = locale === 'en' || has(i18n, `zh:${name}`);
  const [, bump] = useState(0);
  useEffect(() => {
    if (zhReady || !i18n.hasResourceBundle('zh', 'translation')) return;
    let live = true;
    void loadLazyMessages(i18n, locale, name, en, zh).then(() => {
      if (live) bump((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, locale, name, en, zh, zhReady]);
  return zhReady;
}

/**
 * The same outside React, for strings needed on an action (a click) rather than a render: adds the English tree at
 * once and, for `zh`, awaits the Chinese one (English stays the fallback when it cannot be loaded).
 */
export async function loadLazyMessages(
  i18n: I18nValue['i18n'],
  locale: string,
  name: string,
  en: MessageTree,
  zh: () => Promise<MessageTree>,
): Promise<void> {
  if (!has(i18n, `en:${name}`)) {
    i18n.addResourceBundle('en', 'translation', en, true, false);
    mark(i18n, `en:${name}`);
  }
  if (locale === 'en' || has(i18n, `zh:${name}`)) return;
  const tree = await zh().catch((err: unknown) => {
    console.warn('[pay-elements] could not load Chinese messages', err);
    return {} as MessageTree;
  });
  i18n.addResourceBundle('zh', 'translation', tree, true, false);
  mark(i18n, `zh:${name}`);
}
