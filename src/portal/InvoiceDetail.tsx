/**
 * One invoice (spec §2 invoice detail, §4 tones and billing reasons): status chip, amounts, payment method, line
 * items, the transaction (tx hash with an explorer link, gas for ethereum, payment intent for stripe), and what to
 * do next: void needs no payment, open and uncollectible invoices link to the past-due page to pay.
 */
import { queryKey } from '../api/query-keys.ts';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Invoice, PaymentMethod, Subscription } from '../api/types.ts';
import type { PrintKind } from './print-invoice.ts';
import printMessages from 'messages:portalPrint';
import { billingReasonKey, invoiceNeedsPayment, invoiceStatusTone } from '../core/billing.ts';
import { customerLinks, methodExplorerHref, transactionOf } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/context.tsx';
import { useI18n, useT } from '../ui/i18n.tsx';
import { useLazyMessages } from '../ui/lazy-messages.ts';
import { useQuery } from '../ui/query.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { Link } from '../ui/Link.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import {
  AdminLinks,
  AppLink,
  Arrow,
  day,
  LoadError,
  Loading,
  Page,
  timestamp,
  useDashboard,
  useMoney,
  usePayLinkClass,
} from './parts.tsx';

// The stake of a stake / stake return / slash invoice: a lazy chunk (src/portal/Stake.tsx).
const StakePanel = lazy(() => import('./Stake.tsx').then((m) => ({ default: m.StakePanel })));
const STAKE_REASONS = new Set(['stake', 'return_stake', 'slash_stake']);
// Vendor installation progress of a purchase: a lazy chunk too.
const InvoiceVendors = lazy(() => import('./InvoiceVendors.tsx'));
// Refunds and stake returns of a paid invoice (spec §3 refund type): a lazy chunk with its own strings.
const InvoiceRefunds = lazy(() => import('./Refunds.tsx'));
// The promotion lines of a discounted invoice: a lazy chunk (room for the refunds in the first paint).
const InvoiceDiscounts = lazy(() => import('./InvoiceDiscounts.tsx'));

export type InvoiceDetailProps = { id: string; prefix: string; referer?: string | undefined };

export function InvoiceDetail({ id, prefix, referer }: InvoiceDetailProps) {
  const api = useApi();
  const t = useT();
  const links = customerLinks(prefix);
  const q = useQuery(queryKey('invoice', id), () => api.invoices.retrieve(id));
  const back = (
    <AppLink path={links.home()} part="back">
      <Arrow to="back" /> {t('portal.backToInvoices')}
    </AppLink>
  );
  if (q.isError && !q.data) {
    return (
      <Page title={t('portal.invoice')} back={back}>
        <LoadError error={q.error} retry={() => void q.refetch()} />
      </Page>
    );
  }
  if (!q.data) {
    return (
      <Page title={t('portal.invoice')} back={back}>
        <Loading rows={5} />
      </Page>
    );
  }
  return <InvoiceView invoice={q.data} back={back} prefix={prefix} referer={referer} />;
}

