/**
 * The invoice history as a list grouped by period (spec §2 "invoice history (table and grouped list)"): one group
 * per calendar month of `created_at` in the viewer's time zone, newest month first, the invoices of a month in the
 * order the server gave them. Framework-free.
 */
import { toDayjs, type TimeInput } from '../core/dates.ts';

export type InvoiceGroup<T> = { key: string; start: Date; items: T[] };

/** Groups by month (`YYYY-MM`); invoices without a valid date go into a last group with key `''`. */
export function groupInvoicesByPeriod<T extends { created_at?: TimeInput }>(
  list: readonly T[],
): Array<InvoiceGroup<T>> {
  const groups = new Map<string, InvoiceGroup<T>>();
  for (const inv of list) {
    const d = toDayjs(inv.created_at ?? null);
    const key = d ? d.format('YYYY-MM') : '';
    let g = groups.get(key);
    if (!g) {
      g = { key, start: d ? d.startOf('month').toDate() : new Date(0), items: [] };
      groups.set(key, g);
    }
    g.items.push(inv);
  }
  return [...groups.values()].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : b.key.localeCompare(a.key)));
}
