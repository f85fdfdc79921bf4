/**
 * The promotion lines of a discounted invoice (spec §3 Discount): the subtotal, then each discount with its promotion
 * code and coupon names when known. A lazy chunk of the invoice detail (strings in the bundled `portal` namespace).
 */
import type { Invoice } from '../api/types.ts';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import { discountLines } from './discount-lines.ts';
import { useMoney } from './parts.tsx';

export default function InvoiceDiscounts({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const currency = invoice.paymentCurrency;
  const discounts = discountLines(invoice);
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
