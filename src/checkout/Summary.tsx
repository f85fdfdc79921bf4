/**
 * The order summary (spec §2): line items with image, name, quantity and amount in the chosen currency, subtotal,
 * discount, total due today, the recurring renewal amount (metered items excluded) and the trial. Collapsed by
 * default with 3 or more items (a disclosure button, aria-expanded).
 */
import { useId, useState } from 'react';
import type { CheckoutSession, LineItem, PaymentCurrency, Price } from '../api/types.ts';
import { intervalText, isMetered, stakeAmount, trialSeconds, trialText, upsellSavingPercent } from '../core/billing.ts';
import {
  itemsTotal,
  lineItemAmount,
  summaryCollapsedByDefault,
  trialApplies,
  unitAmountFor,
} from '../core/checkout.ts';
import { pickLocaleText } from '../core/locale.ts';
import { isZeroAmount, subAmounts, toBigInt } from '../core/money.ts';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { dataText, focusRing, visuallyHidden } from '../ui/shared-css.ts';
import { useIsMobile } from '../ui/responsive.ts';
import { useCss } from '../ui/styles.tsx';
import { ProductImage, useMoney } from './parts.tsx';
import { Promotion } from './Promotion.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';
import { isolate } from '../core/bidi.ts';

export type SummaryProps = {
  session: CheckoutSession;
  currency: PaymentCurrency | undefined;
  /** The currency is fiat (the card method's): amounts keep their minor digits. */
  fiat?: boolean;
  /** Paying or submitting: quantity and promotion code are locked. */
  busy?: boolean;
  /** Change an adjustable item's quantity (rejects with the text to show). */
  onQuantity?: (priceId: string, quantity: number) => Promise<void>;
  /** False while an item's quantity is cleared (paying disabled), true again once it holds one. */
  onPayable?: (priceId: string, payable: boolean) => void;
  /** False while an item's quantity is not yet the server's (on its way, or waiting to be sent): paying waits. */
  onQuantitySettled?: (priceId: string, settled: boolean) => void;
  /** A quantity is on its way: the amounts on screen are the previous ones, shown muted (aria-busy). */
  updating?: boolean;
  /** Promotion code actions, when the session accepts codes. */
  promotion?: { apply: (code: string) => Promise<void>; remove: () => Promise<void> } | undefined;
  /** Switch an item to its upsell price (`to`) or back (`to` null). */
  onUpsell?: (from: string, to: string | null) => Promise<void>;
  /** The suggested cross-sell price, when there is one. */
  crossSell?:
    | { price: Price; required: boolean; shake: boolean; add: () => Promise<void>; remove: () => Promise<void> }
    | undefined;
};

const itemPrice = (item: LineItem) => item.upsell_price ?? item.price;

