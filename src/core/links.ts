/**
 * The app's customer links (spec §2 "Customer links"). They are app routes, under the app's prefix
 * (window.blocklet.prefix, '/' by default); screens use these instead of building paths.
 */
import { joinPath, withQuery } from './url.ts';

const enc = encodeURIComponent;

export function customerLinks(prefix: string | null | undefined = '/') {
  const p = (...parts: string[]) => joinPath(prefix || '/', 'customer', ...parts);
  return {
    home: (): string => p(),
    invoice: (id: string): string => p('invoice', enc(id)),
    subscription: (id: string): string => p('subscription', enc(id)),
    creditGrant: (id: string): string => p('credit-grant', enc(id)),
    /** /customer/invoice/past-due with the optional referer (the current page address, URL-encoded by withQuery). */
    pastDue: (referer?: string): string => withQuery(p('invoice', 'past-due'), { referer }),
  };
}

export type CustomerLinks = ReturnType<typeof customerLinks>;
