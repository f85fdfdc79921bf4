import { describe, expect, it } from 'vitest';
import {
  BILLING_REASONS,
  billingReasonKey,
  intervalText,
  invoiceStatusTone,
  periodHours,
  showStaking,
  stakeAmount,
  stakeInvoices,
  subscriptionStake,
  trialSeconds,
  trialText,
  upsellSavingPercent,
} from '../../src/core/billing.ts';

describe('invoice status tones (spec §4)', () => {
  it('paid success, open secondary, uncollectible warning, draft/void default', () => {
    expect(invoiceStatusTone('paid')).toBe('success');
    expect(invoiceStatusTone('open')).toBe('secondary');
    expect(invoiceStatusTone('uncollectible')).toBe('warning');
    expect(invoiceStatusTone('draft')).toBe('default');
    expect(invoiceStatusTone('void')).toBe('default');
    expect(invoiceStatusTone('weird')).toBe('default');
  });

  it('billing reasons', () => {
    expect(BILLING_REASONS).toHaveLength(15);
    expect(billingReasonKey('stake')).toBe('portal.billingReason.stake');
    expect(billingReasonKey('nope')).toBe('portal.billingReason.unknown');
  });
});

describe('intervals and trials (spec §9)', () => {
  it('interval labels; 3 and 6 months labelled every 3/6 months; unsupported throws', () => {
    expect(intervalText({ interval: 'month', interval_count: 1 })).toEqual({ key: 'interval.month' });
    expect(intervalText({ interval: 'month', interval_count: 3 })).toEqual({
      key: 'interval.everyMonths',
      params: { count: 3 },
    });
    expect(intervalText({ interval: 'month', interval_count: 6 })).toEqual({
      key: 'interval.everyMonths',
      params: { count: 6 },
    });
    expect(intervalText({ interval: 'week', interval_count: 2 })).toEqual({
      key: 'interval.everyWeeks',
      params: { count: 2 },
    });
    expect(intervalText({ interval: 'day', interval_count: 10 })).toEqual({
      key: 'interval.everyDays',
      params: { count: 10 },
    });
    expect(intervalText({ interval: 'year', interval_count: 2 })).toEqual({
      key: 'interval.everyYears',
      params: { count: 2 },
    });
    expect(() => intervalText({ interval: 'fortnight' })).toThrow('Unsupported recurring interval');
    expect(periodHours({ interval: 'year' })).toBe(8760);
  });

  it('trial text: minutes under an hour, hours under a day, else days (rounded up)', () => {
    expect(trialText(1800)).toEqual({ key: 'trial.minutes', params: { count: 30 } });
    expect(trialText(3599)).toEqual({ key: 'trial.minutes', params: { count: 60 } });
    expect(trialText(3600)).toEqual({ key: 'trial.hours', params: { count: 1 } });
    expect(trialText(7201)).toEqual({ key: 'trial.hours', params: { count: 3 } });
    expect(trialText(86400)).toEqual({ key: 'trial.days', params: { count: 1 } });
    expect(trialText(86401)).toEqual({ key: 'trial.days', params: { count: 2 } });
    expect(trialSeconds({ trialInDays: 7 })).toBe(7 * 86400);
    expect(trialSeconds({ trialEnd: 1000 + 3600, now: 1000 })).toBe(3600);
  });

  it('upsell saving percent per hour, whole percent', () => {
    // 10/month vs 100/year: 100/8760 vs 10/720 → 1 - (100*720)/(10*8760) = 17.8% → 18
    expect(
      upsellSavingPercent(
        { amount: '1000', recurring: { interval: 'month' } },
        { amount: '10000', recurring: { interval: 'year' } },
      ),
    ).toBe(18);
    expect(
      upsellSavingPercent(
        { amount: '1000', recurring: { interval: 'month' } },
        { amount: '20000', recurring: { interval: 'year' } },
      ),
    ).toBe(0);
  });

  it('staking shown when threshold or minimum stake is above 0', () => {
    expect(showStaking({ billing_threshold_amount: '0', min_stake_amount: 0 })).toBe(false);
    expect(showStaking({ min_stake_amount: '0.5' })).toBe(true);
    expect(showStaking({ billing_threshold_amount: 10 })).toBe(true);
    expect(showStaking(null)).toBe(false);
  });

  it('the stake in the smallest unit, from min_stake_amount in token units (the platform sends a number)', () => {
    expect(stakeAmount({ min_stake_amount: 50 }, 18)).toBe('50000000000000000000');
    expect(stakeAmount({ min_stake_amount: 0.1 }, 18)).toBe('100000000000000000');
    expect(stakeAmount({ billing_threshold_amount: '2.5' }, 2)).toBe('250');
    // min_stake_amount wins over the threshold; nothing, zero or junk is no stake
    expect(stakeAmount({ min_stake_amount: 1, billing_threshold_amount: 9 }, 0)).toBe('1');
    expect(stakeAmount({ min_stake_amount: 0 }, 18)).toBeNull();
    expect(stakeAmount({ min_stake_amount: 'x' }, 18)).toBeNull();
    expect(stakeAmount(null, 18)).toBeNull();
  });
});

