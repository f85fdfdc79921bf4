/**
 * Messages only the lazily loaded header screens use (org dialog validation, …). Imported from those chunks, so
 * these strings stay out of the header's first paint; they are added to the element's i18next instance on first
 * use (English at once, Chinese from its own small chunk). First-paint strings stay in src/header/messages.ts.
 */
import { useEffect, useState } from 'react';
// Only these namespaces (scripts/vite-locale-namespaces.ts): they live in this lazy chunk, not in the first paint.
import EN from 'locale:en/headerPanels,validation';
import { useI18n } from '../ui/i18n.tsx';

const loadZh = () => import('locale:zh/headerPanels,validation').then((m) => m.default);

/** True once the lazy screens' messages are in the element's i18n for its locale. */
export function usePanelMessages(): boolean {
  const { i18n, locale } = useI18n();
  const has = (l: string) => i18n.getResource(l, 'translation', 'headerPanels.notifications.bell') !== undefined;
  if (!has('en')) i18n.addResourceBundle('en', 'translation', EN, true, false);
  const [, bump] = useState(0);
  const ready = locale === 'en' || has(locale);
  // Chinese is added only after the element's own Chinese bundle is there (it is what marks zh as loaded).
  const mainReady = locale === 'en' || i18n.hasResourceBundle(locale, 'translation');
  useEffect(() => {
    if (ready || !mainReady) return;
    let live = true;
    loadZh()
      .then((tree) => i18n.addResourceBundle('zh', 'translation', tree, true, false))
      .catch((err: unknown) => console.warn('[site-header] could not load Chinese messages', err))
      .finally(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [i18n, ready, mainReady]);
  return ready;
}
