import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { callerOf, requireMerchant, requireUser } from './auth.ts';
import { customerOfDid } from '../domain/billing.ts';
import { createAutoRechargeRoutes } from './auto-recharge-routes.ts';
import { listCreditTransactions } from '../domain/credit-ledger.ts';
import { bodyOf, listWhere, livemodeOf, pagingOf, paramOf, queryBool, queryString } from './http.ts';
import { unixSeconds } from '../../validate.ts';
import { list, mustFind, type Doc } from '../data/repo.ts';
import {
  createCreditGrant,
  expandGrant,
  listCreditGrants,
  updateCreditGrant,
  verifyAvailability,
  voidCreditGrant,
} from '../domain/credit-grants.ts';
import { customerByIdOrDid } from '../domain/customers.ts';
import {
  createMeter,
  expandEvent,
  pendingUsage,
  recordMeterEvent,
  setMeterStatus,
  updateMeter,
} from '../domain/meters.ts';
import { assertOwner, listScope } from './scope.ts';

/**
 * Credit grants (`creditGrants.*`), credit transactions, meters (`meters.*`) and meter events (`meterEvents.*`):
 * parse, authorize (merchant, or the customer's own), call the domain (domain/credit-grants.ts, domain/meters.ts,
 * credit-ledger.ts), shape the answer.
 */

/** A unix-seconds query parameter (400 when it is not an integer). */
function secondsQuery(req: Parameters<typeof queryString>[0], name: string): number | undefined {
  const raw = queryString(req, name);
  return raw === undefined ? undefined : unixSeconds(raw, name);
}

/** The customer of `?customer_id=` (id or DID), which is required. */
async function queryCustomer(q: Queryable, req: Parameters<typeof queryString>[0]): Promise<Doc> {
  const ref = queryString(req, 'customer_id');
  if (!ref) throw new HttpError(400, 'customer_id is required');
  return customerByIdOrDid(q, ref, livemodeOf(req));
}

const isDid = (value: string | undefined): boolean => !!value && !value.startsWith('cus_');

/** The scope of a `customer_id` given as a DID: that customer for the merchant, else only the caller's own DID. */
async function didScope(
  q: Queryable,
  req: Parameters<typeof queryString>[0],
  res: Parameters<typeof listScope>[2],
): Promise<string | null> {
  const did = queryString(req, 'customer_id')!.replace(/^did:abt:/, '');
  if (!callerOf(res).merchant && did !== requireUser(res, 'Please log in to view pending usage').did) {
    throw new HttpError(403, 'You are not allowed to view pending usage of another customer');
  }
  return (await customerOfDid(q, did, livemodeOf(req)))?.id ?? null;
}

