import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAs, openConnect } from './connect-helpers.ts';
import {
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  collectEvents,
  openSandbox,
  signed,
  TBA,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

/** The sandbox billing engine: cancel/resume rules, the billing clock, past due and paying overdue invoices. */

let sb: Sandbox;
let casey: string;
let chris: string;
const published = collectEvents();
const DAY = 86400;

beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

async function subscribe(did: string, body: Record<string, unknown>) {
  const r = await signed(sb, 'POST', '/api/subscriptions', { body: { customer_id: did, ...body } });
  expect(r.status).toBe(200);
  return r.body;
}
const advance = (seconds: number) => signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds } });
const balance = (did: string, currency?: string) => walletBalance(sb, did, currency);

describe('cancel and resume', () => {
  it('a customer cancels a paid subscription: it stays active until the period end, with the feedback kept', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
    expect(sub.status).toBe('active');
    // A customer asking for "now" still gets the period end; another customer is refused.
    expect((await asUser(sb, chris, 'PUT', `/api/subscriptions/${sub.id}/cancel`, {})).status).toBe(403);
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/cancel`, {
      at: 'now',
      feedback: 'too_expensive',
      comment: 'Maybe later',
      reason: 'cancellation_requested',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: sub.current_period_end,
      cancelation_details: { feedback: 'too_expensive', comment: 'Maybe later', cancel_from: 'customer' },
    });
    expect(
      (await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/cancel`, { comment: 'x'.repeat(1001) })).status,
    ).toBe(400);

    const resumed = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/recover`, {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      needStake: false,
      subscription: { status: 'active', cancel_at: null, cancel_at_period_end: false },
    });
    expect((await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/recover`, {})).body.error).toBe(
      'This subscription is not scheduled to cancel',
    );
  });

  it('cancelling a trial ends it at once', async () => {
    const sub = await subscribe(CASEY.did, {
      items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }],
      trial_period_days: 7,
    });
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/cancel`, { feedback: 'unused' });
    expect(r.body).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(r.body.ended_at).toBe(r.body.canceled_at);
    expect((await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/recover`, {})).status).toBe(400);
  });

  it('a revoked stake makes resuming ask for a new stake, and nothing changes', async () => {
    const sub = await subscribe(CASEY.did, {
      items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }],
      stake_amount: TBA(50),
    });
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/recover-info`)).body.needStake).toBe(false);
    // The merchant cancels at period end and returns the stake.
    const c = await signed(sb, 'PUT', `/api/subscriptions/${sub.id}/cancel`, {
      body: { at: 'current_period_end', staking: 'return' },
    });
    // The platform's fields only (TSubscription): the return is in cancelation_details, the stake in billing_thresholds.
    expect(c.body).toMatchObject({
      cancelation_details: { return_stake: true, slash_stake: false },
      billing_thresholds: { stake_gte: 50 },
    });
    expect(c.body.payment_details?.staking).toBeUndefined();
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/recover-info`)).body.needStake).toBe(true);
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/recover`, {});
    expect(r.body).toMatchObject({ needStake: true, subscription: { cancel_at_period_end: true } });
    expect((await signed(sb, 'PUT', `/api/subscriptions/${sub.id}/cancel`, { body: { staking: 'keep' } })).status).toBe(
      400,
    );
  });
});

describe('billing clock', () => {
  it('is for the merchant only and refuses bad input', async () => {
    expect((await asUser(sb, null, 'POST', '/api/sandbox/clock/advance', { seconds: 1 })).status).toBe(401);
    expect((await asUser(sb, casey, 'POST', '/api/sandbox/clock/advance', { seconds: 1 })).status).toBe(403);
    for (const seconds of [-1, 1.5, 'x', 10 ** 12]) expect((await advance(seconds as number)).status).toBe(400);
    const before = (await asUser(sb, null, 'GET', '/api/sandbox/clock')).body.now;
    expect((await advance(60)).body.now).toBeGreaterThanOrEqual(before + 60);
  });

  it('renews a subscription into a paid subscription_cycle invoice without its metered items', async () => {
    const sub = await subscribe(CASEY.did, {
      items: [
        { price_id: 'price_sandbox_team_monthly', quantity: 2 },
        { price_id: 'price_sandbox_api_metered', quantity: 1 },
      ],
    });
    const wallet = await balance(CASEY.did);
    published.length = 0;
    const r = await advance(sub.current_period_end - sb.ctx.clock.nowSeconds() + 1);
    expect(r.status).toBe(200);
    const after = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(after.status).toBe('active');
    expect(after.current_period_start).toBe(sub.current_period_end);
    expect(after.current_period_end).toBeGreaterThan(sub.current_period_end + 27 * DAY);
    const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${after.latest_invoice_id}`)).body;
    expect(inv).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      total: TBA(10),
      subscription_id: sub.id,
    });
    expect(inv.lines).toHaveLength(1);
    await new Promise((res) => setTimeout(res, 50));
    // Every renewal of this advance (the earlier resumed subscription renews too) was taken from the wallet.
    const paid = published.filter((e) => e.type === 'invoice.paid' && e.object.customer_id === inv.customer_id);
    expect(paid.map((e) => e.object.id)).toContain(inv.id);
    expect(BigInt(wallet) - BigInt(await balance(CASEY.did))).toBe(
      paid.reduce((n, e) => n + BigInt(e.object.total as string), 0n),
    );
  });

  it('ends a trial: the subscription becomes active with its first cycle invoice', async () => {
    const sub = await subscribe(CASEY.did, {
      items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }],
      trial_period_days: 3,
    });
    expect(sub.status).toBe('trialing');
    await advance(3 * DAY + 1);
    const after = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(after).toMatchObject({ status: 'active', current_period_start: sub.trial_end });
    const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${after.latest_invoice_id}`)).body;
    expect(inv).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', total: TBA(5) });
  });

  it('a subscription cancelled at period end is canceled when the period ends, without a renewal', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
    await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/cancel`, {});
    await advance(sub.current_period_end - sb.ctx.clock.nowSeconds() + 1);
    const after = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(after).toMatchObject({ status: 'canceled', ended_at: sub.current_period_end });
    expect((await asUser(sb, casey, 'GET', `/api/invoices?subscription_id=${sub.id}`)).body.count).toBe(0);
  });
});

