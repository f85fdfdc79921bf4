/**
 * The invoice history as a list grouped by period (a lazy chunk): a heading per month, then each invoice with its
 * number (link), date, billing reason, amount and status chip. Same page and page size as the table.
 */
import { useId } from 'react';
import type { Invoice } from '../api/types.ts';
import { billingReasonKey, invoiceStatusTone } from '../core/billing.ts';
import { formatDate } from '../core/dates.ts';
import { customerLinks } from '../core/links.ts';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { groupInvoicesByPeriod } from './invoice-groups.ts';
import { AppLink, day, useMoney } from './parts.tsx';

export default function InvoiceList({ list, prefix, label }: { list: Invoice[]; prefix: string; label: string }) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney();
  const links = customerLinks(prefix);
  const groups = groupInvoicesByPeriod(list);
  const base = useId();
  return (
    <div
      part="invoice-list"
      role="region"
      aria-label={label}
      className={css`display: flex; flex-direction: column; gap: 16px;`}
    >
      {groups.map((g) => (
        <section
          key={g.key || 'none'}
          part="invoice-group"
          data-period={g.key}
          aria-labelledby={`${base}-${g.key || 'none'}`}
        >
          <h2
            id={`${base}-${g.key || 'none'}`}
            className={css`margin: 0 0 8px; font-size: 14px; font-weight: 600; color: var(--pay-color-muted);`}
          >
            {g.key ? formatDate(g.start, locale, { year: 'numeric', month: 'long' }) : '—'}
          </h2>
          <ul
            className={css`list-style: none; margin: 0; padding: 0; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
          >
            {g.items.map((inv) => (
              <li
                key={inv.id}
                part="invoice-list-item"
                className={css`display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; padding: 12px 14px; border-bottom: 1px solid var(--pay-color-border); &:last-child { border-bottom: 0; }`}
              >
                <span className={css`flex: 1 1 200px; display: flex; flex-direction: column; gap: 2px; min-width: 0;`}>
                  <span className={css`font-weight: 600;`}>
                    <AppLink path={links.invoice(inv.id)}>{inv.number || inv.id}</AppLink>
                  </span>
                  <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>
                    {day(inv.created_at)} · {t(billingReasonKey(inv.billing_reason))}
                  </span>
                </span>
                <span className={css`font-weight: 600; font-variant-numeric: tabular-nums;`}>
                  {money(inv.total, inv.paymentCurrency)}
                </span>
                <StatusChip tone={invoiceStatusTone(inv.status)}>
                  {t(`portal.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}
                </StatusChip>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
