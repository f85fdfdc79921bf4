import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import {
  boolean,
  choice,
  integer,
  isAbsent,
  QUANTITY_MAX,
  text,
  TRIAL_DAYS_MAX,
  tokenAmount,
  unixSeconds,
} from '../../validate.ts';
import { arr, bool, int, obj, oneOf, str, time, type Body } from './fields.ts';
import { sessionDiscount } from './discounts.ts';
import { fromUnit, mul, sub, sum } from './money.ts';
import { amountIn, currencyIdsOf, expandPrice, paymentMethodsExpanded } from './pricing.ts';
import { find, mustFind, newDoc, type Doc } from '../data/repo.ts';
import type {
  CheckoutSessionRow,
  CheckoutSubscriptionData,
  LineItem,
  PaymentLinkRow,
  PriceRow,
} from '../data/schema.ts';
import { publicOf } from './stake-shape.ts';

/** Checkout sessions: building one (from a merchant body or a payment link), its amounts, and its expanded view. */

export const SESSION_TTL_SECONDS = 24 * 3600;

async function lineItems(
  q: Queryable,
  input: unknown[] | undefined,
): Promise<{ items: LineItem[]; prices: PriceRow[] }> {
  if (!input?.length) throw new HttpError(400, 'line_items must have at least one item');
  const items: LineItem[] = [];
  const prices: PriceRow[] = [];
  for (const [i, raw] of input.entries()) {
    if (!raw || typeof raw !== 'object') throw new HttpError(400, `line_items[${i}] must be an object`);
    const item = raw as Body;
    const priceId = str(item, 'price_id', { required: true })!;
    const price = await find(q, 'prices', priceId);
    if (!price) throw new HttpError(400, `line_items[${i}].price_id: no such price: ${priceId}`);
    if (!price.active) throw new HttpError(400, `line_items[${i}].price_id: price ${priceId} is archived`);
    const adjustable = obj(item, 'adjustable_quantity');
    const range = adjustable && {
      minimum: int(adjustable, 'minimum', { min: 1, max: QUANTITY_MAX, fallback: 1 })!,
      maximum: int(adjustable, 'maximum', { min: 1, max: QUANTITY_MAX, fallback: 99 })!,
    };
    if (range && range.minimum > range.maximum)
      throw new HttpError(400, `line_items[${i}].adjustable_quantity: minimum must not be above maximum`);
    items.push({
      price_id: priceId,
      quantity: int(item, 'quantity', { min: 1, max: QUANTITY_MAX, fallback: 1 })!,
      ...(adjustable && range
        ? { adjustable_quantity: { enabled: bool(adjustable, 'enabled') ?? false, ...range } }
        : {}),
      ...(typeof item.upsell_price_id === 'string' ? { upsell_price_id: item.upsell_price_id } : {}),
    });
    prices.push(price);
  }
  if (prices.filter((p) => p.custom_unit_amount).length > 1)
    throw new HttpError(400, 'Multiple items with custom unit amount are not supported');
  return { items, prices };
}

function modeFor(prices: PriceRow[], requested: unknown): 'payment' | 'subscription' | 'setup' {
  const recurring = prices.some((p) => p.type === 'recurring');
  const mode =
    requested === undefined
      ? recurring
        ? 'subscription'
        : 'payment'
      : oneOf({ mode: requested }, 'mode', ['payment', 'subscription', 'setup'] as const);
  if (mode === 'payment' && recurring)
    throw new HttpError(400, 'mode payment cannot include recurring prices; use mode subscription');
  if (mode !== 'payment' && !recurring) throw new HttpError(400, `mode ${mode} needs at least one recurring price`);
  return mode;
}

function currencyFor(prices: PriceRow[], requested: string | undefined): string {
  const currencyId = requested ?? prices[0]!.currency_id;
  for (const p of prices) {
    if (!currencyIdsOf(p).includes(currencyId))
      throw new HttpError(400, `Price ${p.id} is not available in currency ${currencyId}`);
  }
  return currencyId;
}

