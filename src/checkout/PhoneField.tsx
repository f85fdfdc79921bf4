/**
 * Phone with a country selector (spec §2, §5, §9: default country us, prefix +). The value is the international
 * form `+{dial} {number}`; validation runs with libphonenumber-js once it has loaded (lazily) and with the fallback
 * pattern before that or when it fails to load.
 */
import { useEffect, useState } from 'react';
import { toIntlLocale } from '../core/locale.ts';
import { DIAL_CODES, joinPhone, splitPhone } from '../core/phone.ts';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { Select } from '../ui/Select.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';

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
  // A prefilled international number picks its country.
  useEffect(() => {
    if (value.startsWith('+')) setCountry(splitPhone(value, country).country);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps -- a new value picks its country; picking one must not reset it

  const names = new Intl.DisplayNames([toIntlLocale(locale)], { type: 'region' });
  return (
    <div className={css`display: grid; grid-template-columns: minmax(120px, 38%) 1fr; gap: 8px; align-items: start;`}>
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
