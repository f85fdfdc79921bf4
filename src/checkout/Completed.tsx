/**
 * The completed screen (spec §2, §4): the message (the per-locale success_message, else the default text), what
 * was paid (amount and items, as a receipt repeats it), links to the subscription(s) or the invoice, the vendor
 * progress, and the redirect to the success URL. Loaded on demand (not part of the checkout's first paint).
 */
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { CheckoutContext, CheckoutSession, PaymentLink } from '../api/types.ts';
import type { CustomerLinks } from '../core/links.ts';
import { pickLocaleText } from '../core/locale.ts';
import { safeUrl } from '../core/url.ts';
import { Button } from '../ui/Button.tsx';
import { useEmit, useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import type { ProductImage } from './parts.tsx';
const VendorProgress = lazy(() => import('../ui/VendorProgress.tsx').then((m) => ({ default: m.VendorProgress })));

/** After paying, the redirect to a success URL waits this long so the payer sees the confirmation. */
export const SUCCESS_REDIRECT_DELAY_MS = 1500;

export type CompletedProps = {
  session: CheckoutSession;
  ctx: CheckoutContext;
  successUrl?: string | undefined;
  /** Just paid here: the heading takes the focus (it is announced). */
  announce?: boolean | undefined;
  /** The checkout surface's class (the same card as the open checkout). */
  panelClass: string;
  links: CustomerLinks;
  /** An app link's click handler (pay-navigate). */
  navigate: (path: string) => (e: MouseEvent<HTMLElement>) => void;
  /** An amount in the currency paid in, and a line item's amount in it (the checkout's own formatting). */
  money: (amount: string | null | undefined) => string;
  lineAmount: (item: CheckoutSession['line_items'][number]) => string;
  /** The checkout's product picture. */
  Image: typeof ProductImage;
};

/** An `after_completion`'s hosted confirmation message, if it has one. */
function hostedMessage(after: PaymentLink['after_completion'] | undefined): string {
  const message: unknown = after?.hosted_confirmation?.custom_message;
  return typeof message === 'string' ? message.trim() : '';
}

export function Completed({
  session,
  ctx,
  successUrl,
  announce,
  panelClass,
  links,
  navigate,
  money,
  lineAmount,
  Image,
}: CompletedProps) {
  const t = useT();
  const emit = useEmit<'pay-checkout'>();
  const { css } = useCss();
  const { locale } = useSettings();
  const [redirecting, setRedirecting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const target = safeUrl(successUrl ?? session.success_url ?? null);
  useEffect(() => {
    if (announce) heading.current?.focus();
    const proceed = emit(
      'complete',
      {
        checkoutSessionId: session.id,
        invoiceId: session.invoice_id ?? null,
        subscriptionId: session.subscription_id ?? null,
        paymentLinkId: session.payment_link_id ?? null,
        mode: session.mode,
      },
      { cancelable: true },
    );
    if (!proceed || !target) return;
    setRedirecting(true);
    const id = setTimeout(() => window.location.assign(target), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [session.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the success redirect is scheduled once per session

  // The merchant's text (shown as text): the session's per-locale success message, else the hosted confirmation of
  // its payment link, else of the pricing table plan it was started from (kept on the session's metadata).
  const custom =
    pickLocaleText(session.metadata?.page_info?.success_message ?? null, locale) ||
    hostedMessage(ctx.paymentLink?.after_completion) ||
    hostedMessage(session.metadata?.after_completion) ||
    '';
  const hasVendors = session.line_items.some(
    (i) => ((i.upsell_price ?? i.price)?.product?.vendor_config?.length ?? 0) > 0,
  );
  // `subscriptions` holds ids or expanded subscriptions depending on the server.
  const listed = (session.subscriptions ?? []).map((s) => (typeof s === 'string' ? s : s.id)).filter(Boolean);
  const subscriptionIds = listed.length ? listed : session.subscription_id ? [session.subscription_id] : [];

  return (
    <div
      part="checkout completed"
      className={`${panelClass} ${css`max-width: 640px; display: flex; justify-content: center; padding: 48px 24px;`}`}
    >
      <div
        className={css`max-width: 520px; width: 100%; display: flex; flex-direction: column; align-items: center; gap: 14px; text-align: center;`}
      >
        <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="var(--pay-color-success-bg)" />
          <path
            d="M20 33l8 8 16-17"
            stroke="var(--pay-color-success)"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2 ref={heading} tabIndex={-1} className={css`margin: 0; font-size: 24px; outline: none;`}>
          {session.submit_type === 'donate'
            ? t('checkout.donationThanks')
            : session.mode === 'subscription'
              ? t('checkout.completedSubscription')
              : t('checkout.completedTitle')}
        </h2>
        <p className={css`margin: 0; color: var(--pay-color-muted);`}>{custom || t('checkout.completedText')}</p>
        {session.line_items.length ? (
          <CompletedDetails session={session} money={money} lineAmount={lineAmount} Image={Image} />
        ) : null}
        <div className={css`display: flex; gap: 12px; flex-wrap: wrap; justify-content: center; margin-top: 8px;`}>
          {subscriptionIds.map((id) => (
            <Button
              key={id}
              variant="secondary"
              href={links.subscription(id)}
              onClick={navigate(links.subscription(id))}
            >
              {t('checkout.viewSubscription')}
            </Button>
          ))}
          {session.invoice_id ? (
            <Button
              variant={subscriptionIds.length ? 'secondary' : 'primary'}
              href={links.invoice(session.invoice_id)}
              onClick={navigate(links.invoice(session.invoice_id))}
              part="invoice-link"
            >
              {t('checkout.viewInvoice')}
            </Button>
          ) : null}
          {target ? <Button href={target}>{t('checkout.continue')}</Button> : null}
        </div>
        {hasVendors ? (
          <Suspense fallback={null}>
            <VendorProgress sessionId={session.id} />
          </Suspense>
        ) : null}
        {redirecting ? (
          <p role="status" className={css`margin: 0; font-size: 13px; color: var(--pay-color-muted);`}>
            {t('checkout.redirecting')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function CompletedDetails({
  session,
  money,
  lineAmount,
  Image,
}: Pick<CompletedProps, 'session' | 'money' | 'lineAmount' | 'Image'>) {
  const t = useT();
  const { css } = useCss();
  const items = session.line_items.map((i) => ({ ...i, price: i.upsell_price ?? i.price }));
  const row = css`display: flex; justify-content: space-between; align-items: baseline; gap: 16px; font-variant-numeric: tabular-nums;`;
  return (
    <div
      part="paid"
      className={css`width: 100%; box-sizing: border-box; display: flex; flex-direction: column; gap: 12px; padding: 16px; margin-top: 4px; text-align: start;
        border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius); background: var(--pay-color-surface);`}
    >
      <dl className={css`margin: 0; & dt, & dd { margin: 0; }`}>
        <div className={row}>
          <dt className={css`color: var(--pay-color-muted);`}>{t('checkout.paidAmount')}</dt>
          <dd part="paid-amount" className={css`font-size: 18px; font-weight: 700;`}>
            {money(session.amount_total ?? '0')}
          </dd>
        </div>
      </dl>
      <h3 className={css`margin: 0; font-size: 13px; font-weight: 650; color: var(--pay-color-muted);`}>
        {t('checkout.paidItems')}
      </h3>
      <ul className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;`}>
        {items.map((item) => {
          const name = String(item.price.product?.name ?? item.price.nickname ?? item.price.id);
          return (
            <li
              key={item.price_id}
              part="paid-item"
              className={css`display: grid; grid-template-columns: 36px minmax(0, 1fr) auto; gap: 10px; align-items: center;`}
            >
              <Image src={item.price.product?.images?.[0]} name={name} size={36} />
              <span className={css`display: flex; flex-direction: column; min-width: 0;`}>
                <span className={css`font-weight: 600; overflow-wrap: anywhere;`}>{name}</span>
                <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>
                  {t('checkout.quantity', { count: item.quantity })}
                </span>
              </span>
              <span className={css`font-variant-numeric: tabular-nums; white-space: nowrap;`}>{lineAmount(item)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
