/**
 * The session a tab started from a payment link (`plink_…`), kept in sessionStorage so that a reload resumes it
 * (api/resources/checkout.ts `open`): whether the stored one may be resumed for the payer signed in now.
 */

/** The fields of a checkout session the rule reads. */
type StoredLinkSession = {
  status: string;
  expires_at?: number | null;
  /** The customer who submitted it (the platform shows it to that customer only). */
  customer_did?: string | null;
};

/**
 * A stored session is resumed when it is still open (or already complete: a reload shows the finished purchase) and
 * is not another payer's: neither the payer it was opened for (`openedFor`) nor the customer the platform names on
 * it may differ from the payer signed in now (`payer`; null when nobody is). Another payer's session is never shown:
 * the tab starts a fresh one for the new payer, as it would for a first visit. `payer` undefined (the session could
 * not be read) judges only the session itself.
 */
export function resumesLinkSession(
  session: StoredLinkSession,
  openedFor: string | null,
  payer: string | null | undefined,
  nowSeconds: number,
): boolean {
  const expires = session.expires_at ?? 0;
  if (session.status === 'expired' || (expires > 0 && expires <= nowSeconds)) return false;
  if (session.status !== 'open' && session.status !== 'complete') return false;
  return samePayer(session.customer_did || openedFor, payer);
}

/**
 * Whether what a tab stored for `owner` (a payer's DID, null when nobody was signed in) may be shown to the payer
 * signed in now (`payer`; null: nobody; undefined: not known, which does not judge). Something stored signed out
 * becomes the payer's who signs in from it.
 */
export function samePayer(owner: string | null | undefined, payer: string | null | undefined): boolean {
  return payer === undefined || !owner || owner === payer;
}
