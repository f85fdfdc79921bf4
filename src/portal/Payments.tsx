/**
 * Payment history (spec §2 Customer portal): the customer's payments (payment intents) with date, amount, status
 * tone, method and currency, the linked invoice and the transaction (tx hash with the explorer link, or the Stripe
 * payment intent). Table rules of spec §9: page size 10 (5 below md), options 5/10/20/50/100, search debounced
 * 300 ms. A lazy chunk with its own locale namespace (`portalPayments`), off the first paint.
 */
import { queryKey } from '../api/query-keys.ts';
import { useEffect, useState } from 'react';
import messages from 'messages:portalPayments';
import type { PaymentHistoryItem } from '../api/resources/customers.ts';
import type { PaymentMethod } from '../api/types.ts';
import { TABLE_SEARCH_DEBOUNCE_MS } from '../core/constants.ts';
import { customerLinks, methodExplorerHref, transactionOf } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { useT } from '../ui/i18n.tsx';
import { Link } from '../ui/Link.tsx';
import { useQuery } from '../ui/query.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { useLazyMessages } from '../ui/lazy-messages.ts';
import {
  AdminCustomerCell,
  AppLink,
  BrowseAction,
  LoadError,
  Loading,
  Notice,
  timestamp,
  useDashboard,
  useMoney,
} from './parts.tsx';
import { Pager, TableFrame, useCellClass, usePaging } from './table.tsx';
import { tIsolated } from '../ui/bidi.tsx';

type Tone = 'success' | 'secondary' | 'warning' | 'default' | 'error';
/** succeeded success; waiting on the payer secondary; needs a new method warning; canceled default. */
export function paymentStatusTone(status: string): Tone {
  if (status === 'succeeded') return 'success';
  if (status === 'requires_payment_method') return 'warning';
  if (status === 'canceled') return 'default';
  if (status === 'failed') return 'error';
  return 'secondary';
}

/** The transaction of a payment: its chain tx hash (with the explorer link when the method has one) or the Stripe intent. */
function paymentTransaction(p: PaymentHistoryItem): { hash?: string; href?: string | null; stripe?: string } {
  const method = p.paymentMethod as PaymentMethod | undefined;
  const { tx } = transactionOf(p.payment_details, method);
  if (tx.tx_hash) return { hash: tx.tx_hash, href: methodExplorerHref(method, tx.tx_hash) };
  return tx.payment_intent_id ? { stripe: tx.payment_intent_id } : {};
}

/** A dash for the eye, the words for a screen reader. */
function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

const short = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

/** The search text, debounced (spec §9: 300 ms). */
function useDebounced(value: string, ms: number): string {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return out;
}

function PaymentHistory({ prefix, customerId }: { prefix: string; customerId?: string }) {
  const ready = useLazyMessages('portalPayments', messages);
  if (!ready) return <Loading rows={3} />;
  return <PaymentTable prefix={prefix} customerId={customerId} />;
}

function PaymentTable({ prefix, customerId }: { prefix: string; customerId?: string }) {
  const api = useApi();
  const t = useT();
  const { css, cx } = useCss();
  const money = useMoney();
  const cell = useCellClass();
  const links = customerLinks(prefix);
  const dashboard = useDashboard();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), TABLE_SEARCH_DEBOUNCE_MS);
  const key = JSON.stringify({ customerId, query });
  const paging = usePaging(key);
  const { page, pageSize } = paging;
  const label = t('portalPayments.title');

  const q = useQuery(
    queryKey('payments', key, page, pageSize),
    () => api.payments.list({ customer_id: customerId, query: query || undefined, page, pageSize }),
    {
      placeholderData: (prev) => prev,
    },
  );

  const search = (
    <div className={css`max-width: 360px;`}>
      <TextField
        type="search"
        label={t('portalPayments.search')}
        hint={t('portalPayments.searchHint')}
        value={text}
        maxLength={200}
        data-search="payments"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );

  let body;
  if (q.isError && !q.data) body = <LoadError error={q.error} retry={() => void q.refetch()} />;
  else if (!q.data) body = <Loading rows={Math.min(pageSize, 5)} />;
  else if (q.data.count === 0 && !query)
    body = (
      <Notice
        part="no-payments"
        title={t('portalPayments.empty')}
        text={t('portalPayments.emptyHint')}
        action={<BrowseAction prefix={prefix} />}
      />
    );
  else if (q.data.count === 0)
    body = (
      <Notice
        part="no-payments"
        title={tIsolated(t, 'portalPayments.noMatches', { query }, ['query'])}
        text={t('portalPayments.noMatchesHint')}
      />
    );
  else {
    const { count, list } = q.data;
    body = (
      <>
        <TableFrame
          label={label}
          part="payment-table"
          busy={q.isFetching}
          columns={[
            [t('portalPayments.date')],
            [t('portalPayments.amount'), true],
            [t('portalPayments.status')],
            [t('portalPayments.method')],
            [t('portalPayments.invoice')],
            [t('portalPayments.transaction')],
            ...(dashboard ? ([[t('portal.customer')]] as Array<[string]>) : []),
          ]}
        >
          {list.map((p) => {
            const tx = paymentTransaction(p);
            const status = p.status || 'processing';
            return (
              <tr key={p.id} part="payment-row" data-id={p.id}>
                <th scope="row" className={cx(cell, css`font-weight: 600;`)}>
                  {p.created_at ? timestamp(p.created_at) : '—'}
                </th>
                <td className={cx(cell, css`text-align: end; font-weight: 600;`)}>
                  {money(p.amount_received && status === 'succeeded' ? p.amount_received : p.amount, p.paymentCurrency)}
                </td>
                <td className={cell}>
                  <StatusChip tone={paymentStatusTone(status)}>
                    {t(`portalPayments.statuses.${status}`, { defaultValue: status })}
                  </StatusChip>
                </td>
                <td className={cell}>
                  {t('portalPayments.methodCurrency', {
                    method: p.paymentMethod?.name ?? p.paymentMethod?.type ?? '—',
                    symbol: p.paymentCurrency?.symbol ?? '',
                  })}
                </td>
                <td className={cell}>
                  {p.invoice ? (
                    <AppLink path={links.invoice(p.invoice.id)}>{p.invoice.number || p.invoice.id}</AppLink>
                  ) : (
                    <Dash label={t('portalPayments.noInvoice')} />
                  )}
                </td>
                <td className={cx(cell, css`font-family: var(--pay-font-family-mono);`)}>
                  {tx.hash ? (
                    tx.href ? (
                      <Link href={tx.href} newTab part="payment-tx" title={tx.hash}>
                        {short(tx.hash)}
                      </Link>
                    ) : (
                      <span title={tx.hash}>{short(tx.hash)}</span>
                    )
                  ) : tx.stripe ? (
                    <span title={tx.stripe}>{short(tx.stripe)}</span>
                  ) : (
                    <Dash label={t('portalPayments.noTransaction')} />
                  )}
                </td>
                {dashboard ? (
                  <td className={cell}>
                    <AdminCustomerCell
                      prefix={prefix}
                      customerId={p.customer_id}
                      name={(p as { customer?: { name?: string } | null }).customer?.name}
                    />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </TableFrame>
        <Pager label={label} count={count} paging={paging} />
      </>
    );
  }
  return (
    <div part="payment-history" className={css`display: flex; flex-direction: column; gap: 12px;`}>
      {search}
      {body}
    </div>
  );
}

export default PaymentHistory;
