import { describe, expect, it } from 'vitest';
import {
  acceptQuantity,
  checkoutView,
  defaultPreset,
  isPaymentDone,
  itemsTotal,
  paymentIntentFailure,
  preferredQuantity,
  quantityBounds,
  randomDonationAmount,
  selectCurrency,
  summaryCollapsedByDefault,
  trialApplies,
  unitAmountFor,
  validateCustomAmountItems,
  validateDonationAmount,
  validateQuantity,
} from '../../src/core/checkout.ts';

const item = (over: Record<string, unknown> = {}, price: Record<string, unknown> = {}) => ({
  quantity: 1,
  price: { id: 'p1', unit_amount: '1000', currency_id: 'usd', ...price },
  ...over,
});

describe('checkout view state (spec §4)', () => {
  it('complete, expired, empty, open', () => {
    expect(checkoutView({ status: 'complete', line_items: [] }, 100)).toBe('complete');
    expect(checkoutView({ status: 'open', expires_at: 100, line_items: [item()] }, 100)).toBe('expired');
    expect(checkoutView({ status: 'open', expires_at: 101, line_items: [] }, 100)).toBe('empty');
    expect(checkoutView({ status: 'open', expires_at: 101, line_items: [item()] }, 100)).toBe('open');
    expect(isPaymentDone({ status: 'complete', payment_status: 'paid' })).toBe(true);
    expect(isPaymentDone({ status: 'complete', payment_status: 'no_payment_required' })).toBe(true);
    expect(isPaymentDone({ status: 'complete', payment_status: 'unpaid' })).toBe(false);
    expect(paymentIntentFailure({ status: 'requires_action', last_payment_error: { message: 'Card declined' } })).toBe(
      'Card declined',
    );
    expect(paymentIntentFailure({ status: 'processing' })).toBeNull();
    expect(summaryCollapsedByDefault([1, 2])).toBe(false);
    expect(summaryCollapsedByDefault([1, 2, 3])).toBe(true);
  });
});

describe('currency selection and amounts', () => {
  const methods = [
    {
      type: 'arcblock',
      payment_currencies: [
        { id: 'tba', active: true },
        { id: 'old', active: false },
      ],
    },
    { type: 'stripe', payment_currencies: [{ id: 'usd', active: true }] },
  ];
  it('URL currency when active, else stripe for non-wallet users, else session, else first', () => {
    expect(selectCurrency({ methods, urlCurrencyId: 'tba', sessionCurrencyId: 'usd' })).toBe('tba');
    expect(selectCurrency({ methods, urlCurrencyId: 'old', sessionCurrencyId: 'tba' })).toBe('usd');
    expect(selectCurrency({ methods, urlCurrencyId: 'old', sessionCurrencyId: 'tba', isWalletUser: true })).toBe('tba');
    expect(selectCurrency({ methods: [methods[0]!], isWalletUser: true })).toBe('tba');
  });

  it('trial currency list', () => {
    expect(trialApplies({ trial_currency: 'tba, usd' }, 'usd')).toBe(true);
    expect(trialApplies({ trial_currency: 'tba' }, 'usd')).toBe(false);
    expect(trialApplies({}, 'usd')).toBe(true);
  });

  it('unit amounts per currency and totals (metered excluded for renewals)', () => {
    const price = {
      unit_amount: '1000',
      currency_id: 'usd',
      currency_options: [{ currency_id: 'tba', unit_amount: '5000000000000000000' }],
    };
    expect(unitAmountFor(price, 'tba')).toEqual({ amount: '5000000000000000000', missing: false });
    expect(unitAmountFor(price, 'eur')).toEqual({ amount: '0', missing: true });
    const items = [
      item({ quantity: 3 }),
      item({}, { recurring: { usage_type: 'metered' } }),
      item({ custom_amount: '250' }),
    ];
    expect(itemsTotal(items, 'usd')).toBe('4250');
    expect(itemsTotal(items, 'usd', { excludeMetered: true })).toBe('3250');
    expect(validateCustomAmountItems([item({}, { custom_unit_amount: { presets: [] } }), item()])).toBe(
      'Multiple items with custom unit amount are not supported',
    );
    expect(validateCustomAmountItems([item({}, { custom_unit_amount: { presets: [] } })])).toBeNull();
  });
});

