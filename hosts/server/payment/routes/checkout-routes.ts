/**
 * The calls the checkout element makes (product-spec section 7, payment-kit-api.md "Checkout endpoints"): parse,
 * authorize, call the checkout domain (domain/checkout.ts), shape the answer.
 */
import { Router, type Request } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { actorOf, callerOf, requireUser } from './auth.ts';
import { customerOfDid } from '../domain/billing.ts';
import {
  checkoutSettings,
  confirmFastCheckout,
  currentSession,
  startFromLink,
  submitCheckout,
} from '../domain/checkout.ts';
import { bodyOf, livemodeOf, paramOf, queryString } from './http.ts';
import { checkoutContext, seesPayer } from '../domain/sessions.ts';
import { clientSecretOf } from './stripe-standin-routes.ts';

export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function createCheckoutRoutes(ctx: SandboxContext): Router {
  const r = Router();
  const { db } = ctx;

  r.get('/settings', async (_req, res) => {
    res.json(await checkoutSettings(db));
  });

  r.post('/checkout-sessions/start/:plinkId', async (req, res) => {
    const session = await startFromLink(db, paramOf(req, 'plinkId'), {
      origin: originOf(req),
      currencyId: queryString(req, 'currencyId'),
    });
    // Anyone holding the link starts a session: the answer carries no payer's personal data.
    res.json(await checkoutContext(db, session, { personal: false }));
  });

  r.get('/checkout-sessions/retrieve/:id', async (req, res) => {
    const session = await currentSession(db, paramOf(req, 'id'));
    res.json(await checkoutContext(db, session, { personal: seesPayer(session, actorOf(res)) }));
  });

  r.put(['/checkout-sessions/:id/submit', '/checkout-sessions/:id/donate-submit'], async (req, res) => {
    res.json(
      await submitCheckout(db, {
        sessionId: paramOf(req, 'id'),
        body: bodyOf(req),
        user: callerOf(res).user,
        actor: actorOf(res),
        clientSecretOf: (id) => clientSecretOf(ctx, id),
      }),
    );
  });

  r.post('/checkout-sessions/:id/fast-checkout-confirm', async (req, res) => {
    const user = requireUser(res);
    res.json(await confirmFastCheckout(ctx, paramOf(req, 'id'), user.did));
  });

  r.get('/customers/me', async (req, res) => {
    const user = requireUser(res);
    const customer = await customerOfDid(db, user.did, livemodeOf(req));
    if (customer) return void res.json({ ...customer, fullName: customer.name });
    if (req.query.fallback !== '1' && req.query.fallback !== 'true')
      throw new HttpError(404, 'No customer for this user yet');
    res.json({
      id: null,
      object: 'customer',
      livemode: livemodeOf(req),
      did: user.did,
      name: user.fullName,
      fullName: user.fullName,
      email: user.email,
      phone: '',
      address: { country: 'us', state: '', city: '', line1: '', line2: '', postal_code: '' },
      metadata: {},
    });
  });

  return r;
}
