import { Portal } from '../src/portal/Portal.tsx';
import { messages } from '../src/portal/messages.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.tsx';
import { prefetchSession } from '../src/ui/session.tsx';
import { meta } from './_runtime/pay-portal.ts';

export default defineElement(meta.tag, Portal, {
  ...optionsFromMeta(meta, 'pay', messages),
  prefetch: prefetchSession,
});
