import { describe, expect, it } from 'vitest';
import {
  parseChosenPlan,
  checkoutQuery,
  compareGroups,
  groupKey,
  groupPlans,
  highlightOf,
  initialGroup,
  isPricingTableId,
  planAction,
  priceAmount,
  tableCurrencies,
  type TableItem,
  type TablePrice,
} from '../../src/core/pricing-table.ts';
import { samePayer } from '../../src/core/link-session.ts';

const price = (id: string, interval: string | null, amounts: Record<string, string>, count = 1): TablePrice => {
  const [first] = Object.entries(amounts);
  return {
    id,
    type: interval ? 'recurring' : 'one_time',
    currency_id: first![0],
    unit_amount: first![1],
    recurring: interval ? { interval, interval_count: count } : null,
    currency_options: Object.entries(amounts).map(([currency_id, unit_amount]) => ({ currency_id, unit_amount })),
  };
};
const item = (p: TablePrice, extra: Partial<TableItem> = {}): TableItem => ({ price_id: p.id, price: p, ...extra });

describe('groupKey and the interval order', () => {
  it('keys recurring prices by interval and count, one-time prices apart', () => {
    expect(groupKey(price('a', 'month', { tba: '1' }))).toBe('month-1');
    expect(groupKey(price('a', 'month', { tba: '1' }, 3))).toBe('month-3');
    expect(groupKey(price('a', null, { tba: '1' }))).toBe('one_time');
  });
  it('puts yearly before monthly, then weekly, daily, hourly, larger counts first, one-time last', () => {
    const keys = ['one_time', 'hour-1', 'month-1', 'day-1', 'month-12', 'year-1', 'month-3', 'week-1'];
    expect([...keys].sort(compareGroups)).toEqual([
      'year-1',
      'month-12',
      'month-3',
      'month-1',
      'week-1',
      'day-1',
      'hour-1',
      'one_time',
    ]);
  });
});

describe('priceAmount', () => {
  const p = price('p', 'month', { tba: '5000000000000000000', usd: '499' });
  it('reads the option of the currency as a smallest-unit string, exactly', () => {
    expect(priceAmount(p, 'usd')).toBe('499');
    expect(priceAmount(p, 'tba')).toBe('5000000000000000000');
  });
  it('is null for a currency the price is not sold in (never the amount of another currency)', () => {
    expect(priceAmount(p, 'eth')).toBeNull();
  });
  it('falls back to the price’s own currency when it has no options', () => {
    expect(priceAmount({ ...p, currency_options: null }, 'tba')).toBe('5000000000000000000');
    expect(priceAmount({ ...p, currency_options: null }, 'usd')).toBeNull();
  });
  it('hides zero and empty amounts and reads a custom amount’s preset', () => {
    expect(priceAmount(price('z', 'month', { tba: '0' }), 'tba')).toBeNull();
    expect(priceAmount(price('z', 'month', { tba: '' }), 'tba')).toBeNull();
    const custom = {
      ...p,
      currency_options: [{ currency_id: 'tba', unit_amount: '0', custom_unit_amount: { presets: ['7', '9'] } }],
    };
    expect(priceAmount(custom, 'tba')).toBe('7');
  });
});

describe('groupPlans', () => {
  const items = [
    item(price('basic-m', 'month', { tba: '1', usd: '100' })),
    item(price('pro-m', 'month', { tba: '2' })),
    item(price('basic-y', 'year', { tba: '10', usd: '1000' })),
    item(price('life', null, { usd: '9900' })),
    item(price('free', 'month', { tba: '0' })),
  ];
  it('groups the plans shown in the currency, groups in order, items in table order', () => {
    expect(groupPlans(items, 'tba').map((g) => [g.key, g.items.map((i) => i.price_id)])).toEqual([
      ['year-1', ['basic-y']],
      ['month-1', ['basic-m', 'pro-m']],
    ]);
    expect(groupPlans(items, 'usd').map((g) => [g.key, g.items.map((i) => i.price_id)])).toEqual([
      ['year-1', ['basic-y']],
      ['month-1', ['basic-m']],
      ['one_time', ['life']],
    ]);
  });
  it('starts on the group of the first item in the currency, or the one asked for', () => {
    const groups = groupPlans(items, 'tba');
    expect(initialGroup(groups, items, 'tba')).toBe('month-1');
    expect(initialGroup(groups, items, 'tba', 'year-1')).toBe('year-1');
    expect(initialGroup(groups, items, 'tba', 'day-1')).toBe('month-1');
    expect(initialGroup([], [], 'tba')).toBeNull();
  });
});

