/**
 * <pay-pricing-table>: a platform pricing table (pricing-table.md). Loads the table and the payment settings, then
 * shows the plans of one billing interval (a radio group, the platform's order) in one currency (limited to those
 * the payment methods accept) as cards of equal height; choosing a plan starts exactly one checkout session, fires a
 * cancelable `pay-select`, then shows that session's <pay-checkout> in place (mode inline, with a way back) or goes
 * to its hosted page (mode redirect). States: skeleton, empty, no plan in an accepted currency, inactive, not found,
 * load error (with retry). The rules are core/pricing-table.ts; the requests src/api/resources/pricing-tables.ts.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PaymentSettings } from '../api/types.ts';
import {
  createPricingTables,
  type PricingTable as Table,
  type PricingTableItem,
} from '../api/resources/pricing-tables.ts';
import { errorCode, errorStatus, errorText, formatError } from '../core/errors.ts';
import { isFiatMethod } from '../core/checkout.ts';
import { isolateValues } from '../core/bidi.ts';
import { direction } from '../core/locale.ts';
import { formatAmount } from '../core/money.ts';
import { queryParams } from '../core/params.ts';
import { samePayer } from '../core/link-session.ts';
import {
  checkoutQuery,
  chosenPlanKey,
  groupPlans,
  highlightOf,
  initialGroup,
  isPricingTableId,
  ONE_TIME,
  parseChosenPlan,
  parseGroupKey,
  planAction,
  priceAmount,
  tableCurrencies,
  type ChosenPlan,
} from '../core/pricing-table.ts';
import { readStorage, removeStorage, writeStorage } from '../core/storage.ts';
import { safeUrl, withQuery } from '../core/url.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQueryOf } from '../ui/query.ts';
import { Select } from '../ui/Select.tsx';
import { dataText, flipInRtl, toneColors, visuallyHidden } from '../ui/shared-css.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { loadCheckoutElement } from './checkout-element.ts';
import { settingsQuery, tableQuery } from './prefetch.ts';
import { sessionPayer } from '../state/session-payer.ts';
import { tIsolated } from '../ui/bidi.tsx';

export type PricingTableProps = {
  pricingTableId?: string;
  /** inline (default): the chosen plan's checkout in place; redirect: its hosted checkout page. */
  mode?: string;
  /** The interval group shown first (`year-1`, `month-1`, `one_time`). */
  interval?: string;
  /** The currency id shown first. */
  currency?: string;
  extraParams?: Record<string, unknown>;
};

type T = ReturnType<typeof useT>;
type Chosen = ChosenPlan;

export function PricingTable(props: PricingTableProps) {
  const t = useT();
  const id = props.pricingTableId;
  if (!isPricingTableId(id))
    return <StateScreen tone="error" title={t('pricingTable.notFoundTitle')} text={t('pricingTable.notFoundText')} />;
  return <TableLoader key={id} {...props} id={id} />;
}

