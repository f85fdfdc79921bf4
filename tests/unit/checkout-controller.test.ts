import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSession, LineItem } from '../../src/api/types.ts';
import { STORAGE_KEYS } from '../../src/core/constants.ts';
import { createCheckoutFlow } from '../../src/state/checkout.ts';
import {
  createCheckoutController,
  CROSS_SELL_SHAKE_MS,
  type CheckoutCalls,
  type ControllerEnv,
} from '../../src/state/checkout-controller.ts';

const item = (over: Partial<LineItem> = {}): LineItem =>
  ({
    price_id: 'price_1',
    quantity: 1,
    adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
    price: {
      id: 'price_1',
      type: 'one_time',
      unit_amount: '100',
      currency_id: 'tba',
      product: { id: 'prod_1', name: 'Pro' },
    },
    ...over,
  }) as LineItem;
const open: CheckoutSession = {
  id: 'cs_1',
  livemode: true,
  mode: 'payment',
  status: 'open',
  payment_status: 'unpaid',
  expires_at: 0,
  line_items: [item()],
  currency_id: 'tba',
  amount_total: '100',
};
const withPromo = (s: CheckoutSession): CheckoutSession => ({
  ...s,
  discounts: [{ promotion_code: 'promo_1' }] as CheckoutSession['discounts'],
});

function setup(
  opts: {
    session?: CheckoutSession;
    env?: Partial<ControllerEnv>;
    saved?: Record<string, string>;
    submitError?: unknown;
  } = {},
) {
  const session = opts.session ?? open;
  let server = session;
  const calls: string[] = [];
  const checkout = {
    retrieve: vi.fn(async () => {
      calls.push('retrieve');
      return { checkoutSession: server, paymentMethods: [] };
    }),
    adjustQuantity: vi.fn(async (_id: string, body: { itemId: string; quantity: number }) => {
      calls.push(`quantity:${body.quantity}`);
      server = { ...server, line_items: [item({ quantity: body.quantity })] };
      return server;
    }),
    amount: vi.fn(async () => server),
    recalculatePromotion: vi.fn(async (_id: string, currencyId: string) => {
      calls.push(`recalculate:${currencyId}`);
      return {};
    }),
    applyPromotion: vi.fn(async () => {
      calls.push('apply');
      server = withPromo(server);
      return {};
    }),
    removePromotion: vi.fn(async () => ({})),
    upsell: vi.fn(async () => server),
    downsell: vi.fn(async () => server),
    crossSell: {
      add: vi.fn(async () => {
        calls.push('cross-sell:add');
        return server;
      }),
      remove: vi.fn(async () => {
        throw Object.assign(new Error('Not allowed'), { code: 'X' });
      }),
    },
  } as unknown as CheckoutCalls;
  const flow = createCheckoutFlow(
    {
      sessionId: session.id,
      submit: vi.fn(async () => {
        throw opts.submitError ?? new Error('no');
      }),
      fastConfirm: vi.fn(),
      openConnect: vi.fn(),
      waitConnect: vi.fn(),
      retrieve: vi.fn(async () => ({
        checkoutSession: { ...server, status: 'complete', payment_status: 'paid' } as CheckoutSession,
        paymentMethods: [],
      })),
      sleep: async () => {},
    },
    session,
  );
  const store = new Map(Object.entries(opts.saved ?? {}));
  let completed: ((data: { id?: string } | undefined) => void) | undefined;
  const env: ControllerEnv = {
    user: { did: 'z1' },
    initialized: true,
    t: (key) => `t:${key}`,
    describe: (err) => `described:${(err as Error).message}`,
    toastError: vi.fn(),
    notice: vi.fn(),
    failed: vi.fn(),
    currencyChanged: vi.fn(),
    login: vi.fn(),
    ...opts.env,
  };
  const reload = vi.fn();
  const controller = createCheckoutController({
    session,
    flow,
    checkout,
    currencyId: 'tba',
    onCompleted: (fn) => {
      completed = fn;
      return () => (completed = undefined);
    },
    reload,
    storage: { read: (k) => store.get(k) ?? null, write: (k, v) => void store.set(k, v) },
    env,
  });
  const stop = controller.start();
  return { controller, flow, checkout, calls, env, store, reload, stop, completed: () => completed };
}

