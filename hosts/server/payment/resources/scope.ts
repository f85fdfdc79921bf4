import type { Request, Response } from 'express';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { callerOf, requireUser } from '../auth.ts';
import { customerOfDid } from '../billing.ts';
import { livemodeOf, queryString } from '../http.ts';
import { mustFind, type Doc } from '../repo.ts';
import type { Table } from '../schema.ts';

/**
 * Customer-owned data (invoices, subscriptions, payment intents, credit grants, refunds, meter events): the merchant
 * sees any customer's; a signed-in person only ever sees their own customer's, whatever the query asks — the rows a
 * list returns and every related id the request names (OWNED_REFS), so no route answers with another customer's
 * document expanded into its reply. docs/security.md lists who may call what.
 */

/**
 * Ids of customer-owned documents a request may name in its query or body (snake_case as the API takes them,
 * camelCase as wallet-connect params carry them). Every one a non-merchant names must be their own.
 */
export const OWNED_REFS: Record<string, Table> = {
  subscription_id: 'subscriptions', subscriptionId: 'subscriptions',
  invoice_id: 'invoices', invoiceId: 'invoices',
  payment_intent_id: 'payment_intents', paymentIntentId: 'payment_intents',
  credit_grant_id: 'credit_grants', creditGrantId: 'credit_grants',
  checkout_session_id: 'checkout_sessions', checkoutSessionId: 'checkout_sessions',
};

const LABEL: Partial<Record<Table, string>> = {
  subscriptions: 'subscription', invoices: 'invoice', payment_intents: 'payment', credit_grants: 'credit grant', checkout_sessions: 'checkout session',
};

/**
 * Object-level check of every owned id a request names (`source` = its query or body): for a non-merchant each one
 * must belong to the caller's own customer (404 when it does not exist, 403 when it is another customer's). A
 * merchant may name any. Runs before anything is read or written with those ids.
 */
export async function assertOwnedRefs(q: Queryable, res: Response, source: Record<string, unknown> | undefined): Promise<void> {
  if (!source || callerOf(res).merchant) return;
  for (const [key, table] of Object.entries(OWNED_REFS)) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw new HttpError(400, `${key} must be a string`);
    await assertOwner(q, res, await mustFind(q, table, value), LABEL[table] ?? 'document');
  }
}

/** The customer a list is restricted to: undefined = no restriction (merchant), null = nobody (no customer yet). */
export async function listScope(q: Queryable, req: Request, res: Response, what: string): Promise<string | null | undefined> {
  const requested = queryString(req, 'customer_id');
  const requestedDid = queryString(req, 'customer_did');
  if (callerOf(res).merchant) {
    if (requested) return requested;
    if (requestedDid) return (await customerOfDid(q, requestedDid, livemodeOf(req)))?.id ?? null;
    return undefined;
  }
  const user = requireUser(res, `Please log in to view ${what}`);
  const own = await customerOfDid(q, user.did, livemodeOf(req));
  if ((requested && requested !== own?.id) || (requestedDid && requestedDid !== user.did)) {
    throw new HttpError(403, `You are not allowed to view ${what} of another customer`);
  }
  // Filters by a related id (subscription_id, invoice_id…) must name the caller's own documents too.
  await assertOwnedRefs(q, res, req.query as Record<string, unknown>);
  return own?.id ?? null;
}

/** One customer-owned document: the merchant or its own customer, else 401/403 (never the data). */
export async function assertOwner(q: Queryable, res: Response, doc: Doc, what: string): Promise<void> {
  const caller = callerOf(res);
  if (caller.merchant) return;
  const user = requireUser(res, `Please log in to view this ${what}`);
  const own = await customerOfDid(q, user.did, doc.livemode);
  if (!own || own.id !== doc.customer_id) throw new HttpError(403, `You are not allowed to view this ${what}`);
}
