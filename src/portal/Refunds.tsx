/**
 * Refunds of an invoice (spec §3 "Refund type: refund or stake_return"): a lazy chunk of the invoice detail with its own
 * locale namespace (`portalRefund`), off the first paint. Lists each refund of the invoice (GET /api/refunds?invoice_id)
 * with its type, amount, status, date, reason and transaction (the invoice's own tx hash piece, given as props).
 * Nothing at all while loading, on a failed load, or when the invoice has no refunds.
 */
import { queryKey } from '../api/query-keys.ts';
import messages from 'messages:portalRefund';
import { createRefunds } from '../api/resources/refunds.ts';
import type { PaymentMethod, Refund } from '../api/types.ts';
import { methodExplorerHref, transactionOf } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { useT } from '../ui/i18n.tsx';
import { useLazyMessages } from '../ui/lazy-messages.ts';
import { Link } from '../ui/Link.tsx';
import { useQuery } from '../ui/query.ts';
import type { Tone } from '../ui/shared-css.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { timestamp, useMoney } from './parts.tsx';

const TONES: Record<string, Tone> = {
  succeeded: 'success',
  pending: 'secondary',
  requires_action: 'warning',
  failed: 'error',
  canceled: 'default',
};

/** The tone of a refund's status chip: succeeded success, pending secondary, action required warning, failed error. */
export function refundTone(status: string): Tone {
  return TONES[status] ?? 'default';
}

export type InvoiceRefundsProps = {
  invoiceId: string;
  /** The invoice's method: used when a refund does not carry its own. */
  method?: PaymentMethod | { type?: string } | undefined;
};

export default function InvoiceRefunds({ invoiceId, method }: InvoiceRefundsProps) {
  const ready = useLazyMessages('portalRefund', messages);
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const q = useQuery(queryKey('invoice', invoiceId, 'refunds'), () =>
    createRefunds(api).list({ invoice_id: invoiceId, pageSize: 100 }),
  );
  const refunds = q.data?.list ?? [];
  if (!ready || !refunds.length) return null;
  const mono = css`font-family: var(--pay-font-family-mono); font-size: 13px; overflow-wrap: anywhere;`;
  return (
    <section
      part="refunds"
      aria-labelledby={`refunds-${invoiceId}`}
      className={css`display: flex; flex-direction: column; gap: 12px; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
    >
      <h2 id={`refunds-${invoiceId}`} className={css`margin: 0; font-size: 16px; font-weight: 650;`}>
        {t('portalRefund.title')}
      </h2>
      <ul
        className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; & > li + li { border-top: 1px solid var(--pay-color-border); }`}
      >
        {refunds.map((r: Refund) => {
          const m = (r.paymentMethod ?? method) as PaymentMethod | undefined;
          const { tx } = transactionOf(r.payment_details, m);
          const txHref = tx.tx_hash ? methodExplorerHref(m, tx.tx_hash) : null;
          return (
            <li
              key={r.id}
              part="refund"
              data-type={r.type}
              className={css`display: flex; flex-direction: column; gap: 8px; padding: 12px 0;`}
            >
              <div className={css`display: flex; align-items: center; gap: 12px; flex-wrap: wrap;`}>
                <span part="refund-type" className={css`font-weight: 650;`}>
                  {t(`portalRefund.types.${r.type}`, { defaultValue: r.type })}
                </span>
                <span part="refund-amount" className={css`font-variant-numeric: tabular-nums;`}>
                  {money(r.amount, r.paymentCurrency)}
                </span>
                <StatusChip tone={refundTone(r.status)}>
                  <span part="refund-status">{t(`portalRefund.statuses.${r.status}`, { defaultValue: r.status })}</span>
                </StatusChip>
              </div>
              <dl
                className={css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 6px 24px; margin: 0; & dt { color: var(--pay-color-muted); } & dd { margin: 0; overflow-wrap: anywhere; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; & dd { margin-bottom: 8px; } }`}
              >
                <dt>{t('portalRefund.date')}</dt>
                <dd>{timestamp(r.created_at)}</dd>
                {r.reason ? (
                  <>
                    <dt>{t('portalRefund.reason')}</dt>
                    <dd part="refund-reason">{t(`portalRefund.reasons.${r.reason}`, { defaultValue: r.reason })}</dd>
                  </>
                ) : null}
                {tx.tx_hash ? (
                  <>
                    <dt>{t('portalRefund.transaction')}</dt>
                    <dd part="refund-tx" className={mono}>
                      {txHref ? <Link href={txHref}>{tx.tx_hash}</Link> : tx.tx_hash}
                    </dd>
                  </>
                ) : tx.refund_id ? (
                  <>
                    <dt>{t('portalRefund.refundId')}</dt>
                    <dd part="refund-tx" className={mono}>
                      {tx.refund_id}
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
