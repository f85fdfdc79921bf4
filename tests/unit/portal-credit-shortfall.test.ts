import { describe, expect, it } from 'vitest';
import { creditShortfall } from '../../src/portal/credit-shortfall.ts';

describe('creditShortfall (notEnough)', () => {
  it('is null while the balance covers the pending usage', () => {
    expect(creditShortfall('1000', '0', 2)).toBeNull();
    expect(creditShortfall('1000', '1000', 2)).toBeNull();
    expect(creditShortfall('1000', '999', 2)).toBeNull();
    expect(creditShortfall('1000', null, 2)).toBeNull();
  });
  it('gives the pending amount and the missing quantity, rounded up to 2 decimals', () => {
    expect(creditShortfall('1000', '1250', 2)).toEqual({ amount: '12.5', quantity: '2.5' });
    expect(creditShortfall('0', '1001', 3)).toEqual({ amount: '1.001', quantity: '1.01' });
    expect(creditShortfall(undefined, '5', 0)).toEqual({ amount: '5', quantity: '5' });
    expect(creditShortfall('-200', '100', 2)).toEqual({ amount: '1', quantity: '3' });
  });
});
