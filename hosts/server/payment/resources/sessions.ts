import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { requireMerchant } from '../auth.ts';
import { originOf } from '../checkout.ts';
import { createCheckoutSession, expireSession, updateSessionMetadata } from '../domain/checkout-sessions.ts';
import {
  arr,
  bodyOf,
  bool,
  listWhere,
  livemodeOf,
  obj,
  pagingOf,
  paramOf,
  queryBool,
  queryString,
  str,
  type Body,
} from '../http.ts';
import { choice, isAbsent, text, tokenAmount } from '../../validate.ts';
import { currency, expandPrice } from '../pricing.ts';
import { insert, list, mustFind, newDoc, save, type Doc } from '../repo.ts';
import { buildSession, checkoutOptions, expandSession, subscriptionDataOf } from '../sessions.ts';
import type { LinkDonationSettings, PaymentLinkRow } from '../schema.ts';

/** Merchant checkout sessions (`checkout.sessions.*`) and payment links (`paymentLinks.*`). */

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

/** donation_settings.amount arrives in token units of the link's currency and is stored in smallest units. */
async function donationSettings(q: Queryable, body: Body, currencyId: string): Promise<LinkDonationSettings | null> {
  const settings = obj(body, 'donation_settings');
  if (!settings) return null;
  const amount = obj(settings, 'amount') ?? {};
  const { decimal } = await currency(q, currencyId);
  const conv = (k: string) =>
    amount[k] === undefined || amount[k] === null || amount[k] === ''
      ? undefined
      : tokenAmount(amount[k], decimal, `donation_settings.amount.${k}`);
  return {
    // The amounts are checked and converted below; the rest is kept as given.
    ...(settings as Doc),
    amount: {
      ...amount,
      presets: (arr(amount, 'presets') ?? []).map((p, i) =>
        tokenAmount(p, decimal, `donation_settings.amount.presets[${i}]`),
      ),
      preset: conv('preset'),
      minimum: conv('minimum'),
      maximum: conv('maximum'),
      custom: bool(amount, 'custom') ?? true,
    },
  };
}

async function expandLink(q: Queryable, link: PaymentLinkRow): Promise<Doc> {
  const items = await Promise.all(
    link.line_items.map(async (i) => ({
      ...i,
      price: await expandPrice(q, await mustFind(q, 'prices', i.price_id)),
    })),
  );
  return { ...link, line_items: items };
}

export function createSessionRoutes({ db }: SandboxContext): Router {
  const r = Router();

  // --- checkout sessions ---
  r.post('/checkout-sessions', requireMerchant, async (req, res) => {
    res.json(await createCheckoutSession(db, bodyOf(req), { livemode: livemodeOf(req), origin: originOf(req) }));
  });

  r.get('/checkout-sessions', requireMerchant, async (req, res) => {
    const where = listWhere(req)
      .oneOf('status', queryString(req, 'status'))
      .oneOf('payment_status', queryString(req, 'payment_status'));
    for (const k of ['customer_id', 'customer_did', 'payment_intent_id', 'payment_link_id', 'subscription_id'] as const)
      where.eq(k, queryString(req, k));
    const page = await list(db, 'checkout_sessions', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((s) => expandSession(db, s))) });
  });

  r.get('/checkout-sessions/:id', requireMerchant, async (req, res) => {
    res.json(await expandSession(db, await mustFind(db, 'checkout_sessions', paramOf(req, 'id'))));
  });

  r.put('/checkout-sessions/:id', requireMerchant, async (req, res) => {
    res.json(await updateSessionMetadata(db, paramOf(req, 'id'), bodyOf(req)));
  });

  r.put('/checkout-sessions/:id/expire', requireMerchant, async (req, res) => {
    res.json(await expireSession(db, paramOf(req, 'id')));
  });

  // --- payment links ---
  r.post('/payment-links', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    // Validates line items and currency the same way a session from this link will.
    const probe = await buildSession(db, body, { livemode, origin: originOf(req) });
    const link = newDoc(db, 'payment_links', livemode, {
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
      donation_settings: await donationSettings(db, body, probe.currency_id),
    });
    res.json(await insert(db, 'payment_links', link));
  });

  r.get('/payment-links', requireMerchant, async (req, res) => {
    const page = await list(db, 'payment_links', listWhere(req).eq('active', queryBool(req, 'active')), pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((l) => expandLink(db, l))) });
  });

  r.get('/payment-links/:id', async (req, res) => {
    res.json(await expandLink(db, await mustFind(db, 'payment_links', paramOf(req, 'id'))));
  });

  r.put('/payment-links/:id', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const link = await mustFind(db, 'payment_links', paramOf(req, 'id'));
    const next: PaymentLinkRow = { ...link, ...linkFields(body) };
    if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
    if (body.subscription_data !== undefined)
      next.subscription_data = subscriptionDataOf(obj(body, 'subscription_data'));
    if (body.line_items !== undefined || body.currency_id !== undefined) {
      const probe = await buildSession(
        db,
        { line_items: body.line_items ?? link.line_items, currency_id: body.currency_id ?? link.currency_id },
        { livemode: link.livemode, origin: originOf(req) },
      );
      Object.assign(next, { line_items: probe.line_items, currency_id: probe.currency_id });
    }
    if (body.donation_settings !== undefined)
      next.donation_settings = await donationSettings(db, body, next.currency_id);
    res.json(await save(db, 'payment_links', next));
  });

  r.put('/payment-links/:id/archive', requireMerchant, async (req, res) => {
    const link = await mustFind(db, 'payment_links', paramOf(req, 'id'));
    res.json(await save(db, 'payment_links', { ...link, active: false }));
  });

  return r;
}
