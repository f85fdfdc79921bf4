import { describe, expect, it, vi } from 'vitest';
import type { CheckoutContext, CheckoutSession, ConnectStatus, SubmitResponse } from '../../src/api/types.ts';
import { createCheckoutFlow, type FlowDeps } from '../../src/state/checkout.ts';

const open: CheckoutSession = {
  id: 'cs_1',
  livemode: true,
  mode: 'payment',
  status: 'open',
  payment_status: 'unpaid',
  expires_at: 0,
  line_items: [],
  currency_id: 'tba',
  amount_total: '10',
};
const done: CheckoutSession = { ...open, status: 'complete', payment_status: 'paid', invoice_id: 'in_1' };
const ctxOf = (s: CheckoutSession): CheckoutContext => ({ checkoutSession: s, paymentMethods: [] });
const form = { customer_name: 'A', customer_email: 'a@b.co', payment_method: 'pm', payment_currency: 'tba' };
const wallet = { methodType: 'arcblock', userDid: 'z1' };

function deps(over: Partial<FlowDeps> = {}): FlowDeps & { calls: string[] } {
  const calls: string[] = [];
  let polls = 0;
  return {
    calls,
    sessionId: 'cs_1',
    submit: vi.fn(async () => {
      calls.push('submit');
      return { balance: { sufficient: false }, delegation: { sufficient: false } } as SubmitResponse;
    }),
    fastConfirm: vi.fn(async () => {
      calls.push('fast');
      return { fastPaid: true };
    }),
    openConnect: vi.fn(async (action: string) => {
      calls.push(`open:${action}`);
      return { token: 't1', url: 'http://localhost/wallet?t=t1' };
    }),
    waitConnect: vi.fn(async (_a: string, _t: string, o: { onStatus: (s: ConnectStatus) => void }) => {
      calls.push('wait');
      o.onStatus({ status: 'scanned' });
      return { status: 'succeed' } as ConnectStatus;
    }),
    retrieve: vi.fn(async () => {
      calls.push('retrieve');
      polls += 1;
      return ctxOf(polls >= 2 ? done : open);
    }),
    sleep: async () => {},
    ...over,
  };
}

