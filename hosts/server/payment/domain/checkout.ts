/**
 * The checkout (no HTTP): what the checkout element's calls do (product-spec section 7, payment-kit-api.md "Checkout
 * endpoints"). routes/checkout-routes.ts is its router.
 *
 * - `checkoutSettings`: the active payment methods with their currencies, and the base currency.
 * - `startFromLink`: a new open session from an active payment link, in the currency asked for when every item is
 *   sold in it.
 * - `currentSession`: a session as it is now (items whose price was archived since dropped from an open one).
 * - `submitCheckout`: the payer's form, validated (section 5), on an open session: idempotent (one payment intent per
 *   session; a complete session is answered as it is). Refuses vendor items without a unified account, customers with
 *   past-due invoices (not donations) and a required cross-sell left out.
 * - `confirmFastCheckout`: pays a submitted session from the payer's balance or credit when they cover it.
 * - `crossSellPrice`: the price a session suggests adding (spec §4).
 */
import type { CustomerAddress } from '@blocklet/payment-types';
import type { Db, Queryable } from '../../db.ts';
import { isAbsent } from '../../validate.ts';
import { HttpError, type EventBus } from '../../platform.ts';
import type { SandboxUser } from '../../service/data/users.ts';
import { customerOfDid, newCustomer } from './billing.ts';
import { assertHasItems, pruneArchivedItems, saleableItems } from './checkout-items.ts';
import { gte } from './money.ts';
import { creditBalance, ensurePaymentIntent, paySession } from './pay.ts';
import { currencyIdsOf, paymentMethodsExpanded } from './pricing.ts';
import { find, insert, mustFind, save, type Doc } from '../data/repo.ts';
import type { CheckoutSessionRow, PriceRow } from '../data/schema.ts';
import {
  assertSessionActor,
  buildSession,
  effectiveStatus,
  expandSession,
  sessionAmounts,
  type SessionActor,
} from './sessions.ts';
import { walletBalance } from './wallet.ts';
import { addressOf, emailError } from './customers.ts';
import { str, type Body } from './fields.ts';

/** GET /settings: `{paymentMethods, baseCurrency}`, active methods only. */
export async function checkoutSettings(q: Queryable): Promise<{ paymentMethods: Doc[]; baseCurrency: Doc | null }> {
  const paymentMethods = await paymentMethodsExpanded(q, { activeOnly: true });
  const baseCurrency =
    paymentMethods.flatMap((m) => m.payment_currencies as Doc[]).find((c) => c.is_base_currency) ?? null;
  return { paymentMethods, baseCurrency };
}

/**
 * A new open session from payment link `linkId` (stored), in `currencyId` when the link's currency is another one,
 * that currency is active and every item is sold in it. 400 for an inactive link.
 */
export async function startFromLink(
  q: Queryable,
  linkId: string,
  opts: { origin: string; currencyId?: string | undefined },
): Promise<CheckoutSessionRow> {
  const link = await mustFind(q, 'payment_links', linkId);
  if (!link.active) throw new HttpError(400, 'This payment link is no longer active');
  const session = await buildSession(
    q,
    { ...link, metadata: link.metadata ?? {} },
    { livemode: link.livemode, origin: opts.origin, paymentLink: link },
  );
  const wanted = opts.currencyId;
  if (wanted && wanted !== session.currency_id && (await find(q, 'payment_currencies', wanted))?.active) {
    const prices = await Promise.all(session.line_items.map((i) => mustFind(q, 'prices', i.price_id)));
    if (prices.every((p) => currencyIdsOf(p).includes(wanted)))
      Object.assign(session, { currency_id: wanted }, await sessionAmounts(q, session, wanted));
  }
  return insert(q, 'checkout_sessions', session);
}

/** The session as it is now: an open one drops the items whose price was archived since (checkout-items.ts). */
export async function currentSession(db: Db, id: string): Promise<CheckoutSessionRow> {
  const session = await mustFind(db, 'checkout_sessions', id);
  if (effectiveStatus(session, db.clock.nowSeconds()) !== 'open' || !(await saleableItems(db, session))) return session;
  return db.transaction(async (tx) =>
    pruneArchivedItems(tx, await mustFind(tx, 'checkout_sessions', id, { lock: true })),
  );
}

