/**
 * The sandbox billing engine (no HTTP): what happens to subscriptions as the sandbox clock moves, and paying what
 * is overdue. The clock and the event bus are passed in (SandboxContext, made by app.ts).
 *
 * - `runBilling(q, now)` brings every live subscription up to `now`: a scheduled cancellation ends it (`cancel_at`
 *   reached: status canceled); a period end renews it into a `subscription_cycle` invoice for the licensed items
 *   (metered items are not part of the renewal amount), charged to the customer's sandbox wallet (Stripe cards
 *   always succeed); a trial's end does the same and the subscription becomes active. A renewal the wallet cannot
 *   pay leaves the invoice open and the subscription past_due (no further renewals until it is paid). Returned or
 *   slashed stakes become their invoices (stakes.ts).
 * - `advanceBillingClock(env, seconds, autoRecharge)` moves the clock and, in one transaction, runs billing,
 *   settles pending usage of credit meters from the customers' credit grants (credit-ledger.ts), then fires the
 *   auto top-ups of credit balances below their threshold (given by the caller: auto-recharge.ts).
 * - `overdueOf` answers the overdue-invoices calls (summary per currency); `payOverdue` pays them from the wallet
 *   in one go (the `collect-batch` connect action) and brings past_due subscriptions back to active.
 *
 * Events (`invoice.paid`) are published only after the transaction that paid them committed (`publishAfterCommit`).
 */
import type { Db, Queryable } from '../../db.ts';
import type { Clock } from '../../clock.ts';
import { HttpError, type EventBus } from '../../platform.ts';
import { addInterval, createInvoice, type InvoiceLine } from './billing.ts';
import { settleCreditUsage } from './credit-ledger.ts';
import { fromUnit, sum } from './money.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type {
  InvoiceRow,
  PaymentCurrencyRow,
  PaymentMethodRow,
  SubscriptionItemRow,
  SubscriptionRow,
} from '../data/schema.ts';
import { itemAmount } from './sessions.ts';
import { settleRevokedStakes } from './stakes.ts';
import { charge, succeededIntent, type PlatformEvents } from './charging.ts';

/** The most renewals one subscription gets in one run (a clock moved years ahead stops here). */
const MAX_CYCLES = 500;

/** The renewal lines of a subscription: its licensed items at their price in the subscription's currency. */
export async function renewalLines(q: Queryable, sub: SubscriptionRow): Promise<InvoiceLine[]> {
  const { rows } = await q.query<{ data: SubscriptionItemRow }>(
    'SELECT data FROM subscription_items WHERE subscription_id = $1 ORDER BY created_at, id',
    [sub.id],
  );
  const lines: InvoiceLine[] = [];
  for (const { data: item } of rows) {
    const price = await mustFind(q, 'prices', item.price_id);
    if (price.type !== 'recurring' || price.recurring?.usage_type === 'metered') continue;
    const product = await mustFind(q, 'products', price.product_id);
    lines.push({
      price_id: price.id,
      quantity: item.quantity,
      amount: itemAmount(price, item, sub.currency_id),
      description: `${product.name} × ${item.quantity}`,
    });
  }
  return lines;
}

/** One period boundary of a subscription: renew (or end the trial) into a subscription_cycle invoice. */
async function renew(q: Queryable, sub: SubscriptionRow, out: PlatformEvents): Promise<SubscriptionRow> {
  const boundary = Number(sub.current_period_end);
  const interval = sub.pending_invoice_item_interval ?? { interval: 'month', interval_count: 1 };
  const nextEnd = addInterval(boundary, interval.interval, interval.interval_count ?? 1);
  const customer = await mustFind(q, 'customers', sub.customer_id);
  const lines = await renewalLines(q, sub);
  const amount = sum(lines.map((l) => l.amount));
  const details = await charge(q, customer, sub.currency_id, amount);
  const intent = details
    ? await succeededIntent(q, {
        customer,
        currencyId: sub.currency_id,
        methodId: sub.default_payment_method_id,
        amount,
        description: 'Subscription cycle',
        details,
      })
    : null;
  const { invoice: created } = await createInvoice(q, {
    livemode: sub.livemode,
    customer,
    currencyId: sub.currency_id,
    methodId: sub.default_payment_method_id,
    lines,
    billingReason: 'subscription_cycle',
    status: details ? 'paid' : 'open',
    paymentIntentId: intent?.id ?? null,
    subscriptionId: sub.id,
    description: sub.description ? `${sub.description} (renewal)` : undefined,
    ...(details ? { paymentDetails: details } : {}),
  });
  const invoice = await save(q, 'invoices', {
    ...created,
    period_start: boundary,
    period_end: nextEnd,
    due_date: details ? null : boundary,
  });
  if (intent) await save(q, 'payment_intents', { ...intent, invoice_id: invoice.id });
  if (details) out.push({ type: 'invoice.paid', object: invoice });
  const wasTrial = sub.status === 'trialing';
  return save(q, 'subscriptions', {
    ...sub,
    status: details ? 'active' : 'past_due',
    current_period_start: boundary,
    current_period_end: nextEnd,
    latest_invoice_id: invoice.id,
    ...(wasTrial ? { trial_end: Math.min(Number(sub.trial_end ?? boundary), boundary) } : {}),
  });
}

