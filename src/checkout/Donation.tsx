/**
 * Donation picker (spec §2 donation checkout, §5, §9): preset amount cards (default the middle one), a Custom card
 * with a numeric input and a random button (800 ms animation; up to 5× the largest preset, 100 with none, capped by
 * the maximum), 'Please enter an amount between {min} and {max}.', the benefits list that opens and closes, and a
 * cancel button. The chosen amount is sent to the session (smallest unit) once it settles.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Beneficiary, CheckoutSession, PaymentCurrency, PaymentLink } from '../api/types.ts';
import { errorText } from '../core/errors.ts';
import { defaultPreset, randomDonationAmount, validateDonationAmount } from '../core/checkout.ts';
import { DONATION_RANDOM_ANIMATION_MS, STORAGE_KEYS } from '../core/constants.ts';
import { readStorage, writeStorage } from '../core/storage.ts';
import { formatAmount, toSmallestUnit } from '../core/money.ts';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing, visuallyHidden } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { safeImageSrc } from '../core/url.ts';

export type DonationProps = {
  session: CheckoutSession;
  link: PaymentLink | null | undefined;
  currency: PaymentCurrency | undefined;
  disabled: boolean;
  /** Send the amount (smallest unit) to the session; rejects with the text to show. */
  setAmount: (priceId: string, amount: string) => Promise<void>;
  /** False while the amount is invalid or empty. */
  onPayable: (payable: boolean) => void;
  loadBenefits: () => Promise<Beneficiary[]>;
  onCancel: () => void;
};

/** The custom amount settles for this long before it is sent. */
export const DONATION_AMOUNT_DEBOUNCE_MS = 400;

