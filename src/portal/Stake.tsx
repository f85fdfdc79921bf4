/**
 * Staking in the portal (spec §4 resume, §3 refund type stake_return): a lazy chunk with its own locale namespace
 * (`portalStake`), off the first paint.
 *
 * - `RestakeDialog`: resuming a subscription whose stake was returned or slashed. Opens the `re-stake` wallet
 *   request (src/ui/useConnect, shared ConnectDialog), waits for the wallet; the platform takes the stake and resumes
 *   the subscription, so the caller only refreshes. A wallet refusal stays in the dialog ("Start again"); other
 *   failures go back to the caller ('Failed to renew the subscription' + the reason).
 * - `StakePanel`: the stake of a subscription, returned or slashed, with its transactions.
 */
import { queryKey } from '../api/query-keys.ts';
import { useEffect, useRef } from 'react';
import messages from 'messages:portalStake';
import { RESTAKE_ACTION } from '../api/resources/customers.ts';
import type { Subscription } from '../api/types.ts';
import { formatError } from '../core/errors.ts';
import { subscriptionStake, stakeInvoices } from '../core/billing.ts';
import { customerLinks, methodExplorerHref, transactionOf } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { useConnect } from '../ui/useConnect.ts';
import { useT } from '../ui/i18n.tsx';
import { useLazyMessages } from '../ui/lazy-messages.ts';
import { Link } from '../ui/Link.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useQuery } from '../ui/query.ts';
import { useCss } from '../ui/styles.tsx';
import { AppLink, day, useMoney } from './parts.tsx';

/** The lazy namespace of this chunk: true once the element's locale has its strings. */
export function useStakeMessages(): boolean {
  return useLazyMessages('portalStake', messages);
}

/** The stake a subscription asks for again: the amount of its (revoked) stake, in the smallest unit. */
export function stakeAmountOf(sub: Subscription): string | null {
  return subscriptionStake(sub, sub.paymentCurrency?.decimal)?.amount ?? null;
}

export type RestakeDialogProps = {
  open: boolean;
  sub: Subscription;
  /** The wallet approved: the stake is taken and the subscription resumed. */
  onDone: (text: string) => void;
  /** The wallet request failed (declined, expired, refused): the text to show. */
  onError: (text: string) => void;
  onCancel: () => void;
};

export function RestakeDialog({ open, sub, onDone, onError, onCancel }: RestakeDialogProps) {
  const ready = useStakeMessages();
  const t = useT();
  const money = useMoney();
  const amount = stakeAmountOf(sub);
  const amountText = amount ? money(amount, sub.paymentCurrency) : '';
  // The latest callbacks, without restarting the wallet request when the parent re-renders.
  const cb = useRef({ onDone, onError });
  cb.current = { onDone, onError };
  const request = useConnect(RESTAKE_ACTION, {
    onSuccess: () =>
      cb.current.onDone(amountText ? t('portalStake.resumed', { amount: amountText }) : t('portal.sub.resumed')),
    // A refusal stays in the dialog with "Start again"; any other failure goes back to the caller.
    onError: (err) => cb.current.onError(formatError(err)),
  });
  const { start, cancel } = request;

  useEffect(() => {
    if (!open) return;
    void start({ subscriptionId: sub.id });
    return () => cancel();
    // Only a new opening (or another subscription) starts a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start/cancel read the latest state themselves
  }, [open, sub.id]);

  return (
    <ConnectDialog
      {...request.dialog}
      open={open && ready}
      onCancel={onCancel}
      title={t('portalStake.restakeTitle')}
      text={amountText ? t('portalStake.restakeText', { amount: amountText }) : t('portalStake.restakeTextNoAmount')}
      cancellable={request.state.status !== 'succeed'}
    />
  );
}

/**
 * The stake of a subscription (subscription detail, and the invoice of a stake, its return or its slash), from the
 * platform's fields (core `subscriptionStake`) and the subscription's stake invoices: the amount, whether it is
 * staked, returned or slashed (and when), the stake's transaction and invoice, and the return or slash with its
 * invoice and transaction (or, once staked again, the earlier stake's).
 */
