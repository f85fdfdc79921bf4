/**
 * The payment form (spec §2, §5): currency/method cards, name, email, phone (when collected), billing address
 * (required mode: full; Stripe: postal code only), per-field custom patterns from metadata.page_info, the form
 * purpose note, the confirmation text for subscription and setup modes, and the submit button (a connect prompt
 * when signed out). Enter submits (native form submit) only when not busy and payable.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CheckoutSession, Customer, PaymentCurrency, PaymentMethod } from '../api/types.ts';
import {
  validateEmail,
  validateName,
  validatePattern,
  validatePhone,
  validateBillingAddress,
  loadPhoneLib,
  type BillingAddress,
} from '../core/validation.ts';
import { DEFAULT_COUNTRY } from '../core/constants.ts';
import { pickLocaleText, toIntlLocale } from '../core/locale.ts';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { Select } from '../ui/Select.tsx';
// Only checkouts that collect a phone load it.
const PhoneField = lazy(() => import('./PhoneField.tsx').then((m) => ({ default: m.PhoneField })));
import { dataEllipsis, focusRing, visuallyHidden } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { TextField } from '../ui/TextField.tsx';
import { safeImageSrc } from '../core/url.ts';
import { tIsolated } from '../ui/bidi.tsx';

export type FormValues = {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  billing_address: Required<Pick<BillingAddress, 'country'>> & BillingAddress;
};

export type PaymentFormProps = {
  session: CheckoutSession;
  methods: PaymentMethod[];
  currencyId: string | undefined;
  onCurrencyChange: (currencyId: string) => void;
  /** Profile of the signed-in customer (prefill); undefined while loading or signed out. */
  profile: Customer | undefined;
  signedIn: boolean;
  /** The session or the signed-in payer's profile is still loading: a submit waits for it (then validates). */
  profilePending?: boolean;
  busy: boolean;
  /** False: the button is disabled without a reason of its own (the part that blocks shows it, e.g. the amount). */
  payable?: boolean;
  /** The total is about to change (a quantity on its way to the server): Pay waits, 'Updating the total…'. */
  updating?: boolean;
  /** A reason the form cannot be paid (shown above the button; the button is disabled). */
  blockedReason?: string | null;
  submitLabel: string;
  merchant: string;
  onSubmit: (values: FormValues) => void;
};

const COUNTRIES = ['us', 'cn', 'gb', 'ca', 'de', 'fr', 'jp', 'sg', 'au', 'in'] as const;
type FieldName = 'customer_name' | 'customer_email' | 'customer_phone' | 'line1' | 'city' | 'state' | 'postal_code';

