import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { requireMerchant } from '../auth.ts';
import { addSearch, bodyOf, listWhere, obj, pagingOf, paramOf, queryString, type Body } from '../http.ts';
import { expandPrice } from '../pricing.ts';
import { find, list, mustFind, save, type Doc } from '../repo.ts';
import { publicOf } from '../domain/stake-shape.ts';
import { addPaymentSearch } from './payment-history.ts';
import { assertOwner, listScope } from './scope.ts';

/** Invoices (`invoices.*`, the portal's invoice history) and payment intents (payment history). */

/**
 * An invoice as TInvoiceExpanded (list rows too: `lines` with their prices). `retrieve` adds what payment-js's
 * InvoiceWithDiscount has: `discountDetails[{coupon, promotionCode}]` (one per discount amount) and the checkout session.
 */
async function expandInvoice(q: Queryable, invoice: Doc, retrieve: boolean): Promise<Doc> {
  const lines = await Promise.all(
    (
      await q.query<{ data: Doc }>('SELECT data FROM invoice_items WHERE invoice_id = $1 ORDER BY created_at, id', [
        invoice.id,
      ])
    ).rows.map(async ({ data }) => ({
      ...data,
      discounts: data.discounts ?? [],
      price: data.price_id ? await expandPrice(q, await mustFind(q, 'prices', data.price_id)) : null,
    })),
  );
  const session =
    retrieve && invoice.checkout_session_id ? await find(q, 'checkout_sessions', invoice.checkout_session_id) : null;
  const amounts = (invoice.total_discount_amounts as Doc[] | undefined) ?? [];
  const discountDetails = retrieve
    ? await Promise.all(
        amounts.map(async (d) => ({
          coupon: d.coupon ? await find(q, 'coupons', d.coupon) : null,
          promotionCode: d.promotion_code ? await find(q, 'promotion_codes', d.promotion_code) : null,
        })),
      )
    : null;
  return {
    ...invoice,
    // Rows written before discounts were ids carry objects: send their ids only.
    discounts: ((invoice.discounts as unknown[] | undefined) ?? []).filter((d): d is string => typeof d === 'string'),
    customer: await find(q, 'customers', invoice.customer_id),
    paymentCurrency: await find(q, 'payment_currencies', invoice.currency_id),
    paymentMethod: await find(q, 'payment_methods', invoice.default_payment_method_id),
    paymentIntent: invoice.payment_intent_id ? await find(q, 'payment_intents', invoice.payment_intent_id) : null,
    subscription: invoice.subscription_id
      ? await publicOf(q, await find(q, 'subscriptions', invoice.subscription_id))
      : null,
    lines,
    ...(discountDetails ? { discountDetails } : {}),
    ...(session ? { checkoutSession: session } : {}),
  };
}

async function expandPaymentIntent(q: Queryable, pi: Doc): Promise<Doc> {
  return {
    ...pi,
    customer: await find(q, 'customers', pi.customer_id),
    paymentCurrency: await find(q, 'payment_currencies', pi.currency_id),
    paymentMethod: await find(q, 'payment_methods', pi.payment_method_id),
    invoice: pi.invoice_id ? await find(q, 'invoices', pi.invoice_id) : null,
  };
}

export function createInvoiceRoutes({ db, clock }: SandboxContext): Router {
  const r = Router();

  const listInvoices = (search: boolean) => async (req: Request, res: Response) => {
    const scope = await listScope(db, req, res, 'invoices');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req)
      .oneOf('status', queryString(req, 'status'))
      .eq('customer_id', scope)
      .eq('subscription_id', queryString(req, 'subscription_id'))
      .eq('currency_id', queryString(req, 'currency_id'));
    if (req.query.ignore_zero === 'true') where.add("(data->>'total')::numeric <> 0");
    if (search) addSearch(where, req.query.query);
    const page = await list(db, 'invoices', where, pagingOf(req));
    const subscriptionId = queryString(req, 'subscription_id');
    res.json({
      count: page.count,
      list: await Promise.all(page.list.map((i) => expandInvoice(db, i, false))),
      ...(subscriptionId ? { subscription: await publicOf(db, await find(db, 'subscriptions', subscriptionId)) } : {}),
    });
  };
  r.get('/invoices', listInvoices(false));
  r.get('/invoices/search', requireMerchant, listInvoices(true));

  r.get('/invoices/:id', async (req, res) => {
    const invoice = await mustFind(db, 'invoices', paramOf(req, 'id'));
    await assertOwner(db, res, invoice, 'invoice');
    res.json(await expandInvoice(db, invoice, true));
  });

  r.put('/invoices/:id', requireMerchant, async (req, res) => {
    const body: Body = bodyOf(req);
    const invoice = await mustFind(db, 'invoices', paramOf(req, 'id'));
    const metadata = obj(body, 'metadata');
    res.json(
      await save(db, 'invoices', {
        ...invoice,
        ...(metadata ? { metadata: { ...invoice.metadata, ...metadata } } : {}),
      }),
    );
  });

  r.post('/invoices/:id/void', requireMerchant, async (req, res) => {
    const invoice = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'invoices', paramOf(req, 'id'), { lock: true });
      if (doc.status === 'paid') throw new HttpError(400, 'A paid invoice cannot be voided');
      if (doc.status === 'void') return doc;
      return save(tx, 'invoices', {
        ...doc,
        status: 'void',
        amount_remaining: '0',
        status_transitions: { ...doc.status_transitions, voided_at: clock.nowSeconds() },
      });
    });
    res.json(invoice);
  });

  r.get('/payment-intents', async (req, res) => {
    const scope = await listScope(db, req, res, 'payments');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req)
      .oneOf('status', queryString(req, 'status'))
      .eq('customer_id', scope)
      .eq('invoice_id', queryString(req, 'invoice_id'));
    // `query` is a sandbox extension the portal's search box sends (the real list ignores it; its search is the
    // merchant's /payment-intents/search).
    if (!addPaymentSearch(req, res, where)) return;
    const page = await list(db, 'payment_intents', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((p) => expandPaymentIntent(db, p))) });
  });

  r.get('/payment-intents/:id', async (req, res) => {
    const pi = await mustFind(db, 'payment_intents', paramOf(req, 'id'));
    await assertOwner(db, res, pi, 'payment');
    res.json(await expandPaymentIntent(db, pi));
  });

  return r;
}