function TableLoader(props: PricingTableProps & { id: string }) {
  const api = useApi();
  const t = useT();
  const emit = useEmit<'pay-pricing-table'>();
  const table = useQueryOf(tableQuery(api, props.id));
  const settings = useQueryOf(settingsQuery(api));
  // Kept here, above the plans, so that coming back from the inline checkout shows the same interval and currency.
  const [view, setView] = useState<{ currency?: string; group?: string }>({});
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  // The plan chosen in this tab comes back after a reload (sessionStorage), its checkout in place, unless another
  // payer has signed in since: they see the plans.
  const storageKey = chosenPlanKey(props.id);
  const [stored] = useState(() => parseChosenPlan(readStorage(storageKey, 'session')));
  const choose = (plan: Chosen) => {
    writeStorage(storageKey, JSON.stringify(plan), 'session');
    setChosen(plan);
  };
  const [restoring, setRestoring] = useState(stored !== null);
  useEffect(() => {
    if (!stored) return;
    let live = true;
    void sessionPayer(api).then((payer) => {
      if (!live) return;
      if (samePayer(stored.payer, payer)) choose({ ...stored, payer: stored.payer ?? payer ?? null });
      else removeStorage(storageKey, 'session');
      setRestoring(false);
    });
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for what this tab stored before the reload

  const failed = (table.isError && !table.data ? table.error : null) ?? (settings.isError ? settings.error : null);
  useEffect(() => {
    if (failed) emit('error', { message: formatError(failed), code: errorCode(failed) });
  }, [failed]); // eslint-disable-line react-hooks/exhaustive-deps -- one error event per load failure

  if (failed) {
    if (failed === table.error && errorStatus(failed) === 404)
      return <StateScreen tone="error" title={t('pricingTable.notFoundTitle')} text={t('pricingTable.notFoundText')} />;
    return (
      <StateScreen
        tone="error"
        title={t('pricingTable.errorTitle')}
        text={errorText(failed, t)}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              if (table.isError) void table.refetch();
              if (settings.isError) void settings.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!table.data || !settings.data || restoring) return <PlansSkeleton />;
  if (!table.data.active)
    return <StateScreen tone="warning" title={t('pricingTable.inactiveTitle')} text={t('pricingTable.inactiveText')} />;
  if (chosen)
    return (
      <InlineCheckout
        chosen={chosen}
        name={table.data.items.find((i) => i.price_id === chosen.priceId)?.product.name ?? table.data.name ?? ''}
        livemode={table.data.livemode}
        onBack={() => {
          removeStorage(storageKey, 'session');
          setReturnTo(chosen.priceId);
          setChosen(null);
        }}
      />
    );
  return (
    <Plans
      {...props}
      table={table.data}
      settings={settings.data}
      view={view}
      onView={setView}
      onInline={choose}
      focusPriceId={returnTo}
    />
  );
}

type CurrencyInfo = { symbol: string; decimal: number; precision: number; method: string; fiat: boolean };

/** The payment methods' active currencies, in their order, with the method each belongs to. */
function acceptedCurrencies(settings: PaymentSettings) {
  const out = new Map<string, CurrencyInfo>();
  for (const m of settings.paymentMethods) {
    if (m.active === false) continue;
    for (const c of m.payment_currencies) {
      if (c.active === false || out.has(c.id)) continue;
      out.set(c.id, {
        symbol: c.symbol,
        decimal: c.decimal,
        precision: c.maximum_precision ?? 6,
        method: m.name,
        // Card currencies show their cents (9.90 USD), as the checkout does.
        fiat: isFiatMethod(m),
      });
    }
  }
  return out;
}

function Plans(props: {
  id: string;
  table: Table;
  settings: PaymentSettings;
  mode?: string;
  interval?: string;
  currency?: string;
  extraParams?: Record<string, unknown>;
  view: { currency?: string; group?: string };
  onView: (v: { currency?: string; group?: string }) => void;
  onInline: (c: Chosen) => void;
  focusPriceId: string | null;
}) {
  const { table, view } = props;
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const emit = useEmit<'pay-pricing-table'>();
  const { css } = useCss();
  const accepted = useMemo(() => acceptedCurrencies(props.settings), [props.settings]);
  const currencies = useMemo(
    () => tableCurrencies(table.items, [...accepted.keys()], table.currency?.id),
    [table, accepted],
  );
  const currencyId = [view.currency, props.currency].find((c) => c && currencies.includes(c)) ?? currencies[0] ?? '';
  const groups = useMemo(() => groupPlans(table.items, currencyId), [table, currencyId]);
  const groupKey =
    (view.group && groups.some((g) => g.key === view.group) ? view.group : null) ??
    initialGroup(groups, table.items, currencyId, props.interval);
  const plans = groups.find((g) => g.key === groupKey)?.items ?? [];

  const busyRef = useRef<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!props.focusPriceId) return;
    listRef.current?.querySelector<HTMLElement>(`[data-price-id="${CSS.escape(props.focusPriceId)}"]`)?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when coming back from the checkout

  const choose = async (item: PricingTableItem) => {
    if (busyRef.current) return; // a second click while the first one's session is on its way makes nothing
    busyRef.current = item.price_id;
    setBusy(item.price_id);
    setFailure('');
    let leaving = false;
    try {
      const query = checkoutQuery(queryParams(), props.extraParams, currencyId);
      // The payer (read beside the request) is remembered with the plan, so a reload shows its checkout to them only.
      const [session, payer] = await Promise.all([
        createPricingTables(api).checkout(props.id, item.price_id, query),
        props.mode === 'redirect' ? undefined : sessionPayer(api),
      ]);
      if (!session.id.startsWith('cs_')) throw new Error(`Unexpected checkout session id: ${session.id}`);
      const detail = {
        pricingTableId: props.id,
        priceId: item.price_id,
        currencyId,
        checkoutSessionId: session.id,
      };
      if (!emit('select', detail, { cancelable: true })) return;
      if (props.mode === 'redirect') {
        const url = session.url ? safeUrl(withQuery(session.url, { currencyId })) : null;
        if (!url) throw new Error(`Unsafe checkout URL: ${String(session.url)}`);
        leaving = true; // the button stays busy until the page is gone
        window.location.assign(url);
        return;
      }
      props.onInline({ sessionId: session.id, priceId: item.price_id, currencyId, payer: payer ?? null });
    } catch (err) {
      setFailure(t('pricingTable.checkoutFailed', { message: errorText(err, t) }));
      emit('error', { message: formatError(err), code: errorCode(err) });
    } finally {
      if (!leaving) {
        busyRef.current = null;
        setBusy(null);
      }
    }
  };

  if (!table.items.length) return <StateScreen tone="info" title={t('pricingTable.noPricing')} />;
  if (!groups.length)
    return <StateScreen tone="info" title={t('pricingTable.noPricing')} text={t('pricingTable.noPlansInCurrency')} />;

  const info = accepted.get(currencyId)!;
  const max = plans.length <= 1 ? 380 : plans.length === 2 ? 760 : plans.length === 3 ? 1120 : 1440;
  const root = css`
    display: flex; flex-direction: column; align-items: center; gap: 24px; padding: 8px 0;
    color: var(--pay-color-text); font-family: var(--pay-font-family);
  `;
  return (
    <section part="pricing-table" className={root} aria-label={table.name || t('pricingTable.label')}>
      {!table.livemode || groups.length > 1 || currencies.length > 1 ? (
        <div
          className={css`display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 12px 16px;`}
        >
          {!table.livemode ? (
            <span
              part="test-mode"
              className={css`
                padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 700; line-height: 20px;
                text-transform: uppercase; letter-spacing: 0.3px;
                color: ${toneColors.warning[0]}; background: ${toneColors.warning[1]};
              `}
            >
              {t('pricingTable.testMode')}
            </span>
          ) : null}
          {groups.length > 1 ? (
            // One interval needs no switch (each card says its interval), as on Stripe's table.
            <IntervalSwitch
              groups={groups.map((g) => g.key)}
              value={groupKey ?? ''}
              onChange={(group) => props.onView({ ...view, group, currency: currencyId })}
            />
          ) : null}
          {currencies.length > 1 ? (
            <div
              part="currency"
              className={css`
                width: 240px; max-width: 100%;
                & [part~='field'], & select { width: 100%; min-width: 0; }
              `}
            >
              <Select
                label={t('pricingTable.currency')}
                hideLabel
                value={currencyId}
                onChange={(e) => props.onView({ ...view, group: groupKey ?? undefined, currency: e.target.value })}
                options={currencies.map((c) => ({
                  value: c,
                  // Right to left, each name isolated: "TBA (ArcBlock)" keeps its order and brackets (the names are the
                  // platform's configuration, shown as they are left to right).
                  label: t('pricingTable.currencyOption', {
                    ...(direction(locale) === 'rtl'
                      ? isolateValues(accepted.get(c)!, ['symbol', 'method'])
                      : accepted.get(c)!),
                  }),
                }))}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <Alert tone="error" className={css`width: 100%; max-width: ${max}px; box-sizing: border-box;`}>
          {failure}
        </Alert>
      ) : null}
      <div className={css`width: 100%; max-width: ${max}px; container-type: inline-size;`}>
        <ul
          ref={listRef}
          part="plans"
          className={css`
          list-style: none; margin: 0; padding: 0; box-sizing: border-box; width: 100%;
          display: grid; gap: 20px; grid-template-columns: ${columns(plans.length)};
          ${plans.length <= 4 ? breakpoints(plans.length) : ''}
        `}
        >
          {plans.map((item) => (
            <PlanCard
              key={item.price_id}
              item={item}
              groupKey={groupKey ?? ONE_TIME}
              amount={priceAmount(item.price, currencyId)!}
              currency={info}
              locale={locale}
              busy={busy === item.price_id}
              disabled={busy !== null && busy !== item.price_id}
              onChoose={() => void choose(item)}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The smallest card, and the space between cards (px). */
const CARD_MIN = 248;
const GAP = 20;
/**
 * The columns of the cards: up to four side by side when they fit; four that do not fit go two by two (never three
 * and one alone); five or more fill the rows.
 */
function columns(n: number): string {
  return n <= 4 ? '1fr' : `repeat(auto-fit, minmax(min(100%, ${CARD_MIN}px), 1fr))`;
}
function breakpoints(n: number): string {
  const fits = (k: number) => k * CARD_MIN + (k - 1) * GAP;
  const at = (k: number) =>
    `@container (min-width: ${fits(k)}px) { grid-template-columns: repeat(${k}, minmax(0, 1fr)); }`;
  if (n === 4) return `${at(2)} ${at(4)}`;
  return n > 1 ? at(n) : '';
}

function intervalLabel(t: T, key: string): string {
  const p = parseGroupKey(key);
  if (!p) return t('pricingTable.interval.oneTime');
  if (p.count === 1) return t(`pricingTable.interval.${p.interval}`);
  if (p.interval === 'month' && (p.count === 3 || p.count === 6)) return t(`pricingTable.interval.month${p.count}`);
  return t('pricingTable.interval.every', { count: p.count, unit: t(`pricingTable.units.${p.interval}`) });
}

function periodLabel(t: T, key: string, unitLabel?: string | null): string {
  const p = parseGroupKey(key);
  const unit = unitLabel?.trim();
  if (!p) return unit ? t('pricingTable.period.perUnitOnce', { unit }) : t('pricingTable.period.oneTime');
  const period =
    p.count === 1
      ? t(`pricingTable.period.${p.interval}`)
      : t('pricingTable.period.every', { count: p.count, unit: t(`pricingTable.units.${p.interval}`) });
  return unit ? t('pricingTable.period.perUnit', { unit, period }) : period;
}

/** The billing interval switch: a radio group (arrow keys move and choose), shaped as a segmented control. */
function IntervalSwitch({
  groups,
  value,
  onChange,
}: {
  groups: string[];
  value: string;
  onChange: (g: string) => void;
}) {
  const t = useT();
  const { css } = useCss();
  const name = useId();
  return (
    <fieldset
      part="intervals"
      className={css`
        display: inline-flex; flex-wrap: wrap; justify-content: center; gap: 4px; margin: 0; padding: 4px;
        border: 1px solid var(--pay-color-border-strong); border-radius: 999px; background: var(--pay-color-surface);
        & legend { ${visuallyHidden} }
      `}
    >
      <legend>{t('pricingTable.intervals')}</legend>
      {groups.map((g) => (
        <label
          key={g}
          part="interval"
          data-checked={g === value ? 'true' : undefined}
          className={css`
            position: relative; display: inline-flex; align-items: center; min-height: 32px; padding: 0 16px;
            border-radius: 999px; cursor: pointer; font-weight: 600; font-size: 14px; color: var(--pay-color-muted);
            transition: background var(--pay-transition), color var(--pay-transition);
            &:hover { color: var(--pay-color-text); }
            &[data-checked='true'] {
              background: var(--pay-color-primary); color: var(--pay-color-on-primary);
            }
            & input { ${visuallyHidden} }
            &:has(input:focus-visible) { outline: 2px solid var(--pay-color-focus); outline-offset: 2px; }
          `}
        >
          <input type="radio" name={name} value={g} checked={g === value} onChange={() => onChange(g)} />
          {intervalLabel(t, g)}
        </label>
      ))}
    </fieldset>
  );
}

function PlanCard(props: {
  item: PricingTableItem;
  groupKey: string;
  amount: string;
  currency: CurrencyInfo;
  locale: string;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { item, currency } = props;
  const t = useT();
  const { css } = useCss();
  const nameId = useId();
  const priceId = useId();
  const highlight = highlightOf(item);
  const action = planAction(item);
  const trialDays = action === 'trial' ? (item.subscription_data?.trial_period_days ?? 0) : 0;
  const features = Array.isArray(item.product.features) ? item.product.features : [];
  const unavailable = !!item.is_disabled;
  const card = css`
    display: grid; grid-row: span 5; grid-template-rows: subgrid; row-gap: 16px; align-content: start;
    box-sizing: border-box; min-width: 0; padding: 24px; border-radius: var(--pay-radius-lg);
    background: var(--pay-color-surface-raised); border: 1px solid var(--pay-color-border);
    box-shadow: var(--pay-shadow);
    &[data-highlight] { border: 2px solid var(--pay-color-primary); padding: 23px; box-shadow: var(--pay-shadow-lg); }
    &[data-selected] { border-color: var(--pay-color-primary); }
  `;
  const text = formatAmount(props.amount, currency.decimal, {
    locale: props.locale,
    precision: currency.precision,
    ...(currency.fiat ? { minPrecision: currency.decimal } : {}),
  });
  return (
    <li
      part="plan"
      className={card}
      data-highlight={highlight ? '' : undefined}
      data-selected={item.is_selected ? '' : undefined}
      aria-labelledby={nameId}
    >
      <div
        className={css`display: flex; align-items: flex-start; justify-content: space-between; gap: 8px; flex-wrap: wrap;`}
      >
        <h3
          id={nameId}
          part="plan-name"
          className={css`
            margin: 0; font-size: 18px; font-weight: 700; line-height: 1.3; min-width: 0; overflow-wrap: anywhere;
            display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden;
          `}
        >
          {/* At most three lines on the card (a name is a few words; a runaway one would push the price off the
              screen); the whole name stays the card's accessible name. */}
          {item.product.name}
        </h3>
        {highlight ? (
          <span
            part="badge"
            className={css`
              flex: none; padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 700; line-height: 20px;
              background: var(--pay-color-primary); color: var(--pay-color-on-primary);
            `}
          >
            {'known' in highlight ? t(`pricingTable.highlight.${highlight.known}`) : highlight.text}
          </span>
        ) : null}
      </div>
      <p
        part="plan-description"
        className={css`margin: 0; color: var(--pay-color-muted); font-size: 14px; ${dataText}`}
      >
        {item.product.description ?? ''}
      </p>
      <div id={priceId} part="price" className={css`display: flex; flex-direction: column; gap: 2px;`}>
        {/* The amount and its symbol read left to right in every language, at the start of the card: right to left,
            the row packs to its (left-to-right) end. */}
        <span
          dir="ltr"
          className={css`display: flex; align-items: baseline; flex-wrap: wrap; column-gap: 6px; [dir='rtl'] & { justify-content: flex-end; }`}
        >
          <span
            className={css`font-size: 34px; font-weight: 800; line-height: 1.15; font-variant-numeric: tabular-nums; letter-spacing: -0.5px;`}
          >
            {text}
          </span>
          <span className={css`font-size: 16px; font-weight: 700;`}>{currency.symbol}</span>
        </span>
        <span className={css`color: var(--pay-color-muted); font-size: 14px;`}>
          {periodLabel(t, props.groupKey, item.product.unit_label)}
        </span>
        {trialDays > 0 ? (
          <span part="trial" className={css`color: var(--pay-color-success); font-size: 13px; font-weight: 600;`}>
            {t('pricingTable.trialDays', { count: trialDays })}
          </span>
        ) : null}
      </div>
      <Button
        part="plan-button"
        data-price-id={item.price_id}
        variant={highlight ? 'primary' : 'secondary'}
        fullWidth
        pending={props.busy}
        pendingLabel={t('pricingTable.button.starting')}
        disabled={props.disabled || unavailable}
        aria-describedby={`${nameId} ${priceId}`}
        onClick={props.onChoose}
      >
        {unavailable ? t('pricingTable.button.unavailable') : t(`pricingTable.button.${action}`)}
      </Button>
      {features.length ? (
        <div part="features" className={css`display: flex; flex-direction: column; gap: 10px; font-size: 14px;`}>
          <span className={css`color: var(--pay-color-muted); font-weight: 600;`}>{t('pricingTable.features')}</span>
          <ul
            className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;`}
          >
            {features.map((f, i) => (
              <li key={i} className={css`display: flex; align-items: flex-start; gap: 8px;`}>
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                  className={css`flex: none; margin-top: 1px; color: var(--pay-color-success);`}
                >
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.4"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className={css`${dataText}`}>{f.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <span />
      )}
    </li>
  );
}

function PlansSkeleton() {
  const { css } = useCss();
  return (
    <div
      part="pricing-table"
      aria-busy="true"
      className={css`display: flex; flex-direction: column; align-items: center; gap: 24px; padding: 8px 0;`}
    >
      <Skeleton variant="rect" width={220} height={42} />
      <div
        className={css`
          width: 100%; max-width: 1120px; display: grid; gap: 20px;
          grid-template-columns: repeat(auto-fit, minmax(min(100%, 248px), 1fr));
        `}
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rect" height={380} announce={i === 0} />
        ))}
      </div>
    </div>
  );
}

function StateScreen({
  tone,
  title,
  text,
  action,
}: {
  tone: 'error' | 'warning' | 'info';
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  const { css } = useCss();
  return (
    <div
      part="pricing-table state"
      data-state={tone}
      className={css`display: flex; justify-content: center; padding: 40px 16px;`}
    >
      <Alert
        tone={tone}
        title={title}
        action={action}
        className={css`width: 100%; max-width: 560px; box-sizing: border-box;`}
      >
        {text}
      </Alert>
    </div>
  );
}

/**
 * The chosen plan's checkout in place: a <pay-checkout> for its session (loaded now, not with the table) with the
 * element's settings, below a Back to plans button that takes the focus. Its events are composed: they leave this
 * shadow root and reach the page from <pay-pricing-table>.
 */
function InlineCheckout({
  chosen,
  name,
  livemode,
  onBack,
}: {
  chosen: Chosen;
  name: string;
  livemode: boolean;
  onBack: () => void;
}) {
  const t = useT();
  const { css } = useCss();
  const settings = useSettings();
  const box = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => back.current?.focus(), []);
  useEffect(() => {
    let live = true;
    setState('loading');
    loadCheckoutElement().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useLayoutEffect(() => {
    const host = box.current;
    if (state !== 'ready' || !host) return;
    const el = document.createElement('pay-checkout');
    el.setAttribute('checkout-id', chosen.sessionId);
    el.setAttribute('currency', chosen.currencyId);
    el.setAttribute('livemode', String(livemode));
    host.replaceChildren(el);
    return () => el.remove();
  }, [state, chosen.sessionId, chosen.currencyId, livemode]);

  // The shared settings follow the table's (a new locale or theme reaches the checkout in place).
  useLayoutEffect(() => {
    const el = box.current?.firstElementChild;
    if (!el) return;
    const set = (name: string, value: string | undefined) =>
      value === undefined ? el.removeAttribute(name) : el.setAttribute(name, value);
    set('base-url', settings.baseUrl);
    set('auth-token', settings.authToken);
    set('locale', settings.locale);
    set('theme', settings.theme);
  }, [state, chosen.sessionId, settings.baseUrl, settings.authToken, settings.locale, settings.theme]);

  return (
    <section part="pricing-table" className={css`display: flex; flex-direction: column; gap: 12px;`}>
      <VisuallyHidden>
        <h2>{tIsolated(t, 'pricingTable.checkoutOf', { name }, ['name'])}</h2>
      </VisuallyHidden>
      <div>
        <Button
          ref={back}
          part="back"
          variant="text"
          onClick={onBack}
          startIcon={
            <svg
              className={css`${flipInRtl}`}
              width="18"
              height="18"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          }
        >
          {t('pricingTable.back')}
        </Button>
      </div>
      {state === 'failed' ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('error.network')}
        </Alert>
      ) : null}
      {state === 'loading' ? <Skeleton variant="rect" height={420} /> : null}
      <div part="checkout" ref={box} />
    </section>
  );
}