/**
 * Whether the session's trial applies in a currency at `now` (unix seconds, sandbox time): no trial_currency list
 * means every currency.
 */
export function trialApplies(
  session: Pick<CheckoutSessionRow, 'subscription_data'>,
  currencyId: string,
  now: number,
): boolean {
  const sd = session.subscription_data ?? {};
  const hasTrial = Number(sd.trial_period_days ?? 0) > 0 || Number(sd.trial_end ?? 0) > now;
  if (!hasTrial) return false;
  const allowed = typeof sd.trial_currency === 'string' && sd.trial_currency ? sd.trial_currency.split(',') : null;
  return !allowed || allowed.includes(currencyId);
}

/** The amount of one line item in a currency (metered items are billed later: 0). */
export function itemAmount(
  price: PriceRow,
  item: Pick<LineItem, 'quantity' | 'custom_amount'>,
  currencyId: string,
): string {
  const amount = amountIn(price, currencyId);
  if (!amount) throw new HttpError(400, `Price ${price.id} is not available in currency ${currencyId}`);
  if (price.recurring?.usage_type === 'metered') return '0';
  if (amount.custom_unit_amount) return item.custom_amount ?? amount.custom_unit_amount.preset ?? '0';
  return mul(amount.unit_amount, item.quantity);
}

/**
 * amount_subtotal, amount_total (due now: recurring items are free during an applicable trial, minus the promotion
 * discount) and total_details.amount_discount, in a currency; the discount's amount is kept in step.
 */
export async function sessionAmounts(
  q: Queryable,
  session: Pick<CheckoutSessionRow, 'mode' | 'line_items' | 'discounts' | 'subscription_data' | 'total_details'>,
  currencyId: string,
): Promise<Pick<CheckoutSessionRow, 'amount_subtotal' | 'amount_total' | 'total_details' | 'discounts'>> {
  const trial = session.mode === 'subscription' && trialApplies(session, currencyId, q.clock.nowSeconds());
  const subtotal: string[] = [];
  const due: string[] = [];
  for (const item of session.line_items) {
    const price = await mustFind(q, 'prices', item.upsell_price_id ?? item.price_id);
    const amount = itemAmount(price, item, currencyId);
    subtotal.push(amount);
    if (!(trial && price.type === 'recurring')) due.push(amount);
  }
  const dueNow = sum(due);
  const discount = await sessionDiscount(q, session, dueNow, currencyId);
  const discounts = (session.discounts ?? []).map((d) => ({ ...d, discount_amount: discount }));
  return {
    amount_subtotal: sum(subtotal),
    amount_total: sub(dueNow, discount),
    total_details: { ...session.total_details, amount_discount: discount },
    discounts,
  };
}

/** The checkout options a payment link passes on to its sessions (TPaymentLink, TCheckoutSession). */
export type CheckoutOptions = Partial<
  Pick<
    PaymentLinkRow,
    | 'submit_type'
    | 'allow_promotion_codes'
    | 'billing_address_collection'
    | 'phone_number_collection'
    | 'consent_collection'
    | 'cross_sell_behavior'
    | 'custom_fields'
    | 'payment_method_types'
    | 'invoice_creation'
    | 'customer_creation'
  >
>;

/** An object field of `source` (400 otherwise) as its own body, for reading its fields. */
function objectAt(source: Body, key: string): Body {
  return obj(source, key) ?? {};
}

/**
 * The checkout options a merchant body or a payment link carries, each one present checked (a bad one is a 400 naming
 * it); absent ones are left out.
 */
