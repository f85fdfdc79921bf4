import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { CustomerShipping } from '@blocklet/payment-types';
import { HttpError } from '../../platform.ts';
import { isAbsent, QUANTITY_MAX, text, TRIAL_DAYS_MAX, unitAmount } from '../../validate.ts';
import { callerOf, requireMerchant } from '../auth.ts';
import { createSubscription, ensureCustomer } from '../billing.ts';
import { addressOf, customerByIdOrDid, emailError, expandSubscription } from '../domain/customers.ts';
import {
  addSearch,
  arr,
  bodyOf,
  int,
  listWhere,
  livemodeOf,
  obj,
  oneOf,
  pagingOf,
  paramOf,
  queryString,
  str,
  time,
  type Body,
} from '../http.ts';
import { currencyIdsOf } from '../pricing.ts';
import { find, list, mustFind, remove, save } from '../repo.ts';
import { needsStake } from '../stakes.ts';
import { publicOf } from '../domain/stake-shape.ts';
import { createSubscriptionChangeRoutes } from '../subscription-changes.ts';
import type { CancelationDetails } from '../schema.ts';
import { getUser } from '../../service/users.ts';
import { expandCustomer } from '../domain/customer-relations.ts';
import { assertOwner, listScope } from './scope.ts';

/** Customers (`customers.*`) and subscriptions (`subscriptions.*`); lookups and expansion are in ../domain/customers.ts. */

/** `shipping: {name, phone, address}` of a customer update (TCustomer.shipping). */
function shippingOf(given: Body): CustomerShipping {
  return {
    name: text(given.name, 'shipping.name', { max: 255 }) ?? '',
    phone: text(given.phone, 'shipping.phone', { max: 40 }) ?? '',
    address: addressOf(given.address ?? {}, 'shipping.address'),
  };
}

