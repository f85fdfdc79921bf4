/**
 * Past-due invoices (/customer/invoice/past-due, spec §2 and §4): per currency the amount due and a Pay button
 * that pays every unpaid invoice of that currency through the wallet (`collect-batch` connect action); each
 * currency has its own state: idle, paying, success, error with retry. 'Nothing to pay' when nothing is due.
 * After paying, a link back to the referer (checked with safeUrl). A realtime `invoice.paid` refreshes the page
 * (debounced 1 s, at most 5 s) with a success toast. Stripe balances are not paid here: the row links the invoice.
 */
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import type { OverdueInvoices, PaymentCurrency, PaymentMethod } from '../api/types.ts';
import { formatError } from '../core/errors.ts';
import { customerLinks } from '../core/links.ts';
import { safeUrl } from '../core/url.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useToast } from '../ui/context.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { Link } from '../ui/Link.tsx';
import { useQuery, useQueryClient } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import { InvoiceTable } from './InvoiceTable.tsx';
import { AppLink, LoadError, Loading, Notice, Page, useMoney } from './parts.tsx';
import { createRefreshScheduler } from './refresh.ts';

const ACTION = 'collect-batch';
const ACCOUNT_CHANGED = 'Account changed, please pay manually.';

type Due = { amount: string; currency: PaymentCurrency; method: PaymentMethod; count: number; firstInvoiceId?: string };
type RowState = { phase: 'idle' } | { phase: 'paying' } | { phase: 'success'; due: Due } | { phase: 'error'; message: string };
type ConnectState = { currencyId: string; url: string | null; status: string };

/** The referer to go back to: the attribute, else `?referer=` of the page (the customer link carries it). */
function refererOf(attr: string | undefined): string | null {
  const raw = attr ?? (typeof location !== 'undefined' ? new URLSearchParams(location.search).get('referer') : null);
  return raw ? safeUrl(raw) : null;
}

