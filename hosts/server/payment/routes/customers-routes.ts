import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import { callerOf, requireMerchant } from './auth.ts';
import { customerByIdOrDid, expandSubscription, updateCustomer } from '../domain/customers.ts';
import {
  cancelSubscription,
  createMerchantSubscription,
  deleteSubscription,
  recoverSubscription,
  updateSubscription,
} from '../domain/subscriptions.ts';
import { addSearch, bodyOf, listWhere, livemodeOf, pagingOf, paramOf, queryString } from './http.ts';
import { list, mustFind } from '../data/repo.ts';
import { publicOf } from '../domain/stake-shape.ts';
import { createSubscriptionChangeRoutes } from './subscription-changes-routes.ts';
import { expandCustomer } from '../domain/customer-relations.ts';
import { assertOwner, listScope, ownerCheck } from './scope.ts';

/**
 * Customers (`customers.*`) and subscriptions (`subscriptions.*`): parse, authorize (merchant, or the customer's own),
 * call the domain (domain/customers.ts: lookups, expansion, update; domain/subscriptions.ts: create, update, cancel,
 * recover, delete), shape the answer.
 */

export function createCustomerRoutes(ctx: SandboxContext): Router {
  const { db } = ctx;
  const r = Router();
  // Change plan and change payment method (subscription-changes-routes.ts).
  r.use(createSubscriptionChangeRoutes(ctx));

  // --- customers ---
  r.get('/customers', requireMerchant, async (req, res) => {
    const where = listWhere(req).eq('did', queryString(req, 'did')).eq('email', queryString(req, 'email'));
    const page = await list(db, 'customers', where, pagingOf(req));
    res.json({ ...page, list: await Promise.all(page.list.map((c) => expandCustomer(db, c))) });
  });
  r.get('/customers/search', requireMerchant, async (req, res) => {
    const page = await list(db, 'customers', addSearch(listWhere(req), req.query.query), pagingOf(req));
    res.json({ ...page, list: await Promise.all(page.list.map((c) => expandCustomer(db, c))) });
  });
  r.get('/customers/:id', async (req, res) => {
    const customer = await customerByIdOrDid(db, paramOf(req, 'id'), livemodeOf(req));
    await assertOwner(db, res, { ...customer, customer_id: customer.id }, 'customer');
    res.json(await expandCustomer(db, customer));
  });
  r.put('/customers/:id', requireMerchant, async (req, res) => {
    res.json(await updateCustomer(db, paramOf(req, 'id'), livemodeOf(req), bodyOf(req)));
  });

  // --- subscriptions ---
  r.post('/subscriptions', requireMerchant, async (req, res) => {
    res.json(await createMerchantSubscription(db, bodyOf(req), livemodeOf(req)));
  });

  const listSubscriptions = (search: boolean) => async (req: Request, res: Response) => {
    const scope = await listScope(db, req, res, 'subscriptions');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req).oneOf('status', queryString(req, 'status')).eq('customer_id', scope);
    if (search) addSearch(where, req.query.query);
    const paging = pagingOf(req);
    const page = await list(db, 'subscriptions', where, paging);
    if (req.query.activeFirst === 'true')
      page.list.sort(
        (a, b) =>
          Number(b.status === 'active' || b.status === 'trialing') -
          Number(a.status === 'active' || a.status === 'trialing'),
      );
    res.json({ count: page.count, list: await Promise.all(page.list.map((s) => expandSubscription(db, s))) });
  };
  r.get('/subscriptions', listSubscriptions(false));
  r.get('/subscriptions/search', requireMerchant, listSubscriptions(true));

  r.get('/subscriptions/:id', async (req, res) => {
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    await assertOwner(db, res, sub, 'subscription');
    res.json(await expandSubscription(db, sub));
  });

  r.put('/subscriptions/:id', requireMerchant, async (req, res) => {
    res.json(await publicOf(db, await updateSubscription(db, paramOf(req, 'id'), bodyOf(req))));
  });

  r.put('/subscriptions/:id/cancel', async (req, res) => {
    const { merchant } = callerOf(res);
    const sub = await cancelSubscription(
      db,
      paramOf(req, 'id'),
      bodyOf(req),
      { merchant },
      ownerCheck(res, 'subscription'),
    );
    res.json(await expandSubscription(db, sub));
  });

  /**
   * Resumes a subscription scheduled to cancel. When its stake was revoked the answer is `{needStake: true,
   * subscription}` and nothing changes (the customer stakes again through the wallet first).
   */
  r.put('/subscriptions/:id/recover', async (req, res) => {
    const result = await recoverSubscription(db, paramOf(req, 'id'), ownerCheck(res, 'subscription'));
    res.json({ subscription: await expandSubscription(db, result.subscription), needStake: result.needStake });
  });

  r.delete('/subscriptions/:id', requireMerchant, async (req, res) => {
    res.json(await publicOf(db, await deleteSubscription(db, paramOf(req, 'id'))));
  });

  return r;
}
