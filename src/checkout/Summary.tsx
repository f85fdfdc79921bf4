/**
 * The order summary (spec §2): line items with image, name, quantity and amount in the chosen currency, subtotal,
 * discount, total due today, the recurring renewal amount (metered items excluded) and the trial. Collapsed by
 * default with 3 or more items (a disclosure button, aria-expanded).
 */
import { useId, useState } from 'react';
import type { CheckoutSession, LineItem, PaymentCurrency } from '../api/types.ts';
import { intervalText, isMetered, trialSeconds, trialText } from '../core/billing.ts';
import { itemsTotal, lineItemAmount, summaryCollapsedByDefault, trialApplies, unitAmountFor } from '../core/checkout.ts';
import { pickLocaleText } from '../core/locale.ts';
import { formatAmount, isZeroAmount, subAmounts, toBigInt } from '../core/money.ts';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing, visuallyHidden } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import { Promotion } from './Promotion.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';

export type SummaryProps = {
  session: CheckoutSession;
  currency: PaymentCurrency | undefined;
  /** Paying or submitting: quantity and promotion code are locked. */
  busy?: boolean;
  /** Change an adjustable item's quantity (rejects with the text to show). */
  onQuantity?: (priceId: string, quantity: number) => Promise<void>;
  /** False while a quantity is cleared (paying disabled). */
  onPayable?: (payable: boolean) => void;
  /** Promotion code actions, when the session accepts codes. */
  promotion?: { apply: (code: string) => Promise<void>; remove: () => Promise<void> } | undefined;
};

/** Price and amount text for one currency: '12.50 TBA'. */
export function useMoney(currency: PaymentCurrency | undefined) {
  const { locale } = useSettings();
  return (amount: string | null | undefined) =>
    `${formatAmount(amount ?? '0', currency?.decimal ?? 2, { locale })}${currency?.symbol ? ` ${currency.symbol}` : ''}`;
}

const itemPrice = (item: LineItem) => item.upsell_price ?? item.price;