describe("a subscription's stake from the platform's fields (TSubscription)", () => {
  const staked = {
    billing_thresholds: { stake_gte: 50 },
    payment_details: { arcblock: { staking: { tx_hash: '0xabc' } } },
  };
  it('the amount is stake_gte in token units, converted; the transaction is arcblock.staking', () => {
    expect(subscriptionStake(staked, 18)).toEqual({
      amount: '50000000000000000000',
      txHash: '0xabc',
      state: 'staked',
      revokedAt: null,
    });
    expect(subscriptionStake({ billing_thresholds: { stake_gte: 0.5 } }, 2)).toEqual({
      amount: '50',
      txHash: null,
      state: 'staked',
      revokedAt: null,
    });
  });
  it("a return or slash is the cancel's cancelation_details, dated by canceled_at", () => {
    expect(
      subscriptionStake({ ...staked, canceled_at: 100, cancelation_details: { slash_stake: true } }, 18),
    ).toMatchObject({ state: 'slashed', revokedAt: 100 });
    expect(
      subscriptionStake(
        { ...staked, canceled_at: 100, cancelation_details: { return_stake: true, slash_stake: false } },
        18,
      ),
    ).toMatchObject({ state: 'returned', revokedAt: 100 });
  });
  it('none without a positive stake, with no_stake, or without a currency', () => {
    expect(subscriptionStake({ billing_thresholds: { stake_gte: 0 } }, 18)).toBeNull();
    expect(subscriptionStake({ billing_thresholds: { stake_gte: 5, no_stake: true } }, 18)).toBeNull();
    expect(subscriptionStake(staked, undefined)).toBeNull();
    expect(subscriptionStake({ payment_details: { arcblock: { staking: { tx_hash: '0x1' } } } }, 18)).toBeNull();
  });
  it('the stake invoices: the latest stake, the settlement of a revoked stake, the earlier one once staked again', () => {
    const inv = (id: string, billing_reason: string, created_at: string) => ({ id, billing_reason, created_at });
    const first = inv('in_1', 'stake', '2026-10-01T00:00:00Z');
    const slash = inv('in_2', 'slash_stake', '2026-10-10T00:00:00Z');
    const again = inv('in_3', 'stake', '2026-10-20T00:00:00Z');
    const revokedAt = Date.parse('2026-10-09T00:00:00Z') / 1000;
    expect(stakeInvoices([first, slash], revokedAt)).toEqual({ stake: first, settlement: slash, previous: null });
    expect(stakeInvoices([first], revokedAt)).toEqual({ stake: first, settlement: null, previous: null });
    expect(stakeInvoices([slash, again, first, inv('in_4', 'manual', '2026-10-21T00:00:00Z')], null)).toEqual({
      stake: again,
      settlement: null,
      previous: slash,
    });
    expect(stakeInvoices([first], null)).toEqual({ stake: first, settlement: null, previous: null });
  });
});