describe('quantities (spec §5)', () => {
  it('bounds and validation', () => {
    const it1 = item(
      { adjustable_quantity: { enabled: true, minimum: 0, maximum: 10 } },
      { quantity_limit_per_checkout: 5, quantity_available: 8, quantity_sold: 6 },
    );
    expect(quantityBounds(it1)).toEqual({ min: 1, max: 5 });
    expect(quantityBounds(item())).toEqual({ min: 1, max: Number.POSITIVE_INFINITY });
    expect(validateQuantity(it1.price, 3)).toBe('validation.exceedInventory');
    expect(validateQuantity({ quantity_limit_per_checkout: 2 }, 3)).toBe('validation.exceedPurchaseLimit');
    expect(validateQuantity({ quantity_available: 0, quantity_limit_per_checkout: 0 }, 99)).toBeNull();
  });

  it('input acceptance and initial preference', () => {
    const b = { min: 1, max: 5 };
    expect(acceptQuantity('', b)).toBeNull();
    expect(acceptQuantity('3', b)).toBe(3);
    expect(acceptQuantity('9', b)).toBeUndefined();
    expect(acceptQuantity('1.5', b)).toBeUndefined();
    expect(preferredQuantity({ priceId: 'p1', query: new URLSearchParams('qty_p1=4&qty=2'), bounds: b })).toBe(4);
    expect(preferredQuantity({ priceId: 'p1', query: { qty: '2' }, bounds: b })).toBe(2);
    expect(preferredQuantity({ priceId: 'p1', saved: '3', bounds: b })).toBe(3);
    expect(preferredQuantity({ priceId: 'p1', query: { qty: '99' }, saved: '2', bounds: b })).toBe(2);
    // No preference (or none within the bounds): null, so the merchant's quantity on the session stands.
    expect(preferredQuantity({ priceId: 'p1', query: { qty: '99' }, bounds: b })).toBeNull();
    expect(preferredQuantity({ priceId: 'p1', query: new URLSearchParams(''), saved: null, bounds: b })).toBeNull();
  });
});

describe('donations', () => {
  it('amount validation', () => {
    expect(validateDonationAmount('')).toEqual({ key: 'validation.amountInvalid' });
    expect(validateDonationAmount('abc')).toEqual({ key: 'validation.amountInvalid' });
    expect(validateDonationAmount('0')).toEqual({ key: 'validation.amountRange', params: { min: '0', max: '∞' } });
    expect(validateDonationAmount('5', { min: '1', max: '10' })).toBeNull();
    expect(validateDonationAmount('11', { min: '1', max: '10' })).toEqual({
      key: 'validation.amountRange',
      params: { min: '1', max: '10' },
    });
    expect(validateDonationAmount('1.1234567')).toEqual({
      key: 'validation.amountPrecision',
      params: { precision: 6, message: 'Amount decimal places must be less than or equal to 6' },
    });
  });

  it('presets and random amount', () => {
    expect(defaultPreset(['1', '5', '10'])).toBe('5');
    expect(defaultPreset(['1', '5', '10', '20'])).toBe('5');
    expect(defaultPreset([])).toBeUndefined();
    expect(randomDonationAmount(['1', '5', '10'], null, () => 0.999999)).toBe('50');
    expect(randomDonationAmount([], null, () => 0.999999)).toBe('100');
    expect(randomDonationAmount(['10'], '20', () => 0.999999)).toBe('20');
    expect(randomDonationAmount(['10'], null, () => 0)).toBe('0.01');
  });
});