export function checkoutOptions(source: Body): CheckoutOptions {
  const out: CheckoutOptions = {};
  const given = (k: keyof CheckoutOptions) => !isAbsent(source[k]);
  if (given('submit_type'))
    out.submit_type = choice(source.submit_type, 'submit_type', ['auto', 'book', 'donate', 'pay'] as const);
  if (source.allow_promotion_codes !== undefined)
    out.allow_promotion_codes = bool(source, 'allow_promotion_codes') ?? false;
  if (given('billing_address_collection'))
    out.billing_address_collection = choice(source.billing_address_collection, 'billing_address_collection', [
      'auto',
      'required',
    ] as const);
  if (given('phone_number_collection')) {
    const enabled = objectAt(source, 'phone_number_collection').enabled;
    out.phone_number_collection = {
      enabled: isAbsent(enabled) ? false : boolean(enabled, 'phone_number_collection.enabled'),
    };
  }
  if (given('consent_collection')) {
    // TCheckoutSession / TPaymentLink.consent_collection: each of its two fields optional, each a closed choice.
    const consent = objectAt(source, 'consent_collection');
    out.consent_collection = {
      ...(isAbsent(consent.promotions)
        ? {}
        : { promotions: choice(consent.promotions, 'consent_collection.promotions', ['auto', 'none'] as const) }),
      ...(isAbsent(consent.terms_of_service)
        ? {}
        : {
            terms_of_service: choice(consent.terms_of_service, 'consent_collection.terms_of_service', [
              'required',
              'none',
            ] as const),
          }),
    };
  }
  if (given('cross_sell_behavior'))
    out.cross_sell_behavior = choice(source.cross_sell_behavior, 'cross_sell_behavior', ['auto', 'required'] as const);
  if (given('custom_fields')) {
    out.custom_fields = (arr(source, 'custom_fields') ?? []).map((raw, i) => {
      const f = (k: string) => `custom_fields[${i}].${k}`;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        throw new HttpError(400, `custom_fields[${i}] must be an object`);
      const field = raw as Body;
      return {
        ...field,
        key: text(field.key, f('key'), { required: true, max: 100 })!,
        label: text(field.label, f('label'), { required: true, max: 255 })!,
        type: choice(field.type ?? 'text', f('type'), ['text', 'numeric', 'dropdown'] as const),
        optional: isAbsent(field.optional) ? false : boolean(field.optional, f('optional')),
      };
    });
  }
  if (given('payment_method_types')) {
    out.payment_method_types = (arr(source, 'payment_method_types') ?? []).map((t, i) =>
      text(t, `payment_method_types[${i}]`, { required: true, max: 50 })!,
    );
  }
  if (given('invoice_creation')) {
    const enabled = objectAt(source, 'invoice_creation').enabled;
    out.invoice_creation = { enabled: isAbsent(enabled) ? true : boolean(enabled, 'invoice_creation.enabled') };
  }
  if (given('customer_creation'))
    out.customer_creation = choice(source.customer_creation, 'customer_creation', ['if_required', 'always'] as const);
  return out;
}

/**
 * The subscription_data of a session or payment link, its numbers checked: trial_period_days (0…730; 0 when not
 * given, as the platform stores it: SubscriptionData requires it and the checkout summary reads it),
 * trial_end (unix seconds), min_stake_amount (a number in token units, as TCheckoutSession has it), no_stake
 * (boolean), trial_currency and description (text). Other keys are kept as given.
 */
export function subscriptionDataOf(input: Body | undefined): CheckoutSubscriptionData | null {
  if (!input) return null;
  // The keys read below are checked; the rest is JSON as the merchant gave it.
  const out: CheckoutSubscriptionData = { ...(input as Doc) };
  const f = (k: string) => `subscription_data.${k}`;
  out.trial_period_days = isAbsent(input.trial_period_days)
    ? 0
    : integer(input.trial_period_days, f('trial_period_days'), { min: 0, max: TRIAL_DAYS_MAX });
  if (!isAbsent(input.trial_end)) out.trial_end = unixSeconds(input.trial_end, f('trial_end'));
  // Checked as a token amount (at most 18 decimals, the most any currency has); the currency's own limit applies
  // when the stake is taken (restake.ts sessionStake).
  if (!isAbsent(input.min_stake_amount))
    out.min_stake_amount = Number(fromUnit(tokenAmount(input.min_stake_amount, 18, f('min_stake_amount')), 18));
  if (input.no_stake !== undefined && input.no_stake !== null) out.no_stake = boolean(input.no_stake, f('no_stake'));
  if (input.trial_currency !== undefined) str(input, 'trial_currency', { max: 1000 });
  if (input.description !== undefined) text(input.description, f('description'), { max: 1000 });
  return out;
}

