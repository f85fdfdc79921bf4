import { useEffect, useRef } from 'react';
import { useEmit, useSettings, useSettingsOverride } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import type { AppInfo } from './blocklet.ts';
import { loadPreferences, usePreferencesLoaded } from './shared.ts';

export const THEME_EVENT_DEBOUNCE_MS = 300;

/** The light/dark toggle (when the app lets the person choose). */
export function ThemeToggle({ info }: { info: AppInfo }) {
  const { mode } = useSettings();
  const override = useSettingsOverride();
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  usePreferencesLoaded(info.theme?.prefer === 'system');
  if (info.theme?.prefer !== 'system') return null;
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      part="theme-toggle"
      aria-label={next === 'dark' ? t('header.themeToDark') : t('header.themeToLight')}
      title={next === 'dark' ? t('header.themeToDark') : t('header.themeToLight')}
      onClick={() => {
        const preferKey =
          typeof info.theme?.preferKey === 'string' && info.theme.preferKey ? info.theme.preferKey : undefined;
        void loadPreferences().then((m) => m.storeThemePreference(next, preferKey));
        override({ theme: next });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => emit('theme-change', { theme: next }), THEME_EVENT_DEBOUNCE_MS);
      }}
      className={css`
        display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0;
        border-radius: var(--pay-radius); background: transparent; color: inherit; cursor: pointer;
        &:hover { background: var(--pay-color-hover); } ${focusRing}
      `}
    >
      {mode === 'dark' ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4" stroke="currentColor" strokeWidth="1.8" fill="none" />
          <path
            d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"
            stroke="currentColor"
            strokeWidth="1.8"
            fill="none"
            strokeLinejoin="round"
          />
        </svg>
      )}
    </button>
  );
}
