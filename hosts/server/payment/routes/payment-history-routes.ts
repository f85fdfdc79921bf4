import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { listWhere, pagingOf, queryString } from './http.ts';
import { find, list, type Doc } from '../data/repo.ts';
import { listScope } from './scope.ts';

/**
 * The portal's payment history: `GET /api/payment-history` lists the payment intents of the signed-in customer
 * (a merchant may name any `customer_id`), newest first, with the currency, the method and the linked invoice
 * (id, number, status). `query` searches the intent's data (each word: the intent's data or its invoice's number). A customer asking for
 * another customer's payments gets 403, never the list.
 */

async function expand(q: Queryable, pi: Doc): Promise<Doc> {
  const invoice = pi.invoice_id ? await find(q, 'invoices', pi.invoice_id) : null;
  return {
    ...pi,
    paymentCurrency: await find(q, 'payment_currencies', pi.currency_id),
    paymentMethod: await find(q, 'payment_methods', pi.payment_method_id),
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number ?? null,
          status: invoice.status,
          billing_reason: invoice.billing_reason ?? null,
        }
      : null,
  };
}

/**
 * The payment search both lists take (`query`, 200 characters at most): each word matches the intent's data (id,
 * amount, tx hash…) or the number of its invoice. Returns false (after a 400) when the text is too long.
 */
export function addPaymentSearch(
  req: Parameters<typeof queryString>[0],
  res: { status: (n: number) => { json: (b: unknown) => unknown } },
  where: ReturnType<typeof listWhere>,
): boolean {
  const query = queryString(req, 'query');
  if (query && query.length > 200) {
    res.status(400).json({ error: 'The search text is too long (200 characters at most)' });
    return false;
  }
  for (const word of (query ?? '').split(/\s+/).filter(Boolean)) {
    const like = where.param(`%${word.replace(/[%_\\]/g, '\\$&')}%`);
    where.add(
      `(data::text ILIKE ${like} OR invoice_id IN (SELECT id FROM invoices WHERE data->>'number' ILIKE ${like}))`,
    );
  }
  return true;
}

export function createPaymentHistoryRoutes({ db }: SandboxContext): Router {
  const r = Router();
  r.get('/payment-history', async (req, res) => {
    const scope = await listScope(db, req, res, 'payments');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req).oneOf('status', queryString(req, 'status')).eq('customer_id', scope);
    if (!addPaymentSearch(req, res, where)) return;
    const page = await list(db, 'payment_intents', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((p) => expand(db, p))) });
  });
  return r;
}
