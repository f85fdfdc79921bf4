import { normalizeLocale } from '../core/locale.ts';
import { useEmit, useSettings, useSettingsOverride } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { MenuButton } from '../ui/Menu.tsx';
import { languagesOf, type AppInfo } from './blocklet.ts';
import { loadPreferences, usePreferencesLoaded } from './shared.ts';

/** The language menu (when the app offers more than one). */
export function LanguageMenu({ info, compact }: { info: AppInfo; compact: boolean }) {
  const languages = languagesOf(info);
  const { locale } = useSettings();
  const override = useSettingsOverride();
  const emit = useEmit<'site-header'>();
  const t = useT();
  usePreferencesLoaded(languages.length > 1);
  if (languages.length <= 1) return null;
  // The app's entry for the language shown: its exact code, else the first that falls back to it (`pt` for pt-BR).
  const current =
    languages.find((l) => l.code === locale) ??
    languages.find((l) => normalizeLocale(l.code) === locale) ??
    languages[0];
  return (
    <MenuButton
      part="locale"
      buttonLabel={`${t('header.language')}: ${current?.name ?? ''}`}
      align="end"
      label={
        <>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.7" fill="none" />
            <path
              d="M3 12h18M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z"
              stroke="currentColor"
              strokeWidth="1.7"
              fill="none"
            />
          </svg>
          {compact ? null : <span>{current?.name}</span>}
        </>
      }
      items={languages.map((l) => ({
        key: l.code,
        label: <span lang={l.code}>{l.name}</span>,
        checked: l === current,
        onSelect: () => {
          if (l === current) return;
          // The choice sticks (the platform's nf_lang cookie): the next page, a reload and a link all read it.
          void loadPreferences().then((m) => m.writeLocaleCookie(l.code));
          if (emit('locale-change', { locale: l.code }, { cancelable: true }))
            override({ locale: normalizeLocale(l.code) });
        },
      }))}
    />
  );
}
