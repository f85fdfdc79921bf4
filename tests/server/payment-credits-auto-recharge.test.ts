import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  CASEY,
  closeSandbox,
  makeCustomer,
  openSandbox,
  signed,
  TBA,
  type Sandbox,
} from './payment-helpers.ts';

/** Auto top-up of credit balances (hosts/server/payment/routes/auto-recharge-routes.ts): configuration and the clock firing it. */

let sb: Sandbox;
let casey: string;
let chris: string;
let customerId = '';
const DAY = 86400;
const CFG = '/api/auto-recharge-configs';

beforeAll(async () => {
  ({ sb, casey, chris } = await openSandbox());
  // Casey becomes a customer with 5 credits (500 in the smallest unit).
  customerId = await makeCustomer(sb, CASEY.did, '5');
});
afterAll(() => closeSandbox(sb));

const advance = (seconds: number) => signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds } });
const valid = () => ({
  customer_id: customerId,
  currency_id: 'pc_sandbox_credit',
  enabled: true,
  threshold: '1000',
  price_id: 'price_sandbox_credits',
  quantity: 2,
  recharge_currency_id: 'pc_sandbox_tba',
  daily_limits: { max_amount: '0', max_attempts: 1 },
});

describe('auto top-up configuration', () => {
  it('answers the flat TAutoRechargeConfigExpanded: first a disabled one buying the top-up package', async () => {
    const r = await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^arc_/),
      customer_id: customerId,
      currency_id: 'pc_sandbox_credit',
      enabled: false,
      threshold: '0',
      // the currency's recharge_config.base_price_id, paid in the price's own currency
      price_id: 'price_sandbox_credits',
      quantity: 1,
      recharge_currency_id: 'pc_sandbox_tba',
      payment_method_id: 'pm_sandbox_arcblock',
      daily_limits: { max_amount: '0', max_attempts: 0 },
      daily_stats: { attempt_count: 0, total_amount: '0' },
      currency: { id: 'pc_sandbox_credit', recharge_config: { base_price_id: 'price_sandbox_credits' } },
      rechargeCurrency: { id: 'pc_sandbox_tba' },
      price: { id: 'price_sandbox_credits', product_id: 'prod_sandbox_credits' },
      paymentMethod: { id: 'pm_sandbox_arcblock', type: 'arcblock' },
    });
    // A TPrice, as the platform answers it (payment-js TAutoRechargeConfigExpanded): the product is not expanded.
    expect(r.body.price.product).toBeUndefined();
    expect(r.body).not.toHaveProperty('last_recharge_at');
    for (const old of ['config', 'packages', 'currencies', 'balance']) expect(r.body).not.toHaveProperty(old);
    // The same one on the next read.
    const again = await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`);
    expect(again.body.id).toBe(r.body.id);
    expect((await asUser(sb, chris, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`)).status).toBe(
      403,
    );
    expect((await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_tba`)).status).toBe(
      400,
    );
  });

  it('the balance is the credit-grant summary (payment-js CreditSummary)', async () => {
    const r = await asUser(sb, casey, 'GET', `/api/credit-grants/summary?customer_id=${customerId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      pc_sandbox_credit: {
        paymentCurrency: expect.objectContaining({ id: 'pc_sandbox_credit', symbol: 'CRD' }),
        totalAmount: '500',
        remainingAmount: '500',
        grantCount: 1,
      },
    });
    expect((await asUser(sb, casey, 'GET', `/api/credit-grants/summary?customer_id=${CASEY.did}`)).body).toEqual(
      r.body,
    );
    expect((await asUser(sb, chris, 'GET', `/api/credit-grants/summary?customer_id=${customerId}`)).status).toBe(403);
    expect((await asUser(sb, null, 'GET', `/api/credit-grants/summary?customer_id=${customerId}`)).status).toBe(401);
    const missing = await asUser(sb, casey, 'GET', '/api/credit-grants/summary');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('customer_id is required');
  });

  it('refuses bad input with a 4xx and the reason', async () => {
    const bad: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ threshold: '0' }, 'Threshold must be greater than 0'],
      [{ threshold: 'abc' }, /threshold must be/],
      [{ threshold: '-5' }, /threshold must be/],
      [{ quantity: 0 }, /quantity/],
      [{ quantity: 101 }, /quantity/],
      [{ price_id: 'price_sandbox_team_monthly' }, /credit package/],
      [{ recharge_currency_id: 'pc_sandbox_eth' }, /cannot be paid/],
      [{ recharge_currency_id: 'pc_sandbox_credit' }, /cannot be paid/],
      [{ daily_limits: { max_amount: '1.5', max_attempts: 1 } }, /daily_limits\.max_amount/],
      [{ daily_limits: { max_amount: '0', max_attempts: -1 } }, /daily_limits\.max_attempts/],
      [{ daily_limits: 'none' }, 'daily_limits must be an object'],
      [{ currency_id: 'pc_sandbox_tba' }, 'currency_id must be a credit currency'],
      [{ enabled: 'maybe' }, /enabled/],
    ];
    for (const [patch, error] of bad) {
      const r = await asUser(sb, casey, 'POST', `${CFG}/submit`, { ...valid(), ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      if (typeof error === 'string') expect(r.body.error).toBe(error);
      else expect(r.body.error).toMatch(error);
    }
    expect((await asUser(sb, chris, 'POST', `${CFG}/submit`, valid())).status).toBe(403);
    expect((await asUser(sb, null, 'POST', `${CFG}/submit`, valid())).status).toBe(401);
  });

  it('stores one configuration per customer and currency; saving again updates it', async () => {
    const a = await asUser(sb, casey, 'POST', `${CFG}/submit`, { ...valid(), enabled: false });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      enabled: false,
      threshold: '1000',
      quantity: 2,
      recharge_currency_id: 'pc_sandbox_tba',
      daily_limits: { max_amount: '0', max_attempts: 1 },
    });
    const b = await asUser(sb, casey, 'POST', `${CFG}/submit`, { ...valid(), quantity: 3 });
    expect(b.body.id).toBe(a.body.id);
    expect(
      (await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`)).body,
    ).toMatchObject({ id: a.body.id, enabled: true, quantity: 3, rechargeCurrency: { id: 'pc_sandbox_tba' } });
  });
});

describe('auto top-up firing', () => {
  it('the clock buys the package when the balance is below the threshold, within the daily attempts', async () => {
    await asUser(sb, casey, 'POST', `${CFG}/submit`, valid());
    const r = await advance(60);
    const mine = r.body.auto_recharges.filter((a: any) => a.customer_id === customerId);
    expect(mine).toMatchObject([{ status: 'succeeded' }]);
    const inv = (await asUser(sb, casey, 'GET', `/api/invoices/${mine[0].invoice_id}`)).body;
    expect(inv).toMatchObject({
      status: 'paid',
      billing_reason: 'auto_recharge',
      total: TBA(2),
      currency_id: 'pc_sandbox_tba',
    });
    const summary = (await asUser(sb, casey, 'GET', `/api/credit-grants/summary?customer_id=${customerId}`)).body;
    expect(summary.pc_sandbox_credit.remainingAmount).toBe('20500');
    const cfg = (await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`)).body;
    // TAutoRechargeConfig's stats: today's attempts and amount, for last_recharge_date.
    expect(cfg).toMatchObject({
      last_invoice_id: inv.id,
      daily_stats: { attempt_count: 1, total_amount: TBA(2) },
      last_recharge_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // Above the threshold now: nothing more.
    expect((await advance(60)).body.auto_recharges.filter((a: any) => a.customer_id === customerId)).toEqual([]);
    // A threshold above the balance, but today's one attempt is used: limited until the next day.
    await asUser(sb, casey, 'POST', `${CFG}/submit`, { ...valid(), threshold: '100000' });
    expect((await advance(60)).body.auto_recharges.filter((a: any) => a.customer_id === customerId)).toMatchObject([
      { status: 'limited' },
    ]);
    expect((await advance(DAY)).body.auto_recharges.filter((a: any) => a.customer_id === customerId)).toMatchObject([
      { status: 'succeeded' },
    ]);
  });

  it('the daily maximum amount limits it; disabled, it never fires', async () => {
    // 2 TBA per top-up, at most 3 TBA a day, unlimited attempts: one more today would exceed it.
    await asUser(sb, casey, 'POST', `${CFG}/submit`, {
      ...valid(),
      threshold: '10000000',
      daily_limits: { max_attempts: 0, max_amount: TBA(3) },
    });
    const mine = async (seconds: number) =>
      (await advance(seconds)).body.auto_recharges
        .filter((a: any) => a.customer_id === customerId)
        .map((a: any) => a.status);
    expect(await mine(DAY)).toEqual(['succeeded']);
    expect(await mine(60)).toEqual(['limited']);
    await asUser(sb, casey, 'POST', `${CFG}/submit`, { ...valid(), threshold: '10000000', enabled: false });
    expect(await mine(DAY)).toEqual([]);
  });
});
