/**
 * A subscription's life as the merchant and its customer drive it (no HTTP; payment-js `subscriptions.*`, the
 * portal's cancel and resume). routes/customers-routes.ts is its router; the billing clock's renewals, trial ends and
 * cancellations are billing-engine.ts, plan and payment changes subscription-changes.ts.
 *
 * - `createMerchantSubscription`: items of existing prices, all sold in one currency, for a customer by id or DID
 *   (a platform user's DID gets a customer made from their profile), with an optional trial and stake.
 * - `updateSubscription`: metadata and description.
 * - `cancelSubscription`: a trial ends at once; a paid one at its period end, or (the merchant only) now or at a
 *   custom time; the merchant may return or slash the stake, which revokes it.
 * - `recoverSubscription`: a subscription scheduled to cancel goes on, unless its stake was revoked (`needStake`).
 * - `deleteSubscription`: the subscription and its items.
 *
 * Each write that touches several rows, or reads a row to change it with the caller's check, is one transaction with
 * the subscription locked.
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { getUser } from '../../service/data/users.ts';
import { isAbsent, QUANTITY_MAX, TRIAL_DAYS_MAX, unitAmount } from '../../validate.ts';
import { createSubscription, ensureCustomer } from './billing.ts';
import { currencyIdsOf } from './pricing.ts';
import { find, mustFind, remove, save, type Doc } from '../data/repo.ts';
import type { CancelationDetails, SubscriptionRow } from '../data/schema.ts';
import { needsStake } from './stakes.ts';
import { customerByIdOrDid, expandSubscription, type OwnerCheck } from './customers.ts';
import { arr, int, obj, oneOf, str, time, type Body } from './fields.ts';

/**
 * A new subscription from a merchant's `subscriptions.create` body (`customer_id` an id or DID, `items[{price_id,
 * quantity, metadata}]`, `currency_id`, `default_payment_method_id`, `trial_period_days` or `trial_end`,
 * `stake_amount`, `description`, `metadata`), made in one transaction; expanded.
 */
export async function createMerchantSubscription(db: Db, body: Body, livemode: boolean): Promise<Doc> {
  const items = (arr(body, 'items') ?? []).map((raw, i) => {
    if (!raw || typeof raw !== 'object') throw new HttpError(400, `items[${i}] must be an object`);
    const item = raw as Body;
    return {
      price_id: str(item, 'price_id', { required: true })!,
      quantity: int(item, 'quantity', { min: 1, max: QUANTITY_MAX, fallback: 1 })!,
      metadata: obj(item, 'metadata'),
    };
  });
  if (!items.length) throw new HttpError(400, 'items must have at least one item');
  return db.transaction(async (tx) => {
    const customerRef = str(body, 'customer_id', { required: true })!;
    // A platform user's DID gets a customer made from their profile (as their first checkout would).
    const did = customerRef.replace(/^did:abt:/, '');
    const customer =
      !customerRef.startsWith('cus_') && (await getUser(tx, did))
        ? await ensureCustomer(tx, did, livemode)
        : await customerByIdOrDid(tx, customerRef, livemode);
    const prices = await Promise.all(
      items.map(
        async (i, n) =>
          (await find(tx, 'prices', i.price_id)) ??
          Promise.reject(new HttpError(400, `items[${n}].price_id: no such price: ${i.price_id}`)),
      ),
    );
    const currencyId = str(body, 'currency_id') ?? prices[0]!.currency_id;
    for (const p of prices)
      if (!currencyIdsOf(p).includes(currencyId))
        throw new HttpError(400, `Price ${p.id} is not available in currency ${currencyId}`);
    const currency = await mustFind(tx, 'payment_currencies', currencyId);
    const trialEnd = time(body, 'trial_end', { min: tx.clock.nowSeconds() });
    const stake = isAbsent(body.stake_amount) ? undefined : unitAmount(body.stake_amount, 'stake_amount');
    const { subscription } = await createSubscription(tx, {
      livemode,
      customerId: customer.id,
      currencyId,
      methodId: str(body, 'default_payment_method_id') ?? currency.payment_method_id,
      items: items.map((i) => ({ ...i, metadata: i.metadata ?? {} })),
      trialDays: int(body, 'trial_period_days', { min: 0, max: TRIAL_DAYS_MAX }),
      trialEnd,
      description: str(body, 'description'),
      metadata: obj(body, 'metadata'),
      stakeAmount: stake === '0' ? undefined : stake,
    });
    return expandSubscription(tx, subscription);
  });
}

