/** The contract checker fails for the right reasons: each kind of defect it exists to catch, on a real type. */
import { describe, expect, it } from 'vitest';
import { array, number, optional, string, type } from 'superstruct';
import { createChecker, structPaths } from './checker.ts';

const checker = createChecker();
const setting = {
  id: 'set_1',
  livemode: true,
  type: 'donate',
  mount_location: 'blog',
  active: true,
  component_did: 'z1',
  settings: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const grant = {
  id: 'cg_1',
  object: 'credit_grant',
  amount: '100',
  currency_id: 'pc_1',
  category: 'paid',
  customer_id: 'cus_1',
  livemode: true,
  priority: 50,
  status: 'granted',
  remaining_amount: '100',
  created_via: 'api',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  metadata: {},
  customer: null,
  paymentCurrency: null,
  paymentMethod: null,
};

describe('contract checker', () => {
  it('accepts a conforming response, nulls and extra fields', () => {
    expect(checker.validate('Setting', setting)).toEqual([]);
    expect(checker.validate('Setting', { ...setting, component_did: null, extra: 1 })).toEqual([]);
  });

  it('fails on a missing required field', () => {
    const { mount_location: _gone, ...rest } = setting;
    expect(checker.validate('Setting', rest)).toEqual(['(root)/mount_location: missing required field']);
    // …also deep inside a list
    const list = { count: 1, list: [(({ remaining_amount: _r, ...g }) => g)(grant)] };
    expect(checker.validate('CreditGrantList', list)).toEqual(['/list/0/remaining_amount: missing required field']);
  });

  it('fails on a wrong type', () => {
    expect(checker.validate('Setting', { ...setting, active: 'yes' })).toEqual(['/active: must be boolean']);
    expect(checker.validate('CreditGrantList', { count: '1', list: [] })).toEqual(['/count: must be number']);
  });

  it('fails on an enum value outside the real union (LiteralUnion included)', () => {
    expect(checker.validate('CreditGrantList', { count: 1, list: [{ ...grant, status: 'active' }] })).toEqual([
      '/list/0/status: "active" is not one of ["depleted","expired","granted","pending","voided"]',
    ]);
  });

  it('finds a field the elements read that the real type does not have', () => {
    expect(checker.unknownReads('Setting', ['mount_location', 'component_did', 'settings.anything'])).toEqual([]);
    expect(checker.unknownReads('Setting', ['mountLocation', 'componentDid'])).toEqual([
      'mountLocation',
      'componentDid',
    ]);
    // Through a superstruct response schema, as the elements check it.
    const Struct = type({
      count: number(),
      list: array(type({ id: string(), packages: optional(array(string())), threshold: string() })),
    });
    expect(structPaths(Struct)).toEqual(['count', 'list', 'list.*.id', 'list.*.packages', 'list.*.threshold']);
    expect(checker.unknownReads('CreditGrantList', structPaths(Struct))).toEqual([
      'list.*.packages',
      'list.*.threshold',
    ]);
  });
});
