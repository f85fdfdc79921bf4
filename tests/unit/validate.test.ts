import { describe, expect, it } from 'vitest';
import { HttpError } from '../../hosts/server/platform.ts';
import { checkParsed, MAX_DEPTH } from '../../hosts/server/input.ts';
import {
  boolean,
  integer,
  percent,
  queryBoolean,
  text,
  tokenAmount,
  unitAmount,
  unixSeconds,
} from '../../hosts/server/validate.ts';

/** The sandbox's input validators (hosts/server/validate.ts) and the parsed-body check (hosts/server/input.ts). */

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return (err as HttpError).message;
  }
  throw new Error('expected a 400');
};

describe('integer', () => {
  const q = (v: unknown) => integer(v, 'quantity', { min: 1, max: 1000 });
  it('takes safe integers and digit strings in range', () => {
    expect([q(1), q('12'), q(1000), integer('-3', 'n', { min: -5, max: 5 })]).toEqual([1, 12, 1000, -3]);
  });
  it('refuses exponents, hex, padding, fractions, booleans and values out of range', () => {
    for (const v of [
      1e308,
      '1e308',
      '0x10',
      ' 1',
      '1 ',
      '+1',
      1.5,
      '1.0',
      true,
      null,
      [],
      {},
      '',
      0,
      1001,
      Number.NaN,
      2 ** 53 + 2,
      '9'.repeat(30),
    ]) {
      expect(refusal(() => q(v))).toBe('quantity must be an integer between 1 and 1000');
    }
  });
});

describe('amounts', () => {
  it('tokenAmount converts decimal token units to the smallest unit, strictly', () => {
    expect(tokenAmount('1.5', 18, 'amount')).toBe('1500000000000000000');
    expect(tokenAmount(2, 2, 'amount')).toBe('200');
    expect(refusal(() => tokenAmount('1.123', 2, 'amount'))).toBe(
      'amount: amount decimal places must be less than or equal to 2',
    );
    for (const v of ['1e308', 1e21, '0x10', '-1', 'lots', true, null, '1,5'])
      expect(refusal(() => tokenAmount(v, 18, 'amount'))).toMatch(/^amount must be a non-negative decimal amount/);
    expect(refusal(() => tokenAmount('9'.repeat(30), 18, 'amount'))).toMatch(/too large/);
  });
  it('unitAmount takes integer strings of at most 40 digits', () => {
    expect(unitAmount('007', 'threshold')).toBe('7');
    expect(unitAmount(12, 'threshold')).toBe('12');
    for (const v of ['1.5', '-1', '1e3', '0x10', 1e308, '9'.repeat(41), true])
      expect(refusal(() => unitAmount(v, 'threshold'))).toMatch(/^threshold must be a non-negative integer amount/);
    expect(refusal(() => unitAmount('0', 'amount', { positive: true }))).toBe('amount must be greater than 0');
  });
});

describe('percent, booleans, times, text', () => {
  it('percent is 0 < x ≤ 100 with at most two decimals', () => {
    expect([percent(10, 'p'), percent('12.5', 'p'), percent(0.01, 'p'), percent(100, 'p')]).toEqual([
      10, 12.5, 0.01, 100,
    ]);
    for (const v of [true, '0x10', '1e-30', 1e-30, 0, 100.01, 12.345, '-5', 'NaN', null])
      expect(refusal(() => percent(v, 'percent_off'))).toMatch(/^percent_off must be a number greater than 0/);
  });
  it('booleans are JSON booleans; query booleans are true|1|false|0', () => {
    expect(boolean(false, 'active')).toBe(false);
    for (const v of ['true', 1, null]) expect(refusal(() => boolean(v, 'active'))).toBe('active must be true or false');
    expect([queryBoolean('1', 'a'), queryBoolean('false', 'a'), queryBoolean(undefined, 'a')]).toEqual([
      true,
      false,
      undefined,
    ]);
    expect(refusal(() => queryBoolean('maybe', 'active'))).toBe('active must be true or false');
  });
  it('unix seconds are whole seconds up to year 9999', () => {
    expect(unixSeconds('1700000000', 't')).toBe(1_700_000_000);
    for (const v of [-1, 1.5, '1e9', 1e308])
      expect(refusal(() => unixSeconds(v, 't'))).toBe('t must be a unix timestamp in seconds');
    expect(refusal(() => unixSeconds(5, 't', { min: 10 }))).toBe('t must not be before 10');
  });
  it('text has a maximum length', () => {
    expect(text('  a ', 'name', { trim: true })).toBe('a');
    expect(refusal(() => text('x'.repeat(11), 'name', { max: 10 }))).toBe('name must be at most 10 characters');
    expect(refusal(() => text(5, 'name'))).toBe('name must be a string');
  });
});

describe('checkParsed (every parsed body)', () => {
  const nest = (levels: number) => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };
  it(`accepts ${MAX_DEPTH} levels and refuses more, without recursion (100000 levels)`, () => {
    expect(() => checkParsed(nest(MAX_DEPTH))).not.toThrow();
    expect(refusal(() => checkParsed(nest(MAX_DEPTH + 1)))).toBe(
      `The request body is nested too deeply (at most ${MAX_DEPTH} levels)`,
    );
    expect(refusal(() => checkParsed(nest(100_000)))).toMatch(/nested too deeply/);
  });
  it('refuses NUL bytes and lone surrogates in keys and values; keeps well-formed text', () => {
    expect(refusal(() => checkParsed({ a: ['x', 'a\0b'] }))).toBe('The request body contains a NUL byte in a value');
    expect(refusal(() => checkParsed({ m: { 'k\0': 1 } }))).toBe('The request body contains a NUL byte in a key');
    expect(refusal(() => checkParsed({ name: 'a\ud800' }))).toMatch(/lone surrogate/);
    expect(refusal(() => checkParsed({ name: '\udc00b' }))).toMatch(/lone surrogate/);
    expect(() => checkParsed({ name: 'emoji \u{1F4A5} 中文 \u202e' })).not.toThrow();
  });
});
