/**
 * Auto top-up of a credit balance (spec §2, §5): threshold (> 0: 'Threshold must be greater than 0', a number:
 * 'Please enter a valid number'), the purchase package and its quantity, the payment method, the daily maximum
 * amount and attempts (0 means unlimited), enabled or disabled. Saved per customer and credit currency; the
 * sandbox's billing clock buys the package when the balance falls below the threshold within the daily limits.
 * Paid from DID Wallet (an `arcblock` method), an enabled configuration needs the wallet's authorization once (DID
 * Connect `auto-recharge-auth` {autoRechargeConfigId}, as the platform's UI asks it): saving opens the wallet
 * request when the saved configuration has no payer yet, and the form offers it again until it has one.
 * Part of the lazily loaded Credits tab.
 */
import { queryKey } from '../api/query-keys.ts';
import { formatError } from '../core/errors.ts';
import { useId, useState } from 'react';
import { AUTO_RECHARGE_AUTH_ACTION, type AutoRechargeConfig } from '../api/resources/customers.ts';
import type { PaymentCurrency, PaymentMethod } from '../api/types.ts';
import { acceptedMethods, unitAmountFor } from '../core/checkout.ts';
import { fromSmallestUnit, isDecimalString, mulAmount, toSmallestUnit, tokenUnitsToSmallest } from '../core/money.ts';
import { validateThreshold } from '../core/validation.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { useConnect } from '../ui/useConnect.ts';
import { useOnChange } from '../ui/useOnChange.ts';
import { useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../ui/query.ts';
import { Select } from '../ui/Select.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { creditShortfall } from './credit-shortfall.ts';
import { day, LoadError, Loading, useMethodText, useMoney } from './parts.tsx';

/** The DID Wallet method types whose top-ups the wallet authorizes (DID Connect). */
const WALLET_AUTH_TYPES = new Set(['arcblock']);

/** True when an enabled configuration pays from DID Wallet and its wallet has not authorized it yet. */
export function needsWalletAuth(config: AutoRechargeConfig): boolean {
  const type = config.paymentMethod?.type;
  if (!config.enabled || !type || !WALLET_AUTH_TYPES.has(type)) return false;
  return !config.payment_settings?.payment_method_options?.[type]?.payer;
}

type Form = {
  enabled: boolean;
  threshold: string;
  quantity: string;
  currencyId: string;
  maxAmount: string;
  maxAttempts: string;
};

/** A currency the package can be paid in, with its payment method. */
type Paying = PaymentCurrency & { method: PaymentMethod };

function initialForm(config: AutoRechargeConfig, paying: Paying[]): Form {
  const pay = paying.find((x) => x.id === config.recharge_currency_id) ?? paying[0];
  return {
    enabled: config.enabled,
    // The platform's default configuration has threshold 0, which is no threshold yet: the customer enters one.
    threshold: config.threshold === '0' ? '' : fromSmallestUnit(config.threshold, config.currency.decimal),
    quantity: String(config.quantity || 1),
    currencyId: pay?.id ?? '',
    maxAmount: pay ? fromSmallestUnit(config.daily_limits?.max_amount ?? '0', pay.decimal) : '0',
    maxAttempts: String(config.daily_limits?.max_attempts ?? 0),
  };
}

/** The currencies (not credit ones) of the active payment methods the package can be paid in. */
function payingCurrencies(methods: PaymentMethod[], price: AutoRechargeConfig['price']): Paying[] {
  return acceptedMethods(methods, [{ price, quantity: 1 }]).flatMap((m) =>
    m.payment_currencies.filter((c) => c.type !== 'credit').map((c) => ({ ...c, method: m })),
  );
}

/** A non-negative decimal amount in a currency → smallest unit, or null when not a valid number. */
function unitsOrNull(value: string, currency: PaymentCurrency | undefined): string | null {
  const v = value.trim();
  if (!currency || !isDecimalString(v) || v.startsWith('-')) return null;
  try {
    return toSmallestUnit(v, currency.decimal);
  } catch {
    return null;
  }
}

/**
 * 'notEnough' (spec §8): the balance cannot cover the customer's pending usage in this credit currency. The
 * portal's own customer, or the `customerId` the element was given.
 */
export function CreditNotEnough({
  currency,
  balance,
  customerId,
}: {
  currency: PaymentCurrency;
  balance: string;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const q = useQuery(queryKey('credits', 'pending-amount', customerId ?? '', currency.id), () =>
    api.payments.pendingAmount({ ...(customerId ? { customer_id: customerId } : {}), currency_id: currency.id }),
  );
  const short = creditShortfall(balance, q.data?.[currency.id], currency.decimal);
  if (!short) return null;
  return (
    <div part="credit-not-enough">
      <Alert tone="warning">
        {t('portal.credits.notEnough', { amount: short.amount, symbol: currency.symbol, quantity: short.quantity })}
      </Alert>
    </div>
  );
}

/**
 * The auto top-up card of one credit currency, from the platform's own calls: the configuration
 * (auto-recharge-configs/customer, TAutoRechargeConfigExpanded, with the package as its `price`), the balance
 * (credit-grants/summary) and the payment methods (settings). A currency with no top-up package
 * (`recharge_config.base_price_id`) has no auto top-up.
 */
export function AutoTopUp({
  customer,
  currency,
  customerId,
}: {
  customer: string;
  currency: PaymentCurrency;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const summary = useQuery(queryKey('credits', 'summary', customer), () => api.credits.summary(customer));
  if (summary.isError && !summary.data) return <LoadError error={summary.error} retry={() => void summary.refetch()} />;
  if (!summary.data) return <Loading rows={2} />;
  const balance = summary.data[currency.id]?.remainingAmount ?? '0';
  if (!currency.recharge_config?.base_price_id) {
    return (
      <>
        <CreditNotEnough currency={currency} balance={balance} customerId={customerId} />
        <Alert tone="info" title={t('portal.autoTopUp.unavailable')} />
      </>
    );
  }
  return <AutoTopUpSetup customer={customer} currency={currency} balance={balance} customerId={customerId} />;
}

function AutoTopUpSetup({
  customer,
  currency,
  balance,
  customerId,
}: {
  customer: string;
  currency: PaymentCurrency;
  balance: string;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const config = useQuery(queryKey('credits', 'auto-recharge', customer, currency.id), () =>
    api.credits.autoRecharge(customer, currency.id),
  );
  const settings = useQuery(queryKey('credits', 'payment-methods'), () => api.settings.get());
  const failed = (config.isError && !config.data && config) || (settings.isError && !settings.data && settings);
  if (failed) return <LoadError error={failed.error} retry={() => void failed.refetch()} />;
  if (!config.data || !settings.data) return <Loading rows={2} />;
  const paying = payingCurrencies(settings.data.paymentMethods, config.data.price);
  if (!paying.length) {
    return (
      <>
        <CreditNotEnough currency={currency} balance={balance} customerId={customerId} />
        <Alert tone="info" title={t('portal.autoTopUp.unavailable')} />
      </>
    );
  }
  return (
    <AutoTopUpForm config={config.data} paying={paying} balance={balance} customer={customer} customerId={customerId} />
  );
}

function AutoTopUpForm({
  config,
  paying,
  balance,
  customer,
  customerId,
}: {
  config: AutoRechargeConfig;
  paying: Paying[];
  balance: string;
  customer: string;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const methodText = useMethodText();
  const toast = useToast();
  const client = useQueryClient();
  const switchId = useId();
  const [form, setForm] = useState<Form>(() => initialForm(config, paying));
  const [touched, setTouched] = useState(false);
  // A new configuration only (not on mount: see useOnChange).
  useOnChange(config.id, () => setForm(initialForm(config, paying)));
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const credit = config.currency;
  const pay = paying.find((c) => c.id === form.currencyId);
  const price = config.price;
  const thresholdKey = validateThreshold(form.threshold);
  const quantity = /^\d{1,3}$/.test(form.quantity.trim()) ? Number(form.quantity) : NaN;
  const quantityError = !(quantity >= 1 && quantity <= 100) ? t('portal.autoTopUp.quantityRange') : null;
  const maxAmount = unitsOrNull(form.maxAmount, pay);
  const maxAttemptsOk = /^\d{1,6}$/.test(form.maxAttempts.trim());
  const errors = {
    // Core's threshold keys live in the tiny `threshold` namespace (the validation namespace stays out of first paint).
    threshold: thresholdKey ? t(thresholdKey) : null,
    quantity: quantityError,
    maxAmount: maxAmount === null ? t('threshold.number') : null,
    maxAttempts: maxAttemptsOk ? null : t('threshold.number'),
  };
  const valid = !Object.values(errors).some(Boolean) && !!pay;
  const inPay = pay ? unitAmountFor(price, pay.id) : null;
  const unit = inPay && !inPay.missing ? inPay.amount : null;
  const cost = unit && !quantityError ? mulAmount(unit, quantity) : null;
  // credit_config.credit_amount is in token units of the credit currency on the platform: converted once, in core.
  const creditsPer = tokenUnitsToSmallest(price.metadata?.credit_config?.credit_amount, credit.decimal);
  const credits = creditsPer && !quantityError ? mulAmount(creditsPer, quantity) : null;
  // The package as the platform sends it (TAutoRechargeConfigExpanded: the price, not its product): its nickname, or
  // the credits one package grants.
  const packageName = price.nickname || (creditsPer ? money(creditsPer, credit) : price.id);

  const configKey = queryKey('credits', 'auto-recharge', customer, credit.id);
  const auth = useConnect(AUTO_RECHARGE_AUTH_ACTION, {
    onSuccess: () => {
      toast.show({ tone: 'success', message: t('portal.autoTopUp.authorized') });
      void api.credits.autoRecharge(customer, credit.id).then((c) => client.setQueryData(configKey, c));
    },
  });
  const m = useMutation(
    () =>
      api.credits.saveAutoRecharge({
        customer_id: customer,
        currency_id: credit.id,
        enabled: form.enabled,
        threshold: toSmallestUnit(form.threshold.trim(), credit.decimal),
        price_id: price.id,
        quantity,
        recharge_currency_id: form.currencyId,
        daily_limits: { max_amount: maxAmount ?? '0', max_attempts: Number(form.maxAttempts) },
      }),
    {
      onSuccess: (saved) => {
        client.setQueryData(configKey, saved);
        toast.show({
          tone: 'success',
          message: saved.enabled ? t('portal.autoTopUp.savedOn') : t('portal.autoTopUp.savedOff'),
        });
        if (needsWalletAuth(saved)) void auth.start({ autoRechargeConfigId: saved.id });
      },
    },
  );
  const submit = () => {
    setTouched(true);
    if (valid) m.mutate();
  };
  const show = (e: string | null) => (touched ? e : null);
  const saved = config;
  return (
    <form
      part="auto-top-up"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className={css`display: flex; flex-direction: column; gap: 16px; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
    >
      <div
        className={css`display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap;`}
      >
        <span className={css`display: inline-flex; gap: 10px; align-items: center;`}>
          <strong>{t('portal.autoTopUp.balance', { amount: money(balance, credit) })}</strong>
          <StatusChip tone={saved.enabled ? 'success' : 'default'}>
            {saved.enabled ? t('portal.autoTopUp.on') : t('portal.autoTopUp.off')}
          </StatusChip>
        </span>
        <label
          htmlFor={switchId}
          className={css`display: inline-flex; gap: 8px; align-items: center; min-height: 32px; cursor: pointer; font-weight: 600;`}
        >
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            part="auto-top-up-enabled"
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
            className={css`width: 20px; height: 20px; margin: 0; accent-color: var(--pay-color-primary);`}
          />
          {t('portal.autoTopUp.enable')}
        </label>
      </div>
      <CreditNotEnough currency={credit} balance={balance} customerId={customerId} />
      <div className={css`display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 16px;`}>
        <TextField
          label={t('portal.autoTopUp.threshold')}
          hint={t('portal.autoTopUp.thresholdHint', { symbol: credit.symbol })}
          inputMode="decimal"
          value={form.threshold}
          onChange={(e) => set({ threshold: e.target.value })}
          error={show(errors.threshold)}
          endAdornment={credit.symbol}
          name="threshold"
        />
        <TextField label={t('portal.autoTopUp.package')} value={packageName} readOnly />
        <TextField
          label={t('portal.autoTopUp.quantity')}
          inputMode="numeric"
          value={form.quantity}
          onChange={(e) => set({ quantity: e.target.value })}
          error={show(errors.quantity)}
          name="quantity"
        />
        <Select
          label={t('portal.autoTopUp.paymentMethod')}
          value={form.currencyId}
          onChange={(e) => set({ currencyId: e.target.value })}
          options={paying.map((c) => ({ value: c.id, label: methodText(c.method.name, c.symbol) }))}
        />
        <TextField
          label={t('portal.autoTopUp.dailyMaxAmount')}
          hint={t('portal.autoTopUp.unlimitedHint')}
          inputMode="decimal"
          value={form.maxAmount}
          onChange={(e) => set({ maxAmount: e.target.value })}
          error={show(errors.maxAmount)}
          endAdornment={pay?.symbol}
          name="daily_max_amount"
        />
        <TextField
          label={t('portal.autoTopUp.dailyMaxAttempts')}
          hint={t('portal.autoTopUp.unlimitedHint')}
          inputMode="numeric"
          value={form.maxAttempts}
          onChange={(e) => set({ maxAttempts: e.target.value })}
          error={show(errors.maxAttempts)}
          name="daily_max_attempts"
        />
      </div>
      <p part="auto-top-up-summary" aria-live="polite" className={css`margin: 0; color: var(--pay-color-muted);`}>
        {!form.enabled
          ? t('portal.autoTopUp.summaryOff')
          : !errors.threshold && cost && credits
            ? t('portal.autoTopUp.summary', {
                threshold: `${form.threshold.trim()} ${credit.symbol}`,
                credits: money(credits, credit),
                cost: money(cost, pay),
              })
            : null}
      </p>
      {saved.last_recharge_date ? (
        <p className={css`margin: 0; font-size: 14px; color: var(--pay-color-muted);`}>
          {t('portal.autoTopUp.last', {
            date: day(saved.last_recharge_date),
          })}
        </p>
      ) : null}
      {saved.last_error ? (
        <Alert tone="warning" title={t('portal.autoTopUp.lastFailed')}>
          {saved.last_error}
        </Alert>
      ) : null}
      {m.isError ? (
        <Alert tone="error" title={t('portal.autoTopUp.saveFailed')}>
          {formatError(m.error)}
        </Alert>
      ) : null}
      {needsWalletAuth(saved) ? (
        <Alert
          tone="warning"
          title={t('portal.autoTopUp.authNeeded')}
          action={
            <Button
              variant="secondary"
              size="sm"
              part="authorize-auto-top-up"
              onClick={() => void auth.start({ autoRechargeConfigId: saved.id })}
            >
              {t('portal.autoTopUp.authorize')}
            </Button>
          }
        >
          {auth.state.error && !auth.state.failure ? formatError(auth.state.error) : null}
        </Alert>
      ) : null}
      <ConnectDialog
        {...auth.dialog}
        title={t('portal.autoTopUp.authTitle')}
        text={t('portal.autoTopUp.authText', {
          symbol: saved.rechargeCurrency?.symbol ?? '',
          threshold: money(saved.threshold, credit),
        })}
      />
      <div>
        <Button type="submit" part="save-auto-top-up" pending={m.isPending}>
          {t('portal.autoTopUp.save')}
        </Button>
      </div>
    </form>
  );
}
