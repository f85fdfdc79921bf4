/**
 * The invoice history of the signed-in customer as a table (spec §2, §9): number (link to the invoice), date,
 * amount, status chip with the spec's tones, billing reason; page size 10 (5 below md), options 5/10/20/50/100.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { InvoiceListParams } from '../api/resources/customers.ts';
import { billingReasonKey, invoiceStatusTone } from '../core/billing.ts';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_MOBILE, TABLE_PAGE_SIZE_OPTIONS } from '../core/constants.ts';
import { formatDate } from '../core/dates.ts';
import { customerLinks } from '../core/links.ts';
import { formatNumber } from '../core/locale.ts';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { useIsMobile } from '../ui/responsive.ts';
import { Select } from '../ui/Select.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { AppLink, LoadError, Loading, Notice, useMoney } from './parts.tsx';

export type InvoiceTableProps = {
  /** Accessible name of the table. */
  label: string;
  filter?: Omit<InvoiceListParams, 'page' | 'pageSize'>;
  /** What to show when there is nothing (default: no invoices yet). */
  empty?: ReactNode;
  prefix: string;
};

export function InvoiceTable({ label, filter = {}, empty, prefix }: InvoiceTableProps) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney();
  const mobile = useIsMobile();
  const captionId = useId();
  const [pageSize, setPageSize] = useState<number>(mobile ? TABLE_PAGE_SIZE_MOBILE : TABLE_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const links = customerLinks(prefix);
  useEffect(() => setPageSize(mobile ? TABLE_PAGE_SIZE_MOBILE : TABLE_PAGE_SIZE), [mobile]);

  const key = JSON.stringify(filter);
  const q = useQuery(['invoices', key, page, pageSize], () => api.invoices.list({ ...filter, page, pageSize }), { placeholderData: (prev) => prev });
  if (q.isError && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Loading rows={Math.min(pageSize, 5)} />;
  const { count, list } = q.data;
  if (count === 0) return <>{empty ?? <Notice title={t('portal.noInvoices')} text={t('portal.noInvoicesHint')} />}</>;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);

  const cell = css`padding: 12px 14px; text-align: start; border-bottom: 1px solid var(--pay-color-border); white-space: nowrap;`;
  return (
    <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
      <div className={css`overflow-x: auto; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`} tabIndex={0} role="region" aria-labelledby={captionId}>
        <table part="invoice-table" aria-busy={q.isFetching} className={css`width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; & tbody tr:last-child > * { border-bottom: 0; } & tbody tr:hover { background: var(--pay-color-hover); }`}>
          <caption id={captionId} className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`}>
            {label}
          </caption>
          <thead>
            <tr className={css`background: var(--pay-color-surface); font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--pay-color-muted);`}>
              <th scope="col" className={cell}>{t('portal.number')}</th>
              <th scope="col" className={cell}>{t('portal.date')}</th>
              <th scope="col" className={`${cell} ${css`text-align: end;`}`}>{t('portal.amount')}</th>
              <th scope="col" className={cell}>{t('portal.status')}</th>
              <th scope="col" className={cell}>{t('portal.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((inv) => (
              <tr key={inv.id} part="invoice-row">
                <th scope="row" className={`${cell} ${css`font-weight: 600;`}`}>
                  <AppLink path={links.invoice(inv.id)}>{inv.number || inv.id}</AppLink>
                </th>
                <td className={cell}>{formatDate(inv.created_at, locale)}</td>
                <td className={`${cell} ${css`text-align: end; font-weight: 600;`}`}>{money(inv.total, inv.paymentCurrency)}</td>
                <td className={cell}>
                  <StatusChip tone={invoiceStatusTone(inv.status)}>{t(`portal.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}</StatusChip>
                </td>
                <td className={`${cell} ${css`color: var(--pay-color-muted);`}`}>{t(billingReasonKey(inv.billing_reason))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={label} part="pagination" className={css`display: flex; align-items: center; justify-content: flex-end; gap: 12px; flex-wrap: wrap; font-size: 13px; color: var(--pay-color-muted);`}>
        <div className={css`width: 150px;`}>
          <Select
            label={t('portal.rowsPerPage')}
            hideLabel
            value={String(pageSize)}
            options={TABLE_PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t('portal.perPage', { count: n }) }))}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          />
        </div>
        <span aria-live="polite">{t('portal.range', { from: formatNumber(from, locale), to: formatNumber(to, locale), total: formatNumber(count, locale) })}</span>
        <Button variant="secondary" size="sm" aria-label={t('portal.previous')} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          ‹
        </Button>
        <span>{t('portal.pageOf', { page, pages })}</span>
        <Button variant="secondary" size="sm" aria-label={t('portal.next')} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          ›
        </Button>
      </nav>
    </div>
  );
}