export function PastDue({ prefix, customerId, referer }: { prefix: string; customerId?: string | undefined; referer?: string | undefined }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const toast = useToast();
  const emit = useEmit();
  const session = useSession();
  const queryClient = useQueryClient();
  const ref = customerId || session.user?.did || '';
  const q = useQuery(['overdue', 'customer', ref], async (): Promise<OverdueInvoices | null> => {
    try {
      return await api.customers.overdueInvoices(ref);
    } catch (err) {
      // No customer yet (never bought anything): nothing can be due.
      if (isApiError(err) && err.status === 404) return null;
      throw err;
    }
  });
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [connect, setConnect] = useState<ConnectState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const refresh = () => {
    void q.refetch();
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // Realtime: a paid invoice (here, on the phone, by the merchant) refreshes the page, debounced.
  useEffect(() => {
    const scheduler = createRefreshScheduler(() => {
      refreshRef.current();
      toast.show({ tone: 'success', message: t('portal.payment.refreshed') });
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
        return { ...s, currency: { ...s.currency, id: s.currency.id ?? currencyId }, count: invoices.length, ...(invoices[0] ? { firstInvoiceId: invoices[0].id } : {}) };
      })
    : [];
  const paidRows = Object.entries(rows)
    .filter(([id, r]) => r.phase === 'success' && !due.some((d) => d.currency.id === id))
    .map(([, r]) => (r as { due: Due }).due);
  const anyPaid = Object.values(rows).some((r) => r.phase === 'success');
  const back = refererOf(referer);

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
      const c = await api.connect.open(ACTION, { currencyId, customerId: customerRef });
      if (ctrl.signal.aborted) return;
      setConnect({ currencyId, url: safeUrl(c.url), status: 'created' });
      await api.connect.waitFor(ACTION, c.token, {
        signal: ctrl.signal,
        onStatus: (s) => setConnect((cur) => (cur && cur.currencyId === currencyId ? { ...cur, status: s.status } : cur)),
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

  const card = css`display: flex; align-items: center; justify-content: space-between; gap: 12px 20px; flex-wrap: wrap; padding: 18px 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`;

  let body: React.ReactNode;
  if (q.isError && !data) body = <LoadError error={q.error} retry={() => void q.refetch()} />;
  else if (data === undefined) body = <Loading rows={2} />;
  else if (!due.length && !paidRows.length) body = <Notice part="nothing-to-pay" title={t('portal.nothingToPay')} />;
  else {
    body = (
      <ul part="past-due-list" className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px;`}>
        {[...due, ...paidRows].map((d) => {
          const id = d.currency.id;
          const state = rows[id] ?? { phase: 'idle' };
          const logo = checkHref(d.currency.logo ?? d.method.logo);
          const stripe = d.method.type === 'stripe';
          const label = t('portal.payment.payAmount', { amount: money(d.amount, d.currency) });
          return (
            <li key={id} part="past-due-currency" data-currency={id} data-state={state.phase} className={card}>
              <div className={css`display: flex; align-items: center; gap: 12px; min-width: 0;`}>
                {logo ? <img src={logo} alt="" width={32} height={32} className={css`border-radius: 50%; flex: none;`} /> : null}
                <div className={css`display: flex; flex-direction: column; gap: 2px; min-width: 0;`}>
                  <span part="past-due-amount" className={css`font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums;`}>
                    {money(d.amount, d.currency)}
                  </span>
                  <span className={css`color: var(--pay-color-muted); font-size: 14px;`}>
                    {t('portal.payment.invoiceCount', { count: d.count })} · {d.method.name}
                  </span>
                </div>
              </div>
              <div className={css`display: flex; flex-direction: column; align-items: flex-end; gap: 8px; min-width: 0; @media (max-width: 599px) { align-items: stretch; width: 100%; }`}>
                {state.phase === 'success' ? (
                  <span role="status" part="past-due-paid" className={css`color: var(--pay-color-success, #15803d); font-weight: 600;`}>
                    ✓ {t('portal.payment.paid')}
                  </span>
                ) : stripe ? (
                  <span className={css`display: flex; gap: 8px; flex-wrap: wrap; align-items: center; color: var(--pay-color-muted);`}>
                    {t('portal.payment.notSupported')}
                    {d.firstInvoiceId ? <AppLink path={customerLinks(prefix).invoice(d.firstInvoiceId)}>{t('portal.payment.viewNow')}</AppLink> : null}
                  </span>
                ) : (
                  <Button
                    part="pay-currency"
                    pending={state.phase === 'paying'}
                    disabled={!customerRef || (connect !== null && connect.currencyId !== id)}
                    onClick={() => void pay(d)}
                  >
                    {state.phase === 'error' ? t('common.retry') : label}
                  </Button>
                )}
              </div>
              {state.phase === 'error' ? (
                <div className={css`flex-basis: 100%;`}>
                  <Alert tone="error" title={t('portal.payment.failed')}>
                    {state.message}
                  </Alert>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  const connectUrl = connect?.url ?? null;
  return (
    <Page title={t('portal.pastDue')}>
      <p className={css`margin: -8px 0 0; color: var(--pay-color-muted);`}>{t('portal.pastDueHint')}</p>
      {body}
      {anyPaid && back ? (
        <p part="referer" className={css`margin: 0;`}>
          <Link href={back}>{t('portal.payment.backToReferer')}</Link>
        </p>
      ) : null}
      {due.length ? (
        <>
          <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('portal.payment.dueInvoices')}</h2>
          <InvoiceTable label={t('portal.payment.dueInvoices')} prefix={prefix} filter={{ ...(customerId ? { customer_id: customerId } : {}), status: 'open,uncollectible' }} />
        </>
      ) : null}
      <ConnectDialog
        open={connect !== null}
        onCancel={cancelConnect}
        title={t('portal.payment.connectTitle')}
        text={t('portal.payment.connectText')}
        openLabel={t('portal.payment.openWallet')}
        url={connectUrl}
        status={connect?.status === 'scanned' ? t('portal.payment.walletScanned') : t('portal.payment.waitingWallet')}
      />
    </Page>
  );
}

function payErrorText(err: unknown, t: ReturnType<typeof useT>): string {
  if (isApiError(err)) {
    if (err.code === 'CONNECT_DECLINED') return t('portal.payment.declined');
    if (err.code === 'CONNECT_EXPIRED') return t('portal.payment.expired');
  }
  const message = formatError(err);
  if (message === ACCOUNT_CHANGED) return t('portal.payment.accountChanged');
  if (message === 'Nothing to pay') return t('portal.nothingToPay');
  return message;
}