afterEach(() => vi.useRealTimers());

describe('checkout controller: order changes settle one way', () => {
  it('a quantity change keeps the returned session and remembers the choice for the payer', async () => {
    const { controller, flow, calls, store } = setup();
    await controller.setQuantity('price_1', 3);
    expect(calls).toEqual(['quantity:3']);
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(3);
    expect([...store.values()]).toEqual(['3']);
  });

  it('with a promotion code on the session, a change recalculates it in the chosen currency and reads the session again', async () => {
    const { controller, calls } = setup({ session: withPromo(open) });
    await controller.setQuantity('price_1', 2);
    expect(calls).toEqual(['quantity:2', 'recalculate:tba', 'retrieve']);
    calls.length = 0;
    await controller.addCrossSell('price_x');
    expect(calls).toEqual(['cross-sell:add', 'recalculate:tba', 'retrieve']);
  });

  it('a refused quantity rejects with the text in the payer’s language; a refused cross-sell toasts', async () => {
    const { controller, checkout, env } = setup();
    vi.mocked(checkout.adjustQuantity).mockRejectedValueOnce(new Error('Too many'));
    await expect(controller.setQuantity('price_1', 9)).rejects.toThrow('described:Too many');
    await controller.removeCrossSell();
    expect(env.toastError).toHaveBeenCalledWith('described:Not allowed');
  });

  it('another currency is announced and recalculates a promotion code', async () => {
    const { controller, calls, env } = setup({ session: withPromo(open) });
    controller.setCurrency('usd');
    expect(controller.getState().currencyId).toBe('usd');
    expect(env.currencyChanged).toHaveBeenCalledWith('usd');
    await vi.waitFor(() => expect(calls).toEqual(['recalculate:usd', 'retrieve']));
  });

  it('the currency cannot change while a payment is under way', async () => {
    const { controller, flow, env } = setup();
    flow.setState({ phase: 'paying' });
    controller.setCurrency('usd');
    expect(controller.getState().currencyId).toBe('tba');
    expect(env.currencyChanged).not.toHaveBeenCalled();
    flow.setState({ phase: 'idle' });
    controller.setCurrency('usd');
    expect(controller.getState().currencyId).toBe('usd');
  });
});

describe('checkout controller: promotion codes and sign-in', () => {
  it('a signed-out payer is sent to sign in and nothing is sent', async () => {
    const { controller, calls, env } = setup({ env: { user: null } });
    await expect(controller.applyPromotion('SAVE')).rejects.toThrow('t:checkout.promoLoginRequired');
    expect(env.login).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });

  it('a signed-in payer applies the code in the chosen currency, then the session is read again', async () => {
    const { controller, checkout, calls } = setup();
    await controller.applyPromotion('SAVE');
    expect(checkout.applyPromotion).toHaveBeenCalledWith('cs_1', { promotion_code: 'SAVE', currency_id: 'tba' });
    expect(calls).toEqual(['apply', 'retrieve']);
  });
});

