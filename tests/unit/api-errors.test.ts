import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { checkoutContext, fakeAdapter } from './fake-adapter.ts';

const blocklet = { componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };
afterEach(() => vi.unstubAllGlobals());

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('ApiError', () => {
  it('a 4xx {error, code} becomes ApiError with the server text, status, code and data', async () => {
    const body = { error: 'You have past due invoices', code: 'CUSTOMER_LIMITED' };
    const { adapter } = fakeAdapter({ 'PUT /payment/api/checkout-sessions/cs_1/submit': { status: 400, data: body } });
    const err = await caught(
      createApi({ locale: 'en', blocklet }, { adapter }).checkout.submit('cs_1', {
        customer_name: 'A',
        customer_email: 'a@b.co',
        payment_method: 'pm',
        payment_currency: 'cur',
      }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('You have past due invoices');
    expect(err.status).toBe(400);
    expect(err.code).toBe('CUSTOMER_LIMITED');
    expect(err.data).toEqual(body);
  });

  it('a 5xx without an error field: message plus JSON body', async () => {
    const { adapter } = fakeAdapter({ '/payment/api/invoices': { status: 500, data: { oops: true } } });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).invoices.list());
    expect(err.message).toBe('Request failed with status code 500: {"oops":true}');
    expect(err.status).toBe(500);
    expect(err.code).toBeUndefined();
  });

  it('a network failure → code NETWORK, "Network error occurred"', async () => {
    const { adapter } = fakeAdapter({ '/payment/api/customers/me': 'network-error' });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).customers.me());
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('NETWORK');
    expect(err.message).toBe('Network error occurred');
    expect(err.key).toBe('error.network');
    expect(err.status).toBeUndefined();
  });

  it('a timeout → code TIMEOUT', async () => {
    const { adapter } = fakeAdapter({ '/payment/api/customers/me': 'timeout' });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).customers.me());
    expect(err.code).toBe('TIMEOUT');
  });

  it('an aborted request → code CANCELED', async () => {
    const { adapter } = fakeAdapter({ '/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() } });
    const ctl = new AbortController();
    ctl.abort();
    const err = await caught(
      createApi({ locale: 'en', blocklet }, { adapter }).checkout.retrieve('cs_1', { signal: ctl.signal }),
    );
    expect(err.code).toBe('CANCELED');
  });
});

describe('response validation (superstruct at the boundary)', () => {
  it('a malformed checkout context is rejected with BAD_RESPONSE naming the path', async () => {
    const ctx = checkoutContext();
    const broken = {
      ...ctx,
      checkoutSession: { ...ctx.checkoutSession, line_items: [{ price_id: 'price_1', quantity: 1 }] },
    };
    const { adapter } = fakeAdapter({ '/payment/api/checkout-sessions/retrieve/cs_1': { data: broken } });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).checkout.retrieve('cs_1'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.message).toBe(
      'Unexpected response from GET api/checkout-sessions/retrieve/cs_1: at checkoutSession.line_items.0.price: Expected an object, but received: undefined',
    );
    expect(err.data).toEqual(broken);
  });

  it('an HTML page instead of JSON is a BAD_RESPONSE at the root', async () => {
    const { adapter } = fakeAdapter({
      '/payment/api/checkout-sessions/retrieve/cs_1': { data: '<!doctype html><html></html>' },
    });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).checkout.retrieve('cs_1'));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.message).toMatch(/at \(root\): Expected an object/);
  });

  it('a wrong enum value names the field', async () => {
    const ctx = checkoutContext();
    const { adapter } = fakeAdapter({
      '/payment/api/checkout-sessions/retrieve/cs_1': {
        data: { ...ctx, checkoutSession: { ...ctx.checkoutSession, mode: 'barter' } },
      },
    });
    const err = await caught(createApi({ locale: 'en', blocklet }, { adapter }).checkout.retrieve('cs_1'));
    expect(err.message).toContain('at checkoutSession.mode:');
  });

  it('extra keys are kept, integer amounts become strings', async () => {
    const ctx = checkoutContext();
    const session = { ...ctx.checkoutSession, amount_total: 1500, brand_new_field: { a: 1 } };
    const { adapter } = fakeAdapter({
      '/payment/api/checkout-sessions/retrieve/cs_1': { data: { ...ctx, checkoutSession: session, extra: 1 } },
    });
    const out = await createApi({ locale: 'en', blocklet }, { adapter }).checkout.retrieve('cs_1');
    expect(out.checkoutSession.amount_total).toBe('1500');
    expect((out.checkoutSession as unknown as Record<string, unknown>).brand_new_field).toEqual({ a: 1 });
    expect((out as unknown as Record<string, unknown>).extra).toBe(1);
    expect(out.checkoutSession.line_items[0]!.price.product!.name).toBe('Pro');
  });
});
