import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAs, openConnect } from './connect-helpers.ts';
import {
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  openSandbox,
  signed,
  TBA,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

/** The `re-stake` wallet action: resuming a subscription whose stake was returned or slashed (spec §4). */

let sb: Sandbox;
let casey: string;
let chris: string;
const RESTAKE = 're-stake';
const balance = (did: string, currency?: string) => walletBalance(sb, did, currency);
/** The sandbox's own row (its stake bookkeeping never leaves the server). */
const stored = async (id: string) =>
  (await sb.ctx.db.query<{ data: any }>('SELECT data FROM subscriptions WHERE id = $1', [id])).rows[0]!.data;

beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

async function revokedStake(did: string, staking: 'return' | 'slash' = 'slash') {
  const sub = await signed(sb, 'POST', '/api/subscriptions', {
    body: { customer_id: did, items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }], stake_amount: TBA(50) },
  });
  expect(sub.status).toBe(200);
  const c = await signed(sb, 'PUT', `/api/subscriptions/${sub.body.id}/cancel`, {
    body: { at: 'current_period_end', staking },
  });
  expect(c.status).toBe(200);
  return sub.body as { id: string; current_period_end: number };
}

describe('re-stake', () => {
  it('refuses bad params and subscriptions that need no stake', async () => {
    expect((await openConnect(sb, casey, RESTAKE, {})).status).toBe(400);
    expect((await openConnect(sb, casey, RESTAKE, { subscriptionId: 'sub_nope' })).status).toBe(404);
    const plain = await signed(sb, 'POST', '/api/subscriptions', {
      body: {
        customer_id: CASEY.did,
        items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }],
        stake_amount: TBA(50),
      },
    });
    const r = await openConnect(sb, casey, RESTAKE, { subscriptionId: plain.body.id });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('This subscription does not need a new stake');
  });

  it('another user cannot approve; a short wallet fails; then the stake is taken, recorded and the subscription renews', async () => {
    const sub = await revokedStake(CASEY.did);
    const open = async () => {
      const r = await openConnect(sb, casey, RESTAKE, { subscriptionId: sub.id });
      expect(r.status).toBe(200);
      return r;
    };
    // Someone else's wallet answering changes nothing (the request names Casey's DID).
    const other = await answerAs(sb, await open(), CHRIS.did);
    expect(other.state).toMatchObject({ status: 'error', error: expect.stringMatching(/for the account/) });
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/recover-info`)).body.needStake).toBe(true);

    // A wallet that cannot cover the stake: an error, nothing taken.
    const before = await balance(CASEY.did);
    await sb.ctx.db.query('UPDATE wallet_balances SET balance = $3::numeric WHERE user_did = $1 AND currency_id = $2', [
      CASEY.did,
      'pc_sandbox_tba',
      TBA(10),
    ]);
    const poor = await answerAs(sb, await open(), CASEY.did);
    expect(poor.state).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^Insufficient TBA balance/),
    });
    expect(await balance(CASEY.did)).toBe(TBA(10));
    await sb.ctx.db.query('UPDATE wallet_balances SET balance = $3::numeric WHERE user_did = $1 AND currency_id = $2', [
      CASEY.did,
      'pc_sandbox_tba',
      before,
    ]);

    const ok = await answerAs(sb, await open(), CASEY.did);
    expect(ok.state).toMatchObject({
      status: 'succeed',
      result: { subscriptionId: sub.id, invoiceId: expect.stringMatching(/^in_/) },
    });
    expect(await balance(CASEY.did)).toBe((BigInt(before) - BigInt(TBA(50))).toString());
    const resumed = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(resumed).toMatchObject({ status: 'active', cancel_at: null, cancel_at_period_end: false });
    // The platform's fields: the new stake's transaction, no return or slash any more; the sandbox's bookkeeping keeps
    // the slashed one.
    expect(resumed).toMatchObject({
      billing_thresholds: { stake_gte: 50 },
      payment_details: { arcblock: { staking: { tx_hash: expect.stringMatching(/^0x/) } } },
    });
    expect(resumed.cancelation_details?.slash_stake).toBeFalsy();
    expect(resumed.payment_details.staking).toBeUndefined();
    const kept = (await stored(sub.id)).payment_details.staking;
    expect(kept).toMatchObject({ amount: TBA(50), previous: { revoke_reason: 'slash' } });
    expect(kept.revoked_at).toBeUndefined();
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/recover-info`)).body.needStake).toBe(false);
    const invoice = (await asUser(sb, casey, 'GET', `/api/invoices/${ok.state.result.invoiceId}`)).body;
    expect(invoice).toMatchObject({ billing_reason: 'stake', status: 'paid', total: TBA(50), subscription_id: sub.id });
    // A second approval of the same stake is refused (it is no longer needed).
    expect((await openConnect(sb, casey, RESTAKE, { subscriptionId: sub.id })).status).toBe(400);

    // The subscription renews at the period end instead of ending.
    const now = sb.ctx.clock.nowSeconds();
    const moved = await signed(sb, 'POST', '/api/sandbox/clock/advance', {
      body: { seconds: sub.current_period_end - now + 60 },
    });
    expect(moved.status).toBe(200);
    const renewed = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(renewed.status).toBe('active');
    expect(renewed.current_period_end).toBeGreaterThan(sub.current_period_end);
  });
});

