import { describe, expect, it, vi } from 'vitest';
import { withoutIsolates } from '../../src/core/bidi.ts';
import { LOCALES, toIntlLocale } from '../../src/core/locale.ts';
import {
  AmountError,
  addAmounts,
  checkPrecision,
  compareAmounts,
  compareDecimals,
  decimalPlaces,
  divAmount,
  formatAmount,
  fromSmallestUnit,
  isDecimalString,
  mulAmount,
  mulAmountDecimal,
  roundDecimal,
  subAmounts,
  toSmallestUnit,
  tokenUnitsToSmallest,
} from '../../src/core/money.ts';

describe('tokenUnitsToSmallest (token units the platform sends → smallest unit, once)', () => {
  it('reads numbers and decimal strings exactly, without float arithmetic', () => {
    expect(tokenUnitsToSmallest(50, 18)).toBe('50000000000000000000');
    expect(tokenUnitsToSmallest('100', 2)).toBe('10000');
    // 0.1 + 0.2 style traps: the digits are moved as text
    expect(tokenUnitsToSmallest(0.3, 18)).toBe('300000000000000000');
    expect(tokenUnitsToSmallest(1.1, 2)).toBe('110');
    expect(tokenUnitsToSmallest(5e-7, 18)).toBe('500000000000');
    expect(tokenUnitsToSmallest(1.5e21, 0)).toBe('1500000000000000000000');
    expect(tokenUnitsToSmallest(' 2.50 ', 2)).toBe('250');
  });

  it('is null for absent, negative, non-decimal or over-precise values', () => {
    for (const v of [null, undefined, '', -1, '-1', 'abc', '1e3', Number.NaN, Number.POSITIVE_INFINITY])
      expect(tokenUnitsToSmallest(v as never, 18)).toBeNull();
    expect(tokenUnitsToSmallest('0.001', 2)).toBeNull();
    expect(tokenUnitsToSmallest(0.001, 2)).toBeNull();
  });
});

describe('toSmallestUnit', () => {
  it('converts decimal strings to integer strings with BigInt precision', () => {
    expect(toSmallestUnit('1.5', 2)).toBe('150');
    expect(toSmallestUnit('0.000001', 6)).toBe('1');
    expect(toSmallestUnit('12', 0)).toBe('12');
    expect(toSmallestUnit('.5', 2)).toBe('50');
    expect(toSmallestUnit('3.', 2)).toBe('300');
    expect(toSmallestUnit('-1.25', 2)).toBe('-125');
    // 18 decimals beyond Number's safe range
    expect(toSmallestUnit('123456789.123456789012345678', 18)).toBe('123456789123456789012345678');
    expect(toSmallestUnit('9007199254740993', 0)).toBe('9007199254740993');
  });

  it('accepts trailing zeros beyond the decimals', () => {
    expect(toSmallestUnit('1.500', 2)).toBe('150');
  });

  it('throws a typed error with the exact precision message', () => {
    let err: unknown;
    try {
      toSmallestUnit('1.234', 2);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AmountError);
    expect((err as AmountError).code).toBe('AMOUNT_PRECISION');
    expect((err as AmountError).message).toBe('Amount decimal places must be less than or equal to 2');
    expect((err as AmountError).params).toEqual({ precision: 2 });
    expect(() => toSmallestUnit('1.1234567', 18, 6)).toThrow('Amount decimal places must be less than or equal to 6');
  });

  it('rejects non-numbers', () => {
    expect(() => toSmallestUnit('abc', 2)).toThrow(AmountError);
    expect(() => toSmallestUnit('1e5', 2)).toThrow(AmountError);
    expect(() => toSmallestUnit('', 2)).toThrow(AmountError);
    expect(() => toSmallestUnit('.', 2)).toThrow(AmountError);
  });
});

describe('fromSmallestUnit', () => {
  it('converts back and trims trailing zeros', () => {
    expect(fromSmallestUnit('150', 2)).toBe('1.5');
    expect(fromSmallestUnit('100', 2)).toBe('1');
    expect(fromSmallestUnit('1', 6)).toBe('0.000001');
    expect(fromSmallestUnit('0', 18)).toBe('0');
    expect(fromSmallestUnit('-125', 2)).toBe('-1.25');
    expect(fromSmallestUnit('123456789123456789012345678', 18)).toBe('123456789.123456789012345678');
    expect(fromSmallestUnit('42', 0)).toBe('42');
  });
});