describe('tableCurrencies', () => {
  const items = [item(price('a', 'month', { tba: '1', usd: '1' })), item(price('b', 'year', { eth: '1', btc: '0' }))];
  it('offers only currencies the payment methods accept and some plan is sold in, the table currency first', () => {
    expect(tableCurrencies(items, ['usd', 'tba', 'btc', 'credit'], 'tba')).toEqual(['tba', 'usd']);
    expect(tableCurrencies(items, ['usd', 'tba', 'eth'], 'xyz')).toEqual(['usd', 'tba', 'eth']);
    expect(tableCurrencies(items, [], 'tba')).toEqual([]);
  });
});

describe('planAction and highlightOf', () => {
  const monthly = price('m', 'month', { tba: '1' });
  it('says try for free with trial days, subscribe without, one-time plans too (the platform’s words)', () => {
    expect(planAction(item(monthly, { subscription_data: { trial_period_days: 14 } }))).toBe('trial');
    expect(planAction(item(monthly, { subscription_data: { trial_period_days: 0 } }))).toBe('subscribe');
    expect(planAction(item(monthly))).toBe('subscribe');
    expect(planAction(item(price('o', null, { tba: '1' }), { subscription_data: { trial_period_days: 7 } }))).toBe(
      'subscribe',
    );
  });
  it('maps the platform’s highlight labels, keeps a merchant’s own text, nothing when not highlighted', () => {
    expect(highlightOf(item(monthly, { is_highlight: true, highlight_text: 'popular' }))).toEqual({ known: 'popular' });
    expect(highlightOf(item(monthly, { is_highlight: true, highlight_text: 'Best value' }))).toEqual({
      text: 'Best value',
    });
    expect(highlightOf(item(monthly, { is_highlight: true }))).toEqual({ known: 'recommended' });
    expect(highlightOf(item(monthly, { is_highlight: false, highlight_text: 'deal' }))).toBeNull();
  });
});

describe('checkoutQuery', () => {
  it('writes the extra params over the page query, then the chosen currency over both', () => {
    const page = new URLSearchParams('utm=a&currencyId=old&ref=page');
    expect(checkoutQuery(page, { ref: 'extra', qty: 2, skip: { a: 1 }, none: null }, 'pc_usd')).toEqual({
      utm: 'a',
      ref: 'extra',
      qty: '2',
      currencyId: 'pc_usd',
    });
  });
  it('recognizes pricing table ids', () => {
    expect(isPricingTableId('prctbl_sandbox_demo')).toBe(true);
    expect(isPricingTableId('plink_x')).toBe(false);
    expect(isPricingTableId('prctbl_../x')).toBe(false);
  });
});

describe('the chosen plan a tab keeps', () => {
  const plan = { sessionId: 'cs_1', priceId: 'price_1', currencyId: 'pc_1', payer: 'zA' };
  it('reads back what was stored; anything else (not a cs_ session, missing fields, not JSON) is nothing', () => {
    expect(parseChosenPlan(JSON.stringify(plan))).toEqual(plan);
    expect(parseChosenPlan(JSON.stringify({ ...plan, payer: null }))).toEqual({ ...plan, payer: null });
    expect(parseChosenPlan(JSON.stringify({ ...plan, sessionId: 'plink_1' }))).toBeNull();
    expect(parseChosenPlan(JSON.stringify({ ...plan, priceId: 7 }))).toBeNull();
    expect(parseChosenPlan('{')).toBeNull();
    expect(parseChosenPlan('null')).toBeNull();
    expect(parseChosenPlan(null)).toBeNull();
  });
  it('is shown to the payer who chose it, or to anyone when chosen signed out; an unknown payer does not judge', () => {
    expect(samePayer('zA', 'zA')).toBe(true);
    expect(samePayer(null, 'zA')).toBe(true);
    expect(samePayer('zA', undefined)).toBe(true);
    expect(samePayer('zA', 'zB')).toBe(false);
    expect(samePayer('zA', null)).toBe(false);
  });
});
