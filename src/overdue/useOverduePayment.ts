/**
 * The overdue-payment logic the past-due page (<pay-portal>) and the overdue-invoice dialog (<pay-checkout>) share
 * (spec §3 overdue response, §4 "Overdue payment per currency", §9 refresh debounce): loads the customer's overdue
 * invoices, groups them per currency, pays one currency at a time through the wallet (`collect-batch` connect
 * action) with a state per currency (idle, paying, success, error → retry), and refreshes on a realtime
 * `invoice.paid` (debounced 1 s, at most 5 s) with a success toast.
 */
import { invalidate } from '../api/query-invalidate.ts';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import type { OverdueInvoices, PaymentCurrency, PaymentMethod } from '../api/types.ts';
import { connectErrorKey } from '../core/connect-errors.ts';
import { formatError } from '../core/errors.ts';
import { safeUrl } from '../core/url.ts';
import { createRefreshScheduler } from '../core/refresh.ts';
import { useApi } from '../ui/api.tsx';
import { useEmit, useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQueryClient } from '../ui/query.ts';
import { useOverdueQuery } from './query.ts';

const ACTION = 'collect-batch';
const ACCOUNT_CHANGED = 'Account changed, please pay manually.';

export type Due = {
  amount: string;
  currency: PaymentCurrency;
  method: PaymentMethod;
  count: number;
  firstInvoiceId?: string;
};
export type RowState =
  { phase: 'idle' } | { phase: 'paying' } | { phase: 'success'; due: Due } | { phase: 'error'; message: string };
export type ConnectState = { currencyId: string; url: string | null; status: string };

export type OverduePayment = {
  /** The overdue response; `null` when the payer is not a customer yet (nothing can be due); undefined while loading. */
  data: OverdueInvoices | null | undefined;
  error: unknown;
  isError: boolean;
  reload: () => void;
  /** What is still due, per currency. */
  due: Due[];
  /** Currencies paid here that are no longer due (kept on screen with their 'Paid' mark). */
  paidRows: Due[];
  rows: Record<string, RowState>;
  anyPaid: boolean;
  customerRef: string | undefined;
  connect: ConnectState | null;
  pay: (d: Due) => Promise<void>;
  cancelConnect: () => void;
};

export function useOverduePayment(customerId: string | undefined): OverduePayment {
  const api = useApi();
  const t = useT();
  const toast = useToast();
  const emit = useEmit<'pay-checkout' | 'pay-portal'>();
  const queryClient = useQueryClient();
  const q = useOverdueQuery(customerId);
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [connect, setConnect] = useState<ConnectState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const refresh = () => {
    void q.refetch();
    void invalidate.invoices(queryClient);
    // A paid past-due renewal recovers its subscription (the portal's lists and overview show it).
    void invalidate.subscriptions(queryClient);
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // Realtime: a paid invoice (here, on the phone, by the merchant) refreshes the list, debounced.
  useEffect(() => {
    const scheduler = createRefreshScheduler(() => {
      refreshRef.current();
      toast.show({ tone: 'success', message: t('overdue.refreshed') });
    });
    const off = api.realtime.subscribe('invoice.paid', () => scheduler.trigger());
    return () => {
      off();
      scheduler.cancel();
    };
  }, [api]); // eslint-disable-line react-hooks/exhaustive-deps -- one subscription per api

  const data = q.data;
  const customerRef = data?.customer?.id ?? (customerId?.startsWith('cus_') ? customerId : undefined);
  const due: Due[] = data
    ? Object.entries(data.summary).map(([currencyId, s]) => {
        const invoices = data.invoices.filter((i) => i.currency_id === currencyId);
        return {
          ...s,
          currency: { ...s.currency, id: s.currency.id ?? currencyId },
          count: invoices.length,
          ...(invoices[0] ? { firstInvoiceId: invoices[0].id } : {}),
        };
      })
    : [];
  const paidRows = Object.entries(rows)
    .filter(([id, r]) => r.phase === 'success' && !due.some((d) => d.currency.id === id))
    .map(([, r]) => (r as { due: Due }).due);
  const anyPaid = Object.values(rows).some((r) => r.phase === 'success');

  const setRow = (id: string, s: RowState) => setRows((prev) => ({ ...prev, [id]: s }));

  async function pay(d: Due) {
    const currencyId = d.currency.id;
    if (!customerRef || connect) return;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setRow(currencyId, { phase: 'paying' });
    setConnect({ currencyId, url: null, status: 'created' });
    try {
      const c = await api.connect.open(ACTION, { currencyId, customerId: customerRef }, { signal: ctrl.signal });
      if (ctrl.signal.aborted) return;
      setConnect({ currencyId, url: safeUrl(c.url), status: 'created' });
      await api.connect.waitFor(ACTION, c.token, {
        signal: ctrl.signal,
        onStatus: (s) =>
          setConnect((cur) => (cur && cur.currencyId === currencyId ? { ...cur, status: s.status } : cur)),
      });
      if (ctrl.signal.aborted) return;
      setConnect(null);
      setRow(currencyId, { phase: 'success', due: d });
      refresh();
    } catch (err) {
      setConnect(null);
      if (isApiError(err) && err.code === 'CANCELED') return setRow(currencyId, { phase: 'idle' });
      setRow(currencyId, { phase: 'error', message: payErrorText(err, t) });
      emit('error', { message: formatError(err), ...(isApiError(err) && err.code ? { code: err.code } : {}) });
      refresh();
    }
  }

  const cancelConnect = () => {
    const id = connect?.currencyId;
    abort.current?.abort();
    setConnect(null);
    if (id) setRow(id, { phase: 'idle' });
  };

  return {
    data,
    error: q.error,
    isError: q.isError,
    reload: () => void q.refetch(),
    due,
    paidRows,
    rows,
    anyPaid,
    customerRef,
    connect,
    pay,
    cancelConnect,
  };
}

function payErrorText(err: unknown, t: ReturnType<typeof useT>): string {
  const connectKey = connectErrorKey(err, { declined: 'overdue.declined', expired: 'overdue.expired' });
  if (connectKey) return t(connectKey);
  const message = formatError(err);
  if (message === ACCOUNT_CHANGED) return t('overdue.accountChanged');
  if (message === 'Nothing to pay') return t('overdue.nothingToPay');
  return message;
}
