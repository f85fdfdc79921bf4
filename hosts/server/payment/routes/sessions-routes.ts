import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { requireMerchant } from './auth.ts';
import { originOf } from './checkout-routes.ts';
import { createCheckoutSession, expireSession, updateSessionMetadata } from '../domain/checkout-sessions.ts';
import { archivePaymentLink, createPaymentLink, expandLink, updatePaymentLink } from '../domain/payment-links.ts';
import { bodyOf, listWhere, livemodeOf, pagingOf, paramOf, queryBool, queryString } from './http.ts';
import { list, mustFind } from '../data/repo.ts';
import { expandSession } from '../domain/sessions.ts';

/**
 * Merchant checkout sessions (`checkout.sessions.*`) and payment links (`paymentLinks.*`): parse, authorize (the
 * merchant only, except reading one payment link, which is public), call the domain (domain/checkout-sessions.ts,
 * domain/payment-links.ts) with the request's mode and origin, answer.
 */

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
    res.json(await createPaymentLink(db, bodyOf(req), { livemode: livemodeOf(req), origin: originOf(req) }));
  });

  r.get('/payment-links', requireMerchant, async (req, res) => {
    const page = await list(db, 'payment_links', listWhere(req).eq('active', queryBool(req, 'active')), pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((l) => expandLink(db, l))) });
  });

  r.get('/payment-links/:id', async (req, res) => {
    res.json(await expandLink(db, await mustFind(db, 'payment_links', paramOf(req, 'id'))));
  });

  r.put('/payment-links/:id', requireMerchant, async (req, res) => {
    res.json(await updatePaymentLink(db, paramOf(req, 'id'), bodyOf(req), originOf(req)));
  });

  r.put('/payment-links/:id/archive', requireMerchant, async (req, res) => {
    res.json(await archivePaymentLink(db, paramOf(req, 'id')));
  });

  return r;
}
