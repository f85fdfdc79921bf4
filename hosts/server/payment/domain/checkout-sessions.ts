/**
 * The merchant's checkout sessions (no HTTP; payment-js `checkout.sessions.*`). routes/sessions-routes.ts is its router;
 * what a session is made of (line items, mode, currency, options, amounts) is sessions.ts `buildSession`, and what
 * the payer does with it is checkout.ts and checkout-adjust.ts.
 *
 * - `createCheckoutSession`: a new open session from a merchant body, for a customer when it names one, without the
 *   trial when `include_free_trial` is false.
 * - `updateSessionMetadata`: merges the metadata the body carries.
 * - `expireSession`: an open session expires (a complete one cannot, an expired one stays as it is).
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { insert, mustFind, save } from '../data/repo.ts';
import type { CheckoutSessionRow } from '../data/schema.ts';
import { buildSession } from './sessions.ts';
import { obj, str, type Body } from './fields.ts';

/** A new open session from the merchant's body, stored; its URL on `origin`. */
export async function createCheckoutSession(
  q: Queryable,
  body: Body,
  opts: { livemode: boolean; origin: string },
): Promise<CheckoutSessionRow> {
  const session = await buildSession(q, body, opts);
  const customerId = str(body, 'customer_id');
  if (customerId) {
    const customer = await mustFind(q, 'customers', customerId);
    Object.assign(session, { customer_id: customer.id, customer_did: customer.did });
  }
  if (body.include_free_trial === false && session.subscription_data)
    session.subscription_data = { ...session.subscription_data, trial_period_days: 0 };
  return insert(q, 'checkout_sessions', session);
}

/** Merges the body's `metadata` (when it carries one) into the session's. */
export async function updateSessionMetadata(q: Queryable, id: string, body: Body): Promise<CheckoutSessionRow> {
  const session = await mustFind(q, 'checkout_sessions', id);
  const metadata = obj(body, 'metadata');
  return save(q, 'checkout_sessions', {
    ...session,
    ...(metadata ? { metadata: { ...session.metadata, ...metadata } } : {}),
  });
}

/** Expires an open session, in one transaction; 400 for a complete one, an expired one is answered as it is. */
export async function expireSession(db: Db, id: string): Promise<CheckoutSessionRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'checkout_sessions', id, { lock: true });
    if (doc.status === 'complete') throw new HttpError(400, 'A complete checkout session cannot be expired');
    if (doc.status === 'expired') return doc;
    return save(tx, 'checkout_sessions', { ...doc, status: 'expired' });
  });
}