export function PaymentForm(props: PaymentFormProps) {
  const {
    session,
    methods,
    currencyId,
    onCurrencyChange,
    profile,
    signedIn,
    profilePending = false,
    busy,
    payable = true,
    updating = false,
    blockedReason,
    submitLabel,
    merchant,
    onSubmit,
  } = props;
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const formId = useId();
  const [values, setValues] = useState<FormValues>({
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    billing_address: { country: DEFAULT_COUNTRY },
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [summaryError, setSummaryError] = useState('');
  const touched = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);

  // Fill from the profile once it arrives, without overwriting what the payer typed.
  const [filledFrom, setFilledFrom] = useState<Customer | undefined>(undefined);
  useEffect(() => {
    if (!profile) return;
    setFilledFrom(profile);
    setValues((v) => {
      const next = {
        customer_name: v.customer_name || profile.name || profile.fullName || '',
        customer_email: v.customer_email || profile.email || '',
        customer_phone: v.customer_phone || profile.phone || '',
        billing_address: {
          ...profile.address,
          ...stripEmpty(v.billing_address),
          country: v.billing_address.country || profile.address?.country || DEFAULT_COUNTRY,
        },
      };
      // Errors shown before the profile arrived are re-checked against the filled values.
      setErrors((cur) => {
        const now = validate(next);
        return Object.fromEntries(Object.keys(cur).map((k) => [k, now[k as FieldName]]));
      });
      return next;
    });
  }, [profile]); // eslint-disable-line react-hooks/exhaustive-deps -- fills the form once per profile that arrives

  const method = methods.find((m) => m.payment_currencies.some((c) => c.id === currencyId));
  const phoneEnabled = !!session.phone_number_collection?.enabled;
  const addressMode: 'required' | 'postal' | 'none' =
    session.billing_address_collection === 'required' ? (method?.type === 'stripe' ? 'postal' : 'required') : 'none';
  const rules = session.metadata?.page_info?.field_validation ?? {};
  const purpose = session.metadata?.page_info?.form_purpose_description;
  const purposeText = purpose ? pickLocaleText(purpose as Record<string, string>, locale) : '';

  // The phone library only when a phone is collected (not in the first-paint bundle).
  const [phoneLib, setPhoneLib] = useState<Awaited<ReturnType<typeof loadPhoneLib>>>(null);
  useEffect(() => {
    if (!phoneEnabled) return;
    let live = true;
    void loadPhoneLib().then((lib) => live && setPhoneLib(lib));
    return () => {
      live = false;
    };
  }, [phoneEnabled]);

  const msg = (key: string | null | undefined): string | undefined =>
    key ? (key.startsWith('validation.') ? t(key) : key) : undefined;

  function validate(v: FormValues): Partial<Record<FieldName, string>> {
    const out: Partial<Record<FieldName, string>> = {};
    const put = (f: FieldName, key: string | null | undefined) => {
      const m = msg(key);
      if (m && !out[f]) out[f] = m;
    };
    put('customer_name', validateName(v.customer_name));
    put('customer_email', validateEmail(v.customer_email));
    if (phoneEnabled) put('customer_phone', validatePhone(v.customer_phone, { required: true, lib: phoneLib }));
    const addr = validateBillingAddress(v.billing_address, addressMode);
    for (const [k, key] of Object.entries(addr)) put(k as FieldName, key);
    for (const f of ['customer_name', 'customer_email', 'customer_phone'] as const)
      put(f, validatePattern(v[f], rules[f], locale));
    for (const f of ['line1', 'city', 'state', 'postal_code'] as const)
      put(f, validatePattern(v.billing_address[f], rules[f], locale));
    return out;
  }

  const update = (patch: Partial<FormValues> | ((v: FormValues) => FormValues), field?: FieldName) => {
    setValues((v) => {
      const next = typeof patch === 'function' ? patch(v) : { ...v, ...patch };
      if (field && (touched.current.has(field) || errors[field])) {
        const e = validate(next)[field];
        setErrors((cur) => ({ ...cur, [field]: e }));
      }
      return next;
    });
  };
  const blur = (field: FieldName) => {
    touched.current.add(field);
    setErrors((cur) => ({ ...cur, [field]: validate(values)[field] }));
  };

  // While the total is about to change, Pay is pending and a press is ignored, not kept for later as a press before
  // the profile is (below): a press agrees to the total on screen, and a kept one would pay a total that came after
  // it (or, after a refusal, one the payer was moving away from). The payer presses again beside the new total, a
  // moment later. Simpler too: nothing to carry across a refusal or a cleared field.
  const disabled = busy || !!blockedReason || !payable || updating;
  // A submit before the profile is there waits for it: the details come from it (no 'Required' for empty fields).
  const [waiting, setWaiting] = useState(false);
  // For the same reason, a press waiting for the profile is given up once the total starts to change, or the form
  // cannot be paid (a cleared quantity): the press was for the form as it was, and kept, it would leave the button on
  // 'Loading your details…' (its submit, once the profile is there, finds the form disabled).
  if (waiting && disabled) setWaiting(false);
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (disabled) return;
    // Signed out: the button asks to connect; nothing to check yet (the details come from the profile afterwards).
    if (!signedIn) {
      setErrors({});
      setSummaryError('');
      onSubmit(values);
      return;
    }
    // Also when the profile is there but has not filled the form yet: it fills in an effect, and a click can land
    // between the render that brought the profile and that effect (the fields then read empty for this submit).
    if (profilePending || (profile && filledFrom !== profile)) {
      setWaiting(true);
      return;
    }
    setWaiting(false);
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found).find((k) => found[k as FieldName]);
    if (first) {
      setSummaryError(t('checkout.fixErrors'));
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSummaryError('');
    onSubmit(values);
  };

  // The profile has arrived (and filled the form, one render before): submit as the payer asked.
  useEffect(() => {
    if (waiting && !profilePending && (!profile || filledFrom === profile)) submit();
  }, [waiting, profilePending, profile, filledFrom]); // eslint-disable-line react-hooks/exhaustive-deps -- submit is a new closure each render; these say when to run it

  const allCurrencies = methods.flatMap((m) => m.payment_currencies.map((c) => ({ c, m })));
  const LABELS = {
    line1: 'checkout.line1',
    line2: 'checkout.line2',
    city: 'checkout.city',
    state: 'checkout.state',
    postal_code: 'checkout.postalCode',
  } as const;
  /** One billing-address input: label, autocomplete, value, live validation (line2 is optional). */
  const addressField = (name: keyof typeof LABELS, autoComplete: string, required = true) => {
    const field = name === 'line2' ? undefined : (name as FieldName);
    return (
      <TextField
        label={t(LABELS[name])}
        name={name}
        autoComplete={autoComplete}
        required={required}
        value={values.billing_address[name] ?? ''}
        error={field ? errors[field] : undefined}
        onChange={(e) =>
          update((v) => ({ ...v, billing_address: { ...v.billing_address, [name]: e.target.value } }), field)
        }
        onBlur={field ? () => blur(field) : undefined}
      />
    );
  };
  const showAddress = addressMode !== 'none';

  return (
    <form
      ref={formRef}
      part="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${formId}-h`}
      className={css`display: flex; flex-direction: column; gap: 18px; min-width: 0;`}
    >
      <h2 id={`${formId}-h`} className={css`${visuallyHidden}`}>
        {t('checkout.payment')}
      </h2>
      {allCurrencies.length > 0 ? (
        <fieldset className={css`border: 0; margin: 0; padding: 0; min-width: 0;`} disabled={busy}>
          <legend className={css`font-weight: 650; font-size: 15px; margin-bottom: 10px; padding: 0;`}>
            {t('checkout.payWith')}
          </legend>
          <div
            role="radiogroup"
            aria-label={t('checkout.currencyGroup')}
            className={css`display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px;`}
          >
            {allCurrencies.map(({ c, m }) => (
              <CurrencyCard
                key={c.id}
                currency={c}
                method={m}
                checked={c.id === currencyId}
                onSelect={() => onCurrencyChange(c.id)}
                name={`${formId}-currency`}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset
        className={css`border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 14px; min-width: 0;`}
        disabled={busy}
      >
        <legend className={css`font-weight: 650; font-size: 15px; margin-bottom: 10px; padding: 0;`}>
          {t('checkout.contact')}
        </legend>
        <TextField
          label={t('checkout.name')}
          name="customer_name"
          autoComplete="name"
          required
          value={values.customer_name}
          error={errors.customer_name}
          onChange={(e) => update({ customer_name: e.target.value }, 'customer_name')}
          onBlur={() => blur('customer_name')}
        />
        <TextField
          label={t('checkout.email')}
          name="customer_email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={values.customer_email}
          error={errors.customer_email}
          onChange={(e) => update({ customer_email: e.target.value }, 'customer_email')}
          onBlur={() => blur('customer_email')}
        />
        {phoneEnabled ? (
          <Suspense fallback={<Skeleton variant="rect" height={64} />}>
            <PhoneField
              value={values.customer_phone}
              error={errors.customer_phone}
              onChange={(v) => update({ customer_phone: v }, 'customer_phone')}
              onBlur={() => blur('customer_phone')}
            />
          </Suspense>
        ) : null}
      </fieldset>

      {showAddress ? (
        <fieldset
          className={css`border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 14px; min-width: 0;`}
          disabled={busy}
        >
          <legend className={css`font-weight: 650; font-size: 15px; margin-bottom: 10px; padding: 0;`}>
            {t('checkout.billingAddress')}
          </legend>
          <Select
            label={t('checkout.country')}
            name="country"
            autoComplete="country"
            value={values.billing_address.country}
            options={COUNTRIES.map((c) => ({ value: c, label: regionName(c, locale) }))}
            onChange={(e) =>
              update(
                (v) => ({ ...v, billing_address: { ...v.billing_address, country: e.target.value } }),
                'postal_code',
              )
            }
          />
          {addressMode === 'required' ? (
            <>
              {addressField('line1', 'address-line1')}
              {addressField('line2', 'address-line2', false)}
              <div
                className={css`display: grid; grid-template-columns: 1fr 1fr; gap: 12px; @media (max-width: 420px) { grid-template-columns: 1fr; }`}
              >
                {addressField('city', 'address-level2')}
                {addressField('state', 'address-level1')}
              </div>
            </>
          ) : null}
          {addressField('postal_code', 'postal-code')}
        </fieldset>
      ) : null}

      {purposeText ? (
        <p part="purpose" className={css`margin: 0; font-size: 13px; color: var(--pay-color-muted);`}>
          {purposeText}
        </p>
      ) : null}
      {session.mode === 'subscription' || session.mode === 'setup' ? (
        <p className={css`margin: 0; font-size: 12px; color: var(--pay-color-muted);`}>
          {tIsolated(t, 'checkout.confirmSubscription', { merchant }, ['merchant'])}
        </p>
      ) : null}
      {blockedReason ? (
        <p role="alert" className={css`margin: 0; color: var(--pay-color-danger); font-size: 13px;`}>
          {blockedReason}
        </p>
      ) : null}
      <p
        role="alert"
        className={css`margin: 0; color: var(--pay-color-danger); font-size: 13px; &:empty { display: none; }`}
      >
        {summaryError}
      </p>
      <Button
        type="submit"
        size="lg"
        fullWidth
        part="submit"
        pending={busy || waiting || updating}
        pendingLabel={
          waiting
            ? t('checkout.profileLoading')
            : updating && !busy
              ? t('checkout.totalUpdating')
              : t('common.processing')
        }
        disabled={!!blockedReason || !payable}
      >
        {submitLabel}
      </Button>
      {!signedIn && session.submit_type !== 'donate' ? (
        <p className={css`margin: -6px 0 0; font-size: 12px; color: var(--pay-color-muted); text-align: center;`}>
          {t('checkout.connectHint')}
        </p>
      ) : null}
    </form>
  );
}

function CurrencyCard({
  currency,
  method,
  checked,
  onSelect,
  name,
}: {
  currency: PaymentCurrency;
  method: PaymentMethod;
  checked: boolean;
  onSelect: () => void;
  name: string;
}) {
  const { css } = useCss();
  const src = safeImageSrc(currency.logo ?? method.logo);
  const [broken, setBroken] = useState(false);
  const logo = src && !broken ? src : null;
  return (
    <label
      part="currency-card"
      data-checked={checked}
      className={css`
        position: relative; display: flex; align-items: center; gap: 10px; padding: 10px 12px; cursor: pointer;
        border: 1px solid var(--pay-color-border-strong); border-radius: var(--pay-radius); background: var(--pay-color-bg);
        transition: border-color var(--pay-transition), box-shadow var(--pay-transition);
        &:hover { border-color: var(--pay-color-primary); }
        &[data-checked='true'] { border-color: var(--pay-color-primary); box-shadow: 0 0 0 1px var(--pay-color-primary); background: var(--pay-color-surface); }
        &:has(input:focus-visible) { outline: 2px solid var(--pay-color-focus); outline-offset: 2px; }
        &:has(input:disabled) { cursor: not-allowed; opacity: 0.7; }
      `}
    >
      <input
        type="radio"
        name={name}
        value={currency.id}
        checked={checked}
        onChange={onSelect}
        className={css`position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; ${focusRing}`}
      />
      {/* The currency's logo (its initial when it has none or it does not load). */}
      {logo ? (
        <img
          part="currency-logo"
          src={logo}
          alt=""
          width={28}
          height={28}
          onError={() => setBroken(true)}
          className={css`border-radius: 50%; flex: none; display: block;`}
        />
      ) : (
        <span
          aria-hidden="true"
          className={css`width: 28px; height: 28px; flex: none; border-radius: 50%; display: grid; place-items: center; font-size: 12px; font-weight: 700; background: var(--pay-color-neutral-bg); color: var(--pay-color-muted);`}
        >
          {currency.symbol.slice(0, 1)}
        </span>
      )}
      <span className={css`display: flex; flex-direction: column; min-width: 0; line-height: 1.25;`}>
        <span className={css`font-weight: 650;`}>{currency.symbol}</span>
        <span dir="auto" className={css`font-size: 12px; color: var(--pay-color-muted); ${dataEllipsis}`}>
          {method.name}
        </span>
      </span>
    </label>
  );
}

function regionName(code: string, locale: string): string {
  try {
    return (
      new Intl.DisplayNames([toIntlLocale(locale)], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase()
    );
  } catch {
    return code.toUpperCase();
  }
}

function stripEmpty<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v != null)) as Partial<T>;
}
