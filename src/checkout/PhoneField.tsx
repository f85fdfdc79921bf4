/**
 * Phone with a country selector (spec §2, §5, §9: default country us, prefix +). The value is the international
 * form `+{dial} {number}`; validation runs with libphonenumber-js once it has loaded (lazily) and with the fallback
 * pattern before that or when it fails to load.
 */
import { useState } from 'react';
import { toIntlLocale } from '../core/locale.ts';
import { DIAL_CODES, joinPhone, splitPhone } from '../core/phone.ts';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { Select } from '../ui/Select.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useOnChange } from '../ui/useOnChange.ts';

export type PhoneFieldProps = {
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
};

export function PhoneField({ value, error, disabled, onChange, onBlur }: PhoneFieldProps) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const [country, setCountry] = useState(() => splitPhone(value).country);
  const national = splitPhone(value, country).national;
  // A new international number (prefilled later, pasted) picks its country; the first one did in useState. Not an
  // effect: run after mount, it would reset a country picked before it ran (see useOnChange).
  useOnChange(value, (v) => {
    if (v.startsWith('+')) setCountry(splitPhone(v, country).country);
  });

  const names = new Intl.DisplayNames([toIntlLocale(locale)], { type: 'region' });
  return (
    // Side by side when the row has room for the country's whole label ("US +1 · United States"), stacked on a phone:
    // a fixed share of a narrow row cut the label (152 px of text in 110 px at 390 px).
    <div
      className={css`display: flex; flex-wrap: wrap; gap: 8px; align-items: start;
        & > :first-child { flex: 1 1 230px; min-width: 0; } & > :last-child { flex: 2 1 200px; min-width: 0; }`}
    >
      <Select
        label={t('checkout.phoneCountry')}
        name="phone_country"
        value={country}
        disabled={disabled}
        options={Object.entries(DIAL_CODES).map(([c, code]) => ({
          value: c,
          label: `${c.toUpperCase()} +${code} · ${names.of(c.toUpperCase()) ?? ''}`,
        }))}
        onChange={(e) => {
          setCountry(e.target.value);
          onChange(joinPhone(e.target.value, national));
        }}
      />
      <TextField
        label={t('checkout.phone')}
        name="customer_phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required
        disabled={disabled}
        value={national}
        error={error}
        onChange={(e) => onChange(joinPhone(country, e.target.value.replace(/[^\d\s()-]/g, '')))}
        onBlur={onBlur}
      />
    </div>
  );
}
