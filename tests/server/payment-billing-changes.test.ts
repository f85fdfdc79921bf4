import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, CASEY, closeSandbox, openSandbox, signed, TBA, type Sandbox } from './payment-helpers.ts';

/** Change plan and change payment method of a subscription (hosts/server/payment/routes/subscription-changes-routes.ts). */

let sb: Sandbox;
let casey: string;
let chris: string;
const DAY = 86400;

beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

async function subscribe(did: string, body: Record<string, unknown>) {
  const r = await signed(sb, 'POST', '/api/subscriptions', { body: { customer_id: did, ...body } });
  expect(r.status).toBe(200);
  return r.body;
}
const advance = (seconds: number) => signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds } });

describe('change plan', () => {
  it('offers the other recurring prices of the product (and the upsell price) with the amount from the next renewal', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_studio_monthly', quantity: 1 }] });
    const r = await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/change-plan`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      subscription_id: sub.id,
      effective_at: sub.current_period_end,
      current_amount: TBA(3),
    });
    expect(r.body.plans).toHaveLength(1);
    expect(r.body.plans[0]).toMatchObject({
      item_id: sub.items[0].id,
      amount: TBA(30),
      price: {
        id: 'price_sandbox_studio_yearly',
        recurring: { interval: 'year' },
        product: { name: 'Sandbox Studio' },
      },
    });
    // Another customer sees nothing of it; a signed-out visitor neither.
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${sub.id}/change-plan`)).status).toBe(403);
    expect((await asUser(sb, null, 'GET', `/api/subscriptions/${sub.id}/change-plan`)).status).toBe(401);
  });

  it('a product with one price has no plan to switch to', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/change-plan`)).body.plans).toEqual([]);
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-plan`, {
      price_id: 'price_sandbox_studio_yearly',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('This subscription cannot switch to price price_sandbox_studio_yearly');
  });

  it('switches monthly to yearly from the next renewal: the paid period stays, the renewal bills the new price and interval', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_studio_monthly', quantity: 1 }] });
    expect(
      (
        await asUser(sb, chris, 'PUT', `/api/subscriptions/${sub.id}/change-plan`, {
          price_id: 'price_sandbox_studio_yearly',
        })
      ).status,
    ).toBe(403);
    for (const bad of [
      {},
      { price_id: 42 },
      { price_id: 'price_nope' },
      { price_id: 'price_sandbox_studio_yearly', item_id: 'si_nope' },
    ]) {
      const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-plan`, bad);
      expect(r.status).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-plan`, {
      item_id: sub.items[0].id,
      price_id: 'price_sandbox_studio_yearly',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'active',
      current_period_end: sub.current_period_end,
      items: [{ price: { id: 'price_sandbox_studio_yearly' } }],
    });
    // Nothing is charged now.
    expect((await asUser(sb, casey, 'GET', `/api/invoices?subscription_id=${sub.id}`)).body.count).toBe(0);
    // Back the other way is offered now.
    expect(
      (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/change-plan`)).body.plans.map(
        (p: any) => p.price.id,
      ),
    ).toEqual(['price_sandbox_studio_monthly']);

    await advance(sub.current_period_end - sb.ctx.clock.nowSeconds() + 1);
    const after = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    expect(after.current_period_start).toBe(sub.current_period_end);
    expect(after.current_period_end - after.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${after.latest_invoice_id}`)).body;
    expect(inv).toMatchObject({ billing_reason: 'subscription_cycle', total: TBA(30), status: 'paid' });
  });

  it('a subscription scheduled to cancel or canceled cannot change plan', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_studio_monthly', quantity: 1 }] });
    await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/cancel`, {});
    expect((await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/change-plan`)).body.plans).toEqual([]);
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-plan`, {
      price_id: 'price_sandbox_studio_yearly',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('This subscription is scheduled to cancel: resume it first');
  });
});

describe('change payment method', () => {
  it('offers the active currencies every price of the subscription accepts', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
    const r = await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}/change-payment`);
    expect(r.status).toBe(200);
    const ids = r.body.options.map((o: any) => o.currency.id);
    expect(ids).toEqual(expect.arrayContaining(['pc_sandbox_tba', 'pc_sandbox_usd', 'pc_sandbox_base_usdc']));
    expect(ids).not.toContain('pc_sandbox_eth');
    expect(r.body.options.find((o: any) => o.current).currency.id).toBe('pc_sandbox_tba');
    expect(r.body.options.find((o: any) => o.currency.id === 'pc_sandbox_usd')).toMatchObject({
      amount: '499',
      method: { type: 'stripe' },
    });
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${sub.id}/change-payment`)).status).toBe(403);
  });

  it('the next renewals are charged in the new currency and method', async () => {
    const sub = await subscribe(CASEY.did, { items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] });
    expect(
      (await asUser(sb, chris, 'PUT', `/api/subscriptions/${sub.id}/change-payment`, { currency_id: 'pc_sandbox_usd' }))
        .status,
    ).toBe(403);
    for (const bad of [{}, { currency_id: 'pc_sandbox_eth' }, { currency_id: 'pc_nope' }]) {
      expect((await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-payment`, bad)).status).toBe(400);
    }
    const r = await asUser(sb, casey, 'PUT', `/api/subscriptions/${sub.id}/change-payment`, {
      currency_id: 'pc_sandbox_usd',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      currency_id: 'pc_sandbox_usd',
      paymentCurrency: { symbol: 'USD' },
      paymentMethod: { type: 'stripe' },
    });
    expect(r.body.default_payment_method_id).toBe(r.body.paymentMethod.id);
    await advance(sub.current_period_end - sb.ctx.clock.nowSeconds() + 1);
    const after = (await asUser(sb, casey, 'GET', `/api/subscriptions/${sub.id}`)).body;
    const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${after.latest_invoice_id}`)).body;
    expect(inv).toMatchObject({
      status: 'paid',
      currency_id: 'pc_sandbox_usd',
      total: '499',
      billing_reason: 'subscription_cycle',
    });
  });
});
