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

/** Admin pages of the payment app (spec §2 Admin links), shown only in dashboard mode or to owners and admins. */
export function adminLinks(prefix: string | null | undefined = '/') {
  const p = (...parts: string[]) => joinPath(prefix || '/', 'admin', ...parts);
  return {
    customer: (id: string): string => p('customers', enc(id)),
    billing: (id: string): string => p('billing', enc(id)),
  };
}

/** A transaction on a chain explorer: {explorer}/tx/{hash}. */
export function explorerTxLink(explorerHost: string, txHash: string): string {
  return joinPath(explorerHost, 'tx', enc(txHash));
}
