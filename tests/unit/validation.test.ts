import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isPostalCode,
  validateBillingAddress,
  validateEmail,
  validateName,
  validateOrgDescription,
  validateOrgName,
  validatePattern,
  validatePhone,
  validateStoreName,
  validateThreshold,
  loadPhoneLib,
} from '../../src/core/validation.ts';

describe('email (spec §5)', () => {
  it('required and valid, returning i18n keys', () => {
    expect(validateEmail('')).toBe('validation.required');
    expect(validateEmail('   ')).toBe('validation.required');
    expect(validateEmail(undefined)).toBe('validation.required');
    expect(validateEmail('casey@example.com')).toBeNull();
    expect(validateEmail('first.last+tag@sub.example.co')).toBeNull();
    for (const bad of ['plain', 'a@b', '@b.co', 'a@.co', 'a@b..co', 'a b@c.co', 'a@-b.co', 'a..b@c.co']) {
      expect(validateEmail(bad), bad).toBe('validation.email');
    }
  });

  it('length limits: total 254, local part 64, domain label 63', () => {
    expect(isEmail(`${'a'.repeat(64)}@x.co`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@x.co`)).toBe(false);
    expect(isEmail(`a@${'b'.repeat(63)}.co`)).toBe(true);
    expect(isEmail(`a@${'b'.repeat(64)}.co`)).toBe(false);
    const at = (total: number) => {
      // local 'a' + '@' + labels of ≤63 chars joined by dots, ending in '.co', exactly `total` chars long
      const labels = ['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(63)];
      const rest = total - 2 - labels.join('.').length - 1 - 3; // 'a@' + labels + '.' + last + '.co'
      return `a@${labels.join('.')}.${'e'.repeat(rest)}.co`;
    };
    expect(at(254)).toHaveLength(254);
    expect(isEmail(at(254))).toBe(true);
    expect(isEmail(at(255))).toBe(false);
  });

  it('name required', () => {
    expect(validateName('')).toBe('validation.required');
    expect(validateName('Casey')).toBeNull();
  });
});

describe('phone', () => {
  it('empty valid unless required; fallback regex without the library', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('+1')).toBeNull();
    expect(validatePhone('', { required: true })).toBe('validation.required');
    expect(validatePhone('+1 415 555 2671')).toBeNull();
    expect(validatePhone('abc')).toBe('validation.phone');
  });

  it('uses libphonenumber when loaded (lazily)', async () => {
    const lib = await loadPhoneLib();
    expect(lib).not.toBeNull();
    expect(validatePhone('+14155552671', { lib })).toBeNull();
    expect(validatePhone('+1 123', { lib })).toBe('validation.phone');
  });
});

describe('billing address and patterns', () => {
  it('required mode needs line1, city, state, postal_code; stripe mode only postal_code', () => {
    expect(validateBillingAddress({ country: 'us' }, 'required')).toEqual({
      line1: 'validation.required',
      city: 'validation.required',
      state: 'validation.required',
      postal_code: 'validation.required',
    });
    expect(validateBillingAddress({ country: 'us' }, 'postal')).toEqual({ postal_code: 'validation.required' });
    expect(validateBillingAddress({ country: 'us', postal_code: 'ABCDE' }, 'postal')).toEqual({
      postal_code: 'validation.postalCode',
    });
    expect(validateBillingAddress({ country: 'us', postal_code: '94107' }, 'postal')).toEqual({});
    expect(validateBillingAddress(undefined, 'none')).toEqual({});
    expect(isPostalCode('', 'us')).toBe(true);
    expect(isPostalCode('100000', 'cn')).toBe(true);
    expect(isPostalCode('anything', 'zz')).toBe(true);
  });

  it('custom pattern with per-locale message, default invalid key', () => {
    const rule = { pattern: '^[A-Z]+$', pattern_message: { en: 'Upper case only', zh: '仅大写' } };
    expect(validatePattern('ABC', rule, 'en')).toBeNull();
    expect(validatePattern('abc', rule, 'zh')).toBe('仅大写');
    expect(validatePattern('abc', { pattern: '^\\d+$' })).toBe('validation.invalid');
    expect(validatePattern('', rule)).toBeNull();
  });
});

describe('other forms', () => {
  it('org name / description', () => {
    expect(validateOrgName('  ')).toEqual({ key: 'validation.orgNameRequired' });
    expect(validateOrgName('x'.repeat(26))).toEqual({ key: 'validation.maxLength', params: { max: 25 } });
    expect(validateOrgName(' Acme ')).toBeNull();
    expect(validateOrgDescription('x'.repeat(256))).toEqual({ key: 'validation.maxLength', params: { max: 25 } });
    expect(validateOrgDescription('x'.repeat(255))).toBeNull();
  });

  it('store names and thresholds', () => {
    expect(validateStoreName('my-blocklet_1')).toBeNull();
    expect(validateStoreName('bad name')).toEqual({ key: 'validation.nameChars' });
    expect(validateStoreName('')).toEqual({ key: 'validation.required' });
    expect(validateThreshold('abc')).toBe('threshold.number');
    expect(validateThreshold('0')).toBe('threshold.positive');
    expect(validateThreshold('0.5')).toBeNull();
  });
});
