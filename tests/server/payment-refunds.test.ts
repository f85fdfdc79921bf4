import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import { refundPayment } from '../../hosts/server/payment/domain/refunds.ts';
import {
  asUser,
  CASEY,
  closeSandbox,
  collectEvents,
  openSandbox,
  signed,
  TBA,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

/** Refunds (spec §3 "Refund type: refund or stake_return"): merchant calls, limits, wallet, scoping, stake returns, vendors. */

let sb: Sandbox;
let casey: string;
let chris: string;
const published = collectEvents();
const balance = (did: string, currency?: string) => walletBalance(sb, did, currency);

beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

/** Casey buys a payment link through the wallet (10 TBA for the one-time link): the paid session's ids. */
async function buy(plink = 'plink_sandbox_onetime') {
  const start = await asUser(sb, null, 'POST', `/api/checkout-sessions/start/${plink}`);
  expect(start.status).toBe(200);
  const id = start.body.checkoutSession.id as string;
  const connect = getConnectAction('payment')!;
  const result = await sb.ctx.db.transaction((tx) =>
    connect.approve({ checkoutSessionId: id }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did }),
  );
  const session = (await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession;
  return { sessionId: id, invoiceId: result.invoiceId as string, paymentIntentId: session.payment_intent_id as string };
}

describe('refunds', () => {
  it('the merchant refunds part of a wallet payment, then the rest; never more than what is left', async () => {
    const paid = await buy();
    const before = await balance(CASEY.did);
    published.length = 0;

    const first = await signed(sb, 'PUT', `/api/payment-intents/${paid.paymentIntentId}/refund`, {
      body: { amount: '4', reason: 'requested_by_customer', description: 'Partial' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      livemode: true,
      type: 'refund',
      status: 'succeeded',
      amount: TBA(4),
      currency_id: 'pc_sandbox_tba',
      payment_intent_id: paid.paymentIntentId,
      invoice_id: paid.invoiceId,
      subscription_id: null,
      reason: 'requested_by_customer',
      description: 'Partial',
      paymentCurrency: { symbol: 'TBA' },
      paymentMethod: { type: 'arcblock' },
      payment_details: { arcblock: { tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), receiver: CASEY.did } },
    });
    expect(first.body.customer_id).toMatch(/^cus_/);
    expect(await balance(CASEY.did)).toBe((BigInt(before) + BigInt(TBA(4))).toString());
    await vi.waitFor(() => expect(published.map((e) => e.type)).toEqual(['refund.succeeded']));
    expect(published[0]!.object).toMatchObject({ id: first.body.id, status: 'succeeded' });

    // 6 TBA are left: asking for 7 is refused with the reason, and nothing moves.
    const over = await signed(sb, 'POST', '/api/refunds', {
      body: { payment_intent_id: paid.paymentIntentId, amount: '7', reason: 'duplicate' },
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      error: 'The refund amount is more than what is left to refund of this payment (6 TBA)',
    });
    expect(await balance(CASEY.did)).toBe((BigInt(before) + BigInt(TBA(4))).toString());

    // Without an amount: the whole rest.
    const rest = await signed(sb, 'POST', '/api/refunds', {
      body: { payment_intent_id: paid.paymentIntentId, reason: 'duplicate' },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ amount: TBA(6), type: 'refund', status: 'succeeded' });
    expect(await balance(CASEY.did)).toBe((BigInt(before) + BigInt(TBA(10))).toString());
    const again = await signed(sb, 'PUT', `/api/payment-intents/${paid.paymentIntentId}/refund`, { body: {} });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'This payment has already been refunded in full' });

    // The refunds of the invoice, for its customer.
    const mine = await asUser(sb, casey, 'GET', `/api/refunds?invoice_id=${paid.invoiceId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(2);
    expect(mine.body.list.map((r: { id: string }) => r.id)).toEqual([rest.body.id, first.body.id]);
    expect((await asUser(sb, casey, 'GET', `/api/refunds/${first.body.id}`)).body).toMatchObject({
      id: first.body.id,
      amount: TBA(4),
    });
  });

  it('refuses bad input with a 4xx and the platform error shape', async () => {
    const paid = await buy();
    const bad = async (body: Record<string, unknown>, status = 400) => {
      const r = await signed(sb, 'POST', '/api/refunds', { body });
      expect(r.status).toBe(status);
      expect(typeof r.body.error).toBe('string');
      return r.body.error as string;
    };
    expect(await bad({ amount: '1' })).toBe('payment_intent_id is required');
    expect(await bad({ payment_intent_id: 'pi_nope', amount: '1' }, 404)).toBe('No such payment intent: pi_nope');
    expect(await bad({ payment_intent_id: paid.paymentIntentId, amount: '0' })).toBe('amount must be greater than 0');
    expect(await bad({ payment_intent_id: paid.paymentIntentId, amount: '-1' })).toMatch(
      /^amount must be a non-negative decimal amount/,
    );
    expect(await bad({ payment_intent_id: paid.paymentIntentId, amount: 'lots' })).toMatch(
      /^amount must be a non-negative decimal amount/,
    );
    expect(await bad({ payment_intent_id: paid.paymentIntentId, amount: '0.0000000000000000001' })).toMatch(
      /decimal places/,
    );
    expect(await bad({ payment_intent_id: paid.paymentIntentId, reason: 42 })).toBe('reason must be a string');
    expect(
      (
        await signed(sb, 'PUT', `/api/payment-intents/${paid.paymentIntentId}/refund`, {
          body: [1] as unknown as object,
        })
      ).status,
    ).toBe(400);

    // A payment that did not succeed (a submitted, unpaid checkout).
    const s = (await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime')).body
      .checkoutSession;
    const form = {
      customer_name: 'Casey Customer',
      customer_email: 'casey@example.com',
      payment_method: 'pm_sandbox_arcblock',
      payment_currency: 'pc_sandbox_tba',
      billing_address: { country: 'us' },
    };
    const submitted = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(await bad({ payment_intent_id: submitted.body.paymentIntent.id, amount: '1' })).toBe(
      'Only a succeeded payment can be refunded (this one is requires_payment_method)',
    );

    // Customers cannot refund (merchant calls), not even their own payment.
    const own = await asUser(sb, casey, 'POST', '/api/refunds', {
      payment_intent_id: paid.paymentIntentId,
      amount: '1',
    });
    expect(own.status).toBe(403);
    expect((await asUser(sb, casey, 'PUT', `/api/payment-intents/${paid.paymentIntentId}/refund`, {})).status).toBe(
      403,
    );
    expect(
      (await signed(sb, 'GET', '/api/refunds', { query: { payment_intent_id: paid.paymentIntentId } })).body.count,
    ).toBe(0);
  });

  it('a customer sees only their own refunds; the merchant sees any', async () => {
    const paid = await buy();
    const r = await signed(sb, 'POST', '/api/refunds', {
      body: { payment_intent_id: paid.paymentIntentId, amount: '1.5', reason: 'requested_by_customer' },
    });
    expect(r.status).toBe(200);
    expect(r.body.amount).toBe('1500000000000000000');

    expect((await asUser(sb, chris, 'GET', `/api/refunds/${r.body.id}`)).body).toEqual({
      error: 'You are not allowed to view this refund',
    });
    expect((await asUser(sb, chris, 'GET', `/api/refunds/${r.body.id}`)).status).toBe(403);
    expect((await asUser(sb, chris, 'GET', '/api/refunds')).body).toEqual({ count: 0, list: [] });
    const spy = await asUser(sb, chris, 'GET', `/api/refunds?customer_id=${r.body.customer_id}`);
    expect(spy.status).toBe(403);
    expect(spy.body).toEqual({ error: 'You are not allowed to view refunds of another customer' });
    expect((await asUser(sb, null, 'GET', '/api/refunds')).status).toBe(401);
    expect((await asUser(sb, null, 'GET', `/api/refunds/${r.body.id}`)).status).toBe(401);
    expect((await asUser(sb, casey, 'GET', '/api/refunds/re_nope')).status).toBe(404);

    const merchant = await signed(sb, 'GET', '/api/refunds', {
      query: { customer_id: r.body.customer_id, currency_id: 'pc_sandbox_tba', status: 'succeeded', pageSize: '1' },
    });
    expect(merchant.status).toBe(200);
    expect(merchant.body.count).toBeGreaterThanOrEqual(3);
    expect(merchant.body.list).toHaveLength(1);
    expect((await signed(sb, 'GET', `/api/refunds/${r.body.id}`)).body.id).toBe(r.body.id);
    expect((await signed(sb, 'GET', '/api/refunds', { query: { type: 'nope' } })).status).toBe(400);
    expect(
      (await signed(sb, 'GET', '/api/refunds', { query: { status: 'pending', customer_id: r.body.customer_id } })).body
        .count,
    ).toBe(0);
  });

  it('rolls back: a refund in a transaction that fails leaves no record and the wallet as it was', async () => {
    const paid = await buy();
    const before = await balance(CASEY.did);
    published.length = 0;
    await expect(
      sb.ctx.db.transaction(async (tx) => {
        await refundPayment(tx, { paymentIntentId: paid.paymentIntentId, amountUnits: TBA(3) });
        throw new Error('network went away');
      }),
    ).rejects.toThrow('network went away');
    expect(await balance(CASEY.did)).toBe(before);
    expect(
      (await signed(sb, 'GET', '/api/refunds', { query: { payment_intent_id: paid.paymentIntentId } })).body.count,
    ).toBe(0);
    // refundPayment leaves the publish to its caller, after the commit that never came.
    expect(published).toHaveLength(0);
    // The whole amount is still refundable.
    expect(
      (await signed(sb, 'POST', '/api/refunds', { body: { payment_intent_id: paid.paymentIntentId } })).body.amount,
    ).toBe(TBA(10));
  });

  it('a returned stake records a stake_return refund on the stake; a slash records none', async () => {
    const make = async (staking: 'return' | 'slash') => {
      const sub = await signed(sb, 'POST', '/api/subscriptions', {
        body: {
          customer_id: CASEY.did,
          items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }],
          stake_amount: TBA(50),
        },
      });
      expect(sub.status).toBe(200);
      expect(
        (
          await signed(sb, 'PUT', `/api/subscriptions/${sub.body.id}/cancel`, {
            body: { at: 'current_period_end', staking },
          })
        ).status,
      ).toBe(200);
      return sub.body.id as string;
    };
    const returned = await make('return');
    const slashed = await make('slash');
    published.length = 0;
    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 1 } })).status).toBe(200);

    const list = await asUser(sb, casey, 'GET', `/api/refunds?subscription_id=${returned}`);
    expect(list.body.count).toBe(1);
    const refund = list.body.list[0];
    expect(refund).toMatchObject({
      type: 'stake_return',
      status: 'succeeded',
      amount: TBA(50),
      currency_id: 'pc_sandbox_tba',
      subscription_id: returned,
      reason: 'stake_return',
    });
    // The return is announced like any refund (the slash is not a refund).
    await vi.waitFor(() =>
      expect(published.filter((e) => e.type === 'refund.succeeded').map((e) => e.object.id)).toEqual([refund.id]),
    );
    // The return invoice of the subscription (the subscription itself carries only cancelation_details.return_stake).
    const invoices = (
      await asUser(
        sb,
        casey,
        'GET',
        `/api/invoices?subscription_id=${returned}&include_return_staking=true&pageSize=100`,
      )
    ).body.list;
    const back = invoices.find((i: { billing_reason: string }) => i.billing_reason === 'return_stake');
    const settlement = {
      invoice_id: back.id,
      tx_hash: (Object.values(back.metadata.payment_details)[0] as { tx_hash: string }).tx_hash,
    };
    // The stake had no invoice of its own here (the merchant API records a stake without a payment): the return invoice.
    expect(refund.invoice_id).toBe(settlement.invoice_id);
    expect(refund.metadata.return_invoice_id).toBe(settlement.invoice_id);
    expect(refund.payment_details.arcblock.tx_hash).toBe(settlement.tx_hash);
    expect(
      (await asUser(sb, casey, 'GET', `/api/refunds?invoice_id=${settlement.invoice_id}`)).body.list.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([refund.id]);
    expect((await asUser(sb, casey, 'GET', `/api/refunds?subscription_id=${slashed}`)).body.count).toBe(0);
    // Settled once: another billing run adds nothing.
    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 1 } })).status).toBe(200);
    expect((await asUser(sb, casey, 'GET', `/api/refunds?subscription_id=${returned}`)).body.count).toBe(1);
  });

  it('a failed vendor order refunds its purchase once, back to the wallet', async () => {
    const price = (await signed(sb, 'GET', '/api/prices/price_sandbox_domain')).body;
    await sb.ctx.db.query(
      `UPDATE products SET data = jsonb_set(data, '{vendor_config}', (data->'vendor_config') || '[{"vendor_id":"vnd_broken","vendor_type":"launcher","name":"broken","title":"Broken vendor","sandbox_fail":true}]'::jsonb) WHERE id = $1`,
      [price.product_id],
    );
    const paid = await buy('plink_sandbox_vendor');
    const before = await balance(CASEY.did);
    const pi = (await signed(sb, 'GET', `/api/payment-intents/${paid.paymentIntentId}`)).body;
    // Not failed yet: no refund.
    expect((await asUser(sb, casey, 'GET', `/api/vendors/order/${paid.sessionId}/status`)).status).toBe(200);
    expect(
      (await signed(sb, 'GET', '/api/refunds', { query: { payment_intent_id: paid.paymentIntentId } })).body.count,
    ).toBe(0);

    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 4 } })).status).toBe(200);
    const status = await asUser(sb, casey, 'GET', `/api/vendors/order/${paid.sessionId}/status`);
    expect(status.body.vendors.some((v: { status: string }) => v.status === 'failed')).toBe(true);
    await asUser(sb, casey, 'GET', `/api/vendors/order/${paid.sessionId}/status`);
    const refunds = await signed(sb, 'GET', '/api/refunds', { query: { payment_intent_id: paid.paymentIntentId } });
    expect(refunds.body.count).toBe(1);
    expect(refunds.body.list[0]).toMatchObject({
      type: 'refund',
      status: 'succeeded',
      reason: 'vendor_failed',
      amount: pi.amount_received,
      invoice_id: paid.invoiceId,
    });
    expect(await balance(CASEY.did)).toBe((BigInt(before) + BigInt(pi.amount_received)).toString());
  });
});
