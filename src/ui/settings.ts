/**
 * Shared settings of every element: what `<pay-provider>` provides and what each element resolves.
 *
 * Resolution order (per field): the element's own attribute → the nearest `<pay-provider>` ancestor
 * (context protocol, @lit/context) → defaults (locale from the page's platform preference for <site-header>:
 * `?locale` then the `nf_lang` cookie; then the nearest `lang` attribute or the browser,
 * theme `auto`, livemode undefined so the api decides, base URL undefined so the api resolves it).
 *
 * This module has no React and no rendering: `<pay-provider>` imports it without pulling React in.
 */
import { createContext } from '@lit/context';
import { normalizeLocale, type Locale } from '../core/locale.ts';

export type ThemeSetting = 'light' | 'dark' | 'auto';
export type { Locale };

/** Settings as given (attributes / provider): every field optional. */
export type SettingsInput = {
  baseUrl?: string | undefined;
  authToken?: string | undefined;
  locale?: string | undefined;
  livemode?: boolean | undefined;
  theme?: string | undefined;
};

/** Settings after resolution, as screens see them (`useSettings()`). */
export type Settings = {
  baseUrl: string | undefined;
  authToken: string | undefined;
  locale: Locale;
  livemode: boolean | undefined;
  /** What was asked for (`auto` follows prefers-color-scheme). */
  theme: ThemeSetting;
};

/** The context every element requests from its host; `Symbol.for` so separately built bundles agree. */
export const settingsContext = createContext<SettingsInput>(Symbol.for('pay-elements.settings'));

export function toTheme(value: string | null | undefined): ThemeSetting | undefined {
  return value === 'light' || value === 'dark' || value === 'auto' ? value : undefined;
}

/** The nearest `lang` attribute, crossing shadow roots upwards. */
export function nearestLang(node: Node | null): string | undefined {
  let n: Node | null = node;
  while (n) {
    if (n instanceof Element) {
      const lang = n.getAttribute('lang');
      if (lang) return lang;
    }
    n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null);
  }
  return undefined;
}

/**
 * The platform's language preference of the page, as its own header reads it (platform-header-store.md A.2):
 * `?locale=`, then the `nf_lang` cookie. <site-header> reads it when no attribute or provider gives a locale, so on a
 * page without the reference host's script it still follows the person's choice.
 */
export function pageLocale(): string | undefined {
  try {
    return new URLSearchParams(location.search).get('locale') || /\bnf_lang=([\w-]+)/.exec(document.cookie)?.[1];
  } catch {
    return undefined; // cookies of an opaque origin (a sandboxed frame) throw
  }
}

const pick = <T>(...values: Array<T | undefined | null>): T | undefined => {
  for (const v of values) if (v !== undefined && v !== null && v !== '') return v;
  return undefined;
};

/** Own attribute → provider → defaults. */
export function resolveSettings(
  own: SettingsInput,
  provided: SettingsInput | undefined,
  host: Element | null,
  page?: string,
): Settings {
  const p = provided ?? {};
  // The first locale given (own → provider → the page's preference when asked → nearest lang → the browser's
  // language), along its fallback chain (core/locale normalizeLocale).
  const locale = normalizeLocale(
    pick(
      own.locale,
      p.locale,
      page,
      nearestLang(host),
      typeof navigator === 'undefined' ? undefined : navigator.language,
    ),
  );
  return {
    baseUrl: pick(own.baseUrl, p.baseUrl),
    authToken: pick(own.authToken, p.authToken),
    locale,
    livemode: own.livemode ?? p.livemode,
    theme: toTheme(pick(own.theme, p.theme)) ?? 'auto',
  };
}

/** The shared settings among an element's props (its own attributes / properties). */
export function ownSettings(props: Record<string, unknown>): SettingsInput {
  return {
    baseUrl: props.baseUrl as string | undefined,
    authToken: props.authToken as string | undefined,
    locale: props.locale as string | undefined,
    livemode: props.livemode as boolean | undefined,
    theme: props.theme as string | undefined,
  };
}