function InvoiceView({
  invoice,
  back,
  prefix,
  referer,
}: {
  invoice: Invoice;
  back: React.ReactNode;
  prefix: string;
  referer: string | undefined;
}) {
  const dashboard = useDashboard();
  const payClass = usePayLinkClass('md');
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const currency = invoice.paymentCurrency;
  const method = invoice.paymentMethod as PaymentMethod | undefined;
  const links = customerLinks(prefix);
  const { methodType, tx } = transactionOf(
    invoice.metadata?.payment_details ?? invoice.paymentIntent?.payment_details,
    method,
  );
  const txHref = tx.tx_hash ? methodExplorerHref(method, tx.tx_hash) : null;
  const lines = (invoice.lines ?? []) as Array<{
    id?: string;
    description?: string;
    quantity?: number;
    amount?: string;
    price?: { product?: { name?: string } };
  }>;
  const logo = checkHref(currency?.logo ?? method?.logo);
  const session = invoice.checkoutSession;
  const sessionId = invoice.status === 'paid' ? (session?.id ?? invoice.checkout_session_id ?? null) : null;
  const stakeSub: Subscription | null =
    STAKE_REASONS.has(invoice.billing_reason ?? '') && invoice.subscription
      ? {
          ...invoice.subscription,
          paymentCurrency: invoice.subscription.paymentCurrency ?? currency,
          paymentMethod: invoice.subscription.paymentMethod ?? (method as PaymentMethod | undefined),
        }
      : null;

  const dl = css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 10px 24px; margin: 0; & dt { color: var(--pay-color-muted); } & dd { margin: 0; overflow-wrap: anywhere; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px 0; & dd { margin-bottom: 10px; } }`;
  const card = css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); padding: 20px; background: var(--pay-color-bg); display: flex; flex-direction: column; gap: 14px;`;
  const h2 = css`margin: 0; font-size: 16px; font-weight: 650;`;

  const admin = dashboard ? (
    <AdminLinks
      prefix={prefix}
      billing={invoice.id}
      billingLabel={t('portal.adminInvoice')}
      customerId={invoice.customer_id}
    />
  ) : null;
  const actions = (
    <div
      className={css`display: flex; align-items: center; gap: 8px 16px; flex-wrap: wrap; @media print { display: none; }`}
    >
      <PrintActions invoice={invoice} />
      {admin}
    </div>
  );

  return (
    <Page
      back={back}
      actions={actions}
      title={
        <span className={css`display: inline-flex; align-items: center; gap: 12px; flex-wrap: wrap;`}>
          {t('portal.invoice')} {invoice.number || invoice.id}
          <StatusChip tone={invoiceStatusTone(invoice.status)}>
            {t(`portal.invoiceStatus.${invoice.status}`, { defaultValue: invoice.status })}
          </StatusChip>
        </span>
      }
    >
      <div part="invoice" className={css`display: flex; flex-direction: column; gap: 16px;`}>
        <div className={card}>
          <div
            className={css`font-size: 32px; font-weight: 750; font-variant-numeric: tabular-nums; letter-spacing: -0.02em;`}
            part="invoice-total"
          >
            {money(invoice.total, currency)}
          </div>
          {invoice.status === 'void' ? (
            <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('portal.noPaymentRequired')}</p>
          ) : null}
          {invoiceNeedsPayment(invoice.status) ? (
            <div className={css`@media print { display: none; }`}>
              <AppLink path={links.pastDue(referer || undefined)} part="pay" className={payClass}>
                {t('portal.pay')}
              </AppLink>
            </div>
          ) : null}
          <dl className={dl}>
            <dt>{t('portal.reason')}</dt>
            <dd>{t(billingReasonKey(invoice.billing_reason))}</dd>
            {invoice.description ? (
              <>
                <dt>{t('portal.description')}</dt>
                <dd>{invoice.description}</dd>
              </>
            ) : null}
            <dt>{t('portal.created')}</dt>
            <dd>{timestamp(invoice.created_at)}</dd>
            {invoice.period_start && invoice.period_end && invoice.period_end > invoice.period_start ? (
              <>
                <dt>{t('portal.period')}</dt>
                <dd>
                  {day(invoice.period_start)} – {day(invoice.period_end)}
                </dd>
              </>
            ) : null}
            <dt>{t('portal.amountPaid')}</dt>
            <dd>{money(invoice.amount_paid ?? '0', currency)}</dd>
            <dt>{t('portal.amountRemaining')}</dt>
            <dd>{money(invoice.amount_remaining ?? '0', currency)}</dd>
            {method ? (
              <>
                <dt>{t('portal.paymentMethod')}</dt>
                <dd className={css`display: flex; align-items: center; gap: 8px;`}>
                  {logo ? <img src={logo} alt="" width={20} height={20} className={css`border-radius: 50%;`} /> : null}
                  {method.name}
                  {currency?.symbol ? (
                    <span className={css`color: var(--pay-color-muted);`}>({currency.symbol})</span>
                  ) : null}
                </dd>
              </>
            ) : null}
          </dl>
        </div>

        {lines.length ? (
          <div className={card}>
            <h2 className={h2}>{t('portal.items')}</h2>
            <table
              className={css`width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; & th, & td { padding: 8px 0; text-align: start; border-bottom: 1px solid var(--pay-color-border); } & tr:last-child td { border-bottom: 0; } & th { font-size: 12px; color: var(--pay-color-muted); font-weight: 600; }`}
            >
              <thead>
                <tr>
                  <th scope="col">{t('portal.item')}</th>
                  <th scope="col" className={css`text-align: end !important;`}>
                    {t('portal.quantity')}
                  </th>
                  <th scope="col" className={css`text-align: end !important;`}>
                    {t('portal.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => (
                  <tr key={l.id ?? i}>
                    <td>
                      <bdi>{l.price?.product?.name ?? l.description ?? ''}</bdi>
                    </td>
                    <td className={css`text-align: end !important;`}>{l.quantity ?? 1}</td>
                    <td className={css`text-align: end !important;`}>{money(l.amount ?? '0', currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {invoice.total_discount_amounts?.length ? (
              <Suspense fallback={null}>
                <InvoiceDiscounts invoice={invoice} />
              </Suspense>
            ) : null}
            <div
              className={css`display: flex; justify-content: space-between; font-weight: 700; border-top: 1px solid var(--pay-color-border); padding-top: 10px;`}
            >
              <span>{t('portal.total')}</span>
              <span>{money(invoice.total, currency)}</span>
            </div>
          </div>
        ) : null}

        {sessionId ? (
          <Suspense fallback={null}>
            <InvoiceVendors sessionId={sessionId} />
          </Suspense>
        ) : null}

        {stakeSub ? (
          <Suspense fallback={null}>
            <StakePanel sub={stakeSub} prefix={prefix} />
          </Suspense>
        ) : null}

        {tx.tx_hash || tx.payment_intent_id || invoice.paymentIntent ? (
          <div className={card} part="transaction">
            <h2 className={h2}>{t('portal.transaction')}</h2>
            <dl className={dl}>
              {tx.tx_hash ? (
                <>
                  <dt>{t('portal.txHash')}</dt>
                  <dd className={css`font-family: var(--pay-font-family-mono); font-size: 13px;`}>
                    {txHref ? <Link href={txHref}>{tx.tx_hash}</Link> : tx.tx_hash}
                  </dd>
                </>
              ) : null}
              {methodType === 'ethereum' && tx.gas_used ? (
                <>
                  <dt>{t('portal.gas')}</dt>
                  <dd>
                    {tx.gas_used}
                    {tx.gas_price ? ` × ${tx.gas_price}` : ''}
                  </dd>
                </>
              ) : null}
              {invoice.paymentIntent?.id || tx.payment_intent_id ? (
                <>
                  <dt>{t('portal.paymentIntent')}</dt>
                  <dd className={css`font-family: var(--pay-font-family-mono); font-size: 13px;`}>
                    {tx.payment_intent_id ?? invoice.paymentIntent?.id}
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}

        {invoice.status === 'paid' ? (
          <Suspense fallback={null}>
            <InvoiceRefunds invoiceId={invoice.id} method={method} />
          </Suspense>
        ) : null}
      </div>
    </Page>
  );
}

/**
 * Print / Save as PDF, and Print receipt for a paid invoice: the document is printed from a frame of its own inside
 * the shadow root (src/portal/print-invoice.ts, a lazy chunk loaded on the click), so the host page around the
 * element never prints with it.
 */
function PrintActions({ invoice }: { invoice: Invoice }) {
  const ready = useLazyMessages('portalPrint', printMessages);
  const api = useApi();
  const t = useT();
  const { i18n, locale } = useI18n();
  const toast = useToast();
  const money = useMoney();
  const { css } = useCss();
  const slot = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<PrintKind | null>(null);
  const frameClass = css`position: fixed; inset-block-start: 0; inset-inline-start: 0; inline-size: 0; block-size: 0; border: 0; visibility: hidden; pointer-events: none;`;
  const print = (kind: PrintKind) => {
    if (busy || !slot.current) return;
    setBusy(kind);
    const target = slot.current;
    import('./print-invoice.ts')
      .then((m) => m.printInvoice({ kind, invoice, api, i18n, locale, t, money, slot: target, frameClass }))
      .catch((err: unknown) => {
        console.warn('[pay-elements] printing failed', err);
        toast.show({ tone: 'error', message: t('portalPrint.failed') });
      })
      .finally(() => setBusy(null));
  };
  if (!ready) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        part="print-invoice"
        pending={busy === 'invoice'}
        onClick={() => print('invoice')}
      >
        {t('portalPrint.action')}
      </Button>
      {invoice.status === 'paid' ? (
        <Button
          variant="secondary"
          size="sm"
          part="print-receipt"
          pending={busy === 'receipt'}
          onClick={() => print('receipt')}
        >
          {t('portalPrint.receiptAction')}
        </Button>
      ) : null}
      <div ref={slot} className={css`display: contents;`} />
    </>
  );
}
