import { provideCheckoutElement } from '../src/pricing-table/checkout-element.ts';
import { messages } from '../src/pricing-table/messages.ts';
import { prefetchPricingTable } from '../src/pricing-table/prefetch.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.ts';
import { meta } from './_runtime/pay-pricing-table.ts';

// The inline checkout of a chosen plan: loaded when a plan is chosen, not with the table. The cards draw their own
// surfaces, so the host box stays transparent around them (as the checkout's does).
provideCheckoutElement(() => import('./pay-checkout.ts'));

export default defineElement(
  meta.tag,
  () => import('../src/pricing-table/PricingTable.tsx').then((m) => m.PricingTable),
  { ...optionsFromMeta(meta, 'pay', messages), hostBackground: false, prefetch: prefetchPricingTable },
);