export function Summary({ session, currency, busy = false, onQuantity, onPayable, promotion }: SummaryProps) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney(currency);
  const listId = useId();
  const items = session.line_items.map((i) => ({ ...i, price: itemPrice(i) }));
  const [collapsed, setCollapsed] = useState(() => summaryCollapsedByDefault(items));
  const currencyId = currency?.id;
  const subtotal = itemsTotal(items, currencyId);
  const sameCurrency = currencyId === session.currency_id;
  const discount = sameCurrency ? (session.total_details?.amount_discount ?? '0') : '0';
  const recurringItems = items.filter((i) => i.price.recurring);
  const trial = session.mode !== 'payment' && trialApplies(session.subscription_data, currencyId)
    ? trialSeconds({ trialInDays: session.subscription_data?.trial_period_days ?? null, trialEnd: session.subscription_data?.trial_end ?? null })
    : 0;
  // Due today: nothing for recurring items during a trial.
  const dueToday = trial > 0 ? itemsTotal(items.filter((i) => !i.price.recurring), currencyId) : subtractFloor(subtotal, discount);
  const renewal = itemsTotal(recurringItems, currencyId, { excludeMetered: true });
  const firstRecurring = recurringItems.find((i) => !isMetered(i.price.recurring))?.price.recurring;
  const interval = firstRecurring ? intervalText(firstRecurring) : null;
  const intervalLabel = interval ? t(interval.key, interval.params) : '';

  const row = css`display: flex; justify-content: space-between; gap: 16px; align-items: baseline; font-variant-numeric: tabular-nums;`;
  return (
    <section part="summary" aria-labelledby={`${listId}-h`} className={css`display: flex; flex-direction: column; gap: 16px; min-width: 0;`}>
      <div className={css`display: flex; justify-content: space-between; align-items: center; gap: 12px;`}>
        <h2 id={`${listId}-h`} className={css`margin: 0; font-size: 15px; font-weight: 650; color: var(--pay-color-muted);`}>
          {t('checkout.summary')}
        </h2>
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
      <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
        <div className={css`font-size: 34px; font-weight: 750; letter-spacing: -0.02em; line-height: 1.15; font-variant-numeric: tabular-nums; word-break: break-word;`} part="total">
          {money(dueToday)}
        </div>
        {interval && !isZeroAmount(renewal) ? (
          <div className={css`color: var(--pay-color-muted);`}>
            {trial > 0 ? t('checkout.trialThen', { amount: money(renewal), interval: intervalLabel }) : t('checkout.thenRenews', { amount: money(renewal), interval: intervalLabel })}
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
      <ul id={listId} hidden={collapsed} className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 14px;`}>
        {items.map((item) => {
          const p = item.price;
          const product = p.product;
          const name = product?.name ?? p.nickname ?? p.id;
          const image = checkHref(product?.images?.[0]);
          const unit = unitAmountFor(p, currencyId);
          const recurring = p.recurring ? intervalText(p.recurring) : null;
          return (
            <li key={item.price_id} part="line-item" className={css`display: grid; grid-template-columns: 44px 1fr auto; gap: 12px; align-items: start;`}>
              {image ? (
                <img src={image} alt="" width={44} height={44} className={css`border-radius: var(--pay-radius-sm); object-fit: cover; background: var(--pay-color-neutral-bg);`} />
              ) : (
                <span aria-hidden="true" className={css`width: 44px; height: 44px; border-radius: var(--pay-radius-sm); background: var(--pay-color-neutral-bg); display: grid; place-items: center; font-weight: 700; color: var(--pay-color-muted);`}>
                  {String(name).slice(0, 1).toUpperCase()}
                </span>
              )}
              <div className={css`min-width: 0; display: flex; flex-direction: column; gap: 2px;`}>
                <span className={css`font-weight: 600; overflow-wrap: anywhere;`}>{name}</span>
                {product?.description ? (
                  <span className={css`font-size: 13px; color: var(--pay-color-muted); overflow-wrap: anywhere;`}>{pickLocaleText(product.description, locale)}</span>
                ) : null}
                <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>
                  {t('checkout.quantity', { count: item.quantity })}
                  {item.quantity > 1 ? ` · ${t('checkout.eachPrice', { amount: money(unit.amount) })}` : ''}
                  {recurring ? ` · ${t(recurring.key, recurring.params)}` : ''}
                </span>
                {item.adjustable_quantity?.enabled && onQuantity ? (
                  <QuantitySelector
                    item={item}
                    name={String(name)}
                    disabled={busy}
                    onChange={(q) => onQuantity(item.price_id, q)}
                    onPayable={(ok) => onPayable?.(ok)}
                  />
                ) : null}
                {unit.missing && !item.custom_amount ? (
                  <span role="note" className={css`font-size: 12px; color: var(--pay-color-warning);`}>{t('checkout.missingCurrency')}</span>
                ) : null}
              </div>
              <span className={css`font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap;`}>{money(lineItemAmount(item, currencyId))}</span>
            </li>
          );
        })}
      </ul>
      <dl className={css`margin: 0; display: flex; flex-direction: column; gap: 8px; border-top: 1px solid var(--pay-color-border); padding-top: 14px; & dt, & dd { margin: 0; }`}>
        <div className={row}>
          <dt>{t('checkout.subtotal')}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {promotion ? (
          <div>
            <dt className={css`${visuallyHidden}`}>{t('checkout.promoTitle')}</dt>
            <dd>
              <Promotion session={session} disabled={busy} money={money} apply={promotion.apply} remove={promotion.remove} />
            </dd>
          </div>
        ) : toBigInt(discount) > 0n ? (
          <div className={row}>
            <dt>{t('checkout.discount')}</dt>
            <dd className={css`color: var(--pay-color-success);`}>−{money(discount)}</dd>
          </div>
        ) : null}
        <div className={`${row} ${css`font-weight: 700; font-size: 16px; border-top: 1px solid var(--pay-color-border); padding-top: 10px;`}`}>
          <dt>{t('checkout.totalDue')}</dt>
          <dd>{money(dueToday)}</dd>
        </div>
      </dl>
    </section>
  );
}

function subtractFloor(a: string, b: string): string {
  const r = subAmounts(a, b);
  return toBigInt(r) < 0n ? '0' : r;
}
