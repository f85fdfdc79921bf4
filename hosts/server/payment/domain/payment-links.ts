/**
 * Payment links (no HTTP; payment-js `paymentLinks.*`). routes/sessions-routes.ts is its router; a session started from
 * a link is checkout.ts `startFromLink`, a donation target's link donate-settings.ts.
 *
 * - `createPaymentLink`: its line items and currency checked as a session from it would be (sessions.ts
 *   `buildSession`), the checkout options it passes on, `after_completion`, and donation amounts converted from token
 *   units of its currency to smallest units.
 * - `updatePaymentLink`: the same fields, `active` and `subscription_data`; new line items or currency checked again.
 * - `archivePaymentLink`, `expandLink`.
 */
import type { Queryable } from '../../db.ts';
import { choice, isAbsent, text, tokenAmount } from '../../validate.ts';
import { currency, expandPrice } from './pricing.ts';
import { insert, mustFind, newDoc, save, type Doc } from '../data/repo.ts';
import type { LinkDonationSettings, PaymentLinkRow } from '../data/schema.ts';
import { buildSession, checkoutOptions, subscriptionDataOf } from './sessions.ts';
import { arr, bool, obj, str, type Body } from './fields.ts';

/**
 * The payment-link fields of a create or update body that it carries (TPaymentLink), each one checked: name,
 * after_completion, lookup_key, metadata and the checkout options the link passes on to its sessions.
 */
function linkFields(body: Body): Partial<PaymentLinkRow> {
  const out: Partial<PaymentLinkRow> = checkoutOptions(body);
  if (body.name !== undefined) out.name = str(body, 'name', { max: 255 }) ?? '';
  if (!isAbsent(body.after_completion)) {
    const given = obj(body, 'after_completion')!;
    const type = choice(given.type, 'after_completion.type', ['redirect', 'hosted_confirmation'] as const);
    if (type === 'redirect') {
      const redirect = obj({ 'after_completion.redirect': given.redirect ?? {} }, 'after_completion.redirect')!;
      out.after_completion = {
        type,
        redirect: { url: text(redirect.url, 'after_completion.redirect.url', { required: true, max: 2000 })! },
      };
    } else {
      const confirmation = obj(
        { 'after_completion.hosted_confirmation': given.hosted_confirmation ?? {} },
        'after_completion.hosted_confirmation',
      )!;
      const message = text(confirmation.custom_message, 'after_completion.hosted_confirmation.custom_message', {
        max: 1000,
      });
      out.after_completion = { type, ...(message ? { hosted_confirmation: { custom_message: message } } : {}) };
    }
  }
  if (body.lookup_key !== undefined) out.lookup_key = str(body, 'lookup_key', { max: 200 }) ?? null;
  if (body.metadata !== undefined) out.metadata = obj(body, 'metadata') ?? {};
  return out;
}

/**
 * donation_settings.amount arrives and is stored in token units (decimal strings) of the link's currency, as
 * TPaymentLink has them and as the custom-amount check (domain/checkout-adjust.ts) and the checkout read them; each
 * is checked against the currency's decimals.
 */
async function donationSettings(q: Queryable, body: Body, currencyId: string): Promise<LinkDonationSettings | null> {
  const settings = obj(body, 'donation_settings');
  if (!settings) return null;
  const amount = obj(settings, 'amount') ?? {};
  const { decimal } = await currency(q, currencyId);
  const tokens = (v: unknown, field: string): string => {
    tokenAmount(v, decimal, field); // 400 on junk, a negative amount or too many decimals
    return String(v).trim();
  };
  const conv = (k: string) =>
    amount[k] === undefined || amount[k] === null || amount[k] === ''
      ? undefined
      : tokens(amount[k], `donation_settings.amount.${k}`);
  return {
    // The amounts are checked and converted below; the rest is kept as given.
    ...(settings as Doc),
    amount: {
      ...amount,
      presets: (arr(amount, 'presets') ?? []).map((p, i) => tokens(p, `donation_settings.amount.presets[${i}]`)),
      preset: conv('preset'),
      minimum: conv('minimum'),
      maximum: conv('maximum'),
      custom: bool(amount, 'custom') ?? true,
    },
  };
}

/** A payment link with its line items' prices expanded. */
export async function expandLink(q: Queryable, link: PaymentLinkRow): Promise<Doc> {
  const items = await Promise.all(
    link.line_items.map(async (i) => ({
      ...i,
      price: await expandPrice(q, await mustFind(q, 'prices', i.price_id)),
    })),
  );
  return { ...link, line_items: items };
}

/** A new payment link from the merchant's body (`origin`: where a session of it would be opened), stored. */
export async function createPaymentLink(
  q: Queryable,
  body: Body,
  opts: { livemode: boolean; origin: string },
): Promise<PaymentLinkRow> {
  const { livemode } = opts;
  // Validates line items and currency the same way a session from this link will.
  const probe = await buildSession(q, body, opts);
  const link = newDoc(q, 'payment_links', livemode, {
    object: 'payment_link',
    active: true,
    name: '',
    after_completion: { type: 'hosted_confirmation' },
    billing_address_collection: 'auto',
    phone_number_collection: { enabled: false },
    submit_type: 'pay',
    cross_sell_behavior: 'auto',
    custom_fields: [],
    payment_method_types: [],
    invoice_creation: { enabled: true },
    customer_creation: 'always',
    lookup_key: null,
    metadata: {},
    ...linkFields(body),
    line_items: probe.line_items,
    currency_id: probe.currency_id,
    // Checked by buildSession (numbers of subscription_data, a boolean allow_promotion_codes).
    subscription_data: probe.subscription_data,
    allow_promotion_codes: probe.allow_promotion_codes,
    donation_settings: await donationSettings(q, body, probe.currency_id),
  });
  return insert(q, 'payment_links', link);
}

/** Changes the fields the body carries; new line items or a new currency are checked as on creation. */
export async function updatePaymentLink(q: Queryable, id: string, body: Body, origin: string): Promise<PaymentLinkRow> {
  const link = await mustFind(q, 'payment_links', id);
  const next: PaymentLinkRow = { ...link, ...linkFields(body) };
  if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
  if (body.subscription_data !== undefined) next.subscription_data = subscriptionDataOf(obj(body, 'subscription_data'));
  if (body.line_items !== undefined || body.currency_id !== undefined) {
    const probe = await buildSession(
      q,
      { line_items: body.line_items ?? link.line_items, currency_id: body.currency_id ?? link.currency_id },
      { livemode: link.livemode, origin },
    );
    Object.assign(next, { line_items: probe.line_items, currency_id: probe.currency_id });
  }
  if (body.donation_settings !== undefined) next.donation_settings = await donationSettings(q, body, next.currency_id);
  return save(q, 'payment_links', next);
}

export async function archivePaymentLink(q: Queryable, id: string): Promise<PaymentLinkRow> {
  const link = await mustFind(q, 'payment_links', id);
  return save(q, 'payment_links', { ...link, active: false });
}