/** Brings one subscription up to `now`. */
async function advanceSubscription(
  q: Queryable,
  start: SubscriptionRow,
  now: number,
  out: PlatformEvents,
): Promise<SubscriptionRow> {
  let sub = start;
  for (let i = 0; i < MAX_CYCLES; i++) {
    if (sub.status === 'canceled') return sub;
    if (sub.cancel_at && Number(sub.cancel_at) <= now && Number(sub.cancel_at) <= Number(sub.current_period_end)) {
      const at = Number(sub.cancel_at);
      return save(q, 'subscriptions', { ...sub, status: 'canceled', ended_at: at, cancel_at_period_end: false });
    }
    if (!(sub.status === 'active' || sub.status === 'trialing') || Number(sub.current_period_end) > now) return sub;
    sub = await renew(q, sub, out);
  }
  return sub;
}

/** Brings every live subscription up to `now` (sandbox time); returns the events to publish after commit. */
export async function runBilling(
  q: Queryable,
  now: number,
): Promise<{ events: PlatformEvents; changed: SubscriptionRow[] }> {
  const { rows } = await q.query<{ data: SubscriptionRow }>(
    "SELECT data FROM subscriptions WHERE status IN ('active', 'trialing', 'past_due') ORDER BY created_at, id FOR UPDATE",
  );
  const out: PlatformEvents = [];
  const changed: SubscriptionRow[] = [];
  for (const { data } of rows) {
    const next = await advanceSubscription(q, data, now, out);
    if (next !== data) changed.push(next);
  }
  // Returned or slashed stakes become their return_stake / slash_stake invoices (stakes.ts).
  for (const sub of await settleRevokedStakes(q, now, out))
    if (!changed.some((c) => c.id === sub.id)) changed.push(sub);
  return { events: out, changed };
}

/** Publishes events once the transaction that made them has committed (PGlite runs one transaction at a time). */
export function publishAfterCommit(
  db: Db,
  events: EventBus,
  probe: { table: 'invoices'; id: string } | null,
  list: PlatformEvents,
): void {
  if (!list.length) return;
  if (!probe) {
    for (const e of list) events.publish(e.type, e.object);
    return;
  }
  db.query(`SELECT 1 FROM ${probe.table} WHERE id = $1 AND status = 'paid'`, [probe.id])
    .then(({ rows }) => {
      if (rows.length) for (const e of list) events.publish(e.type, e.object);
    })
    .catch((err: unknown) => console.error('[billing] could not publish events', err));
}

// --- overdue ---

export type OverdueScope = {
  customerId?: string;
  subscriptionId?: string;
  livemode: boolean;
  currencyId?: string;
  /** One invoice only (DID Connect `collect`). */
  invoiceId?: string;
};

/** The customer's (or subscription's) unpaid invoices: open or uncollectible, oldest first. */
export async function overdueInvoices(q: Queryable, scope: OverdueScope, lock = false): Promise<InvoiceRow[]> {
  const params: unknown[] = [scope.livemode];
  let where = "livemode = $1 AND status IN ('open', 'uncollectible')";
  if (scope.customerId) where += ` AND customer_id = $${params.push(scope.customerId)}`;
  if (scope.subscriptionId) where += ` AND subscription_id = $${params.push(scope.subscriptionId)}`;
  if (scope.currencyId) where += ` AND currency_id = $${params.push(scope.currencyId)}`;
  if (scope.invoiceId) where += ` AND id = $${params.push(scope.invoiceId)}`;
  const { rows } = await q.query<{ data: InvoiceRow }>(
    `SELECT data FROM invoices WHERE ${where} ORDER BY created_at, id${lock ? ' FOR UPDATE' : ''}`,
    params,
  );
  return rows.map((r) => r.data).filter((i) => BigInt(i.amount_remaining ?? i.total ?? '0') > 0n);
}

/**
 * The overdue answer (payment-js `customers|subscriptions.overdueInvoices`): `invoices` as plain TInvoice, and per
 * currency in `summary` what is due with the currency and its payment method (where the elements read an invoice's
 * currency).
 */
