import { describe, expect, it } from 'vitest';
import { groupInvoicesByPeriod } from '../../src/portal/invoice-groups.ts';

describe('groupInvoicesByPeriod (invoice history as a grouped list)', () => {
  it('one group per month, newest month first, the server order kept inside a month', () => {
    const at = (y: number, m: number, d: number) => new Date(y, m, d, 12).toISOString();
    const list = [
      { id: 'a', created_at: at(2026, 10, 20) },
      { id: 'b', created_at: at(2026, 9, 31) },
      { id: 'c', created_at: at(2026, 10, 1) },
      { id: 'd', created_at: Math.floor(new Date(2025, 11, 5).getTime() / 1000) }, // unix seconds
      { id: 'e', created_at: at(2026, 9, 2) },
    ];
    const groups = groupInvoicesByPeriod(list);
    expect(groups.map((g) => [g.key, g.items.map((i) => i.id).join('')])).toEqual([
      ['2026-11', 'ac'],
      ['2026-10', 'be'],
      ['2025-12', 'd'],
    ]);
    expect(groups[0]!.start.getDate()).toBe(1);
    expect(groups[0]!.start.getMonth()).toBe(10);
  });

  it('an invoice without a valid date goes last; nothing gives no groups', () => {
    const groups = groupInvoicesByPeriod([
      { id: 'x', created_at: 'garbage' },
      { id: 'y', created_at: new Date(2026, 0, 3).toISOString() },
    ]);
    expect(groups.map((g) => g.key)).toEqual(['2026-01', '']);
    expect(groupInvoicesByPeriod([])).toEqual([]);
  });
});
