/** A customer as TCustomerExpanded (no HTTP): its payments, subscriptions and invoices, oldest first. */
import type { Queryable } from '../../db.ts';
import type { Doc } from '../data/repo.ts';
import { publicOf } from './stake-shape.ts';

async function rowsOf(q: Queryable, table: 'payment_intents' | 'subscriptions' | 'invoices', customerId: string) {
  const { rows } = await q.query<{ data: Doc }>(
    `SELECT data FROM ${table} WHERE customer_id = $1 ORDER BY created_at, id`,
    [customerId],
  );
  return rows.map((r) => r.data);
}

/** payment-types TCustomerExpanded: `payments` (TPaymentIntent[]), `subscriptions` (TSubscription[]), `invoices` (TInvoice[]). */
export async function expandCustomer(q: Queryable, customer: Doc): Promise<Doc> {
  const subscriptions = await Promise.all((await rowsOf(q, 'subscriptions', customer.id)).map((s) => publicOf(q, s)));
  return {
    ...customer,
    payments: await rowsOf(q, 'payment_intents', customer.id),
    subscriptions,
    // TInvoice.discounts is string[]: rows written before discounts were ids carry objects (as the invoice routes do).
    invoices: (await rowsOf(q, 'invoices', customer.id)).map((inv) => ({
      ...inv,
      discounts: ((inv.discounts as unknown[] | undefined) ?? []).filter((d): d is string => typeof d === 'string'),
    })),
  };
}
