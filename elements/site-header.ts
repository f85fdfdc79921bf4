import { SiteHeader } from '../src/header/SiteHeader.tsx';
import { messages } from '../src/header/messages.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.tsx';
import { prefetchSession } from '../src/ui/session.tsx';
import { meta } from './_runtime/site-header.ts';

export default defineElement(meta.tag, SiteHeader, {
  ...optionsFromMeta(meta, 'header', messages),
  prefetch: prefetchSession,
});
