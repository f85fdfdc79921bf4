import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { bodyOf, str } from './http.ts';
import { confirmCardPayment } from '../domain/card-payments.ts';

/**
 * The client secret of a card payment intent: `{pi id}_secret_{HMAC of the id with the app key}`. Like Stripe's, it is
 * the capability to confirm that payment, so it cannot be derived from the intent's id (which anyone holding the
 * session's link may read); only the payer's submit reply carries it.
 */
export function clientSecretOf(ctx: SandboxContext, paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${createHmac('sha256', ctx.appKey.sk).update(paymentIntentId).digest('hex').slice(0, 32)}`;
}

/** The payment intent id of a client secret this sandbox issued, or null. */
function intentOfSecret(ctx: SandboxContext, secret: string): string | null {
  const m = /^(pi_[A-Za-z0-9]+)_secret_[0-9a-f]{32}$/.exec(secret);
  if (!m) return null;
  const expected = Buffer.from(clientSecretOf(ctx, m[1]!));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1]! : null;
}

/**
 * A stand-in for Stripe.js in the sandbox (there is no network to js.stripe.com here). The Stripe payment method is
 * marked `settings.stripe.sandbox: true`; for such a method `<pay-checkout>` imports this ES module instead of
 * loading Stripe.js. It mimics the small part of Stripe.js the checkout uses — `elements({clientSecret})`,
 * `elements.create('payment').mount(el)`, `confirmPayment({elements, redirect: 'if_required'})` — and renders a
 * clearly labelled test card form into the container the checkout gives it (in the element's light DOM, as Stripe's
 * own Payment Element needs). Card 4000 0000 0000 0002 is declined, as in Stripe's test mode.
 */

const MODULE = String.raw`
const CONFIRM_URL = new URL('./stripe/confirm', import.meta.url).href;
const DECLINE = '4000000000000002';

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  // style through CSSOM (allowed by a CSP without 'unsafe-inline'; a style attribute is not)
  for (const [k, v] of Object.entries(attrs || {})) if (k === 'style') node.style.cssText = v; else node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function field(id, label, value, extra) {
  const wrap = el('label', { for: id, style: 'display:flex;flex-direction:column;gap:4px;min-width:0;font:600 13px system-ui,sans-serif;color:inherit' }, label);
  // size=1 and width 100%: an input's default width (about 20 characters) would push the CVC past a phone's edge.
  const input = el('input', Object.assign({ id, value, size: '1', style: 'box-sizing:border-box;width:100%;min-width:0;font:15px system-ui,sans-serif;padding:9px 10px;border:1px solid #64748b;border-radius:6px;background:transparent;color:inherit' }, extra));
  input.value = value;
  wrap.append(input);
  return { wrap, input };
}

export function createStripe(publishableKey) {
  let card = null;
  return {
    publishableKey,
    elements({ clientSecret }) {
      const elements = {
        clientSecret,
        create(type) {
          if (type !== 'payment') throw new Error('The sandbox stand-in only offers the payment element');
          return {
            mount(container) {
              const root = typeof container === 'string' ? document.querySelector(container) : container;
              root.replaceChildren();
              const box = el('div', { role: 'group', 'aria-label': 'Sandbox card (test mode)', style: 'display:flex;flex-direction:column;gap:10px;padding:12px;min-width:0;box-sizing:border-box;border:1px dashed #b45309;border-radius:8px' });
              box.append(el('p', { style: 'margin:0;font:600 12px system-ui,sans-serif;color:#b45309' }, 'Sandbox card · test mode · no real card is charged'));
              const n = field('sandbox-card-number', 'Card number', '4242 4242 4242 4242', { inputmode: 'numeric', autocomplete: 'cc-number' });
              const row = el('div', { style: 'display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px' });
              const exp = field('sandbox-card-exp', 'Expiry (MM / YY)', '12 / 34', { autocomplete: 'cc-exp' });
              const cvc = field('sandbox-card-cvc', 'CVC', '123', { inputmode: 'numeric', autocomplete: 'cc-csc' });
              row.append(exp.wrap, cvc.wrap);
              box.append(n.wrap, row);
              root.append(box);
              card = n.input;
            },
            destroy() {
              card = null;
            },
          };
        },
      };
      return elements;
    },
    async confirmPayment({ elements }) {
      const number = (card ? card.value : '').replace(/\D/g, '');
      const res = await fetch(CONFIRM_URL, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: elements.clientSecret, card_number: number }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) return { error: { type: 'card_error', message: body.error || 'Your card was declined.' } };
      return { paymentIntent: body.paymentIntent };
    },
  };
}
export const DECLINED_CARD = DECLINE;
`;

export function createStripeStandinRoutes(ctx: SandboxContext): Router {
  const r = Router();

  r.get('/sandbox/stripe.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(MODULE);
  });

  /** Confirms a sandbox card payment: pays the checkout session of the payment intent (domain/card-payments.ts). */
  r.post('/sandbox/stripe/confirm', async (req, res) => {
    const body = bodyOf(req);
    const secret = str(body, 'client_secret', { required: true })!;
    const card = (str(body, 'card_number') ?? '').replace(/\D/g, '');
    const intentId = intentOfSecret(ctx, secret);
    if (!intentId) throw new HttpError(400, 'client_secret is not a sandbox payment intent secret');
    res.json({ paymentIntent: await confirmCardPayment(ctx, intentId, card) });
  });

  return r;
}