describe('past due and recovery', () => {
  let subId = '';
  let invoiceId = '';

  it('an unpaid renewal leaves the invoice open and the subscription past_due', async () => {
    const sub = await subscribe(CHRIS.did, { items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }] });
    subId = sub.id;
    await advance(sub.current_period_end - sb.ctx.clock.nowSeconds() + 1);
    const after = (await asUser(sb, chris, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(after.status).toBe('past_due');
    invoiceId = after.latest_invoice_id;
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${invoiceId}`)).body).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_remaining: TBA(20),
    });
    // No further renewals while past due.
    await advance(40 * DAY);
    expect((await asUser(sb, chris, 'GET', `/api/invoices?subscription_id=${sub.id}`)).body.count).toBe(1);
  });

  it('overdue invoices are summed per currency, for the owner only', async () => {
    const r = await asUser(sb, chris, 'GET', `/api/subscriptions/${subId}/overdue/invoices`);
    expect(r.body.summary.pc_sandbox_tba).toMatchObject({
      amount: TBA(20),
      currency: { symbol: 'TBA' },
      method: { type: 'arcblock' },
    });
    expect(r.body.invoices.map((i: any) => i.id)).toEqual([invoiceId]);
    const customerId = r.body.customer.id;
    const byCustomer = await asUser(sb, chris, 'GET', `/api/customers/${customerId}/overdue/invoices`);
    expect(byCustomer.body).toMatchObject({ subscriptionCount: 1, summary: { pc_sandbox_tba: { amount: TBA(20) } } });
    expect((await asUser(sb, casey, 'GET', `/api/customers/${customerId}/overdue/invoices`)).status).toBe(403);
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${subId}/overdue/invoices`)).status).toBe(403);
  });

  it('collect-batch refuses bad params, fails without funds, then pays and the subscription recovers', async () => {
    expect((await openConnect(sb, chris, 'collect-batch', { subscriptionId: subId })).status).toBe(400);
    expect((await openConnect(sb, chris, 'collect-batch', { currencyId: 'pc_sandbox_tba' })).status).toBe(400);
    const open = () => openConnect(sb, chris, 'collect-batch', { currencyId: 'pc_sandbox_tba', subscriptionId: subId });
    const poor = await answerAs(sb, await open(), CHRIS.did);
    expect(poor.outcome.status).toBe('error');
    expect(poor.state).toMatchObject({ status: 'error', error: expect.stringMatching(/^Insufficient TBA balance/) });
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${subId}`)).body.status).toBe('past_due');
    // Someone else's wallet answering is refused: the request names Chris's DID.
    const other = await answerAs(sb, await open(), CASEY.did);
    expect(other.state).toMatchObject({ status: 'error', error: expect.stringMatching(/for the account/) });

    expect(
      (
        await asUser(sb, chris, 'POST', '/api/sandbox/wallet/fund', {
          did: CHRIS.did,
          currency_id: 'pc_sandbox_tba',
          amount: '99',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
          body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '-1' },
        })
      ).status,
    ).toBe(400);
    const funded = await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
      body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '99' },
    });
    expect(funded.body.balance).toBe(TBA(100));
    published.length = 0;
    const ok = await answerAs(sb, await open(), CHRIS.did);
    expect(ok.state).toMatchObject({ status: 'succeed', result: { invoiceIds: [invoiceId] } });
    expect(await balance(CHRIS.did)).toBe(TBA(80));
    // set: true makes the balance exactly the amount; a non-boolean set is refused and changes nothing.
    expect(
      (
        await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
          body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '5', set: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
          body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '5', set: true },
        })
      ).body.balance,
    ).toBe(TBA(5));
    expect(
      (
        await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
          body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '75', set: false },
        })
      ).body.balance,
    ).toBe(TBA(80));
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${invoiceId}`)).body.status).toBe('paid');
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${subId}`)).body.status).toBe('active');
    await new Promise((res) => setTimeout(res, 50));
    expect(published.map((e) => [e.type, e.object.id])).toEqual([['invoice.paid', invoiceId]]);
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${subId}/overdue/invoices`)).body.invoices).toEqual([]);
    expect((await open()).status).toBe(400);
  });
});
