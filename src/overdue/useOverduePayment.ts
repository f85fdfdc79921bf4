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
import { connectFailure } from '../core/connect-errors.ts';
import { formatError } from '../core/errors.ts';
import { createRefreshScheduler } from '../core/refresh.ts';
import { useApi } from '../ui/api.tsx';
import { useConnect, type UseConnect } from '../ui/useConnect.ts';
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
/** The wallet request of the currency being paid (its dialog's props in `request.dialog`). */
export type ConnectState = { currencyId: string; request: UseConnect };

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
  /** "Start again" after the wallet refused: a new request for the same currency. */
  retryConnect: () => void;
};

export function useOverduePayment(customerId: string | undefined): OverduePayment {
  const api = useApi();
  const t = useT();
  const toast = useToast();
  const emit = useEmit<'pay-checkout' | 'pay-portal'>();
  const queryClient = useQueryClient();
  const q = useOverdueQuery(customerId);
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [paying, setPaying] = useState<{ currencyId: string; due: Due } | null>(null);
  const fail = (currencyId: string, err: Error) => {
    setRow(currencyId, { phase: 'error', message: payErrorText(err, t) });
    emit('error', { message: formatError(err), ...(isApiError(err) && err.code ? { code: err.code } : {}) });
    refreshRef.current();
  };
  const request = useConnect(ACTION, {
    onSuccess: () => {
      if (!paying) return;
      setRow(paying.currencyId, { phase: 'success', due: paying.due });
      setPaying(null);
      refreshRef.current();
    },
    // A refusal stays in the dialog (with "Start again"); the row says it too once the dialog is closed.
    onFailure: (_f, err) => paying && fail(paying.currencyId, err),
    onError: (err) => {
      if (!paying) return;
      setPaying(null);
      fail(paying.currencyId, err);
    },
  });
  const connect: ConnectState | null =
    paying && request.dialog.open ? { currencyId: paying.currencyId, request } : null;

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
    setPaying({ currencyId, due: d });
    setRow(currencyId, { phase: 'paying' });
    await request.start({ currencyId, customerId: customerRef });
  }

  const cancelConnect = () => {
    const id = paying?.currencyId;
    const failed = request.state.phase === 'failed';
    request.cancel();
    setPaying(null);
    if (id && !failed) setRow(id, { phase: 'idle' });
  };

  const retryConnect = () => {
    if (paying) setRow(paying.currencyId, { phase: 'paying' });
    void request.retry();
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
    retryConnect,
  };
}

function payErrorText(err: unknown, t: ReturnType<typeof useT>): string {
  const failure = connectFailure(err);
  if (failure === 'declined') return t('overdue.declined');
  if (failure === 'expired') return t('overdue.expired');
  const message = formatError(err);
  if (message === ACCOUNT_CHANGED) return t('overdue.accountChanged');
  if (message === 'Nothing to pay') return t('overdue.nothingToPay');
  return message;
}