/** Changes the metadata and description the body carries. */
export async function updateSubscription(q: Queryable, id: string, body: Body): Promise<SubscriptionRow> {
  const sub = await mustFind(q, 'subscriptions', id);
  const next = { ...sub };
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  if (body.description !== undefined) next.description = str(body, 'description', { max: 1000 }) ?? '';
  return save(q, 'subscriptions', next);
}

/**
 * Cancels subscription `id` in one transaction (`assertOwner` first, then 400 if it is already canceled). The body:
 * `feedback`, `reason`, `comment` (kept as the cancelation details), and for the merchant `at` (`now`,
 * `current_period_end`, `custom` with `time`), `cancel_from` and `staking` (`return` or `slash` revokes the stake).
 * A trial ends now; a customer always cancels at the period end.
 */
export async function cancelSubscription(
  db: Db,
  id: string,
  body: Body,
  caller: { merchant: boolean },
  assertOwner: OwnerCheck,
): Promise<SubscriptionRow> {
  const { merchant } = caller;
  for (const key of ['feedback', 'reason'] as const) str(body, key, { max: 100 });
  str(body, 'comment', { max: 1000 });
  const staking =
    body.staking === undefined ? 'none' : oneOf(body, 'staking', ['none', 'return', 'proration', 'slash'] as const);
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'subscriptions', id, { lock: true });
    await assertOwner(tx, doc);
    if (doc.status === 'canceled') throw new HttpError(400, 'This subscription is already canceled');
    const now = tx.clock.nowSeconds();
    // Cancelling a trial ends it at once; a paid one runs until the end of its period (the merchant may also end
    // it now or at a custom time; a customer always cancels at the period end).
    const at =
      doc.status === 'trialing'
        ? 'now'
        : merchant
          ? oneOf(body, 'at', ['now', 'current_period_end', 'custom'] as const, 'current_period_end')
          : 'current_period_end';
    const details: CancelationDetails = {
      ...(body.feedback !== undefined ? { feedback: str(body, 'feedback', { max: 100 }) ?? '' } : {}),
      ...(body.comment !== undefined ? { comment: str(body, 'comment', { max: 1000 }) ?? '' } : {}),
      ...(body.reason !== undefined ? { reason: str(body, 'reason', { max: 100 }) ?? '' } : {}),
      cancel_from: merchant ? (str(body, 'cancel_from', { max: 100 }) ?? 'admin') : 'customer',
    };
    // Returning or slashing a stake (merchant only) revokes it: resuming then needs a new stake.
    const stake = doc.payment_details?.staking;
    const revoked =
      merchant && stake && staking !== 'none'
        ? {
            ...doc.payment_details,
            staking: { ...stake, revoked_at: now, revoke_reason: staking === 'slash' ? 'slash' : 'return' },
          }
        : doc.payment_details;
    if (at === 'now')
      return save(tx, 'subscriptions', {
        ...doc,
        payment_details: revoked,
        status: 'canceled',
        canceled_at: now,
        ended_at: now,
        cancel_at: now,
        cancel_at_period_end: false,
        cancelation_details: details,
      });
    const cancelAt = at === 'custom' ? time(body, 'time', { min: now }) : doc.current_period_end;
    if (!cancelAt) throw new HttpError(400, 'time is required when at is custom');
    return save(tx, 'subscriptions', {
      ...doc,
      payment_details: revoked,
      cancel_at_period_end: at === 'current_period_end',
      cancel_at: cancelAt,
      canceled_at: now,
      cancelation_details: details,
    });
  });
}

/**
 * Resumes subscription `id`, scheduled to cancel, in one transaction (`assertOwner` first). When its stake was
 * revoked nothing changes and `needStake` is true (the customer stakes again through the wallet first).
 */
export async function recoverSubscription(
  db: Db,
  id: string,
  assertOwner: OwnerCheck,
): Promise<{ subscription: SubscriptionRow; needStake: boolean }> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'subscriptions', id, { lock: true });
    await assertOwner(tx, doc);
    if (doc.status === 'canceled') throw new HttpError(400, 'A canceled subscription cannot be recovered');
    if (!doc.cancel_at) throw new HttpError(400, 'This subscription is not scheduled to cancel');
    if (needsStake(doc)) return { subscription: doc, needStake: true };
    return {
      subscription: await save(tx, 'subscriptions', {
        ...doc,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancelation_details: null,
      }),
      needStake: false,
    };
  });
}

/** Deletes subscription `id` and its items, in one transaction. */
export async function deleteSubscription(db: Db, id: string): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'subscriptions', id, { lock: true });
    await tx.query('DELETE FROM subscription_items WHERE subscription_id = $1', [doc.id]);
    await remove(tx, 'subscriptions', doc.id);
    return doc;
  });
}
