import { describe, expect, it } from 'vitest';
import { joinPhone, splitPhone } from '../../src/core/phone.ts';

describe('phone split and join', () => {
  it('keeps the country of an international number and defaults to us', () => {
    expect(splitPhone('+44 20 7946 0958')).toEqual({ country: 'gb', national: '20 7946 0958' });
    expect(splitPhone('+1 201 555 0123')).toEqual({ country: 'us', national: '201 555 0123' });
    expect(splitPhone('+1 416 555 0100', 'ca')).toEqual({ country: 'ca', national: '416 555 0100' });
    expect(splitPhone('+852 2123 4567')).toEqual({ country: 'hk', national: '2123 4567' });
    expect(splitPhone('201 555 0123')).toEqual({ country: 'us', national: '201 555 0123' });
    expect(joinPhone('gb', '20 7946 0958')).toBe('+44 20 7946 0958');
    expect(joinPhone('us', '  ')).toBe('');
  });
});