export async function overdueOf(q: Queryable, scope: OverdueScope): Promise<Record<string, unknown>> {
  const invoices = await overdueInvoices(q, scope);
  const summary: Record<string, { amount: string; currency: PaymentCurrencyRow; method: PaymentMethodRow }> = {};
  for (const inv of invoices) {
    const currency = await mustFind(q, 'payment_currencies', inv.currency_id);
    const method = await mustFind(q, 'payment_methods', currency.payment_method_id);
    const prev = summary[currency.id]?.amount ?? '0';
    summary[currency.id] = { amount: sum([prev, inv.amount_remaining ?? inv.total]), currency, method };
  }
  const subscription = scope.subscriptionId ? await find(q, 'subscriptions', scope.subscriptionId) : null;
  const subscriptionCount = new Set(invoices.map((i) => i.subscription_id).filter(Boolean)).size;
  const customerId = scope.customerId ?? subscription?.customer_id;
  const customer = customerId ? await find(q, 'customers', customerId) : null;
  return {
    summary,
    invoices,
    subscription,
    subscriptionCount,
    // TCustomer (payment-js customers.overdueInvoices): the caller is that customer or the merchant.
    customer,
  };
}

/**
 * Pays every unpaid invoice of a scope in one currency from the payer's wallet (one debit for the sum), marks
 * them paid, and brings past_due subscriptions with nothing left unpaid back to active. Must run in a transaction.
 */
export async function payOverdue(
  q: Queryable,
  scope: OverdueScope & { currencyId: string },
  payerDid: string,
  now: number,
): Promise<{ invoices: InvoiceRow[]; events: PlatformEvents; amount: string }> {
  const invoices = await overdueInvoices(q, scope, true);
  if (!invoices.length) throw new HttpError(400, 'Nothing to pay');
  const customer = await mustFind(q, 'customers', invoices[0]!.customer_id);
  if (customer.did !== payerDid) throw new HttpError(403, 'Account changed, please pay manually.');
  const currency = await mustFind(q, 'payment_currencies', scope.currencyId);
  const amount = sum(invoices.map((i) => i.amount_remaining ?? i.total));
  const details = await charge(q, customer, currency.id, amount);
  if (!details)
    throw new HttpError(
      400,
      `Insufficient ${currency.symbol} balance in the sandbox wallet: ${fromUnit(amount, currency.decimal)} ${currency.symbol} needed`,
    );
  const paid: InvoiceRow[] = [];
  for (const inv of invoices) {
    const owed = inv.amount_remaining ?? inv.total;
    const intent = await succeededIntent(q, {
      customer,
      currencyId: currency.id,
      methodId: currency.payment_method_id,
      amount: owed,
      description: 'Overdue invoice payment',
      details,
    });
    paid.push(
      await save(q, 'invoices', {
        ...inv,
        status: 'paid',
        paid: true,
        attempted: true,
        attempt_count: Number(inv.attempt_count ?? 0) + 1,
        amount_paid: owed,
        amount_remaining: '0',
        payment_intent_id: intent.id,
        status_transitions: { ...inv.status_transitions, paid_at: now },
        metadata: { ...inv.metadata, payment_details: details },
      }),
    );
    await save(q, 'payment_intents', { ...intent, invoice_id: inv.id });
  }
  for (const subId of new Set(paid.map((i) => i.subscription_id).filter(Boolean) as string[])) {
    const sub = await find(q, 'subscriptions', subId, { lock: true });
    if (
      sub?.status === 'past_due' &&
      !(await overdueInvoices(q, { subscriptionId: subId, livemode: sub.livemode })).length
    ) {
      await save(q, 'subscriptions', { ...sub, status: 'active' });
    }
  }
  return { invoices: paid, amount, events: paid.map((object) => ({ type: 'invoice.paid', object })) };
}

/** A step of the clock run that the billing engine does not own (auto top-up), run in the same transaction. */
export type ClockStep<A> = (q: Queryable) => Promise<{ attempts: A[]; events: PlatformEvents }>;

/**
 * Moves the sandbox clock `seconds` forward and brings everything up to it in one transaction: renewals, trial
 * ends, cancellations and past due (runBilling), credit meter usage, then auto top-ups (`autoRecharge`). Events are
 * published once it committed.
 */
export async function advanceBillingClock<A>(
  env: { db: Db; clock: Clock; events: EventBus },
  seconds: number,
  autoRecharge: ClockStep<A>,
): Promise<{ now: number; changed: SubscriptionRow[]; events: PlatformEvents; credit: Doc[]; recharges: A[] }> {
  env.clock.advance(seconds * 1000);
  const now = env.clock.nowSeconds();
  const result = await env.db.transaction(async (tx) => {
    const billing = await runBilling(tx, now);
    const credit = await settleCreditUsage(tx);
    // Credit balances that fell below an auto top-up threshold buy their package (within the daily limits).
    const recharge = await autoRecharge(tx);
    return { ...billing, events: [...billing.events, ...recharge.events], credit, recharges: recharge.attempts };
  });
  publishAfterCommit(env.db, env.events, null, result.events);
  return { now: env.clock.nowSeconds(), ...result };
}
