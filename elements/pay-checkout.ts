import { messages } from '../src/checkout/messages.ts';
import { prefetchCheckout } from '../src/checkout/prefetch.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.ts';
import { meta } from './_runtime/pay-checkout.ts';

// The checkout draws its own surface (a card on wide screens), so the host box stays transparent around it.
// The screen (and React) load after the element is defined: its first requests leave first.

export default defineElement(meta.tag, () => import('../src/checkout/Checkout.tsx').then((m) => m.Checkout), {
  ...optionsFromMeta(meta, 'pay', messages),
  hostBackground: false,
  prefetch: prefetchCheckout,
});
