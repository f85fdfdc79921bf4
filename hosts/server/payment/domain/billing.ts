import type { CustomerAddress } from '@blocklet/payment-types';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { getUser, type SandboxUser } from '../../service/data/users.ts';
import { sum } from './money.ts';
import { insert, mustFind, newDoc, newId, type Doc } from '../data/repo.ts';
import type {
  CustomerRow,
  InvoiceItemRow,
  InvoiceRow,
  PaymentIntentRow,
  SubscriptionItemRow,
  SubscriptionRow,
} from '../data/schema.ts';

/** Creating billing records: customers, payment intents, subscriptions (with items) and invoices (with lines). */

/** Payment method types paid from the payer's (sandbox) wallet: on-chain transfers with a tx hash. */
export const WALLET_METHODS: ReadonlySet<string> = new Set(['arcblock', 'ethereum', 'base', 'bitcoin']);

/** The customer of a user in a mode, or null. */
export async function customerOfDid(q: Queryable, did: string, livemode: boolean): Promise<CustomerRow | null> {
  const { rows } = await q.query<{ data: CustomerRow }>('SELECT data FROM customers WHERE did = $1 AND livemode = $2', [
    did,
    livemode,
  ]);
  return rows[0]?.data ?? null;
}

export function newCustomer(
  q: Pick<Queryable, 'clock'>,
  livemode: boolean,
  fields: { did: string | null; name: string; email: string; phone?: string; address?: CustomerAddress },
): CustomerRow {
  return newDoc(q, 'customers', livemode, {
    object: 'customer',
    description: '',
    phone: '',
    address: null,
    shipping: null,
    balance: '0',
    token_balance: {},
    delinquent: false,
    metadata: {},
    invoice_prefix: 'SBX',
    preference: {},
    ...fields,
  });
}

/** The customer of a DID, created from the platform's user profile when there is none yet. */
export async function ensureCustomer(q: Queryable, did: string, livemode: boolean): Promise<CustomerRow> {
  const existing = await customerOfDid(q, did, livemode);
  if (existing) return existing;
  const user: SandboxUser | null = await getUser(q, did);
  return insert(
    q,
    'customers',
    newCustomer(q, livemode, { did, name: user?.fullName ?? did, email: user?.email ?? '' }),
  );
}

export function newPaymentIntent(
  q: Pick<Queryable, 'clock'>,
  session: Doc,
  fields: { customerId: string; methodId: string; currencyId: string; amount: string },
): PaymentIntentRow {
  return newDoc(q, 'payment_intents', session.livemode, {
    object: 'payment_intent',
    status: 'requires_payment_method',
    amount: fields.amount,
    amount_received: '0',
    amount_capturable: '0',
    currency_id: fields.currencyId,
    payment_method_id: fields.methodId,
    customer_id: fields.customerId,
    checkout_session_id: session.id,
    description: session.mode === 'payment' ? 'Checkout payment' : 'Subscription creation',
    invoice_id: null,
    last_payment_error: null,
    payment_details: {},
    capture_method: 'automatic',
    statement_descriptor: 'SANDBOX',
    metadata: {},
  });
}

/** start + interval_count intervals, in unix seconds (months and years follow the calendar). */
export function addInterval(start: number, interval: string, count: number): number {
  const d = new Date(start * 1000);
  switch (interval) {
    case 'hour':
      return start + 3600 * count;
    case 'day':
      return start + 86400 * count;
    case 'week':
      return start + 7 * 86400 * count;
    case 'month':
      d.setUTCMonth(d.getUTCMonth() + count);
      return Math.floor(d.getTime() / 1000);
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + count);
      return Math.floor(d.getTime() / 1000);
    default:
      throw new HttpError(400, `Unsupported recurring interval: ${interval}`);
  }
}

export type SubscriptionInput = {
  livemode: boolean;
  customerId: string;
  currencyId: string;
  methodId: string;
  items: Array<{ price_id: string; quantity: number; metadata?: Record<string, unknown> }>;
  trialDays?: number;
  trialEnd?: number;
  description?: string;
  metadata?: Record<string, unknown>;
  stakeAmount?: string;
};

/** A subscription and its items; trialing when a trial is given, else active. */
export async function createSubscription(
  q: Queryable,
  input: SubscriptionInput,
): Promise<{ subscription: SubscriptionRow; items: SubscriptionItemRow[] }> {
  const prices = await Promise.all(input.items.map((i) => mustFind(q, 'prices', i.price_id)));
  const recurring = prices.find((p) => p.type === 'recurring')?.recurring;
  if (!recurring) throw new HttpError(400, 'A subscription needs at least one recurring price');
  const now = q.clock.nowSeconds();
  const trialEnd = input.trialEnd ?? (input.trialDays ? now + input.trialDays * 86400 : null);
  const periodEnd = trialEnd ?? addInterval(now, recurring.interval, recurring.interval_count ?? 1);
  const products = await Promise.all(prices.map((p) => mustFind(q, 'products', p.product_id)));
  const subscription = await insert(
    q,
    'subscriptions',
    newDoc(q, 'subscriptions', input.livemode, {
      object: 'subscription',
      status: trialEnd ? 'trialing' : 'active',
      customer_id: input.customerId,
      currency_id: input.currencyId,
      default_payment_method_id: input.methodId,
      description: input.description ?? products.map((p) => p.name).join(', '),
      current_period_start: now,
      current_period_end: periodEnd,
      billing_cycle_anchor: periodEnd,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancelation_details: null,
      ended_at: null,
      latest_invoice_id: null,
      collection_method: 'charge_automatically',
      pending_invoice_item_interval: { interval: recurring.interval, interval_count: recurring.interval_count ?? 1 },
      payment_details: input.stakeAmount
        ? { staking: { amount: input.stakeAmount, currency_id: input.currencyId, staked_at: now } }
        : {},
      metadata: input.metadata ?? {},
      service_actions: [],
    }),
  );
  const items: SubscriptionItemRow[] = [];
  for (const item of input.items) {
    items.push(
      await insert(
        q,
        'subscription_items',
        newDoc(q, 'subscription_items', input.livemode, {
          object: 'subscription_item',
          subscription_id: subscription.id,
          price_id: item.price_id,
          quantity: item.quantity,
          metadata: item.metadata ?? {},
        }),
      ),
    );
  }
  return { subscription, items };
}

