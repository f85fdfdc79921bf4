/**
 * The promotion lines of a discounted invoice (spec §3 Discount): the subtotal, then each discount with its promotion
 * code and coupon names when known. A lazy chunk of the invoice detail (strings in the bundled `portal` namespace).
 */
import type { Invoice } from '../api/types.ts';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import { useMoney } from './parts.tsx';

export default function InvoiceDiscounts({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const currency = invoice.paymentCurrency;
  const discounts = (invoice.total_discount_amounts ?? [])
    .filter((d) => d && /^\d+$/.test(String(d.amount)) && BigInt(d.amount) > 0n)
    .map((d, i) => {
      // discountDetails (the retrieve's) in the order of the amounts; matched by coupon or promotion code when it can be.
      const details = invoice.discountDetails ?? [];
      const info =
        details.find(
          (x) =>
            (d.promotion_code && x.promotionCode?.id === d.promotion_code) || (d.coupon && x.coupon?.id === d.coupon),
        ) ?? details[i];
      return { amount: String(d.amount), code: info?.promotionCode?.code ?? null, coupon: info?.coupon?.name ?? null };
    });
  if (!discounts.length) return null;
  return (
    <dl
      part="invoice-discounts"
      className={css`margin: 0; display: flex; flex-direction: column; gap: 6px; border-top: 1px solid var(--pay-color-border); padding-top: 10px; font-variant-numeric: tabular-nums; & > div { display: flex; justify-content: space-between; gap: 12px; } & dd { margin: 0; }`}
    >
      {invoice.subtotal ? (
        <div>
          <dt>{t('portal.subtotal')}</dt>
          <dd>{money(invoice.subtotal, currency)}</dd>
        </div>
      ) : null}
      {discounts.map((d, i) => (
        <div key={i} part="invoice-discount">
          <dt>
            {d.code ? t('portal.discountCode', { code: d.code }) : t('portal.discount')}
            {d.coupon ? <span className={css`color: var(--pay-color-muted);`}> · {d.coupon}</span> : null}
          </dt>
          <dd>−{money(d.amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