export function StakePanel({
  sub,
  prefix,
  headingLevel = 2,
}: {
  sub: Subscription;
  prefix: string;
  headingLevel?: 2 | 3;
}) {
  const ready = useStakeMessages();
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const stake = subscriptionStake(sub, sub.paymentCurrency?.decimal);
  const invoices = useQuery(
    queryKey('subscription', sub.id, 'stake-invoices'),
    () =>
      api.invoices.list({
        subscription_id: sub.id,
        include_staking: true,
        include_return_staking: true,
        pageSize: 100,
      }),
    { enabled: Boolean(stake), staleTime: 30_000 },
  );
  if (!ready || !stake) return null; // no English flash before the Chinese strings are there
  const { state } = stake;
  const found = stakeInvoices(invoices.data?.list ?? [], state === 'staked' ? null : (stake.revokedAt ?? 0));
  const tone = state === 'staked' ? 'success' : state === 'slashed' ? 'warning' : 'default';
  const stakedAt = found.stake?.created_at;
  const when =
    state === 'staked'
      ? stakedAt
        ? t('portalStake.stakedOn', { date: day(stakedAt) })
        : ''
      : stake.revokedAt
        ? t(state === 'slashed' ? 'portalStake.slashedOn' : 'portalStake.returnedOn', { date: day(stake.revokedAt) })
        : '';
  const { settlement, previous } = found;
  const txOf = (inv: {
    metadata?: { payment_details?: Record<string, unknown> } | null;
    paymentIntent?: { payment_details?: Record<string, unknown> } | null;
  }) =>
    transactionOf(inv.metadata?.payment_details ?? inv.paymentIntent?.payment_details, sub.paymentMethod).tx.tx_hash;
  const settlementTx = settlement ? txOf(settlement) : undefined;
  const H = headingLevel === 3 ? 'h3' : 'h2';
  const mono = css`font-family: var(--pay-font-family-mono); font-size: 13px; overflow-wrap: anywhere;`;
  const hash = (h: string) => {
    const href = methodExplorerHref(sub.paymentMethod, h);
    return <span className={mono}>{href ? <Link href={href}>{h}</Link> : h}</span>;
  };
  return (
    <section
      part="stake"
      aria-labelledby={`stake-${sub.id}`}
      className={css`display: flex; flex-direction: column; gap: 12px; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
    >
      <H id={`stake-${sub.id}`} className={css`margin: 0; font-size: 16px; font-weight: 650;`}>
        {t('portalStake.title')}
      </H>
      <dl
        className={css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 10px 24px; margin: 0; & dt { color: var(--pay-color-muted); } & dd { margin: 0; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; & dd { margin-bottom: 10px; } }`}
      >
        <dt>{t('portalStake.amount')}</dt>
        <dd part="stake-amount">{money(stake.amount, sub.paymentCurrency)}</dd>
        <dt>{t('portalStake.state')}</dt>
        <dd className={css`display: flex; gap: 8px; align-items: center; flex-wrap: wrap;`}>
          <StatusChip tone={tone}>
            <span part="stake-state">{t(`portalStake.states.${state}`)}</span>
          </StatusChip>
          {when ? <span className={css`color: var(--pay-color-muted);`}>{when}</span> : null}
        </dd>
        <dt>{t('portalStake.transaction')}</dt>
        <dd part="stake-tx">
          {stake.txHash ? (
            hash(stake.txHash)
          ) : (
            <span className={css`color: var(--pay-color-muted);`}>{t('portalStake.noTransaction')}</span>
          )}
        </dd>
        {found.stake ? (
          <>
            <dt>{t('portalStake.invoice')}</dt>
            <dd>
              <AppLink path={customerLinks(prefix).invoice(found.stake.id)}>
                {found.stake.number || found.stake.id}
              </AppLink>
            </dd>
          </>
        ) : null}
        {settlement ? (
          <>
            <dt>{t(state === 'slashed' ? 'portalStake.slashTx' : 'portalStake.returnTx')}</dt>
            <dd part="stake-settlement" className={css`display: flex; flex-direction: column; gap: 4px;`}>
              <AppLink path={customerLinks(prefix).invoice(settlement.id)}>
                {t('portalStake.settlementInvoice', { number: settlement.number || settlement.id })}
              </AppLink>
              {settlementTx ? hash(settlementTx) : null}
            </dd>
          </>
        ) : null}
        {previous ? (
          <>
            <dt>{t('portalStake.previous')}</dt>
            <dd part="stake-previous">
              {money(previous.total ?? stake.amount, sub.paymentCurrency)} ·{' '}
              {t(previous.billing_reason === 'slash_stake' ? 'portalStake.slashedOn' : 'portalStake.returnedOn', {
                date: day(previous.created_at),
              })}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