export function Donation({
  session,
  link,
  currency,
  disabled,
  setAmount,
  onPayable,
  loadBenefits,
  onCancel,
}: DonationProps) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const groupId = useId();
  const item = session.line_items[0];
  const settings = link?.donation_settings?.amount ?? {};
  const presets = (settings.presets ?? []).filter((p) => /^\d+(\.\d+)?$/.test(p));
  const allowCustom = settings.custom !== false;
  const decimals = currency?.decimal ?? 2;
  const precision = Math.min(currency?.maximum_precision ?? 6, decimals);
  const symbol = currency?.symbol ?? '';
  const title = String(link?.donation_settings?.title ?? item?.price.product?.name ?? '');
  const description = String(link?.donation_settings?.description ?? item?.price.product?.description ?? '');

  const initialPreset = (() => {
    const saved = readStorage(STORAGE_KEYS.donationPreset);
    if (saved === 'custom' && allowCustom) return 'custom';
    if (saved && presets.includes(saved)) return saved;
    return settings.preset && presets.includes(settings.preset)
      ? settings.preset
      : (defaultPreset(presets) ?? (allowCustom ? 'custom' : ''));
  })();
  const [choice, setChoice] = useState<string>(initialPreset);
  const [custom, setCustom] = useState(() => readStorage(STORAGE_KEYS.donationCustomAmount) ?? '');
  const [error, setError] = useState('');
  const [rolling, setRolling] = useState(false);
  const [benefitsOpen, setBenefitsOpen] = useState(false);
  const [benefits, setBenefits] = useState<Beneficiary[] | null>(null);
  const sent = useRef<string>('');

  const value = choice === 'custom' ? custom.trim() : choice;
  const problem = value
    ? validateDonationAmount(value, { min: settings.minimum ?? null, max: settings.maximum ?? null, precision })
    : { key: 'validation.amountInvalid' as const };

  // Payable only once the session holds the amount on screen: a Donate right after typing cannot pay a stale one.
  useEffect(() => {
    if (choice === 'custom' && custom.trim() && problem) setError(t(problem.key, problem.params));
    else setError('');
    if (problem || rolling || !item) {
      onPayable(false);
      return;
    }
    const units = toSmallestUnit(value, decimals, precision);
    if (units === sent.current) {
      onPayable(true);
      return;
    }
    onPayable(false);
    let live = true;
    const id = setTimeout(
      () => {
        setAmount(item.price_id, units).then(
          () => {
            sent.current = units;
            if (live) onPayable(true);
          },
          (err: unknown) => {
            if (!live) return;
            setError(errorText(err, t));
            onPayable(false);
          },
        );
      },
      choice === 'custom' ? DONATION_AMOUNT_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [value, rolling]); // eslint-disable-line react-hooks/exhaustive-deps -- recalculates on a new amount only, not on each render

  const pick = (next: string) => {
    setChoice(next);
    writeStorage(STORAGE_KEYS.donationPreset, next);
  };

  const roll = () => {
    if (rolling) return;
    pick('custom');
    setRolling(true);
    const started = Date.now();
    const tick = () => {
      const v = randomDonationAmount(presets, settings.maximum ?? null);
      setCustom(v);
      if (Date.now() - started < DONATION_RANDOM_ANIMATION_MS) setTimeout(tick, 80);
      else {
        writeStorage(STORAGE_KEYS.donationCustomAmount, v);
        setRolling(false);
      }
    };
    tick();
  };

  const toggleBenefits = async () => {
    const open = !benefitsOpen;
    setBenefitsOpen(open);
    if (open && benefits === null) setBenefits(await loadBenefits().catch(() => []));
  };

  const card = css`
    position: relative; display: flex; align-items: center; justify-content: center; min-height: 52px; padding: 8px 12px; cursor: pointer;
    border: 1px solid var(--pay-color-border-strong); border-radius: var(--pay-radius); background: var(--pay-color-bg); font-weight: 650; font-variant-numeric: tabular-nums;
    &[data-checked='true'] { border-color: var(--pay-color-primary); box-shadow: 0 0 0 1px var(--pay-color-primary); background: var(--pay-color-surface); }
    &:has(input:focus-visible) { outline: 2px solid var(--pay-color-focus); outline-offset: 2px; }
    &:has(input:disabled) { cursor: not-allowed; opacity: 0.7; }
  `;
  const radio = css`position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; ${focusRing}`;

  return (
    <section
      part="donation"
      aria-labelledby={`${groupId}-h`}
      className={css`display: flex; flex-direction: column; gap: 16px; min-width: 0;`}
    >
      <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
        <h2 id={`${groupId}-h`} className={css`margin: 0; font-size: 22px; font-weight: 750;`}>
          {title}
        </h2>
        {description ? <p className={css`margin: 0; color: var(--pay-color-muted);`}>{description}</p> : null}
      </div>
      {/* The fieldset sits in a plain box, not straight in the column's flex: as a flex item WebKit counts its
          legend twice in its height (21 px of blank space under the amounts). */}
      <div className={css`min-width: 0;`}>
        <fieldset className={css`border: 0; margin: 0; padding: 0; min-width: 0;`} disabled={disabled}>
          <legend className={css`font-weight: 650; margin-bottom: 10px; padding: 0;`}>
            {t('checkout.donationTitle')}
          </legend>
          <div
            role="radiogroup"
            aria-label={t('checkout.donationAmounts')}
            className={css`display: grid; grid-template-columns: repeat(auto-fill, minmax(110px, 1fr)); gap: 10px;`}
          >
            {presets.map((p) => (
              <label key={p} className={card} data-checked={choice === p} part="donation-preset">
                <input
                  type="radio"
                  className={radio}
                  name={`${groupId}-amount`}
                  checked={choice === p}
                  onChange={() => pick(p)}
                />
                {formatAmount(toSmallestUnit(p, decimals, precision), decimals, { locale, symbol })}
              </label>
            ))}
            {allowCustom ? (
              <label className={card} data-checked={choice === 'custom'} part="donation-preset">
                <input
                  type="radio"
                  className={radio}
                  name={`${groupId}-amount`}
                  checked={choice === 'custom'}
                  onChange={() => pick('custom')}
                />
                {t('checkout.donationCustom')}
              </label>
            ) : null}
          </div>
        </fieldset>
      </div>
      {choice === 'custom' ? (
        <div className={css`display: flex; gap: 8px; align-items: flex-start;`}>
          <div className={css`flex: 1; min-width: 0;`}>
            <TextField
              label={t('checkout.donationCustomLabel', { symbol })}
              name="donation_amount"
              inputMode="decimal"
              autoComplete="off"
              value={custom}
              readOnly={rolling}
              disabled={disabled}
              error={error || undefined}
              aria-busy={rolling || undefined}
              onChange={(e) => {
                const v = e.target.value.replace(/[^\d.]/g, '');
                setCustom(v);
                writeStorage(STORAGE_KEYS.donationCustomAmount, v);
              }}
              onWheel={(e) => (e.currentTarget as HTMLInputElement).blur()}
            />
          </div>
          <Button
            variant="secondary"
            aria-label={t('checkout.donationRandom')}
            onClick={roll}
            disabled={disabled || rolling}
            className={css`margin-top: 25px;`}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="8.5" cy="8.5" r="1.4" fill="currentColor" />
              <circle cx="15.5" cy="15.5" r="1.4" fill="currentColor" />
              <circle cx="12" cy="12" r="1.4" fill="currentColor" />
            </svg>
          </Button>
        </div>
      ) : error ? (
        <p role="alert" className={css`margin: 0; font-size: 13px; color: var(--pay-color-danger);`}>
          {error}
        </p>
      ) : null}
      <div className={css`display: flex; flex-direction: column; gap: 8px;`}>
        <div>
          <Button
            variant="text"
            size="sm"
            aria-expanded={benefitsOpen}
            aria-controls={`${groupId}-benefits`}
            onClick={() => void toggleBenefits()}
          >
            {benefitsOpen ? t('checkout.donationBenefitsHide') : t('checkout.donationBenefits')}
          </Button>
        </div>
        <ul
          id={`${groupId}-benefits`}
          hidden={!benefitsOpen}
          part="benefits"
          className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;`}
        >
          {(benefits ?? []).map((b, i) => {
            const avatar = safeImageSrc(b.avatar);
            return (
              <li key={`${b.address ?? b.name}-${i}`} className={css`display: flex; align-items: center; gap: 10px;`}>
                {avatar ? (
                  <img
                    src={avatar}
                    alt=""
                    width={28}
                    height={28}
                    className={css`border-radius: ${b.type === 'dapp' ? '6px' : '50%'};`}
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className={css`width: 28px; height: 28px; border-radius: ${b.type === 'dapp' ? '6px' : '50%'}; background: var(--pay-color-neutral-bg); display: grid; place-items: center; font-size: 12px; font-weight: 700;`}
                  >
                    {String(b.name ?? '?').slice(0, 1)}
                  </span>
                )}
                <span className={css`flex: 1; min-width: 0; overflow-wrap: anywhere;`}>{b.name}</span>
                <span className={css`color: var(--pay-color-muted); font-variant-numeric: tabular-nums;`}>
                  {b.percent}%
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={onCancel} part="donation-cancel">
          {t('checkout.donationCancel')}
        </Button>
      </div>
      <span className={css`${visuallyHidden}`} aria-live="polite">
        {!rolling && value && !problem ? `${value} ${symbol}` : ''}
      </span>
    </section>
  );
}
