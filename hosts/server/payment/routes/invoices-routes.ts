import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import { requireMerchant } from './auth.ts';
import { expandInvoice, expandPaymentIntent, updateInvoiceMetadata, voidInvoice } from '../domain/invoices.ts';
import { addSearch, bodyOf, listWhere, pagingOf, paramOf, queryString } from './http.ts';
import { find, list, mustFind } from '../data/repo.ts';
import { publicOf } from '../domain/stake-shape.ts';
import { addPaymentSearch } from './payment-history-routes.ts';
import { assertOwner, listScope } from './scope.ts';

/**
 * Invoices (`invoices.*`, the portal's invoice history) and payment intents (payment history): parse the list
 * filters, authorize (merchant, or the customer's own), call the domain (domain/invoices.ts), answer expanded.
 */

export function createInvoiceRoutes({ db }: SandboxContext): Router {
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
    res.json(await updateInvoiceMetadata(db, paramOf(req, 'id'), bodyOf(req)));
  });

  r.post('/invoices/:id/void', requireMerchant, async (req, res) => {
    res.json(await voidInvoice(db, paramOf(req, 'id')));
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