export function Summary({
  session,
  currency,
  fiat = false,
  busy = false,
  onQuantity,
  onPayable,
  onQuantitySettled,
  updating = false,
  promotion,
  onUpsell,
  crossSell,
}: SummaryProps) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney(currency, fiat);
  const listId = useId();
  const items = session.line_items.map((i) => ({ ...i, price: itemPrice(i), original: i.price }));
  const [collapsed, setCollapsed] = useState(() => summaryCollapsedByDefault(items));
  const currencyId = currency?.id;
  // Metered items are billed by usage later: they add nothing now (as the platform prices them).
  const subtotal = itemsTotal(items, currencyId, { excludeMetered: true });
  const hasMetered = items.some((i) => isMetered(i.price.recurring));
  // min_stake_amount is in token units on the platform: converted once, in core.
  const stake = currency ? stakeAmount(session.subscription_data, currency.decimal) : null;
  const sameCurrency = currencyId === session.currency_id;
  const discount = sameCurrency ? (session.total_details?.amount_discount ?? '0') : '0';
  const recurringItems = items.filter((i) => i.price.recurring);
  const trial =
    session.mode !== 'payment' && trialApplies(session.subscription_data, currencyId)
      ? trialSeconds({
          trialInDays: session.subscription_data?.trial_period_days ?? null,
          trialEnd: session.subscription_data?.trial_end ?? null,
        })
      : 0;
  // Due today: nothing for recurring items during a trial.
  const dueToday =
    trial > 0
      ? itemsTotal(
          items.filter((i) => !i.price.recurring),
          currencyId,
          { excludeMetered: true },
        )
      : subtractFloor(subtotal, discount);
  const renewal = itemsTotal(recurringItems, currencyId, { excludeMetered: true });
  const firstRecurring = recurringItems.find((i) => !isMetered(i.price.recurring))?.price.recurring;
  const interval = firstRecurring ? intervalText(firstRecurring) : null;
  const intervalLabel = interval ? t(interval.key, interval.params) : '';

  // On a phone the summary folds into one row with the total (Pay stays near the top); a disclosure opens it.
  const phone = useIsMobile();
  const [open, setOpen] = useState(false);
  const folded = phone && !open;

  const row = css`display: flex; justify-content: space-between; gap: 16px; align-items: baseline; font-variant-numeric: tabular-nums;`;
  return (
    <section
      part="summary"
      aria-labelledby={`${listId}-h`}
      aria-busy={updating || undefined}
      className={css`
        display: flex; flex-direction: column; gap: 16px; min-width: 0;
        & [data-amount] { transition: color var(--pay-transition); }
        &[aria-busy='true'] [data-amount] { color: var(--pay-color-muted); }
      `}
    >
      {phone ? (
        <h2 id={`${listId}-h`} className={css`margin: 0; font-size: inherit;`}>
          <button
            type="button"
            part="summary-toggle"
            aria-expanded={open}
            aria-controls={`${listId}-body`}
            onClick={() => setOpen((o) => !o)}
            className={css`
              display: flex; width: 100%; align-items: center; gap: 12px; min-height: 48px; padding: 10px 12px; text-align: start;
              border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius); background: var(--pay-color-surface);
              color: var(--pay-color-text); font: inherit; cursor: pointer; ${focusRing}
            `}
          >
            <span className={css`flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px;`}>
              <span className={css`font-weight: 650;`}>{t('checkout.summary')}</span>
              <span className={css`font-size: 13px; color: var(--pay-color-primary);`}>
                {open ? t('checkout.summaryHide') : t('checkout.summaryShow')}
              </span>
            </span>
            <span
              part="total"
              data-amount
              className={css`font-size: 20px; font-weight: 750; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; text-align: end;`}
            >
              {money(dueToday)}
            </span>
            <svg
              width="16"
              height="16"
              viewBox="0 0 16 16"
              aria-hidden="true"
              focusable="false"
              className={css`flex: none; transition: transform var(--pay-transition); transform: rotate(${open ? 180 : 0}deg);`}
            >
              <path
                d="M3.5 6l4.5 4.5L12.5 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </h2>
      ) : null}
      <div
        id={`${listId}-body`}
        hidden={folded}
        className={css`display: flex; flex-direction: column; gap: 16px; min-width: 0; &[hidden] { display: none; }`}
      >
        <div
          className={css`display: flex; justify-content: space-between; align-items: center; gap: 12px; &:empty { display: none; }`}
        >
          {phone ? null : (
            <h2
              id={`${listId}-h`}
              className={css`margin: 0; font-size: 15px; font-weight: 650; color: var(--pay-color-muted);`}
            >
              {t('checkout.summary')}
            </h2>
          )}
          {items.length >= 3 ? (
            <button
              type="button"
              aria-expanded={!collapsed}
              aria-controls={listId}
              onClick={() => setCollapsed((c) => !c)}
              className={css`border: 0; background: none; color: var(--pay-color-primary); font: inherit; font-size: 13px; cursor: pointer; padding: 4px; border-radius: var(--pay-radius-sm); ${focusRing}`}
            >
              {collapsed ? t('checkout.showItems', { count: items.length }) : t('checkout.hideItems')}
            </button>
          ) : null}
        </div>
        <div className={css`display: flex; flex-direction: column; gap: 4px; &:empty { display: none; }`}>
          {phone ? null : (
            <div
              className={css`font-size: 34px; font-weight: 750; letter-spacing: -0.02em; line-height: 1.15; font-variant-numeric: tabular-nums; word-break: break-word;`}
              part="total"
              data-amount
            >
              {money(dueToday)}
            </div>
          )}
          {interval && !isZeroAmount(renewal) ? (
            <div className={css`color: var(--pay-color-muted);`}>
              {trial > 0
                ? t('checkout.trialThen', { amount: money(renewal), interval: intervalLabel })
                : t('checkout.thenRenews', { amount: money(renewal), interval: intervalLabel })}
            </div>
          ) : null}
          {trial > 0 ? (
            <div part="trial" className={css`color: var(--pay-color-success); font-weight: 600;`}>
              {(() => {
                const tt = trialText(trial);
                return t(tt.key, tt.params);
              })()}
            </div>
          ) : null}
        </div>
        <ul
          id={listId}
          hidden={collapsed}
          className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 14px;`}
        >
          {items.map((item) => {
            const p = item.price;
            const product = p.product;
            const name = product?.name ?? p.nickname ?? p.id;
            const unit = unitAmountFor(p, currencyId);
            const recurring = p.recurring ? intervalText(p.recurring) : null;
            const adjustable = !!item.adjustable_quantity?.enabled && !!onQuantity;
            return (
              <li
                key={item.price_id}
                part="line-item"
                className={css`display: grid; grid-template-columns: 48px minmax(0, 1fr) auto; column-gap: 12px; align-items: start; line-height: 1.4;`}
              >
                <ProductImage src={product?.images?.[0]} name={String(name)} />
                <div className={css`min-width: 0; display: flex; flex-direction: column; gap: 2px;`}>
                  <span className={css`font-weight: 600; overflow-wrap: anywhere; ${dataText}`}>{name}</span>
                  {product?.description ? (
                    <span
                      className={css`font-size: 13px; color: var(--pay-color-muted); overflow-wrap: anywhere; ${dataText}`}
                    >
                      {pickLocaleText(product.description, locale)}
                    </span>
                  ) : null}
                  {isMetered(p.recurring) ? (
                    <span className={css`font-size: 13px; color: var(--pay-color-muted);`} part="metered">
                      {t('checkout.billedByUsage', {
                        amount: money(unit.amount),
                        unit: product?.unit_label || t('checkout.unitDefault'),
                      })}
                    </span>
                  ) : null}
                  {/* One quantity control: the stepper when the payer may change it, else 'Qty 3'. */}
                  <ItemMeta
                    parts={[
                      adjustable ? null : t('checkout.quantity', { count: item.quantity }),
                      item.quantity > 1 || adjustable ? t('checkout.eachPrice', { amount: money(unit.amount) }) : null,
                      recurring ? t(recurring.key, recurring.params) : null,
                    ]}
                  />
                  {adjustable ? (
                    <QuantitySelector
                      item={item}
                      name={String(name)}
                      disabled={busy}
                      onChange={(q) => onQuantity!(item.price_id, q)}
                      onPayable={(ok) => onPayable?.(item.price_id, ok)}
                      onSettled={(settled) => onQuantitySettled?.(item.price_id, settled)}
                    />
                  ) : null}
                  {onUpsell && item.original.upsell?.upsells_to ? (
                    <UpsellSwitch
                      item={item}
                      currencyId={currencyId}
                      money={money}
                      disabled={busy}
                      onUpsell={onUpsell}
                    />
                  ) : null}
                  {unit.missing && !item.custom_amount ? (
                    <span role="note" className={css`font-size: 12px; color: var(--pay-color-warning);`}>
                      {t('checkout.missingCurrency')}
                    </span>
                  ) : null}
                </div>
                <span
                  data-amount
                  className={css`font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap;`}
                >
                  {money(isMetered(p.recurring) ? '0' : lineItemAmount(item, currencyId))}
                </span>
              </li>
            );
          })}
        </ul>
        {crossSell && !items.some((i) => i.cross_sell) ? (
          <CrossSellCard offer={crossSell} money={money} disabled={busy} currencyId={currencyId} />
        ) : null}
        {crossSell && items.some((i) => i.cross_sell) ? (
          <div>
            <Button
              variant="text"
              size="sm"
              disabled={busy}
              onClick={() => void crossSell.remove()}
              aria-label={t('checkout.crossSellRemoveLabel', { name: isolate(crossSell.price.product?.name) })}
            >
              {t('checkout.crossSellRemove')} {crossSell.price.product?.name}
            </Button>
          </div>
        ) : null}
        <dl
          className={css`margin: 0; display: flex; flex-direction: column; gap: 8px; border-top: 1px solid var(--pay-color-border); padding-top: 14px; & dt, & dd { margin: 0; }`}
        >
          <div className={row}>
            <dt>{t('checkout.subtotal')}</dt>
            <dd data-amount>{money(subtotal)}</dd>
          </div>
          {promotion ? (
            <div>
              <dt className={css`${visuallyHidden}`}>{t('checkout.promoTitle')}</dt>
              <dd>
                <Promotion
                  session={session}
                  disabled={busy}
                  money={money}
                  apply={promotion.apply}
                  remove={promotion.remove}
                />
              </dd>
            </div>
          ) : toBigInt(discount) > 0n ? (
            <div className={row}>
              <dt>{t('checkout.discount')}</dt>
              <dd data-amount className={css`color: var(--pay-color-success);`}>
                −{money(discount)}
              </dd>
            </div>
          ) : null}
          <div
            className={`${row} ${css`font-weight: 700; font-size: 16px; border-top: 1px solid var(--pay-color-border); padding-top: 10px;`}`}
          >
            <dt>{t('checkout.totalDue')}</dt>
            <dd data-amount>{money(dueToday)}</dd>
          </div>
          {stake ? (
            <div part="staking" className={row}>
              <dt>{t('checkout.staking')}</dt>
              <dd>{money(stake)}</dd>
            </div>
          ) : null}
        </dl>
        {stake ? (
          <p className={css`margin: -8px 0 0; font-size: 12px; color: var(--pay-color-muted);`}>
            {t('checkout.stakingHint')}
          </p>
        ) : null}
        {hasMetered ? (
          <p className={css`margin: -8px 0 0; font-size: 12px; color: var(--pay-color-muted);`}>
            {t('checkout.usageLater')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The muted line under an item's name: the parts that apply, joined by ' · '. */
function ItemMeta({ parts }: { parts: Array<string | null> }) {
  const { css } = useCss();
  const shown = parts.filter(Boolean);
  return shown.length ? (
    <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>{shown.join(' · ')}</span>
  ) : null;
}

function UpsellSwitch({
  item,
  currencyId,
  money,
  disabled,
  onUpsell,
}: {
  item: LineItem & { original: Price };
  currencyId: string | undefined;
  money: (a: string | null | undefined) => string;
  disabled: boolean;
  onUpsell: (from: string, to: string | null) => Promise<void>;
}) {
  const t = useT();
  const { css } = useCss();
  const [pending, setPending] = useState(false);
  const to = item.original.upsell!.upsells_to!;
  const on = !!item.upsell_price_id;
  const fromAmount = unitAmountFor(item.original, currencyId).amount;
  const toAmount = unitAmountFor(to, currencyId).amount;
  const percent =
    item.original.recurring && to.recurring
      ? upsellSavingPercent(
          { amount: fromAmount, recurring: item.original.recurring },
          { amount: toAmount, recurring: to.recurring },
        )
      : 0;
  const interval = to.recurring ? intervalText(to.recurring) : null;
  const params = { amount: money(toAmount), interval: interval ? t(interval.key, interval.params) : '', percent };
  const toggle = async () => {
    setPending(true);
    try {
      await onUpsell(item.price_id, on ? null : to.id);
    } finally {
      setPending(false);
    }
  };
  return (
    <label
      part="upsell"
      className={css`display: inline-flex; align-items: center; gap: 10px; margin-top: 6px; font-size: 13px; cursor: pointer; &:has(input:disabled) { cursor: not-allowed; opacity: 0.7; }`}
    >
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={disabled || pending}
        onChange={() => void toggle()}
        className={css`appearance: none; width: 34px; height: 20px; flex: none; border-radius: 999px; background: ${on ? 'var(--pay-color-primary)' : 'var(--pay-color-border-strong)'}; position: relative; margin: 0; cursor: inherit; transition: background var(--pay-transition);
          &::after { content: ''; position: absolute; top: 2px; inset-inline-start: ${on ? '16px' : '2px'}; width: 16px; height: 16px; border-radius: 50%; background: var(--pay-color-bg); transition: inset-inline-start var(--pay-transition); }
          ${focusRing}`}
      />
      <span>{percent > 0 ? t('checkout.upsellSwitch', params) : t('checkout.upsellSwitchNoSaving', params)}</span>
    </label>
  );
}

function CrossSellCard({
  offer,
  money,
  disabled,
  currencyId,
}: {
  offer: NonNullable<SummaryProps['crossSell']>;
  money: (a: string | null | undefined) => string;
  disabled: boolean;
  currencyId: string | undefined;
}) {
  const t = useT();
  const { css, keyframes } = useCss();
  const [pending, setPending] = useState(false);
  const shake = keyframes`0%, 100% { transform: translateX(0); } 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); }`;
  const name = offer.price.product?.name ?? offer.price.nickname ?? offer.price.id;
  return (
    <div
      part="cross-sell"
      data-shake={offer.shake || undefined}
      className={css`
        display: flex; align-items: center; gap: 12px; padding: 12px 14px; border: 1px dashed var(--pay-color-border-strong); border-radius: var(--pay-radius);
        &[data-shake] { animation: ${shake} 1s ease; border-color: var(--pay-color-danger); }
        @media (prefers-reduced-motion: reduce) { &[data-shake] { animation: none; } }
      `}
    >
      <div className={css`flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px;`}>
        <span
          className={css`font-size: 12px; color: ${offer.required ? 'var(--pay-color-danger)' : 'var(--pay-color-muted)'}; font-weight: 600;`}
        >
          {offer.required ? t('checkout.crossSellRequired') : t('checkout.crossSellTitle')}
        </span>
        <span className={css`font-weight: 600; overflow-wrap: anywhere;`}>{name}</span>
        <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>
          {money(unitAmountFor(offer.price, currencyId).amount)}
        </span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        pending={pending}
        disabled={disabled}
        aria-label={t('checkout.crossSellAddLabel', { name: isolate(name) })}
        onClick={async () => {
          setPending(true);
          try {
            await offer.add();
          } finally {
            setPending(false);
          }
        }}
      >
        {t('checkout.crossSellAdd')}
      </Button>
    </div>
  );
}

function subtractFloor(a: string, b: string): string {
  const r = subAmounts(a, b);
  return toBigInt(r) < 0n ? '0' : r;
}
