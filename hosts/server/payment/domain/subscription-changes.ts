/**
 * Customer-side subscription changes (no HTTP; the portal's change plan and change payment method).
 * routes/subscription-changes-routes.ts is its router.
 *
 * - `planOptions` → `{effective_at, current_amount, plans: [{item_id, price, amount}]}`: for each licensed item, the
 *   other active recurring (licensed) prices of the same product and its upsell price, offered in the subscription's
 *   currency; `amount` is the renewal amount after the switch.
 * - `changePlan {itemId, priceId}`: swaps the item's price. No proration: the current period is already paid, so the
 *   new price (and its interval) applies from the next renewal (`effective_at` = current_period_end), billed by the
 *   clock like any renewal.
 * - `paymentOptions` → `{options: [{currency, method, amount}]}`: the active currencies (of active, non-credit
 *   methods) every licensed or metered price of the subscription is offered in.
 * - `changePaymentCurrency`: the next renewals are charged in that currency, to its method (`currency_id`,
 *   `default_payment_method_id`).
 *
 * A canceled subscription, or one scheduled to cancel, cannot change. Each change is one transaction with the
 * subscription row locked, in which the router's owner check runs first (only the subscription's own customer or the
 * merchant).
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { sum } from './money.ts';
import { amountIn, currencyIdsOf, expandPrice } from './pricing.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type { PriceRow, Recurring, SubscriptionItemRow, SubscriptionRow } from '../data/schema.ts';
import { itemAmount } from './sessions.ts';
import type { OwnerCheck } from './customers.ts';

type Item = SubscriptionItemRow & { price: PriceRow };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes
type Json = Record<string, any>;

async function itemsOf(q: Queryable, sub: Doc): Promise<Item[]> {
  const { rows } = await q.query<{ data: SubscriptionItemRow }>(
    'SELECT data FROM subscription_items WHERE subscription_id = $1 ORDER BY created_at, id',
    [sub.id],
  );
  return Promise.all(rows.map(async ({ data }) => ({ ...data, price: await mustFind(q, 'prices', data.price_id) })));
}

const licensed = (price: Doc): boolean => price.type === 'recurring' && price.recurring?.usage_type !== 'metered';

/** The renewal amount of a set of items in a currency (metered items excluded). */
function renewalAmount(items: Item[], currencyId: string): string {
  return sum(items.filter((i) => licensed(i.price)).map((i) => itemAmount(i.price, i, currencyId)));
}

function assertChangeable(sub: Doc): void {
  if (sub.status === 'canceled') throw new HttpError(400, 'A canceled subscription cannot be changed');
  if (sub.cancel_at) throw new HttpError(400, 'This subscription is scheduled to cancel: resume it first');
  if (!['active', 'trialing', 'past_due'].includes(sub.status))
    throw new HttpError(400, `A ${sub.status} subscription cannot be changed`);
}

/** The prices one item may switch to: same product's other licensed recurring prices, and its upsell price. */
async function candidatesFor(q: Queryable, item: Item, currencyId: string): Promise<PriceRow[]> {
  const { rows } = await q.query<{ data: PriceRow }>(
    "SELECT data FROM prices WHERE product_id = $1 AND active AND type = 'recurring' AND id <> $2 ORDER BY created_at, id",
    [item.price.product_id, item.price.id],
  );
  const out = rows.map((r) => r.data);
  const upsellId = item.price.upsell?.upsells_to_id;
  if (upsellId && !out.some((p) => p.id === upsellId)) {
    const upsell = await find(q, 'prices', upsellId);
    if (upsell?.active && upsell.type === 'recurring') out.push(upsell);
  }
  return out.filter((p) => licensed(p) && !p.custom_unit_amount && amountIn(p, currencyId) !== null);
}

