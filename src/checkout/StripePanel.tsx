/**
 * The Stripe payment element panel (spec §2 dialogs, §4 stripePaying). Stripe refuses to mount inside a shadow
 * root, so the element gets a light-DOM child `<div slot="stripe-payment">` of the host, shown in this dialog
 * through a slot; it is removed again when the panel closes. The payer confirms (card errors are announced) or
 * cancels (the server is told: abort-stripe).
 */
import { useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '../api/types.ts';
import { errorText } from '../core/errors.ts';
import type { StripeElement, StripeLike } from '../api/resources/stripe.ts';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useHost, useSettings } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';

export const STRIPE_SLOT = 'stripe-payment';

export type StripePanelProps = {
  open: boolean;
  paying: boolean;
  method: PaymentMethod | undefined;
  clientSecret: string | undefined;
  publishableKey: string | undefined;
  amountText: string;
  onConfirmed: () => void;
  onAbort: () => void;
};

export function StripePanel({
  open,
  paying,
  method,
  clientSecret,
  publishableKey,
  amountText,
  onConfirmed,
  onAbort,
}: StripePanelProps) {
  const t = useT();
  const api = useApi();
  const { css } = useCss();
  const { host } = useHost();
  const { mode } = useSettings();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const stripe = useRef<{ stripe: StripeLike; elements: unknown; element: StripeElement } | null>(null);

  useEffect(() => {
    if (!open || !method || !clientSecret) return;
    let live = true;
    const container = document.createElement('div');
    container.slot = STRIPE_SLOT;
    // The payment element is drawn in Stripe's default (light) appearance; in the dark theme it sits on a light card so
    // its texts keep their contrast (it inherits the dialog's light text colour through the slot otherwise).
    // It never gets wider than the dialog (the card form inside shrinks with it on a phone). Set through CSSOM: a strict
    // CSP (no 'unsafe-inline') blocks a style attribute, not style.cssText.
    const fit = 'display:block;box-sizing:border-box;min-width:0;max-width:100%;overflow-wrap:anywhere';
    container.style.cssText =
      mode === 'dark' ? `${fit};background:#fff;color:#0f172a;color-scheme:light;padding:8px;border-radius:8px` : fit;
    host.append(container);
    setReady(false);
    setError('');
    api.stripe
      .load(method, publishableKey ?? method.settings?.stripe?.publishable_key ?? '')
      .then((s) => {
        if (!live) return;
        const elements = s.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(container);
        stripe.current = { stripe: s, elements, element };
        setReady(true);
      })
      .catch((err: unknown) => live && setError(errorText(err, t)));
    return () => {
      live = false;
      stripe.current?.element.destroy();
      stripe.current = null;
      container.remove();
    };
  }, [open, clientSecret]); // eslint-disable-line react-hooks/exhaustive-deps -- mounts Stripe once per opening and client secret

  const confirm = async () => {
    const s = stripe.current;
    if (!s || confirming) return;
    setConfirming(true);
    setError('');
    try {
      const result = await s.stripe.confirmPayment({
        elements: s.elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) setError(result.error.message || t('checkout.cardFailed'));
      else onConfirmed();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setConfirming(false);
    }
  };

  const busy = confirming || paying;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onAbort()}
      dismissible={!busy}
      title={t('checkout.cardTitle')}
      width={520}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={onAbort}>
            {t('common.cancel')}
          </Button>
          <Button
            part="card-pay"
            pending={busy}
            pendingLabel={t('common.processing')}
            disabled={!ready}
            onClick={() => void confirm()}
          >
            {t('checkout.cardPay', { amount: amountText })}
          </Button>
        </>
      }
    >
      <div part="stripe" className={css`display: flex; flex-direction: column; gap: 12px; min-height: 120px;`}>
        {!ready && !error ? <Skeleton variant="rect" height={120} delay={0} /> : null}
        <slot name={STRIPE_SLOT} />
        <p
          role="alert"
          className={css`margin: 0; color: var(--pay-color-danger); font-size: 13px; &:empty { display: none; }`}
        >
          {error}
        </p>
      </div>
    </Dialog>
  );
}