export function createCreditRoutes(ctx: SandboxContext): Router {
  const { db } = ctx;
  const r = Router();
  // Auto top-up configuration (auto-recharge-routes.ts).
  r.use(createAutoRechargeRoutes(ctx));

  // --- credit grants ---
  r.post('/credit-grants', requireMerchant, async (req, res) => {
    const grant = await createCreditGrant(db, bodyOf(req), livemodeOf(req));
    res.json(await expandGrant(db, grant));
  });

  r.get('/credit-grants', async (req, res) => {
    const scope = await listScope(db, req, res, 'credit grants');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req)
      .eq('customer_id', scope)
      .eq('currency_id', queryString(req, 'currency_id'))
      .oneOf('status', queryString(req, 'status'));
    const subscriptionId = queryString(req, 'subscription_id');
    if (subscriptionId) where.add(`data->>'subscription_id' = ${where.param(subscriptionId)}`);
    res.json(await listCreditGrants(db, { customerId: scope, livemode: livemodeOf(req) }, where, pagingOf(req)));
  });

  // creditGrants.summary is served by the auto top-up routes mounted above (the portal reads it as the customer).

  r.get('/credit-grants/verify-availability', requireMerchant, async (req, res) => {
    const customer = await queryCustomer(db, req);
    res.json(
      await verifyAvailability(db, {
        customerId: customer.id,
        currencyId: queryString(req, 'currency_id'),
        pendingAmount: queryString(req, 'pending_amount') ?? '0',
        livemode: livemodeOf(req),
      }),
    );
  });

  r.put('/credit-grants/:id', requireMerchant, async (req, res) => {
    await updateCreditGrant(db, paramOf(req, 'id'), bodyOf(req));
    res.json({ success: true });
  });

  r.get('/credit-grants/:id', async (req, res) => {
    const grant = await mustFind(db, 'credit_grants', paramOf(req, 'id'));
    await assertOwner(db, res, grant, 'credit grant');
    res.json(await expandGrant(db, grant));
  });

  /** Voids a grant (merchant): what remains can no longer be used. */
  r.post('/credit-grants/:id/void', requireMerchant, async (req, res) => {
    res.json(await expandGrant(db, await voidCreditGrant(db, paramOf(req, 'id'))));
  });

  // --- credit transactions ---
  /** Usage rows (and with include_grants the grants themselves), newest first; start/end in unix seconds. */
  r.get('/credit-transactions', async (req, res) => {
    const scope = await listScope(db, req, res, 'credit transactions');
    const start = secondsQuery(req, 'start');
    const end = secondsQuery(req, 'end');
    if (start !== undefined && end !== undefined && start > end)
      throw new HttpError(400, 'start must not be after end');
    const creditGrantId = queryString(req, 'credit_grant_id');
    if (creditGrantId) await assertOwner(db, res, await mustFind(db, 'credit_grants', creditGrantId), 'credit grant');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const paging = pagingOf(req);
    res.json(
      await listCreditTransactions(db, {
        livemode: livemodeOf(req),
        customerId: scope,
        subscriptionId: queryString(req, 'subscription_id'),
        creditGrantId,
        source: queryString(req, 'source'),
        includeGrants: queryBool(req, 'include_grants') === true,
        start,
        end,
        page: paging.page,
        pageSize: paging.pageSize,
      }),
    );
  });

  // --- meters ---
  r.post('/meters', requireMerchant, async (req, res) => {
    res.json(await createMeter(db, bodyOf(req), livemodeOf(req)));
  });

  r.get('/meters', requireMerchant, async (req, res) => {
    res.json(
      await list(
        db,
        'meters',
        listWhere(req).eq('event_name', queryString(req, 'event_name')).eq('status', queryString(req, 'status')),
        pagingOf(req),
      ),
    );
  });
  r.get('/meters/:id', requireMerchant, async (req, res) => {
    res.json(await mustFind(db, 'meters', paramOf(req, 'id')));
  });
  r.put('/meters/:id', requireMerchant, async (req, res) => {
    res.json(await updateMeter(db, paramOf(req, 'id'), bodyOf(req)));
  });
  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    r.put(`/meters/:id/${action}`, requireMerchant, async (req, res) => {
      res.json(await setMeterStatus(db, paramOf(req, 'id'), status));
    });
  }

  // --- meter events ---
  r.post('/meter-events', requireMerchant, async (req, res) => {
    res.json(await recordMeterEvent(db, bodyOf(req), livemodeOf(req)));
  });

  r.get('/meter-events', async (req, res) => {
    const scope = await listScope(db, req, res, 'meter events');
    if (scope === null) return void res.json({ count: 0, list: [] });
    const where = listWhere(req)
      .eq('customer_id', scope)
      .eq('event_name', queryString(req, 'event_name'))
      .oneOf('status', queryString(req, 'status'));
    const page = await list(db, 'meter_events', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((e) => expandEvent(db, e))) });
  });

  /** {[currency_id]: total of the customer's pending (not yet billed) usage}, smallest units. */
  r.get('/meter-events/pending-amount', async (req, res) => {
    // customer_id may be the customer's DID, as the customer paths (/customers/{did}/…) accept it.
    const scope = isDid(queryString(req, 'customer_id'))
      ? await didScope(db, req, res)
      : await listScope(db, req, res, 'pending usage');
    if (!scope) return void res.json({});
    const pending = await pendingUsage(db, scope, livemodeOf(req));
    const wanted = queryString(req, 'currency_id');
    res.json(wanted ? (pending[wanted] ? { [wanted]: pending[wanted] } : {}) : pending);
  });

  r.get('/meter-events/:id', async (req, res) => {
    const event = await mustFind(db, 'meter_events', paramOf(req, 'id'));
    await assertOwner(db, res, event, 'meter event');
    res.json(await expandEvent(db, event));
  });

  return r;
}
