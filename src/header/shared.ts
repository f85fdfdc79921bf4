/** What several parts of the header share: the link helpers the lazy panels take, and the preferences' loader. */
import { localized, withLocale } from './blocklet.ts';

/** Passed to the lazy panels (apps grid, burger panel) so they do not import blocklet.ts a second time. */
export const LINK_HELPERS = { localized, withLocale };

/** The stored language and theme choices are written on a pick only: that code is not in the first paint. */
export const loadPreferences = () => import('./preferences.ts');

/** Where the Products menu goes in the navigation, and what it needs. */
export type ProductsSlot = {
  variant: 1 | 2;
  index: number;
  locale: { raw: string; resolved: 'en' | 'zh' };
  iconHosts: string[];
};
