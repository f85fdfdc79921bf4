/**
 * Auto top-up of a credit balance (spec §2, §5): threshold (> 0: 'Threshold must be greater than 0', a number:
 * 'Please enter a valid number'), the purchase package and its quantity, the payment method, the daily maximum
 * amount and attempts (0 means unlimited), enabled or disabled. Saved per customer and credit currency; the
 * sandbox's billing clock buys the package when the balance falls below the threshold within the daily limits.
 * Part of the lazily loaded Credits tab.
 */
import { queryKey } from '../api/query-keys.ts';
import { formatError } from '../core/errors.ts';
import { useEffect, useId, useState } from 'react';
import type { AutoRechargeInfo } from '../api/resources/customers.ts';
import type { PaymentCurrency } from '../api/types.ts';
import { fromSmallestUnit, isDecimalString, mulAmount, toSmallestUnit, tokenUnitsToSmallest } from '../core/money.ts';
import { validateThreshold } from '../core/validation.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../ui/query.ts';
import { Select } from '../ui/Select.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { creditShortfall } from './credit-shortfall.ts';
import { day, LoadError, Loading, timestamp, useMoney } from './parts.tsx';

type Form = {
  enabled: boolean;
  threshold: string;
  priceId: string;
  quantity: string;
  currencyId: string;
  maxAmount: string;
  maxAttempts: string;
};

function initialForm(info: AutoRechargeInfo): Form {
  const c = info.config;
  const pay = info.currencies.find((x) => x.id === c?.recharge_currency_id) ?? info.currencies[0];
  return {
    enabled: c?.enabled ?? false,
    threshold: c ? fromSmallestUnit(c.threshold, info.currency.decimal) : '',
    priceId: c?.price_id ?? info.packages[0]?.id ?? '',
    quantity: String(c?.quantity ?? 1),
    currencyId: pay?.id ?? '',
    maxAmount: c && pay ? fromSmallestUnit(c.daily_limits.max_amount, pay.decimal) : '0',
    maxAttempts: String(c?.daily_limits.max_attempts ?? 0),
  };
}

/** The unit amount of a price in a currency (its own currency or a currency option). */
function unitIn(price: AutoRechargeInfo['packages'][number], currencyId: string): string | null {
  if (price.currency_id === currencyId) return price.unit_amount ?? '0';
  return price.currency_options?.find((o) => o.currency_id === currencyId)?.unit_amount ?? null;
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

/** The auto top-up card of one credit currency. */
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

export function AutoTopUp({
  customer,
  currencyId,
  customerId,
}: {
  customer: string;
  currencyId: string;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const q = useQuery(queryKey('credits', 'auto-recharge', customer, currencyId), () =>
    api.credits.autoRecharge(customer, currencyId),
  );
  if (q.isError && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Loading rows={2} />;
  if (!q.data.packages.length || !q.data.currencies.length) {
    return (
      <>
        <CreditNotEnough currency={q.data.currency} balance={q.data.balance} customerId={customerId} />
        <Alert tone="info" title={t('portal.autoTopUp.unavailable')} />
      </>
    );
  }
  return <AutoTopUpForm info={q.data} customer={customer} customerId={customerId} />;
}

function AutoTopUpForm({
  info,
  customer,
  customerId,
}: {
  info: AutoRechargeInfo;
  customer: string;
  customerId?: string | undefined;
}) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const toast = useToast();
  const client = useQueryClient();
  const switchId = useId();
  const [form, setForm] = useState<Form>(() => initialForm(info));
  const [touched, setTouched] = useState(false);
  useEffect(() => setForm(initialForm(info)), [info.config?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a new configuration only
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const credit = info.currency;
  const pay = info.currencies.find((c) => c.id === form.currencyId);
  const price = info.packages.find((p) => p.id === form.priceId);
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
  const valid = !Object.values(errors).some(Boolean) && !!price && !!pay;
  const unit = price && pay ? unitIn(price, pay.id) : null;
  const cost = unit && !quantityError ? mulAmount(unit, quantity) : null;
  // credit_config.credit_amount is in token units of the credit currency on the platform: converted once, in core.
  const creditsPer = tokenUnitsToSmallest(price?.metadata?.credit_config?.credit_amount, credit.decimal);
  const credits = creditsPer && !quantityError ? mulAmount(creditsPer, quantity) : null;

  const m = useMutation(
    () =>
      api.credits.saveAutoRecharge({
        customer_id: customer,
        currency_id: credit.id,
        enabled: form.enabled,
        threshold: toSmallestUnit(form.threshold.trim(), credit.decimal),
        price_id: form.priceId,
        quantity,
        recharge_currency_id: form.currencyId,
        daily_limits: { max_amount: maxAmount ?? '0', max_attempts: Number(form.maxAttempts) },
      }),
    {
      onSuccess: (config) => {
        client.setQueryData(
          queryKey('credits', 'auto-recharge', customer, credit.id),
          (old: AutoRechargeInfo | undefined) => (old ? { ...old, config } : old),
        );
        toast.show({
          tone: 'success',
          message: config.enabled ? t('portal.autoTopUp.savedOn') : t('portal.autoTopUp.savedOff'),
        });
      },
    },
  );
  const submit = () => {
    setTouched(true);
    if (valid) m.mutate();
  };
  const show = (e: string | null) => (touched ? e : null);
  const saved = info.config;
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
          <strong>{t('portal.autoTopUp.balance', { amount: money(info.balance, credit) })}</strong>
          <StatusChip tone={saved?.enabled ? 'success' : 'default'}>
            {saved?.enabled ? t('portal.autoTopUp.on') : t('portal.autoTopUp.off')}
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
      <CreditNotEnough currency={credit} balance={info.balance} customerId={customerId} />
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
        {info.packages.length > 1 ? (
          <Select
            label={t('portal.autoTopUp.package')}
            value={form.priceId}
            onChange={(e) => set({ priceId: e.target.value })}
            options={info.packages.map((p) => ({ value: p.id, label: p.nickname || p.product?.name || p.id }))}
          />
        ) : (
          <TextField label={t('portal.autoTopUp.package')} value={price?.product?.name ?? price?.id ?? ''} readOnly />
        )}
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
          options={info.currencies.map((c) => ({
            value: c.id,
            label: c.paymentMethod ? `${c.paymentMethod.name} (${c.symbol})` : c.symbol,
          }))}
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
      {saved?.last_recharge_at || saved?.last_recharge_date ? (
        <p className={css`margin: 0; font-size: 14px; color: var(--pay-color-muted);`}>
          {t('portal.autoTopUp.last', {
            date: saved.last_recharge_at ? timestamp(saved.last_recharge_at) : day(saved.last_recharge_date),
          })}
        </p>
      ) : null}
      {saved?.last_error ? (
        <Alert tone="warning" title={t('portal.autoTopUp.lastFailed')}>
          {saved.last_error}
        </Alert>
      ) : null}
      {m.isError ? (
        <Alert tone="error" title={t('portal.autoTopUp.saveFailed')}>
          {formatError(m.error)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" part="save-auto-top-up" pending={m.isPending}>
          {t('portal.autoTopUp.save')}
        </Button>
      </div>
    </form>
  );
}