describe('stake return and slash', () => {
  it('the next billing run settles a revoked stake into a return_stake / slash_stake invoice with its transaction, once', async () => {
    const returned = await revokedStake(CASEY.did, 'return');
    const slashed = await revokedStake(CASEY.did, 'slash');
    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 1 } })).status).toBe(200);
    for (const [sub, reason] of [
      [returned, 'return_stake'],
      [slashed, 'slash_stake'],
    ] as const) {
      const shown = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
      expect(shown.cancelation_details).toMatchObject(
        reason === 'slash_stake' ? { slash_stake: true } : { return_stake: true },
      );
      const s = await stored(sub.id);
      expect(s.payment_details.staking).toMatchObject({
        amount: TBA(50),
        staked_at: expect.any(Number),
        revoked_at: expect.any(Number),
        settlement: { invoice_id: expect.stringMatching(/^in_/), tx_hash: expect.stringMatching(/^0x/) },
      });
      const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${s.payment_details.staking.settlement.invoice_id}`))
        .body;
      expect(inv).toMatchObject({ billing_reason: reason, status: 'paid', total: TBA(50), subscription_id: sub.id });
      expect(Object.values(inv.metadata.payment_details)[0]).toMatchObject({
        tx_hash: s.payment_details.staking.settlement.tx_hash,
      });
    }
    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 1 } })).status).toBe(200);
    const list = await asUser(sb, casey, 'GET', `/api/invoices?subscription_id=${returned.id}&pageSize=100`);
    expect(list.body.list.filter((i: { billing_reason: string }) => i.billing_reason === 'return_stake')).toHaveLength(
      1,
    );
    // Another customer never sees them.
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${returned.id}`)).status).toBe(403);
  });
});

describe('invoice discounts', () => {
  it('an invoice with a promotion keeps the code and the coupon by name, for the portal to show', async () => {
    const { createInvoice } = await import('../../hosts/server/payment/domain/billing.ts');
    const customer = (
      await sb.ctx.db.query<{ data: Record<string, unknown> & { id: string } }>(
        'SELECT data FROM customers WHERE did = $1 AND livemode = true',
        [CASEY.did],
      )
    ).rows[0]!.data;
    const { invoice } = await sb.ctx.db.transaction((tx) =>
      createInvoice(tx, {
        livemode: true,
        customer: customer as never,
        currencyId: 'pc_sandbox_tba',
        methodId: 'pm_sandbox_arcblock',
        status: 'paid',
        billingReason: 'manual',
        lines: [{ price_id: '', quantity: 1, amount: TBA(10), description: 'Thing' }],
        discount: { amount: TBA(1), promotion_code: 'promo_sandbox_10off', coupon: 'co_sandbox_10off' },
      }),
    );
    expect(invoice.total).toBe(TBA(9));
    // TInvoice.discounts are ids; the amount names the discount, and the retrieve adds discountDetails (InvoiceWithDiscount).
    expect(invoice.discounts).toEqual([expect.stringMatching(/^di_/)]);
    expect(invoice.total_discount_amounts).toEqual([
      {
        amount: TBA(1),
        discount: invoice.discounts[0],
        promotion_code: 'promo_sandbox_10off',
        coupon: 'co_sandbox_10off',
      },
    ]);
    const retrieved = (await signed(sb, 'GET', `/api/invoices/${invoice.id}`)).body;
    expect(retrieved.discountDetails).toEqual([
      {
        coupon: expect.objectContaining({ id: 'co_sandbox_10off', name: expect.any(String) }),
        promotionCode: expect.objectContaining({ id: 'promo_sandbox_10off', code: 'SANDBOX10' }),
      },
    ]);
  });
});