/** GET change-plan: the plans each licensed item may switch to, with the renewal amount after the switch. */
export async function planOptions(q: Queryable, sub: Doc): Promise<Json> {
  const items = await itemsOf(q, sub);
  const plans: Json[] = [];
  const changeable = sub.status !== 'canceled' && !sub.cancel_at;
  if (changeable) {
    for (const item of items.filter((i) => licensed(i.price))) {
      for (const price of await candidatesFor(q, item, sub.currency_id)) {
        const after = items.map((i) => (i.id === item.id ? { ...i, price_id: price.id, price } : i));
        plans.push({
          item_id: item.id,
          price: await expandPrice(q, price),
          amount: renewalAmount(after, sub.currency_id),
        });
      }
    }
  }
  return {
    subscription_id: sub.id,
    effective_at: sub.current_period_end,
    current_amount: renewalAmount(items, sub.currency_id),
    plans,
  };
}

/** GET change-payment: the currencies (of active, non-credit methods) every price of the subscription is sold in. */
export async function paymentOptions(
  q: Queryable,
  sub: Doc,
): Promise<{ subscription_id: string; effective_at: number; options: Json[] }> {
  const items = await itemsOf(q, sub);
  const accepted = items.map((i) => new Set(currencyIdsOf(i.price)));
  const { rows } = await q.query<{ data: Doc }>(
    'SELECT data FROM payment_currencies WHERE active AND livemode = $1 ORDER BY created_at, id',
    [sub.livemode],
  );
  const options: Json[] = [];
  for (const { data: currency } of rows) {
    if (currency.type === 'credit' || !accepted.every((s) => s.has(currency.id))) continue;
    const method = await find(q, 'payment_methods', currency.payment_method_id);
    if (!method?.active) continue;
    options.push({
      currency,
      method: { id: method.id, type: method.type, name: method.name },
      amount: renewalAmount(items, currency.id),
      current: currency.id === sub.currency_id,
    });
  }
  return { subscription_id: sub.id, effective_at: sub.current_period_end, options };
}

/**
 * Switches a licensed item of subscription `id` (`itemId`, or its only licensed item) to `priceId`, one of the
 * item's plans, from the next renewal; in one transaction, `assertOwner` first.
 */
export async function changePlan(
  db: Db,
  id: string,
  change: { priceId: string; itemId?: string | undefined },
  assertOwner: OwnerCheck,
): Promise<SubscriptionRow> {
  const { priceId, itemId } = change;
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'subscriptions', id, { lock: true });
    await assertOwner(tx, doc);
    assertChangeable(doc);
    const items = (await itemsOf(tx, doc)).filter((i) => licensed(i.price));
    const item = itemId ? items.find((i) => i.id === itemId) : items.length === 1 ? items[0] : undefined;
    if (!item)
      throw new HttpError(400, itemId ? `No such item on this subscription: ${itemId}` : 'item_id is required');
    const price = (await candidatesFor(tx, item, doc.currency_id)).find((p) => p.id === priceId);
    if (!price) throw new HttpError(400, `This subscription cannot switch to price ${priceId}`);
    const { price: _old, ...row } = item;
    await save(tx, 'subscription_items', {
      ...row,
      price_id: price.id,
      metadata: { ...row.metadata, previous_price_id: item.price.id },
    });
    const recurring: Partial<Recurring> = price.recurring ?? {};
    return save(tx, 'subscriptions', {
      ...doc,
      // The current period stays as paid; the renewal at its end bills the new price over the new interval.
      pending_invoice_item_interval: {
        interval: recurring.interval ?? 'month',
        interval_count: recurring.interval_count ?? 1,
      },
      metadata: { ...doc.metadata, plan_changed_from: item.price.id },
    });
  });
}

/**
 * Charges the next renewals of subscription `id` in `currencyId`, one of its payment options, to that currency's
 * method; in one transaction, `assertOwner` first.
 */
export async function changePaymentCurrency(
  db: Db,
  id: string,
  currencyId: string,
  assertOwner: OwnerCheck,
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'subscriptions', id, { lock: true });
    await assertOwner(tx, doc);
    assertChangeable(doc);
    const option = (await paymentOptions(tx, doc)).options.find((o) => o.currency.id === currencyId);
    if (!option) throw new HttpError(400, `This subscription cannot be paid in currency ${currencyId}`);
    return save(tx, 'subscriptions', {
      ...doc,
      currency_id: option.currency.id,
      default_payment_method_id: option.method.id,
    });
  });
}
