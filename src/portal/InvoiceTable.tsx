/**
 * The invoice history of the signed-in customer as a table (spec §2, §9): number (link to the invoice), date,
 * amount, status chip with the spec's tones, billing reason; page size 10 (5 below md), options 5/10/20/50/100.
 * A Table / List switch shows the same page as a list grouped by month instead (InvoiceList.tsx, lazy).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { billingReasonKey, invoiceStatusTone } from '../core/billing.ts';
import { customerLinks } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { BELOW_SM } from '../core/layout.ts';
import { useMediaQuery } from '../ui/responsive.ts';
import { useT } from '../ui/i18n.tsx';
import { useQueryOf } from '../ui/query.ts';
import { Button } from '../ui/Button.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import {
  AdminCustomerCell,
  AppLink,
  BrowseAction,
  day,
  LoadError,
  Loading,
  Notice,
  useDashboard,
  useMoney,
} from './parts.tsx';
import { invoicesQuery, type InvoiceFilter } from './screens.ts';
import { Pager, TableFrame, useCellClass, usePaging } from './table.tsx';

// The grouped list (spec §2 "table and grouped list") is off the first paint: loaded when picked.
const InvoiceList = lazy(() => import('./InvoiceList.tsx'));

export type InvoiceTableProps = {
  /** Accessible name of the table. */
  label: string;
  filter?: InvoiceFilter;
  /** What to show when there is nothing (default: no invoices yet). */
  empty?: ReactNode;
  prefix: string;
};

export function InvoiceTable({ label, filter = {}, empty, prefix }: InvoiceTableProps) {
  const api = useApi();
  const t = useT();
  const { css, cx } = useCss();
  const money = useMoney();
  const key = JSON.stringify(filter);
  const paging = usePaging(key);
  const { page, pageSize } = paging;
  const cell = useCellClass();
  const links = customerLinks(prefix);
  const dashboard = useDashboard();
  // A phone gets the grouped list first (five columns do not fit); the payer's choice wins once made.
  const phone = useMediaQuery(BELOW_SM);
  const [picked, setLayout] = useState<'table' | 'list' | null>(null);
  const layout = picked ?? (phone ? 'list' : 'table');

  const q = useQueryOf(invoicesQuery(api, filter, page, pageSize), { placeholderData: (prev) => prev });
  if (q.isError && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Loading rows={Math.min(pageSize, 5)} />;
  const { count, list } = q.data;
  if (count === 0)
    return (
      <>
        {empty ?? (
          <Notice
            part="no-invoices"
            title={t('portal.noInvoices')}
            text={t('portal.noInvoicesHint')}
            action={<BrowseAction prefix={prefix} />}
          />
        )}
      </>
    );

  const layouts = (
    <div
      role="group"
      aria-label={t('portal.layout.label')}
      part="invoice-layout"
      className={css`display: flex; gap: 8px; justify-content: flex-end;`}
    >
      {(['table', 'list'] as const).map((l) => (
        <Button
          key={l}
          variant={layout === l ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={layout === l}
          onClick={() => setLayout(l)}
        >
          {t(`portal.layout.${l}`)}
        </Button>
      ))}
    </div>
  );

  return (
    <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
      {layouts}
      {layout === 'list' ? (
        <Suspense fallback={<Loading rows={Math.min(pageSize, 5)} />}>
          <InvoiceList list={list} prefix={prefix} label={label} />
        </Suspense>
      ) : (
        <TableFrame
          label={label}
          part="invoice-table"
          busy={q.isFetching}
          columns={[
            [t('portal.number')],
            [t('portal.date')],
            [t('portal.amount'), true],
            [t('portal.status')],
            [t('portal.reason')],
            ...(dashboard ? ([[t('portal.customer')]] as Array<[string]>) : []),
          ]}
        >
          {list.map((inv) => (
            <tr key={inv.id} part="invoice-row">
              <th scope="row" className={cx(cell, css`font-weight: 600;`)}>
                <AppLink path={links.invoice(inv.id)}>{inv.number || inv.id}</AppLink>
              </th>
              <td className={cell}>{day(inv.created_at)}</td>
              <td className={cx(cell, css`text-align: end; font-weight: 600;`)}>
                {money(inv.total, inv.paymentCurrency)}
              </td>
              <td className={cell}>
                <StatusChip tone={invoiceStatusTone(inv.status)}>
                  {t(`portal.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}
                </StatusChip>
              </td>
              <td className={cx(cell, css`color: var(--pay-color-muted);`)}>
                {t(billingReasonKey(inv.billing_reason))}
              </td>
              {dashboard ? (
                <td className={cell}>
                  <AdminCustomerCell
                    prefix={prefix}
                    customerId={inv.customer_id}
                    name={(inv as { customer?: { name?: string } | null }).customer?.name}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </TableFrame>
      )}
      <Pager label={label} count={count} paging={paging} />
    </div>
  );
}
