import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import { startSandbox } from './harness.ts';
import { asUser, CASEY, login, signed, type Sandbox } from './payment-helpers.ts';

/** An open session whose prices were archived after it was created (hosts/server/payment/domain/checkout-items.ts). */

let sb: Sandbox;
let casey: string;
beforeAll(async () => {
  sb = await startSandbox();
  casey = await login(sb, CASEY.did);
});
afterAll(() => sb.close());

const form = {
  customer_name: 'Casey Customer',
  customer_email: 'casey@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
  billing_address: { country: 'us' },
};

async function product(name: string, amounts: string[]) {
  const r = await signed(sb, 'POST', '/api/products', {
    body: {
      name,
      prices: amounts.map((unit_amount) => ({ type: 'one_time', unit_amount, currency_id: 'pc_sandbox_tba' })),
    },
  });
  expect(r.status).toBe(200);
  return r.body;
}

async function session(priceIds: string[]) {
  const r = await signed(sb, 'POST', '/api/checkout-sessions', {
    body: {
      mode: 'payment',
      line_items: priceIds.map((price_id) => ({ price_id, quantity: 1 })),
      success_url: 'http://localhost/',
    },
  });
  expect(r.status).toBe(200);
  return r.body.id as string;
}

const retrieve = (id: string) => asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${id}`);

describe('archiving the prices of an open session', () => {
  it('drops the archived item and recomputes the amounts', async () => {
    const p = await product('Empty A', ['2', '3']);
    const id = await session([p.prices[0].id, p.prices[1].id]);
    expect((await retrieve(id)).body.checkoutSession.amount_total).toBe('5000000000000000000');
    expect((await signed(sb, 'PUT', `/api/prices/${p.prices[1].id}/archive`)).status).toBe(200);
    const after = (await retrieve(id)).body.checkoutSession;
    expect(after.line_items.map((i: any) => i.price_id)).toEqual([p.prices[0].id]);
    expect(after.amount_total).toBe(p.prices[0].unit_amount);
    expect(after.amount_total).not.toBe('5000000000000000000');
  });

  it('leaves a session with no line items when the only price is archived; submit and pay refuse it', async () => {
    const p = await product('Empty B', ['4']);
    const id = await session([p.prices[0].id]);
    expect((await signed(sb, 'PUT', `/api/prices/${p.prices[0].id}/archive`)).status).toBe(200);
    const r = await retrieve(id);
    expect(r.status).toBe(200);
    expect(r.body.checkoutSession).toMatchObject({ status: 'open', line_items: [], amount_total: '0' });
    const submit = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${id}/submit`, form);
    expect(submit).toMatchObject({
      status: 400,
      body: { error: 'This checkout session has no items to pay for', code: 'EMPTY_CHECKOUT' },
    });
    const connect = getConnectAction('payment')!;
    await expect(
      sb.ctx.db.transaction((tx) =>
        connect.approve({ checkoutSessionId: id }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did }),
      ),
    ).rejects.toThrow('no items to pay for');
  });

  it('archiving the product empties the session too; a complete session keeps its items', async () => {
    const p = await product('Empty C', ['1']);
    const open = await session([p.prices[0].id]);
    const paid = await session([p.prices[0].id]);
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${paid}/submit`, form)).status).toBe(200);
    expect(
      (await asUser(sb, casey, 'POST', `/api/checkout-sessions/${paid}/fast-checkout-confirm`)).body.fastPaid,
    ).toBe(true);
    expect((await signed(sb, 'PUT', `/api/products/${p.id}/archive`)).status).toBe(200);
    expect((await retrieve(open)).body.checkoutSession.line_items).toEqual([]);
    expect((await retrieve(paid)).body.checkoutSession).toMatchObject({
      status: 'complete',
      line_items: [{ price_id: p.prices[0].id }],
    });
  });

  it('an item archived between submit and the wallet approve is not paid', async () => {
    const p = await product('Empty D', ['1', '1']);
    const id = await session([p.prices[0].id, p.prices[1].id]);
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${id}/submit`, form)).status).toBe(200);
    expect((await signed(sb, 'PUT', `/api/prices/${p.prices[1].id}/archive`)).status).toBe(200);
    const connect = getConnectAction('payment')!;
    await expect(
      sb.ctx.db.transaction((tx) =>
        connect.approve({ checkoutSessionId: id }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did }),
      ),
    ).rejects.toThrow('no longer for sale');
    expect((await retrieve(id)).body.checkoutSession.status).toBe('open');
  });
});