describe('checkout flow', () => {
  it('submits, goes through the wallet, polls until paid', async () => {
    const preloadConnect = vi.fn();
    const d = deps({ preloadConnect });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    expect(d.calls).toEqual(['submit', 'open:payment', 'wait', 'retrieve', 'retrieve']);
    // The wallet dialog's chunk starts loading with the submit (once), not after it.
    expect(preloadConnect).toHaveBeenCalledTimes(1);
    expect(preloadConnect.mock.invocationCallOrder[0]).toBeLessThan(
      (d.submit as ReturnType<typeof vi.fn>).mock.invocationCallOrder[0]!,
    );
    expect(flow.getState().phase).toBe('paid');
    expect(flow.getState().session?.invoice_id).toBe('in_1');
    expect(d.openConnect).toHaveBeenCalledWith(
      'payment',
      { checkoutSessionId: 'cs_1', sessionUserDid: 'z1' },
      expect.any(AbortSignal),
    );
  });

  it('a checkout removed while its submit is on the way opens no wallet request and polls nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const d = deps({
      submit: vi.fn(async () => {
        await gate;
        return { balance: { sufficient: false }, delegation: { sufficient: false } } as SubmitResponse;
      }),
    });
    const flow = createCheckoutFlow(d, open);
    const submitted = flow.submit(form, wallet);
    flow.dispose();
    release();
    await submitted;
    expect(d.openConnect).not.toHaveBeenCalled();
    expect(d.retrieve).not.toHaveBeenCalled();
    // Nor does a later action of the removed checkout send anything.
    await flow.useWallet(wallet);
    await flow.completedElsewhere();
    expect(d.openConnect).not.toHaveBeenCalled();
  });

  it('a checkout removed while its wallet request is being opened lets the opening know (it sends nothing then)', async () => {
    let opening!: AbortSignal;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const d = deps({
      openConnect: vi.fn(async (_action: string, _params: Record<string, unknown>, signal: AbortSignal) => {
        opening = signal;
        await gate;
        return { token: 't1', url: 'http://localhost/wallet?t=t1' };
      }),
    });
    const flow = createCheckoutFlow(d, open);
    const submitted = flow.submit(form, wallet);
    await vi.waitFor(() => expect(d.openConnect).toHaveBeenCalled());
    expect(opening.aborted).toBe(false);
    flow.dispose();
    expect(opening.aborted).toBe(true);
    release();
    await submitted;
    expect(d.waitConnect).not.toHaveBeenCalled();
  });

  it('never submits twice: a second submit while busy is ignored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const d = deps({
      submit: vi.fn(async () => {
        await gate;
        return { balance: { sufficient: true }, fastPayInfo: { amount: '10' } } as SubmitResponse;
      }),
    });
    const flow = createCheckoutFlow(d, open);
    const a = flow.submit(form, wallet);
    const b = flow.submit(form, wallet);
    release();
    await Promise.all([a, b]);
    expect(d.submit).toHaveBeenCalledTimes(1);
    expect(flow.getState().phase).toBe('fastPay');
    await Promise.all([flow.confirmFastPay(wallet), flow.confirmFastPay(wallet)]);
    expect(d.fastConfirm).toHaveBeenCalledTimes(1);
    expect(flow.getState().phase).toBe('paid');
  });

  it('fast pay not confirmed: notice, then the wallet', async () => {
    const d = deps({
      submit: vi.fn(async () => ({ balance: { sufficient: true } }) as SubmitResponse),
      fastConfirm: vi.fn(async () => ({ fastPaid: false })),
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    await flow.confirmFastPay(wallet);
    expect(flow.getState().notice?.key).toBe('checkout.fastPayFailed');
    expect(d.openConnect).toHaveBeenCalledTimes(1);
    expect(flow.getState().phase).toBe('paid');
  });

  it('donations never fast pay', async () => {
    const d = deps({ submit: vi.fn(async () => ({ balance: { sufficient: true } }) as SubmitResponse) });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, { ...wallet, donation: true });
    expect(d.fastConfirm).not.toHaveBeenCalled();
    expect(d.openConnect).toHaveBeenCalled();
  });

  it('credit: sufficient → fast pay; insufficient → notice dialog', async () => {
    const ok = createCheckoutFlow(
      deps({ submit: vi.fn(async () => ({ creditSufficient: true }) as SubmitResponse) }),
      open,
    );
    await ok.submit(form, { methodType: 'arcblock', currencyType: 'credit' });
    expect(ok.getState().phase).toBe('fastPay');
    const short = createCheckoutFlow(
      deps({ submit: vi.fn(async () => ({ creditSufficient: false }) as SubmitResponse) }),
      open,
    );
    await short.submit(form, { methodType: 'arcblock', currencyType: 'credit' });
    expect(short.getState().phase).toBe('creditInsufficient');
    short.cancel();
    expect(short.getState().phase).toBe('idle');
  });

  it('a refused wallet request keeps the dialog with the reason; Start again opens a new one; Cancel leaves', async () => {
    for (const [code, failure] of [
      ['CONNECT_DECLINED', 'declined'],
      ['CONNECT_FORBIDDEN', 'forbidden'],
      ['CONNECT_BUSY', 'busy'],
      ['CONNECT_EXPIRED', 'expired'],
      ['CONNECT_ERROR', 'failed'],
    ] as const) {
      let refuse = true;
      const d = deps({
        waitConnect: vi.fn(async () => {
          if (refuse) throw Object.assign(new Error('Insufficient balance'), { code });
          return { status: 'succeed' } as ConnectStatus;
        }),
      });
      const flow = createCheckoutFlow(d, open);
      await flow.submit(form, wallet);
      expect(flow.getState()).toMatchObject({
        phase: 'connecting',
        connect: { failure, message: 'Insufficient balance' },
        error: null,
      });
      // Nothing paid, no second submit: "Start again" asks the wallet again for the same session.
      expect(d.retrieve).not.toHaveBeenCalled();
      refuse = false;
      await flow.retryConnect();
      expect(d.submit).toHaveBeenCalledTimes(1);
      expect(d.openConnect).toHaveBeenCalledTimes(2);
      expect(flow.getState().phase).toBe('paid');
      // retry is only for a refused request
      await flow.retryConnect();
      expect(d.openConnect).toHaveBeenCalledTimes(2);
    }
    const d = deps({
      waitConnect: vi.fn(async () => {
        throw Object.assign(new Error('declined'), { code: 'CONNECT_DECLINED' });
      }),
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    flow.cancel();
    expect(flow.getState()).toMatchObject({ phase: 'idle', connect: null, error: null });
    await flow.submit(form, wallet);
    expect(d.submit).toHaveBeenCalledTimes(2);
  });

  it('server refusals show the server text (spec §8) and keep the form', async () => {
    const d = deps({
      submit: vi.fn(async () => Promise.reject({ response: { data: { error: 'checkout session expired' } } })),
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    expect(flow.getState()).toMatchObject({ phase: 'idle', error: { message: 'checkout session expired' } });
  });

  it('CUSTOMER_LIMITED opens the past-due state; cancel returns to the form', async () => {
    const d = deps({
      submit: vi.fn(async () => Promise.reject(Object.assign(new Error('past due'), { code: 'CUSTOMER_LIMITED' }))),
    });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    expect(flow.getState()).toMatchObject({ phase: 'customerLimited', error: { code: 'CUSTOMER_LIMITED' } });
    await flow.submit(form, wallet);
    expect(d.submit).toHaveBeenCalledTimes(1);
    flow.cancel();
    expect(flow.getState().phase).toBe('idle');
  });

  it('stripe is refused in this build with the spec text key', async () => {
    const flow = createCheckoutFlow(deps(), open);
    await flow.submit(form, { methodType: 'stripe' });
    expect(flow.getState()).toMatchObject({ phase: 'idle', error: { key: 'checkout.unsupportedMethod' } });
  });

  it('an already paid session completes at once', async () => {
    const d = deps({ submit: vi.fn(async () => ({ checkoutSession: done }) as SubmitResponse) });
    const flow = createCheckoutFlow(d, open);
    await flow.submit(form, wallet);
    expect(flow.getState().phase).toBe('paid');
    expect(d.openConnect).not.toHaveBeenCalled();
  });

  it('polling gives up after the timeout with a clear notice, and a payment intent failure is reported', async () => {
    let t = 0;
    const slow = createCheckoutFlow(
      deps({
        retrieve: vi.fn(async () => ctxOf(open)),
        now: () => t,
        sleep: async () => void (t += 2000),
        timeoutMs: 10_000,
      }),
      open,
    );
    await slow.submit(form, wallet);
    expect(slow.getState()).toMatchObject({ phase: 'idle', error: { key: 'checkout.paymentTimeout' } });

    const failing = createCheckoutFlow(
      deps({
        retrieve: vi.fn(
          async () =>
            ({
              ...ctxOf(open),
              paymentIntent: { id: 'pi', status: 'requires_action', last_payment_error: { message: 'Card declined' } },
            }) as CheckoutContext,
        ),
      }),
      open,
    );
    await failing.submit(form, wallet);
    expect(failing.getState()).toMatchObject({ phase: 'idle', error: { message: 'Card declined' } });
  });

  it('a realtime completion for the session completes it; cancel stops waiting for the wallet', async () => {
    let resolveWait!: (s: ConnectStatus) => void;
    const d = deps({
      waitConnect: vi.fn(() => new Promise<ConnectStatus>((r) => (resolveWait = r))),
      retrieve: vi.fn(async () => ctxOf(done)),
    });
    const flow = createCheckoutFlow(d, open);
    void flow.submit(form, wallet);
    await vi.waitFor(() => expect(flow.getState().connect?.token).toBe('t1'));
    flow.cancel();
    expect(flow.getState()).toMatchObject({ phase: 'idle', connect: null });
    resolveWait({ status: 'succeed' });
    await flow.completedElsewhere();
    expect(flow.getState().phase).toBe('paid');
  });
});
