// React 19 TSX: the elements are JSX intrinsic elements with typed attributes, properties and `on<event>` handlers.
import { useRef } from 'react';
import type {} from '../../types/react.js';
import type { PayCheckoutElement } from '../../types/elements.js';

export function Checkout({ onPaid }: { onPaid: (invoiceId: string | null) => void }) {
  const ref = useRef<PayCheckoutElement>(null);
  return (
    <pay-checkout
      ref={ref}
      checkout-id="plink_1"
      theme="dark"
      mode="minimal"
      locale="zh"
      livemode={false}
      className="checkout"
      extraParams={{ qty: 2 }}
      donation-settings={{ title: 'Tip' }}
      onpay-complete={(e) => onPaid(e.detail.invoiceId)}
      onpay-error={(e) => console.warn(e.detail.message, e.detail.code)}
    />
  );
}

export function Others() {
  return (
    <pay-provider base-url="/payment/" theme="auto">
      <site-header meta={{ appName: 'Demo' }} show-domain-warning="false" onheader-locale-change={(e) => void e.detail.locale} />
      <pay-portal view="subscriptions" dashboard />
      <blocklet-store base-path="/store/" onstore-navigate={(e) => e.preventDefault()} />
    </pay-provider>
  );
}

/** An object bound through the dashed name (the element has a property by that name), or JSON text. */
export function Dashed() {
  return (
    <>
      <pay-checkout extra-params={{ qty: 2, ref: 'spring' }} />
      <pay-checkout extra-params='{"qty":2}' />
    </>
  );
}

export function Mistakes() {
  return (
    <>
      {/* @ts-expect-error -- not a theme */}
      <pay-checkout theme="purple" />
      {/* @ts-expect-error -- not a checkout mode */}
      <pay-checkout mode="compact" />
      {/* @ts-expect-error -- extra-params takes an object of strings, numbers and booleans (or JSON text) */}
      <pay-checkout extra-params={{ qty: [2] }} />
      {/* @ts-expect-error -- pay-complete's detail has no amount */}
      <pay-checkout onpay-complete={(e) => e.detail.amount} />
      {/* @ts-expect-error -- not a portal view */}
      <pay-portal view="everything" />
      {/* @ts-expect-error -- no such attribute */}
      <site-header colour="red" />
    </>
  );
}