// --- form validation (product-spec section 5) ---------------------------------------------------------

const POSTAL_CODES: Record<string, RegExp> = {
  us: /^\d{5}(-\d{4})?$/,
  ca: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  gb: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  cn: /^\d{6}$/,
  de: /^\d{5}$/,
  fr: /^\d{5}$/,
  jp: /^\d{3}-?\d{4}$/,
  in: /^\d{6}$/,
  au: /^\d{4}$/,
};

type Form = { name: string; email: string; phone: string; address: CustomerAddress | null; currency: Doc; method: Doc };

async function validateForm(q: Queryable, session: CheckoutSessionRow, body: Body): Promise<Form> {
  const name = str(body, 'customer_name', { required: true, max: 255 })!.trim();
  const email = str(body, 'customer_email', { required: true })!.trim();
  const bad = emailError(email);
  if (bad) throw new HttpError(400, bad);
  const method = await find(q, 'payment_methods', str(body, 'payment_method', { required: true })!);
  if (!method?.active) throw new HttpError(400, 'This payment method is not supported');
  const currency = await find(q, 'payment_currencies', str(body, 'payment_currency', { required: true })!);
  if (!currency?.active || currency.payment_method_id !== method.id) {
    throw new HttpError(400, 'payment_currency must be an active currency of the chosen payment_method');
  }
  for (const item of session.line_items) {
    const price = await mustFind(q, 'prices', item.upsell_price_id ?? item.price_id);
    if (!currencyIdsOf(price).includes(currency.id))
      throw new HttpError(400, `${currency.symbol} is not accepted for this purchase`);
  }
  let phone = str(body, 'customer_phone')?.trim() ?? '';
  if (session.phone_number_collection?.enabled) {
    if (!phone) throw new HttpError(400, 'customer_phone is required');
    if (!/^\+?[0-9][0-9 ()-]{5,19}$/.test(phone))
      throw new HttpError(400, 'customer_phone is not a valid phone number');
  } else phone = phone || '';
  const address = isAbsent(body.billing_address) ? null : addressOf(body.billing_address, 'billing_address');
  if (session.billing_address_collection === 'required') {
    const required =
      method.type === 'stripe' ? (['postal_code'] as const) : (['line1', 'city', 'state', 'postal_code'] as const);
    for (const k of required) {
      if (!address?.[k]?.trim()) throw new HttpError(400, `billing_address.${k} is required`);
    }
  }
  const country = String(address?.country ?? 'us').toLowerCase();
  const postal = address?.postal_code?.trim() ?? '';
  if (postal && POSTAL_CODES[country] && !POSTAL_CODES[country].test(postal))
    throw new HttpError(400, 'billing_address.postal_code is invalid for the country');
  return { name, email, phone, address: address ? { ...address, country } : null, currency, method };
}

// --- submit ---------------------------------------------------------------------------------------------

/** What the payer can pay with right away: wallet balance, or credit for a credit currency. */
async function affordability(q: Queryable, session: CheckoutSessionRow, customer: Doc | null, payerDid: string | null) {
  const currency = await mustFind(q, 'payment_currencies', session.currency_id);
  const amount: string = session.amount_total;
  const open = session.status === 'open';
  const balance = payerDid && currency.type !== 'credit' ? await walletBalance(q, payerDid, currency.id) : '0';
  const credit = customer && currency.type === 'credit' ? await creditBalance(q, customer.id, currency.id) : '0';
  // Fast pay from the balance is for one-off payments: a subscription needs the wallet to authorize future charges
  // (delegation), which the sandbox wallet only gives through wallet connect.
  const balanceSufficient =
    open && session.mode === 'payment' && !!payerDid && currency.type !== 'credit' && gte(balance, amount);
  const creditSufficient = open && currency.type === 'credit' && gte(credit, amount);
  const fastPayInfo =
    balanceSufficient || creditSufficient
      ? {
          type: creditSufficient ? 'credit' : 'balance',
          amount,
          payer: payerDid,
          token: { balance: creditSufficient ? credit : balance, symbol: currency.symbol },
        }
      : null;
  return {
    balance: { sufficient: balanceSufficient },
    delegation: { sufficient: false },
    creditSufficient,
    fastPayInfo,
  };
}