describe('formatAmount', () => {
  it('groups the integer part per locale (en / zh) without floats', () => {
    expect(formatAmount('123456789', 2, { locale: 'en' })).toBe('1,234,567.89');
    expect(formatAmount('123456789', 2, { locale: 'zh' })).toBe('1,234,567.89');
    expect(formatAmount('123456789012345678901234567890', 18, { locale: 'en' })).toBe('123,456,789,012.345679');
  });

  it('formats along the locale chain: tw is zh, de-AT is de, a language the elements do not speak is en', () => {
    expect(formatAmount('123456789', 2, { locale: 'tw' })).toBe(formatAmount('123456789', 2, { locale: 'zh' }));
    expect(formatAmount('123456789', 2, { locale: 'de-AT' })).toBe('1.234.567,89');
    expect(formatAmount('123456789', 2, { locale: 'fr' })).toBe('1\u202f234\u202f567,89');
    expect(formatAmount('123456', 2, { locale: 'es' })).toBe('1234,56');
    expect(formatAmount('1234567', 2, { locale: 'es', symbol: 'USDC' })).toBe('12.345,67 USDC');
    // Arabic: the amount and its symbol keep their left-to-right order inside a right-to-left sentence.
    expect(formatAmount('-123456789', 2, { locale: 'ar', symbol: 'TBA' })).toBe('\u2066-1,234,567.89 TBA\u2069');
    expect(formatAmount('123456789', 2, { locale: 'pl' })).toBe('1,234,567.89');
  });

  it('limits fraction digits to precision (default 6, rounded half up) and trims zeros', () => {
    expect(formatAmount('1234567890000000000', 18)).toBe('1.234568');
    expect(formatAmount('1000000000000000000', 18)).toBe('1');
    expect(formatAmount('1500000', 6, { precision: 2 })).toBe('1.5');
    expect(formatAmount('1995', 3, { precision: 2 })).toBe('2');
    expect(formatAmount('1995', 3, { precision: 2, rounding: 'down' })).toBe('1.99');
    expect(formatAmount('1', 18)).toBe('0');
  });

  it('appends the symbol and handles negatives and bad input', () => {
    expect(formatAmount('250', 2, { symbol: 'USD' })).toBe('2.5 USD');
    expect(formatAmount('-250', 2)).toBe('-2.5');
    expect(formatAmount(undefined, 2)).toBe('0');
    expect(formatAmount('nope', 2)).toBe('0');
    expect(formatAmount('100', 2, { minPrecision: 2 })).toBe('1.00');
  });
});

describe('string arithmetic', () => {
  it('adds, subtracts, multiplies and compares beyond 2^53', () => {
    expect(addAmounts('9007199254740993', '1')).toBe('9007199254740994');
    expect(addAmounts('1', '2', '3', undefined)).toBe('6');
    expect(subAmounts('100', '250')).toBe('-150');
    expect(mulAmount('1000000000000000000', 3)).toBe('3000000000000000000');
    expect(mulAmountDecimal('1000', '0.125')).toBe('125');
    expect(mulAmountDecimal('1001', '0.5')).toBe('501');
    expect(divAmount('10', '3')).toBe('3');
    expect(divAmount('10', '4')).toBe('3');
    expect(divAmount('10', '3', 'up')).toBe('4');
    expect(() => divAmount('1', '0')).toThrow(AmountError);
    expect(compareAmounts('10', '9')).toBe(1);
    expect(compareAmounts('9', '10')).toBe(-1);
    expect(compareAmounts('10', '10')).toBe(0);
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('1.51', '1.5')).toBe(1);
  });

  it('counts decimal places and checks precision', () => {
    expect(decimalPlaces('1.234')).toBe(3);
    expect(decimalPlaces('12')).toBe(0);
    expect(decimalPlaces('1.')).toBe(0);
    expect(checkPrecision('1.1234567')).toBe('Amount decimal places must be less than or equal to 6');
    expect(checkPrecision('1.123456')).toBeNull();
    expect(checkPrecision('1.123', 2)).toBe('Amount decimal places must be less than or equal to 2');
    expect(isDecimalString('1.5')).toBe(true);
    expect(isDecimalString('1e3')).toBe(false);
  });

  it('rounds decimals (credit quantity rounds up to 2 decimals)', () => {
    expect(roundDecimal('1.231', 2, 'up')).toBe('1.24');
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('1.2', 2)).toBe('1.2');
    expect(roundDecimal('2.999', 2)).toBe('3');
  });
});

describe('amounts match Intl without asking it', () => {
  it('groups and separates exactly as Intl.NumberFormat does in every locale, on many amounts', () => {
    const samples = [
      '0',
      '7',
      '999',
      '1000',
      '9999',
      '12345',
      '100000',
      '1234567',
      '99999999',
      '1000000000',
      '123456789012345',
    ];
    for (let i = 0; i < 200; i++) samples.push(String(Math.floor(Math.random() * 10 ** (1 + (i % 15)))));
    for (const locale of LOCALES) {
      const tag = toIntlLocale(locale);
      const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 6 });
      // Intl marks Arabic's minus sign left-to-right (U+200E); the elements isolate every amount instead (core/bidi).
      const exact = (decimal: string) => intl.format(decimal as unknown as number).replace(/\u200e/g, '');
      for (const int of samples) {
        // int + '.125' in 3 decimals: the smallest-unit string int125
        const ours = (amount: string, decimals: number) => withoutIsolates(formatAmount(amount, decimals, { locale }));
        expect(ours(`${int}125`, 3), `${tag} ${int}.125`).toBe(exact(`${int}.125`));
        expect(ours(`-${int}5`, 1), `${tag} -${int}.5`).toBe(exact(`-${int}.5`));
      }
    }
  });

  it('formats an amount without constructing an Intl formatter (no ICU load at a first paint)', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    try {
      formatAmount('123456789', 2, { locale: 'zh' });
      formatAmount('5', 0, { locale: 'en', symbol: 'TBA' });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('Intl formatters are made once per locale and options', () => {
  it('formatting many numbers builds each NumberFormat once', async () => {
    const { formatNumber } = await import('../../src/core/locale.ts');
    const made: unknown[] = [];
    const Real = Intl.NumberFormat;
    const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      made.push(args);
      return new Real(...args);
    } as never);
    try {
      for (let i = 0; i < 50; i++) {
        formatNumber(i, 'zh', { style: 'percent' });
        formatNumber(i * 1000, 'en');
      }
      // the first call of a locale/options pair constructs; every later call reuses
      expect(made.length).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
