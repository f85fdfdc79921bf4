import { messages } from '../src/portal/messages.ts';
import { prefetchPortal } from '../src/portal/screens.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.ts';
import { meta } from './_runtime/pay-portal.ts';

export default defineElement(meta.tag, () => import('../src/portal/Portal.tsx').then((m) => m.Portal), {
  ...optionsFromMeta(meta, 'pay', messages),
  prefetch: prefetchPortal,
});