/** The client secret of a card payment intent (the router's: it signs with the app key). */
export type ClientSecretOf = (paymentIntentId: string) => string;

/**
 * The submit answer: `{paymentIntent, customer, checkoutSession, stripeContext, balance, delegation,
 * creditSufficient, fastPayInfo}`; `stripeContext` only for a card payment.
 */
async function submitAnswer(
  q: Queryable,
  session: CheckoutSessionRow,
  payerDid: string | null,
  clientSecretOf: ClientSecretOf,
): Promise<Body> {
  const paymentIntent = session.payment_intent_id ? await find(q, 'payment_intents', session.payment_intent_id) : null;
  const customer = session.customer_id ? await find(q, 'customers', session.customer_id) : null;
  const method = paymentIntent ? await find(q, 'payment_methods', paymentIntent.payment_method_id) : null;
  return {
    paymentIntent,
    customer,
    checkoutSession: await expandSession(q, session),
    stripeContext:
      method?.type === 'stripe' && paymentIntent
        ? {
            client_secret: clientSecretOf(paymentIntent.id),
            intent_type: 'payment_intent',
            status: paymentIntent.status,
            publishable_key: method.settings?.stripe?.publishable_key,
          }
        : null,
    ...(await affordability(q, session, customer, payerDid)),
  };
}

