import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { actorOf, callerOf, requireUser } from './auth.ts';
import { assertSessionActor } from '../domain/sessions.ts';
import { customerOfDid } from '../domain/billing.ts';
import type { OwnerCheck } from '../domain/customers.ts';
import { livemodeOf, queryString } from './http.ts';
import { find, mustFind, type Doc } from '../data/repo.ts';
import type { Table } from '../data/schema.ts';

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
  subscription_id: 'subscriptions',
  subscriptionId: 'subscriptions',
  invoice_id: 'invoices',
  invoiceId: 'invoices',
  payment_intent_id: 'payment_intents',
  paymentIntentId: 'payment_intents',
  credit_grant_id: 'credit_grants',
  creditGrantId: 'credit_grants',
  checkout_session_id: 'checkout_sessions',
  checkoutSessionId: 'checkout_sessions',
};

const LABEL: Partial<Record<Table, string>> = {
  subscriptions: 'subscription',
  invoices: 'invoice',
  payment_intents: 'payment',
  credit_grants: 'credit grant',
  checkout_sessions: 'checkout session',
};

/**
 * Object-level check of every owned id a request names (`source` = its query or body): for a non-merchant each one
 * must belong to the caller's own customer (404 when it does not exist, 403 when it is another customer's). A
 * merchant may name any. Runs before anything is read or written with those ids.
 */
export async function assertOwnedRefs(
  q: Queryable,
  res: Response,
  source: Record<string, unknown> | undefined,
): Promise<void> {
  if (!source || callerOf(res).merchant) return;
  for (const [key, table] of Object.entries(OWNED_REFS)) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw new HttpError(400, `${key} must be a string`);
    await assertOwner(q, res, await mustFind(q, table, value), LABEL[table] ?? 'document');
  }
}

/** The customer a list is restricted to: undefined = no restriction (merchant), null = nobody (no customer yet). */
export async function listScope(
  q: Queryable,
  req: Request,
  res: Response,
  what: string,
): Promise<string | null | undefined> {
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

/**
 * `assertOwner` as a domain write runs it inside its transaction, once the row is locked (domain/customers.ts
 * `OwnerCheck`): the caller of `res` must be the merchant or the document's own customer.
 */
export function ownerCheck(res: Response, what: string): OwnerCheck {
  return (q, doc) => assertOwner(q, res, doc, what);
}

/** Path segments that name a customer-owned document: `/<segment>/<id>/…`. */
const OWNED_PATHS: Record<string, Table | 'refunds'> = {
  invoices: 'invoices',
  subscriptions: 'subscriptions',
  'payment-intents': 'payment_intents',
  'credit-grants': 'credit_grants',
  'meter-events': 'meter_events',
  refunds: 'refunds',
};
/** Second segments that are routes of their own, not ids (`/customers/me`, `/invoices/search`…). */
const NOT_IDS = new Set(['me', 'search', 'pending-amount', 'start', 'retrieve']);

async function ownedDoc(q: Queryable, table: Table | 'refunds', id: string): Promise<Doc | null> {
  const { rows } = await q.query<{ data: Doc }>(`SELECT data FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.data ?? null;
}

/** What a list route shows, for the message of a refused customer filter (the same words listScope uses). */
const LIST_WHAT: Record<string, string> = {
  subscriptions: 'subscriptions',
  invoices: 'invoices',
  'payment-intents': 'payments',
  'payment-history': 'payments',
  refunds: 'refunds',
  'credit-grants': 'credit grants',
  'credit-transactions': 'credit transactions',
  'meter-events': 'meter events',
};

/**
 * A customer named by id (`cus_…`) or DID must be the caller's own (403 otherwise; an unknown id is left to the
 * route). `what` words the refusal of a list filter ("… refunds of another customer").
 */
async function assertOwnCustomer(q: Queryable, res: Response, ref: string, what?: string): Promise<void> {
  const user = requireUser(res, `Please log in to view ${what ?? 'this customer'}`);
  const refuse = () =>
    new HttpError(
      403,
      what ? `You are not allowed to view ${what} of another customer` : 'You are not allowed to view this customer',
    );
  if (!ref.startsWith('cus_')) {
    if (ref.replace(/^did:abt:/, '') !== user.did) throw refuse();
    return;
  }
  const doc = await ownedDoc(q, 'customers', ref);
  if (!doc) return;
  const own = await customerOfDid(q, user.did, doc.livemode);
  if (!own || own.id !== doc.id) throw refuse();
}

/**
 * The payment API's object-level guard, in front of every route (payment/index.ts): for a caller who is not the
 * merchant, every customer-owned id the request names — in the path (`/invoices/:id/…`, `/customers/:id/…`,
 * `/auto-recharge-configs/customer/:id`), the query or the body (OWNED_REFS, customer_id, customer_did) — must be
 * their own, before the route reads or writes anything (401 without a session, 403 for another customer's). Ids that
 * do not exist are left to the route (404). Routes keep their own checks too; this makes a new route safe by default.
 * Checkout sessions have their own rule (sessions.ts: a submitted session is its payer's; writes by anyone else 403).
 */
export function objectGuard(db: Queryable): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (callerOf(res).merchant) return next();
    const [, first = '', second = '', third = ''] = req.path.split('/');
    const table = OWNED_PATHS[first];
    if (table && second && !NOT_IDS.has(second)) {
      const doc = await ownedDoc(db, table, decodeURIComponent(second));
      if (doc) await assertOwner(db, res, doc, LABEL[table as Table] ?? (table === 'refunds' ? 'refund' : 'document'));
    }
    // A checkout session a customer submitted is theirs: nobody else changes it (reads by its link stay open, without
    // the payer's data).
    if (first === 'checkout-sessions' && second && !NOT_IDS.has(second) && req.method !== 'GET') {
      const session = await find(db, 'checkout_sessions', decodeURIComponent(second));
      if (session) assertSessionActor(session, actorOf(res));
    }
    if (first === 'customers' && second && !NOT_IDS.has(second))
      await assertOwnCustomer(db, res, decodeURIComponent(second));
    if (first === 'auto-recharge-configs' && second === 'customer' && third)
      await assertOwnCustomer(db, res, decodeURIComponent(third));
    const body =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : undefined;
    for (const source of [req.query as Record<string, unknown>, body]) {
      if (!source) continue;
      await assertOwnedRefs(db, res, source);
      for (const key of ['customer_id', 'customer_did', 'customerId']) {
        const v = source[key];
        if (typeof v === 'string' && v)
          await assertOwnCustomer(
            db,
            res,
            v,
            second === 'pending-amount' ? 'pending usage' : (LIST_WHAT[first] ?? 'data'),
          );
      }
    }
    next();
  };
}
