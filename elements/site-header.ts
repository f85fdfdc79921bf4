import { messages } from '../src/header/messages.ts';
import { prefetchSession } from '../src/state/session.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.ts';
import { pageLocale } from '../src/ui/settings.ts';
import { meta } from './_runtime/site-header.ts';

export default defineElement(meta.tag, () => import('../src/header/SiteHeader.tsx').then((m) => m.SiteHeader), {
  ...optionsFromMeta(meta, 'header', messages),
  prefetch: prefetchSession,
  // Without a locale attribute or provider: ?locale, then the nf_lang cookie, as the platform's header and the host.
  pageLocale,
});
