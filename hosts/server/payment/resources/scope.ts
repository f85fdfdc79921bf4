import type { Request, Response } from 'express';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { callerOf, requireUser } from '../auth.ts';
import { customerOfDid } from '../billing.ts';
import { livemodeOf, queryString } from '../http.ts';
import type { Doc } from '../repo.ts';

/**
 * Customer-owned data (invoices, subscriptions, payment intents, credit grants): the merchant sees any
 * customer's; a signed-in person only ever sees their own customer's, whatever the query asks.
 */

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