/** A new open session (not yet stored). `source` is a merchant body or a payment link. */
export async function buildSession(
  q: Queryable,
  source: Body,
  opts: { livemode: boolean; origin: string; paymentLink?: PaymentLinkRow; currencyId?: string },
): Promise<CheckoutSessionRow> {
  const { items, prices } = await lineItems(q, arr(source, 'line_items'));
  const mode = modeFor(prices, opts.paymentLink ? undefined : source.mode);
  const requested = opts.currencyId ?? str(source, 'currency_id');
  if (requested) await mustFind(q, 'payment_currencies', requested);
  const currencyId = currencyFor(prices, requested);
  const now = q.clock.nowSeconds();
  const expiresAt = time(source, 'expires_at', { min: now + 60 }) ?? now + SESSION_TTL_SECONDS;
  const copied = checkoutOptions(source);
  const fields = {
    object: 'checkout_session' as const,
    mode,
    status: 'open' as const,
    payment_status: 'unpaid' as const,
    line_items: items,
    currency_id: currencyId,
    submit_type: 'pay' as const,
    allow_promotion_codes: false,
    billing_address_collection: 'auto' as const,
    phone_number_collection: { enabled: false },
    subscription_data: subscriptionDataOf(obj(source, 'subscription_data')),
    cross_sell_behavior: 'auto' as const,
    custom_fields: [],
    payment_method_types: [],
    ...copied,
    expires_at: expiresAt,
    success_url: str(source, 'success_url') ?? null,
    cancel_url: str(source, 'cancel_url') ?? null,
    client_reference_id: str(source, 'client_reference_id') ?? null,
    metadata: obj(source, 'metadata') ?? {},
    payment_link_id: opts.paymentLink?.id ?? null,
    customer_id: null,
    customer_did: null,
    customer_details: null,
    payment_intent_id: null,
    invoice_id: null,
    subscription_id: null,
    discounts: [],
    total_details: { amount_discount: '0', amount_shipping: '0', amount_tax: '0' },
    created_via: opts.paymentLink ? ('portal' as const) : ('api' as const),
  };
  const session = newDoc(q, 'checkout_sessions', opts.livemode, {
    ...fields,
    ...(await sessionAmounts(q, fields, currencyId)),
    // Its own address, once it has an id (below).
    url: '',
  });
  session.url = `${opts.origin}/checkout/${session.id}`;
  return session;
}

/** open, complete or expired, reading expires_at against `now` (unix seconds, sandbox time). */
export function effectiveStatus(
  session: Pick<CheckoutSessionRow, 'status' | 'expires_at'>,
  now: number,
): CheckoutSessionRow['status'] {
  return session.status === 'open' && Number(session.expires_at) <= now ? 'expired' : session.status;
}

/**
 * TCheckoutSessionExpanded: line_items[].price / upsell_price expanded, plus payment_link, payment_intent, customer,
 * subscription and subscriptions (TSubscription[]: the session stores their ids).
 */
export async function expandSession(q: Queryable, session: CheckoutSessionRow): Promise<Doc> {
  const line_items = await Promise.all(
    session.line_items.map(async (item) => {
      const price = await find(q, 'prices', item.price_id);
      const upsell = item.upsell_price_id ? await find(q, 'prices', item.upsell_price_id) : null;
      return {
        ...item,
        price: price && (await expandPrice(q, price)),
        upsell_price: upsell && (await expandPrice(q, upsell)),
      };
    }),
  );
  const rel = (table: 'payment_links' | 'payment_intents' | 'customers' | 'subscriptions', id: unknown) =>
    typeof id === 'string' ? find(q, table, id) : null;
  return {
    ...session,
    status: effectiveStatus(session, q.clock.nowSeconds()),
    line_items,
    payment_link: await rel('payment_links', session.payment_link_id),
    payment_intent: await rel('payment_intents', session.payment_intent_id),
    customer: await rel('customers', session.customer_id),
    subscription: await publicOf(q, await rel('subscriptions', session.subscription_id)),
    subscriptions: (
      await Promise.all(
        ((session.subscriptions as unknown[] | undefined) ?? []).map(async (id) =>
          publicOf(q, await rel('subscriptions', id)),
        ),
      )
    ).filter(Boolean),
  };
}

