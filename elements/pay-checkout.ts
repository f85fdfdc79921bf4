import { Checkout, prefetchCheckout } from '../src/checkout/Checkout.tsx';
import { messages } from '../src/checkout/messages.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.tsx';
import { meta } from './_runtime/pay-checkout.ts';

// The checkout draws its own surface (a card on wide screens), so the host box stays transparent around it.

export default defineElement(meta.tag, Checkout, {
  ...optionsFromMeta(meta, 'pay', messages),
  hostBackground: false,
  prefetch: prefetchCheckout,
});