export function createCustomerRoutes(ctx: SandboxContext): Router {
  const { db } = ctx;
  const r = Router();
  // Change plan and change payment method (subscription-changes.ts).
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
    const body = bodyOf(req);
    const customer = await customerByIdOrDid(db, paramOf(req, 'id'), livemodeOf(req));
    const next = { ...customer };
    if (body.email !== undefined) {
      const email = str(body, 'email') ?? '';
      if (email && emailError(email)) throw new HttpError(400, emailError(email)!.replace('customer_email', 'email'));
      next.email = email;
    }
    if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 255 })!;
    if (body.phone !== undefined) next.phone = str(body, 'phone', { max: 40 }) ?? '';
    if (body.description !== undefined) next.description = str(body, 'description') ?? '';
    if (body.address !== undefined) next.address = isAbsent(body.address) ? null : addressOf(body.address, 'address');
    if (body.shipping !== undefined)
      next.shipping = isAbsent(body.shipping) ? null : shippingOf(obj(body, 'shipping')!);
    if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
    if (body.preference !== undefined) next.preference = obj(body, 'preference') ?? {};
    res.json(await save(db, 'customers', next));
  });

  // --- subscriptions ---
  r.post('/subscriptions', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    const items = (arr(body, 'items') ?? []).map((raw, i) => {
      if (!raw || typeof raw !== 'object') throw new HttpError(400, `items[${i}] must be an object`);
      const item = raw as Body;
      return {
        price_id: str(item, 'price_id', { required: true })!,
        quantity: int(item, 'quantity', { min: 1, max: QUANTITY_MAX, fallback: 1 })!,
        metadata: obj(item, 'metadata'),
      };
    });
    if (!items.length) throw new HttpError(400, 'items must have at least one item');
    const sub = await db.transaction(async (tx) => {
      const customerRef = str(body, 'customer_id', { required: true })!;
      // A platform user's DID gets a customer made from their profile (as their first checkout would).
      const did = customerRef.replace(/^did:abt:/, '');
      const customer =
        !customerRef.startsWith('cus_') && (await getUser(tx, did))
          ? await ensureCustomer(tx, did, livemode)
          : await customerByIdOrDid(tx, customerRef, livemode);
      const prices = await Promise.all(
        items.map(
          async (i, n) =>
            (await find(tx, 'prices', i.price_id)) ??
            Promise.reject(new HttpError(400, `items[${n}].price_id: no such price: ${i.price_id}`)),
        ),
      );
      const currencyId = str(body, 'currency_id') ?? prices[0]!.currency_id;
      for (const p of prices)
        if (!currencyIdsOf(p).includes(currencyId))
          throw new HttpError(400, `Price ${p.id} is not available in currency ${currencyId}`);
      const currency = await mustFind(tx, 'payment_currencies', currencyId);
      const trialEnd = time(body, 'trial_end', { min: ctx.clock.nowSeconds() });
      const stake = isAbsent(body.stake_amount) ? undefined : unitAmount(body.stake_amount, 'stake_amount');
      const { subscription } = await createSubscription(tx, {
        livemode,
        customerId: customer.id,
        currencyId,
        methodId: str(body, 'default_payment_method_id') ?? currency.payment_method_id,
        items: items.map((i) => ({ ...i, metadata: i.metadata ?? {} })),
        trialDays: int(body, 'trial_period_days', { min: 0, max: TRIAL_DAYS_MAX }),
        trialEnd,
        description: str(body, 'description'),
        metadata: obj(body, 'metadata'),
        stakeAmount: stake === '0' ? undefined : stake,
      });
      return expandSubscription(tx, subscription);
    });
    res.json(sub);
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
    const body = bodyOf(req);
    const sub = await mustFind(db, 'subscriptions', paramOf(req, 'id'));
    const next = { ...sub };
    if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
    if (body.description !== undefined) next.description = str(body, 'description', { max: 1000 }) ?? '';
    res.json(await publicOf(db, await save(db, 'subscriptions', next)));
  });

  r.put('/subscriptions/:id/cancel', async (req, res) => {
    const body = bodyOf(req);
    const merchant = callerOf(res).merchant;
    for (const key of ['feedback', 'reason'] as const) str(body, key, { max: 100 });
    str(body, 'comment', { max: 1000 });
    const staking =
      body.staking === undefined ? 'none' : oneOf(body, 'staking', ['none', 'return', 'proration', 'slash'] as const);
    const sub = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'subscriptions', paramOf(req, 'id'), { lock: true });
      await assertOwner(tx, res, doc, 'subscription');
      if (doc.status === 'canceled') throw new HttpError(400, 'This subscription is already canceled');
      const now = ctx.clock.nowSeconds();
      // Cancelling a trial ends it at once; a paid one runs until the end of its period (the merchant may also end
      // it now or at a custom time; a customer always cancels at the period end).
      const at =
        doc.status === 'trialing'
          ? 'now'
          : merchant
            ? oneOf(body, 'at', ['now', 'current_period_end', 'custom'] as const, 'current_period_end')
            : 'current_period_end';
      const details: CancelationDetails = {
        ...(body.feedback !== undefined ? { feedback: str(body, 'feedback', { max: 100 }) ?? '' } : {}),
        ...(body.comment !== undefined ? { comment: str(body, 'comment', { max: 1000 }) ?? '' } : {}),
        ...(body.reason !== undefined ? { reason: str(body, 'reason', { max: 100 }) ?? '' } : {}),
        cancel_from: merchant ? (str(body, 'cancel_from', { max: 100 }) ?? 'admin') : 'customer',
      };
      // Returning or slashing a stake (merchant only) revokes it: resuming then needs a new stake.
      const stake = doc.payment_details?.staking;
      const revoked =
        merchant && stake && staking !== 'none'
          ? {
              ...doc.payment_details,
              staking: { ...stake, revoked_at: now, revoke_reason: staking === 'slash' ? 'slash' : 'return' },
            }
          : doc.payment_details;
      if (at === 'now')
        return save(tx, 'subscriptions', {
          ...doc,
          payment_details: revoked,
          status: 'canceled',
          canceled_at: now,
          ended_at: now,
          cancel_at: now,
          cancel_at_period_end: false,
          cancelation_details: details,
        });
      const cancelAt = at === 'custom' ? time(body, 'time', { min: now }) : doc.current_period_end;
      if (!cancelAt) throw new HttpError(400, 'time is required when at is custom');
      return save(tx, 'subscriptions', {
        ...doc,
        payment_details: revoked,
        cancel_at_period_end: at === 'current_period_end',
        cancel_at: cancelAt,
        canceled_at: now,
        cancelation_details: details,
      });
    });
    res.json(await expandSubscription(db, sub));
  });

  /**
   * Resumes a subscription scheduled to cancel. When its stake was revoked the answer is `{needStake: true,
   * subscription}` and nothing changes (the customer stakes again through the wallet first).
   */
  r.put('/subscriptions/:id/recover', async (req, res) => {
    const result = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'subscriptions', paramOf(req, 'id'), { lock: true });
      await assertOwner(tx, res, doc, 'subscription');
      if (doc.status === 'canceled') throw new HttpError(400, 'A canceled subscription cannot be recovered');
      if (!doc.cancel_at) throw new HttpError(400, 'This subscription is not scheduled to cancel');
      if (needsStake(doc)) return { subscription: doc, needStake: true };
      return {
        subscription: await save(tx, 'subscriptions', {
          ...doc,
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          cancelation_details: null,
        }),
        needStake: false,
      };
    });
    res.json({ subscription: await expandSubscription(db, result.subscription), needStake: result.needStake });
  });

  r.delete('/subscriptions/:id', requireMerchant, async (req, res) => {
    const sub = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'subscriptions', paramOf(req, 'id'), { lock: true });
      await tx.query('DELETE FROM subscription_items WHERE subscription_id = $1', [doc.id]);
      await remove(tx, 'subscriptions', doc.id);
      return doc;
    });
    res.json(await publicOf(db, sub));
  });

  return r;
}