export type InvoiceLine = { price_id: string; quantity: number; amount: string; description: string };

export async function nextInvoiceNumber(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ n: string }>("SELECT nextval('invoice_number_seq')::text AS n");
  return `SBX-${(rows[0]?.n ?? '0').padStart(4, '0')}`;
}

export async function createInvoice(
  q: Queryable,
  input: {
    livemode: boolean;
    customer: CustomerRow;
    currencyId: string;
    methodId: string;
    lines: InvoiceLine[];
    billingReason: string;
    status: 'paid' | 'open' | 'draft';
    paymentIntentId?: string | null;
    subscriptionId?: string | null;
    checkoutSessionId?: string | null;
    description?: string;
    paymentDetails?: Record<string, unknown>;
    /** A promotion discount on the whole invoice (from the checkout session). */
    discount?: { amount: string; promotion_code?: string | null; coupon?: string | null } | null;
  },
): Promise<{ invoice: InvoiceRow; lines: InvoiceItemRow[] }> {
  const subtotal = sum(input.lines.map((l) => l.amount));
  const off = input.discount && BigInt(input.discount.amount) > 0n ? input.discount : null;
  const total = off
    ? BigInt(subtotal) > BigInt(off.amount)
      ? (BigInt(subtotal) - BigInt(off.amount)).toString()
      : '0'
    : subtotal;
  const now = q.clock.nowSeconds();
  // TInvoice.discounts are discount ids (string[]); the amount names its discount, coupon and promotion code, and
  // the invoice retrieve adds discountDetails[{coupon, promotionCode}] for the portal (routes/invoices-routes.ts).
  const discountId = off ? newId('di') : null;
  const invoice = newDoc(q, 'invoices', input.livemode, {
    object: 'invoice',
    number: await nextInvoiceNumber(q),
    status: input.status,
    billing_reason: input.billingReason,
    description: input.description ?? input.lines.map((l) => l.description).join(', '),
    statement_descriptor: 'SANDBOX',
    currency_id: input.currencyId,
    customer_id: input.customer.id,
    payment_intent_id: input.paymentIntentId ?? null,
    subscription_id: input.subscriptionId ?? null,
    checkout_session_id: input.checkoutSessionId ?? null,
    default_payment_method_id: input.methodId,
    subtotal,
    subtotal_excluding_tax: subtotal,
    tax: '0',
    total,
    amount_due: total,
    amount_paid: input.status === 'paid' ? total : '0',
    amount_remaining: input.status === 'paid' ? '0' : total,
    amount_shipping: '0',
    starting_balance: '0',
    ending_balance: '0',
    attempt_count: input.status === 'paid' ? 1 : 0,
    attempted: input.status === 'paid',
    paid: input.status === 'paid',
    paid_out_of_band: false,
    auto_advance: false,
    collection_method: 'charge_automatically',
    period_start: now,
    period_end: now,
    due_date: null,
    customer_name: input.customer.name,
    customer_email: input.customer.email,
    customer_phone: input.customer.phone ?? '',
    customer_address: input.customer.address ?? null,
    discounts: discountId ? [discountId] : [],
    total_discount_amounts: off
      ? [
          {
            amount: off.amount,
            discount: discountId,
            promotion_code: off.promotion_code ?? null,
            coupon: off.coupon ?? null,
          },
        ]
      : [],
    status_transitions: input.status === 'paid' ? { paid_at: now, finalized_at: now } : {},
    metadata: input.paymentDetails ? { payment_details: input.paymentDetails } : {},
  });
  const lines: InvoiceItemRow[] = [];
  for (const l of input.lines) {
    lines.push(
      await insert(
        q,
        'invoice_items',
        newDoc(q, 'invoice_items', input.livemode, {
          object: 'invoice_item',
          invoice_id: invoice.id,
          price_id: l.price_id,
          quantity: l.quantity,
          amount: l.amount,
          currency_id: input.currencyId,
          description: l.description,
          customer_id: input.customer.id,
          subscription_id: input.subscriptionId ?? null,
          period: { start: now, end: now },
          metadata: {},
        }),
      ),
    );
  }
  return { invoice: await insert(q, 'invoices', invoice), lines };
}
