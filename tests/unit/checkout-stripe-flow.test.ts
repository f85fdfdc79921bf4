/**
 * The card branch of the checkout flow (spec §4, §9) and the flow's default timings: the Stripe panel after 200 ms,
 * paying at once when the context already succeeded, aborting, polling every 2 s for at most 3 minutes.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutContext, CheckoutSession, SubmitResponse } from '../../src/api/types.ts';
import { STRIPE_PANEL_DELAY_MS } from '../../src/core/constants.ts';
import { createCheckoutFlow, isBusy, type FlowDeps } from '../../src/state/checkout.ts';

const open: CheckoutSession = {
  id: 'cs_1',
  livemode: false,
  mode: 'payment',
  status: 'open',
  payment_status: 'unpaid',
  expires_at: 0,
  line_items: [],
  currency_id: 'usd',
  amount_total: '999',
};
const done: CheckoutSession = { ...open, status: 'complete', payment_status: 'paid', invoice_id: 'in_1' };
const ctxOf = (s: CheckoutSession, extra: Partial<CheckoutContext> = {}): CheckoutContext => ({
  checkoutSession: s,
  paymentMethods: [],
  ...extra,
});
const form = { customer_name: 'A', customer_email: 'a@b.co', payment_method: 'pm_stripe', payment_currency: 'usd' };
const card = { methodType: 'stripe' };

function deps(stripeContext: SubmitResponse['stripeContext'], over: Partial<FlowDeps> = {}) {
  const sleeps: number[] = [];
  const d: FlowDeps = {
    sessionId: 'cs_1',
    submit: vi.fn(async () => ({ stripeContext }) as SubmitResponse),
    fastConfirm: vi.fn(async () => ({ fastPaid: false })),
    openConnect: vi.fn(async () => ({ token: 't', url: 'http://localhost/w' })),
    waitConnect: vi.fn(async () => ({ status: 'succeed' }) as never),
    retrieve: vi.fn(async () => ctxOf(done)),
    abortStripe: vi.fn(async () => ({})),
    sleep: vi.fn(async (ms: number) => void sleeps.push(ms)),
    ...over,
  };
  return { d, sleeps };
}

describe('stripe branch of the checkout flow', () => {
  it('shows the panel (stripePaying) only after 200 ms, with the client secret; never the wallet', async () => {
    const { d, sleeps } = deps({
      client_secret: 'pi_1_secret',
      intent_type: 'payment_intent',
      status: 'requires_payment_method',
    } as never);
    const flow = createCheckoutFlow(d, open);
    const phases: string[] = [];
    flow.subscribe((s) => phases.push(s.phase));
    await flow.submit(form, card);
    expect(sleeps).toEqual([200]);
    expect(phases).toEqual(['submitting', 'stripePaying']);
    expect(flow.getState().stripe).toMatchObject({ clientSecret: 'pi_1_secret' });
    expect(isBusy('stripePaying')).toBe(true);
    expect(d.openConnect).not.toHaveBeenCalled();
    expect(d.fastConfirm).not.toHaveBeenCalled();
    // Stripe confirmed the card: poll until paid.
    await flow.stripeConfirmed();
    expect(flow.getState().phase).toBe('paid');
    expect(flow.getState().stripe).toBeNull();
  });

  it('pays at once (no panel) when the stripe context already says succeeded', async () => {
    const { d, sleeps } = deps({ client_secret: 'pi_2_secret', status: 'succeeded' } as never);
    const flow = createCheckoutFlow(d, open);
    const phases: string[] = [];
    flow.subscribe((s) => phases.push(s.phase));
    await flow.submit(form, card);
    expect(phases).not.toContain('stripePaying');
    expect(sleeps).not.toContain(STRIPE_PANEL_DELAY_MS);
    expect(flow.getState().phase).toBe('paid');
  });

  it('the payer can abort: back to the form, abort-stripe is called, and paying again starts over', async () => {
    const { d } = deps({ client_secret: 'pi_3_secret', status: 'requires_payment_method' } as never);
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, card);
    expect(flow.getState().phase).toBe('stripePaying');
    await flow.abortStripe();
    expect(flow.getState()).toMatchObject({ phase: 'idle', stripe: null });
    expect(d.abortStripe).toHaveBeenCalledTimes(1);
    await flow.submit(form, card);
    expect(d.submit).toHaveBeenCalledTimes(2);
    expect(flow.getState().phase).toBe('stripePaying');
  });

  it('a requires_action intent with a last payment error ends the card payment with that message (and payFailed)', async () => {
    const failing = {
      id: 'pi_4',
      status: 'requires_action',
      last_payment_error: { message: 'Your card was declined.' },
    };
    const onPayFailed = vi.fn();
    const { d } = deps({ client_secret: 'pi_4_secret', status: 'requires_payment_method' } as never, {
      retrieve: vi.fn(async () => ctxOf(open, { paymentIntent: failing } as never)),
      onPayFailed,
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, card);
    expect(onPayFailed).not.toHaveBeenCalled();
    await flow.stripeConfirmed();
    expect(flow.getState()).toMatchObject({
      phase: 'idle',
      stripe: null,
      error: { message: 'Your card was declined.' },
    });
    // spec §8: the payFailed analytics event
    expect(onPayFailed).toHaveBeenCalledWith('Your card was declined.');
  });

  it('polls every 2 s by default and gives up after 3 minutes', async () => {
    let t = 0;
    const { d, sleeps } = deps({ client_secret: 'pi_5_secret', status: 'succeeded' } as never, {
      retrieve: vi.fn(async () => ctxOf(open)),
      now: () => t,
      sleep: vi.fn(async (ms: number) => {
        sleeps.push(ms);
        t += ms;
      }),
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, card);
    expect(flow.getState()).toMatchObject({ phase: 'idle', error: { key: 'checkout.paymentTimeout' } });
    // Spec §9: every 2 s, for 3 minutes (asked at 0, 2, 4 … 180 s).
    expect(new Set(sleeps)).toEqual(new Set([2_000]));
    expect(t).toBe(180_000);
    expect(d.retrieve).toHaveBeenCalledTimes(91);
  });
});
