/**
 * The app's customer links (spec §2 "Customer links"). They are app routes, under the app's prefix
 * (window.blocklet.prefix, '/' by default); screens use these instead of building paths.
 */
import { joinPath, safeUrl, withQuery } from './url.ts';

const enc = encodeURIComponent;

export function customerLinks(prefix: string | null | undefined = '/') {
  const p = (...parts: string[]) => joinPath(prefix || '/', 'customer', ...parts);
  return {
    /** The portal home, optionally on one of its tabs (`?tab=subscriptions|invoices|payments|credits`). */
    home: (tab?: 'subscriptions' | 'invoices' | 'payments' | 'credits'): string => withQuery(p(), { tab }),
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

/** One method's entry of a payment's or refund's `payment_details` (spec §3 Transaction details). */
export type TxDetails = {
  tx_hash?: string;
  gas_price?: string;
  gas_used?: string;
  payment_intent_id?: string;
  refund_id?: string;
};
/** What these helpers read of a payment method: its type and its per-type settings (explorer_host). */
export type TxMethod = { type?: string; settings?: object } | null | undefined;

/** The transaction of a payment or a refund: the method's entry of `payment_details`, else the first one. */
export function transactionOf(
  details: Record<string, unknown> | null | undefined,
  method: TxMethod,
): { methodType: string; tx: TxDetails } {
  const all = (details ?? {}) as Record<string, TxDetails>;
  const methodType = method?.type ?? Object.keys(all)[0] ?? '';
  return { methodType, tx: all[methodType] ?? Object.values(all)[0] ?? {} };
}

/** The explorer page of a tx hash paid with `method` (its settings' explorer_host), checked; null without one. */
export function methodExplorerHref(method: TxMethod, txHash: string): string | null {
  const settings = method?.type
    ? (method.settings as Record<string, { explorer_host?: string } | undefined> | undefined)?.[method.type]
    : undefined;
  return settings?.explorer_host ? safeUrl(explorerTxLink(settings.explorer_host, txHash)) : null;
}
