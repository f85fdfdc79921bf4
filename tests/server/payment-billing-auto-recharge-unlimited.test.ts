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

/** Auto top-up daily limits (spec §3: daily maximum amount and attempts, 0 means unlimited). */

let sb: Sandbox;
let casey: string;
let customerId = '';
const CFG = '/api/auto-recharge-configs';

beforeAll(async () => {
  ({ sb, casey } = await openSandbox());
  // Casey becomes a customer with 5 credits (500 in the smallest unit).
  customerId = await makeCustomer(sb, CASEY.did, '5');
});
afterAll(() => closeSandbox(sb));

const advance = (seconds: number) => signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds } });
const fired = async (seconds: number) =>
  (await advance(seconds)).body.auto_recharges
    .filter((a: any) => a.customer_id === customerId)
    .map((a: any) => a.status);
const config = (patch: Record<string, unknown>) => ({
  customer_id: customerId,
  currency_id: 'pc_sandbox_credit',
  enabled: true,
  threshold: '100000000',
  price_id: 'price_sandbox_credits',
  quantity: 1,
  recharge_currency_id: 'pc_sandbox_tba',
  ...patch,
});

describe('auto top-up daily limits', () => {
  it('0 attempts and 0 amount mean unlimited: it fires on every run while the balance is below the threshold', async () => {
    expect(
      (await asUser(sb, casey, 'POST', `${CFG}/submit`, config({ daily_limits: { max_amount: '0', max_attempts: 0 } })))
        .status,
    ).toBe(200);
    expect([...(await fired(60)), ...(await fired(60)), ...(await fired(60)), ...(await fired(60))]).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    const cfg = (await asUser(sb, casey, 'GET', `${CFG}/customer/${customerId}?currency_id=pc_sandbox_credit`)).body;
    expect(cfg.daily_stats.attempt_count).toBe(4);
  });

  it('a positive attempt limit stops it for the day; then it is off and never fires', async () => {
    expect(
      (
        await asUser(
          sb,
          casey,
          'POST',
          `${CFG}/submit`,
          config({ daily_limits: { max_amount: TBA(1000), max_attempts: 5 } }),
        )
      ).status,
    ).toBe(200);
    // Today already has 4 attempts: one more is allowed, then limited.
    expect(await fired(60)).toEqual(['succeeded']);
    expect(await fired(60)).toEqual(['limited']);
    expect(
      (
        await asUser(
          sb,
          casey,
          'POST',
          `${CFG}/submit`,
          config({ enabled: false, daily_limits: { max_amount: '0', max_attempts: 0 } }),
        )
      ).status,
    ).toBe(200);
    expect(await fired(86400)).toEqual([]);
  });
});
