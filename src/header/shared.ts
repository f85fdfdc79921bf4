/** What several parts of the header share: the link helpers the lazy panels take, and the preferences' loader. */
import { useEffect } from 'react';
import type { Locale } from '../core/locale.ts';
import { localized, withLocale } from './blocklet.ts';

/** Passed to the lazy panels (apps grid, burger panel) so they do not import blocklet.ts a second time. */
export const LINK_HELPERS = { localized, withLocale };

/** The stored language and theme choices are written on a pick only: that code is not in the first paint. */
export const loadPreferences = () => import('./preferences.ts');

/**
 * Fetches the preferences' code once a language or theme control is on screen (after the first paint), so that a
 * pick is stored at once: a person who switches and reloads right away keeps the choice.
 */
export function usePreferencesLoaded(shown: boolean): void {
  useEffect(() => {
    if (shown) loadPreferences().catch(() => {}); // a pick loads it again
  }, [shown]);
}

/** Where the Products menu goes in the navigation, and what it needs. */
export type ProductsSlot = {
  variant: 1 | 2;
  index: number;
  locale: { raw: string; resolved: Locale };
  iconHosts: string[];
};
