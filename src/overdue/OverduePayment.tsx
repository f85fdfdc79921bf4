/**
 * The per-currency overdue list (spec §2 "past-due invoices" and the checkout's "overdue-invoice payment" dialog,
 * §4 "Overdue payment per currency"): amount due, invoice count and method per currency, and a Pay button with its
 * own state (idle, paying, success, error with retry), plus the wallet-connect dialog while one is being paid.
 * Stripe balances cannot be paid here: on the page the row says so and links the invoice; in the dialog the Pay
 * button toasts 'not support' with a 'View now' link (spec §8) and shows the same note in the row.
 * Renders the state of `useOverduePayment`; the page and the dialog bring their own frame.
 */
import { useState, type ReactNode } from 'react';
import { formatAmount } from '../core/money.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { useSettings, useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import type { Due, OverduePayment } from './useOverduePayment.ts';

export type OverdueListProps = {
  state: OverduePayment;
  variant: 'page' | 'dialog';
  /** The app path of an invoice (for the 'View now' link of a Stripe balance). */
  invoicePath: (invoiceId: string) => string;
  /** Renders an app link (the page and the checkout route links their own way). */
  renderLink: (path: string, children: ReactNode) => ReactNode;
};

/** `12.5 TBA` in the element's locale; BigInt on strings, never floats. */
export function useDueMoney() {
  const { locale } = useSettings();
  return (amount: string | null | undefined, currency: Due['currency'] | null | undefined) =>
    formatAmount(amount ?? '0', currency?.decimal ?? 2, {
      locale,
      ...(currency?.symbol ? { symbol: currency.symbol } : {}),
    });
}

export function OverdueList({ state, variant, invoicePath, renderLink }: OverdueListProps) {
  const t = useT();
  const { css } = useCss();
  const money = useDueMoney();
  const toast = useToast();
  const [stripeNotice, setStripeNotice] = useState<Record<string, boolean>>({});
  const { due, paidRows, rows, connect, customerRef } = state;
  const dialog = variant === 'dialog';

  const card = dialog
    ? css`display: flex; align-items: center; justify-content: space-between; gap: 8px 16px; flex-wrap: wrap; padding: 12px 14px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius); background: var(--pay-color-bg);`
    : css`display: flex; align-items: center; justify-content: space-between; gap: 12px 20px; flex-wrap: wrap; padding: 18px 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`;

  const stripeClicked = (d: Due) => {
    const path = d.firstInvoiceId ? invoicePath(d.firstInvoiceId) : null;
    toast.show({
      tone: 'warning',
      message: t('overdue.notSupported'),
      ...(path ? { action: { label: t('overdue.viewNow'), href: path } } : {}),
    });
    setStripeNotice((prev) => ({ ...prev, [d.currency.id]: true }));
  };

  const notSupported = (d: Due) => (
    <span
      role={dialog ? 'status' : undefined}
      part="overdue-not-supported"
      className={css`display: flex; gap: 8px; flex-wrap: wrap; align-items: center; color: var(--pay-color-muted);`}
    >
      {t('overdue.notSupported')}
      {d.firstInvoiceId ? renderLink(invoicePath(d.firstInvoiceId), t('overdue.viewNow')) : null}
    </span>
  );

  return (
    <ul
      part="past-due-list"
      className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${dialog ? 8 : 12}px;`}
    >
      {[...due, ...paidRows].map((d) => {
        const id = d.currency.id;
        const row = rows[id] ?? { phase: 'idle' };
        const logo = checkHref(d.currency.logo ?? d.method.logo);
        const stripe = d.method.type === 'stripe';
        const label = t('overdue.payAmount', { amount: money(d.amount, d.currency) });
        let action: ReactNode;
        if (row.phase === 'success') {
          action = (
            <span
              role="status"
              part="past-due-paid"
              className={css`color: var(--pay-color-success, #15803d); font-weight: 600;`}
            >
              ✓ {t('overdue.paid')}
            </span>
          );
        } else if (stripe && !dialog) {
          action = notSupported(d);
        } else if (stripe) {
          action = stripeNotice[id] ? (
            notSupported(d)
          ) : (
            <Button part="pay-currency" onClick={() => stripeClicked(d)}>
              {label}
            </Button>
          );
        } else {
          action = (
            <Button
              part="pay-currency"
              pending={row.phase === 'paying'}
              disabled={!customerRef || (connect !== null && connect.currencyId !== id)}
              onClick={() => void state.pay(d)}
            >
              {row.phase === 'error' ? t('common.retry') : label}
            </Button>
          );
        }
        return (
          <li key={id} part="past-due-currency" data-currency={id} data-state={row.phase} className={card}>
            <div className={css`display: flex; align-items: center; gap: 12px; min-width: 0;`}>
              {logo ? (
                <img
                  src={logo}
                  alt=""
                  width={dialog ? 28 : 32}
                  height={dialog ? 28 : 32}
                  className={css`border-radius: 50%; flex: none;`}
                />
              ) : null}
              <div className={css`display: flex; flex-direction: column; gap: 2px; min-width: 0;`}>
                <span
                  part="past-due-amount"
                  className={css`font-size: ${dialog ? 17 : 20}px; font-weight: 700; font-variant-numeric: tabular-nums;`}
                >
                  {money(d.amount, d.currency)}
                </span>
                <span className={css`color: var(--pay-color-muted); font-size: 14px;`}>
                  {t('overdue.invoiceCount', { count: d.count })} · {d.method.name}
                </span>
              </div>
            </div>
            <div
              className={css`display: flex; flex-direction: column; align-items: flex-end; gap: 8px; min-width: 0; @media (max-width: 599px) { align-items: stretch; width: 100%; }`}
            >
              {action}
            </div>
            {row.phase === 'error' ? (
              <div className={css`flex-basis: 100%;`}>
                <Alert tone="error" title={t('overdue.failed')}>
                  {row.message}
                </Alert>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The DID Wallet dialog while one currency is being paid. */
export function OverdueConnect({ state }: { state: OverduePayment }) {
  const t = useT();
  const { connect } = state;
  return (
    <ConnectDialog
      {...(connect?.request.dialog ?? { url: null })}
      open={connect !== null}
      onCancel={state.cancelConnect}
      onRetry={state.retryConnect}
      title={t('overdue.connectTitle')}
      text={t('overdue.connectText')}
    />
  );
}