/**
 * Who may act on a checkout session. Once a signed-in customer has submitted it (`customer_did` set) it is theirs:
 * only they (or the merchant) may submit it again, change it or pay it — anyone else gets a 403 with code
 * CHECKOUT_SESSION_NOT_YOURS, so nobody can move the first payer's wallet to pay for somebody else's invoice.
 * An open session nobody has claimed yet (or one submitted anonymously, a donation) stays open to anyone holding its id.
 */
export type SessionActor = { merchant: boolean; userDid: string | null };

export function isSessionOwner(session: CheckoutSessionRow, actor: SessionActor): boolean {
  return actor.merchant || !session.customer_did || session.customer_did === actor.userDid;
}

export function assertSessionActor(session: CheckoutSessionRow, actor: SessionActor): void {
  if (!isSessionOwner(session, actor))
    throw new HttpError(403, 'This checkout session belongs to another customer', 'CHECKOUT_SESSION_NOT_YOURS');
}

/** Whether a reader may see the payer's personal data of a session: the merchant, or the signed-in payer. */
export function seesPayer(session: CheckoutSessionRow, actor: SessionActor): boolean {
  return actor.merchant || (!!actor.userDid && session.customer_did === actor.userDid);
}

/** Keys that carry or point at a payer's personal data (name, email, phone, address, DID, their customer, payment details with the payer's wallet). */
const PERSONAL_KEYS = new Set([
  'customer',
  'customer_id',
  'customer_details',
  'customer_did',
  'customer_email',
  'customer_name',
  'customer_phone',
  'payment_details',
  'cancelation_details',
  'billing_address',
  'shipping',
  'shipping_details',
]);

/** A deep copy without the payer's personal data (PERSONAL_KEYS become null), for readers who are not the payer. */
export function withoutPersonalData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutPersonalData(v)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = PERSONAL_KEYS.has(k) ? null : withoutPersonalData(v);
  return out as T;
}

/**
 * The checkout context the elements read: {checkoutSession, paymentMethods, paymentLink?, paymentIntent?, customer?}.
 * `personal: false` (a reader who is not the session's payer, e.g. anyone holding the link) leaves out the payer's
 * personal data.
 */
export async function checkoutContext(
  q: Queryable,
  session: CheckoutSessionRow,
  opts: { personal?: boolean } = {},
): Promise<Body> {
  const checkoutSession = await expandSession(q, session);
  // TPaymentLinkExpanded: the link's line items with their prices expanded (the session's, already expanded, reused).
  const link = checkoutSession.payment_link as Doc | null;
  const expanded = new Map((checkoutSession.line_items as Doc[]).map((i) => [i.price_id, i.price]));
  const priceOf = async (id: string) =>
    expanded.get(id) ?? (await find(q, 'prices', id).then((p) => p && expandPrice(q, p)));
  const paymentLink = link && {
    ...link,
    line_items: await Promise.all(
      ((link.line_items ?? []) as Doc[]).map(async (i) => ({ ...i, price: await priceOf(i.price_id) })),
    ),
  };
  const ctx = {
    checkoutSession,
    paymentMethods: await paymentMethodsExpanded(q, { activeOnly: true }),
    paymentLink,
    paymentIntent: checkoutSession.payment_intent,
    customer: checkoutSession.customer,
  };
  if (opts.personal !== false) return ctx;
  return { ...withoutPersonalData({ ...ctx, paymentMethods: [] }), paymentMethods: ctx.paymentMethods };
}