describe('checkout controller: preferred quantity (spec §5)', () => {
  it('applies qty from the page address once, when the session is known', async () => {
    const { controller, calls } = setup();
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    controller.applyPreferredQuantity(new URLSearchParams('qty=5'));
    await vi.waitFor(() => expect(calls).toEqual(['quantity:4']));
  });

  it('is preferring (Pay waits) until the session holds it, and not when there is nothing to apply', async () => {
    const { controller, flow } = setup();
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    expect(controller.getState().preferring).toBe(true);
    await vi.waitFor(() => expect(controller.getState().preferring).toBe(false));
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(4);
    const none = setup();
    none.controller.applyPreferredQuantity(new URLSearchParams('qty=1'));
    expect(none.controller.getState().preferring).toBe(false);
  });

  it('falls back to the payer’s saved quantity, and waits while the session is unknown', async () => {
    const { controller, calls, env } = setup({ saved: { [STORAGE_KEYS.quantityPreference('z1', 'price_1')]: '6' } });
    controller.setEnv({ ...env, initialized: false });
    controller.applyPreferredQuantity(new URLSearchParams());
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([]);
    controller.setEnv({ ...env, initialized: true });
    controller.applyPreferredQuantity(new URLSearchParams());
    await vi.waitFor(() => expect(calls).toEqual(['quantity:6']));
  });

  it('with a promotion code on the session, the preferred quantity recalculates it and reads the session again', async () => {
    const { controller, calls, flow } = setup({ session: withPromo(open) });
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    await vi.waitFor(() => expect(controller.getState().preferring).toBe(false));
    expect(calls).toEqual(['quantity:4', 'recalculate:tba', 'retrieve']);
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(4);
  });

  it('a step while the preferred quantity is on its way is sent after it, and its answer is the one that stays', async () => {
    const { controller, checkout, calls, flow } = setup();
    const adjust = vi.mocked(checkout.adjustQuantity).getMockImplementation()!;
    let answerFirst!: () => void;
    vi.mocked(checkout.adjustQuantity).mockImplementationOnce(async (...args) => {
      const answer = await adjust(...args);
      await new Promise<void>((r) => (answerFirst = r));
      return answer;
    });
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    const step = controller.setQuantity('price_1', 5);
    await vi.waitFor(() => expect(calls).toEqual(['quantity:4']));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls, 'the step waits for the preferred quantity’s answer').toEqual(['quantity:4']);
    answerFirst();
    await step;
    expect(calls).toEqual(['quantity:4', 'quantity:5']);
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(5);
    await vi.waitFor(() => expect(controller.getState().preferring).toBe(false));
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(5);
  });

  it('a refused preferred quantity does not hold up the payer’s next step', async () => {
    const { controller, checkout, calls, flow } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(checkout.adjustQuantity).mockRejectedValueOnce(new Error('Out of stock'));
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    await controller.setQuantity('price_1', 2);
    expect(calls).toEqual(['quantity:2']);
    expect(flow.getState().session?.line_items[0]?.quantity).toBe(2);
    expect(controller.getState().preferring).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('never overrides a quantity the payer already chose', async () => {
    const { controller, calls } = setup();
    await controller.setQuantity('price_1', 2);
    controller.applyPreferredQuantity(new URLSearchParams('qty=4'));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['quantity:2']);
  });
});

describe('checkout controller: the flow’s failures and realtime', () => {
  it('REQUIRE_CROSS_SELL reports the failure once and shakes the cross-sell row for 1 s', async () => {
    vi.useFakeTimers();
    const { controller, flow, env } = setup({
      submitError: Object.assign(new Error('Add the cross-sell'), { code: 'REQUIRE_CROSS_SELL' }),
    });
    await flow.submit(
      { customer_name: 'A', customer_email: 'a@b.co', payment_method: 'pm', payment_currency: 'tba' },
      { methodType: 'arcblock', userDid: 'z1' },
    );
    expect(env.failed).toHaveBeenCalledOnce();
    expect(env.failed).toHaveBeenCalledWith(expect.objectContaining({ code: 'REQUIRE_CROSS_SELL' }));
    expect(controller.getState().shake).toBe(true);
    vi.advanceTimersByTime(CROSS_SELL_SHAKE_MS - 1);
    expect(controller.getState().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect(controller.getState().shake).toBe(false);
  });

  it('EMPTY_CHECKOUT loads the checkout again', async () => {
    const { flow, reload } = setup({ submitError: Object.assign(new Error('Empty'), { code: 'EMPTY_CHECKOUT' }) });
    await flow.submit(
      { customer_name: 'A', customer_email: 'a@b.co', payment_method: 'pm', payment_currency: 'tba' },
      { methodType: 'arcblock', userDid: 'z1' },
    );
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a realtime completion of this session completes the flow; another session’s does not; stop unsubscribes', async () => {
    const { flow, completed, stop } = setup();
    completed()?.({ id: 'cs_other' });
    await new Promise((r) => setTimeout(r, 0));
    expect(flow.getState().phase).toBe('idle');
    completed()?.({ id: 'cs_1' });
    await vi.waitFor(() => expect(flow.getState().phase).toBe('paid'));
    stop();
    expect(completed()).toBeUndefined();
  });
});