/** Whether the customer has unpaid invoices (open or uncollectible with something remaining). */
async function hasPastDue(q: Queryable, customerId: string, livemode: boolean): Promise<boolean> {
  const { rows } = await q.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM invoices WHERE customer_id = $1 AND livemode = $2 AND status IN ('open', 'uncollectible') AND (data->>'amount_remaining')::numeric > 0",
    [customerId, livemode],
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Submits the checkout form of session `sessionId` in one transaction: idempotent (one payment intent per session; a
 * complete session is answered as it is). `user` is the signed-in payer (null: anonymous, allowed for donations),
 * `actor` who calls (a session a customer submitted is theirs).
 */
export async function submitCheckout(
  db: Db,
  input: {
    sessionId: string;
    body: Body;
    user: SandboxUser | null;
    actor: SessionActor;
    clientSecretOf: ClientSecretOf;
  },
): Promise<Body> {
  const { body, user } = input;
  return db.transaction(async (tx) => {
    const locked = await mustFind(tx, 'checkout_sessions', input.sessionId, { lock: true });
    // Submitted by a signed-in customer: theirs (a re-submit by anyone else is refused before anything is read or written).
    assertSessionActor(locked, input.actor);
    if (locked.status === 'complete') return submitAnswer(tx, locked, user?.did ?? null, input.clientSecretOf);
    if (effectiveStatus(locked, tx.clock.nowSeconds()) === 'expired')
      throw new HttpError(400, 'checkout session expired');
    const session = await pruneArchivedItems(tx, locked);
    assertHasItems(session);
    if (!user && session.submit_type !== 'donate')
      throw new HttpError(401, 'Please log in to continue: checkout requires a signed-in user');
    const form = await validateForm(tx, session, body);
    // Spec §5/§8: vendor orders need a user of a unified account (sourceAppPid), else 'account required'.
    if (user && !user.sourceAppPid) {
      for (const item of session.line_items) {
        const price = await find(tx, 'prices', item.upsell_price_id ?? item.price_id);
        const product = price ? await find(tx, 'products', price.product_id) : null;
        if ((product?.vendor_config as unknown[] | undefined)?.length)
          throw new HttpError(400, 'account required', 'UNIFIED_APP_REQUIRED');
      }
    }
    // Spec §6: customers with past-due invoices are blocked from new purchases (not from donations).
    if (user && session.submit_type !== 'donate') {
      const known = await customerOfDid(tx, user.did, session.livemode);
      if (known && (await hasPastDue(tx, known.id, session.livemode))) {
        throw new HttpError(
          403,
          'You have past-due invoices. Please pay them before making a new purchase.',
          'CUSTOMER_LIMITED',
        );
      }
    }
    if (
      session.cross_sell_behavior === 'required' &&
      !session.line_items.some((i) => i.cross_sell) &&
      (await crossSellPrice(tx, session))
    ) {
      throw new HttpError(400, 'Please add the recommended item to continue', 'REQUIRE_CROSS_SELL');
    }

    const details = {
      name: form.name,
      email: form.email,
      phone: form.phone,
      ...(form.address ? { address: form.address } : {}),
    };
    const existing = user
      ? await customerOfDid(tx, user.did, session.livemode)
      : session.customer_id
        ? await find(tx, 'customers', session.customer_id)
        : null;
    const customer: Doc = existing
      ? await save(tx, 'customers', { ...existing, ...details })
      : await insert(tx, 'customers', newCustomer(tx, session.livemode, { did: user?.did ?? null, ...details }));

    const priced = {
      ...session,
      currency_id: form.currency.id,
      ...(await sessionAmounts(tx, session, form.currency.id)),
    };
    const intent = await ensurePaymentIntent(tx, priced, customer.id);
    const saved = await save(tx, 'checkout_sessions', {
      ...priced,
      customer_id: customer.id,
      customer_did: customer.did,
      payment_intent_id: intent.id,
      customer_details: { name: form.name, email: form.email, phone: form.phone, address: form.address },
      payment_method_types: [form.method.type],
    });
    return submitAnswer(tx, saved, user?.did ?? null, input.clientSecretOf);
  });
}

/**
 * Fast checkout: pays the session the signed-in payer submitted from their wallet balance or credit, when it covers
 * the amount (`fastPaid: false` otherwise); a complete session is `fastPaid: true` as it is. The payment's events are
 * published once its transaction committed.
 */
export async function confirmFastCheckout(
  env: { db: Db; events: EventBus },
  sessionId: string,
  payerDid: string,
): Promise<{ fastPaid: boolean; checkoutSession: CheckoutSessionRow; invoiceId: string | null }> {
  const result = await env.db.transaction(async (tx) => {
    const session = await mustFind(tx, 'checkout_sessions', sessionId, { lock: true });
    // Only the customer who submitted it (a complete session's reply carries the payer's details).
    if (session.customer_did !== payerDid)
      throw new HttpError(403, 'This checkout session belongs to another customer', 'CHECKOUT_SESSION_NOT_YOURS');
    if (session.status === 'complete') return { fastPaid: true, paid: null };
    if (!session.payment_intent_id)
      throw new HttpError(400, 'Submit the checkout form before confirming fast checkout');
    const customer = await mustFind(tx, 'customers', session.customer_id);
    const { fastPayInfo } = await affordability(tx, session, customer, payerDid);
    if (!fastPayInfo) return { fastPaid: false, paid: null };
    return { fastPaid: true, paid: await paySession(tx, session.id, payerDid) };
  });
  // Our own transaction has committed here: publish directly.
  for (const e of result.paid?.events ?? []) env.events.publish(e.type, e.object);
  const session = await mustFind(env.db, 'checkout_sessions', sessionId);
  return { fastPaid: result.fastPaid, checkoutSession: session, invoiceId: session.invoice_id };
}

/** The cross-sell price of a session: the first item's product's cross-sell product's default price, if active. */
export async function crossSellPrice(q: Queryable, session: CheckoutSessionRow): Promise<PriceRow | null> {
  const first = session.line_items[0];
  if (!first) return null;
  const price = await find(q, 'prices', first.price_id);
  const product = price ? await find(q, 'products', price.product_id) : null;
  const target = product?.cross_sell?.cross_sells_to_id
    ? await find(q, 'products', product.cross_sell.cross_sells_to_id)
    : null;
  const def =
    target?.active !== false && target?.default_price_id ? await find(q, 'prices', target.default_price_id) : null;
  return def && def.active !== false && currencyIdsOf(def).includes(session.currency_id) ? def : null;
}
