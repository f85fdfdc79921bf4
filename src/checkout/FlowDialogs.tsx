/**
 * The dialogs of the payment flow (spec §2, §4, §8): fast-pay confirmation, the Stripe card panel, the past-due
 * confirm and the overdue-invoice dialog (CUSTOMER_LIMITED), insufficient credit, and the DID Wallet request. Loaded
 * when the payer first submits (not part of the checkout's first paint); mounted from then on, so that closing a
 * dialog returns the focus.
 */
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import type { PaymentCurrency, PaymentMethod } from '../api/types.ts';
import type { CustomerLinks } from '../core/links.ts';
import { formatAmount } from '../core/money.ts';
import { safeUrl } from '../core/url.ts';
import type { CheckoutFlow, FlowState, SubmitContext } from '../state/checkout.ts';
import { Button } from '../ui/Button.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { useSettings } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
const StripePanel = lazy(() => import('./StripePanel.tsx').then((m) => ({ default: m.StripePanel })));
const OverdueDialog = lazy(() => import('../overdue/OverdueDialog.tsx').then((m) => ({ default: m.OverdueDialog })));

export function FlowDialogs({
  flow,
  state,
  ctx,
  currency,
  method,
  money,
  links,
  navigate,
}: {
  flow: CheckoutFlow;
  state: FlowState;
  ctx: SubmitContext;
  currency: PaymentCurrency | undefined;
  method: PaymentMethod | undefined;
  /** Amounts in the chosen currency (the checkout's formatting). */
  money: (amount: string | null | undefined) => string;
  links: CustomerLinks;
  /** An app link's click handler (pay-navigate). */
  navigate: (path: string) => (e: MouseEvent<HTMLElement>) => void;
}) {
  const t = useT();
  // CUSTOMER_LIMITED: the past-due confirm, then the overdue-invoice dialog on top of it (spec §2, §8).
  const [overdueOpen, setOverdueOpen] = useState(false);
  // Once opened it stays mounted (closed) so that closing returns focus to 'pay now'.
  const [overdueMounted, setOverdueMounted] = useState(false);
  const limited = state.phase === 'customerLimited';
  useEffect(() => {
    if (limited) return;
    setOverdueOpen(false);
    setOverdueMounted(false);
  }, [limited]);
  const { css } = useCss();
  const { locale } = useSettings();
  const fast = state.fastPay;
  const connectUrl = state.connect ? safeUrl(state.connect.url) : null;
  const balance = fast?.token?.balance
    ? formatAmount(fast.token.balance, currency?.decimal ?? 2, {
        locale,
        ...(currency?.symbol ? { symbol: currency.symbol } : {}),
      })
    : '';
  const connecting = state.phase === 'connecting' || (state.phase === 'paying' && !!state.connect);

  return (
    <>
      <Dialog
        open={
          state.phase === 'fastPay' ||
          state.phase === 'fastPaying' ||
          (state.phase === 'paying' && !state.connect && !state.stripe)
        }
        onClose={() => flow.cancel()}
        dismissible={state.phase === 'fastPay'}
        title={t('checkout.fastPayTitle')}
        actions={
          <>
            <Button variant="secondary" disabled={state.phase !== 'fastPay'} onClick={() => void flow.useWallet(ctx)}>
              {t('checkout.fastPayUseWallet')}
            </Button>
            <Button
              data-autofocus
              pending={state.phase !== 'fastPay'}
              pendingLabel={t('common.processing')}
              onClick={() => void flow.confirmFastPay(ctx)}
            >
              {t('checkout.fastPayConfirm')}
            </Button>
          </>
        }
      >
        <p className={css`margin: 0;`}>
          {t(ctx.currencyType === 'credit' ? 'checkout.fastPayCreditText' : 'checkout.fastPayText', {
            amount: money(fast?.amount ?? state.session?.amount_total ?? '0'),
            balance,
          })}
        </p>
      </Dialog>

      {state.stripe ? (
        <Suspense fallback={null}>
          <StripePanel
            open={state.phase === 'stripePaying' || (state.phase === 'paying' && !!state.stripe)}
            paying={state.phase === 'paying'}
            method={method}
            clientSecret={state.stripe?.clientSecret}
            publishableKey={state.stripe?.publishableKey}
            amountText={money(state.session?.amount_total ?? '0')}
            onConfirmed={() => void flow.stripeConfirmed()}
            onAbort={() => void flow.abortStripe()}
          />
        </Suspense>
      ) : null}

      <Dialog
        open={state.phase === 'customerLimited'}
        onClose={() => flow.cancel()}
        title={t('checkout.customerLimitedTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => flow.cancel()}>
              {t('common.cancel')}
            </Button>
            <Button
              part="pay-overdue"
              data-autofocus
              aria-haspopup="dialog"
              onClick={() => {
                setOverdueMounted(true);
                setOverdueOpen(true);
              }}
            >
              {t('checkout.payOverdue')}
            </Button>
          </>
        }
      >
        <p className={css`margin: 0;`}>{t('checkout.customerLimitedText')}</p>
      </Dialog>

      {limited && overdueMounted ? (
        <Suspense fallback={null}>
          <OverdueDialog
            open={overdueOpen}
            onClose={() => setOverdueOpen(false)}
            onPaid={() => flow.cancel()}
            invoicePath={(id) => links.invoice(id)}
            renderLink={(path, children) => (
              <a
                href={checkHref(path) ?? undefined}
                onClick={navigate(path)}
                className={css`color: var(--pay-color-primary); font-weight: 600; ${focusRing}`}
              >
                {children}
              </a>
            )}
          />
        </Suspense>
      ) : null}

      <Dialog
        open={state.phase === 'creditInsufficient'}
        onClose={() => flow.cancel()}
        title={t('checkout.creditInsufficientTitle')}
        actions={<Button onClick={() => flow.cancel()}>{t('common.close')}</Button>}
      >
        <p className={css`margin: 0;`}>{t('checkout.creditInsufficientText')}</p>
      </Dialog>

      <ConnectDialog
        open={connecting}
        onCancel={() => flow.cancel()}
        onRetry={() => void flow.retryConnect()}
        cancellable={state.phase === 'connecting'}
        title={t('checkout.connectTitle')}
        text={t('checkout.connectText')}
        url={state.connect?.failure ? null : connectUrl}
        status={state.phase === 'paying' ? 'succeed' : state.connect?.status}
        failure={state.connect?.failure}
        message={state.connect?.message}
      />
    </>
  );
}
