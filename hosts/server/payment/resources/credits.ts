import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { callerOf, requireMerchant, requireUser } from '../auth.ts';
import { customerOfDid } from '../billing.ts';
import { creditBalance } from '../pay.ts';
import { createAutoRechargeRoutes } from '../auto-recharge.ts';
import { grantStatusAt, listCreditTransactions } from '../credit-ledger.ts';
import {
  bodyOf,
  bool,
  int,
  listWhere,
  livemodeOf,
  obj,
  oneOf,
  pagingOf,
  paramOf,
  pick,
  queryBool,
  queryString,
  str,
  time,
} from '../http.ts';
import { sum } from '../money.ts';
import { DECIMAL_MAX, tokenAmount, unitAmount, unixSeconds } from '../../validate.ts';
import { currency } from '../pricing.ts';
import { find, insert, list, mustFind, newDoc, save, type Doc } from '../repo.ts';
import { customerByIdOrDid } from '../domain/customers.ts';
import { assertOwner, listScope } from './scope.ts';

/**
 * Credit grants (`creditGrants.*`), credit transactions, meters (`meters.*`) and meter events (`meterEvents.*`).
 * Usage of a meter billed in a credit currency stays pending until the billing clock settles it from the
 * customer's grants (credit-ledger.ts `settleCreditUsage`, run by POST /api/sandbox/clock/advance).
 */

/** A unix-seconds query parameter (400 when it is not an integer). */
function secondsQuery(req: Parameters<typeof queryString>[0], name: string): number | undefined {
  const raw = queryString(req, name);
  return raw === undefined ? undefined : unixSeconds(raw, name);
}

/** Brings the stored status of a scope's grants up to date with the clock (pending → granted, → expired). */
async function syncGrantStatuses(q: Queryable, customerId: string | undefined, livemode: boolean): Promise<void> {
  const params: unknown[] = [livemode];
  const where = `livemode = $1 AND status IN ('granted', 'pending')${customerId ? ` AND customer_id = $${params.push(customerId)}` : ''}`;
  const { rows } = await q.query<{ data: Doc }>(`SELECT data FROM credit_grants WHERE ${where}`, params);
  for (const { data } of rows) {
    const status = grantStatusAt(data, q.clock.nowSeconds());
    if (status !== data.status) await save(q, 'credit_grants', { ...data, status });
  }
}

async function expandGrant(q: Queryable, grant: Doc): Promise<Doc> {
  const paymentCurrency = await find(q, 'payment_currencies', grant.currency_id);
  return {
    ...grant,
    status: grantStatusAt(grant, q.clock.nowSeconds()),
    customer: await find(q, 'customers', grant.customer_id),
    paymentCurrency,
    paymentMethod: paymentCurrency ? await find(q, 'payment_methods', paymentCurrency.payment_method_id) : null,
  };
}

async function expandEvent(q: Queryable, event: Doc): Promise<Doc> {
  const meter = await find(q, 'meters', event.meter_id);
  return {
    ...event,
    customer: await find(q, 'customers', event.customer_id),
    meter,
    paymentCurrency: meter?.currency_id ? await find(q, 'payment_currencies', meter.currency_id) : null,
  };
}

/** A customer's usage not yet settled, per credit currency (smallest units): meterEvents.pendingAmount. */
async function pendingUsage(q: Queryable, customerId: string, livemode: boolean): Promise<Record<string, string>> {
  const { rows } = await q.query<{ currency_id: string; value: string }>(
    `SELECT m.data->>'currency_id' AS currency_id, COALESCE(e.data->>'credit_pending', e.data->>'value') AS value FROM meter_events e JOIN meters m ON m.id = e.data->>'meter_id'
     WHERE e.customer_id = $1 AND e.status = 'pending' AND e.livemode = $2 AND m.data->>'currency_id' IS NOT NULL`,
    [customerId, livemode],
  );
  const out: Record<string, string> = {};
  for (const id of new Set(rows.map((x) => x.currency_id)))
    out[id] = sum(rows.filter((x) => x.currency_id === id).map((x) => x.value));
  return out;
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
  const { db, clock } = ctx;
  const r = Router();
  // Auto top-up configuration (auto-recharge.ts).
  r.use(createAutoRechargeRoutes(ctx));

  // --- credit grants ---
  r.post('/credit-grants', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    const customer = await customerByIdOrDid(db, str(body, 'customer_id', { required: true })!, livemode);
    const c = await currency(db, body.currency_id);
    const amount = tokenAmount(body.amount, c.decimal, 'amount');
    if (amount === '0') throw new HttpError(400, 'amount must be greater than 0');
    const now = clock.nowSeconds();
    const effectiveAt = time(body, 'effective_at') ?? now;
    const expiresAt = time(body, 'expires_at', { min: now + 1 }) ?? null;
    const grant = await insert(
      db,
      'credit_grants',
      newDoc(db, 'credit_grants', livemode, {
        object: 'credit_grant',
        name: str(body, 'name') ?? '',
        amount,
        remaining_amount: amount,
        currency_id: c.id,
        customer_id: customer.id,
        category: oneOf(body, 'category', ['paid', 'promotional'] as const, 'promotional'),
        priority: int(body, 'priority', { min: 0, max: 100, fallback: 50 }),
        status: effectiveAt > now ? 'pending' : 'granted',
        effective_at: effectiveAt,
        expires_at: expiresAt,
        applicability_config: obj(body, 'applicability_config') ?? null,
        metadata: obj(body, 'metadata') ?? {},
        voided_at: null,
        created_via: 'api',
      }),
    );
    res.json(await expandGrant(db, grant));
  });

  r.get('/credit-grants', async (req, res) => {
    const scope = await listScope(db, req, res, 'credit grants');
    if (scope === null) return void res.json({ count: 0, list: [] });
    await db.transaction((tx) => syncGrantStatuses(tx, scope, livemodeOf(req)));
    const where = listWhere(req)
      .eq('customer_id', scope)
      .eq('currency_id', queryString(req, 'currency_id'))
      .oneOf('status', queryString(req, 'status'));
    const subscriptionId = queryString(req, 'subscription_id');
    if (subscriptionId) where.add(`data->>'subscription_id' = ${where.param(subscriptionId)}`);
    const page = await list(db, 'credit_grants', where, pagingOf(req));
    res.json({ count: page.count, list: await Promise.all(page.list.map((g) => expandGrant(db, g))) });
  });

  // creditGrants.summary is served by the auto top-up routes mounted above (the portal reads it as the customer).

  /**
   * creditGrants.verifyAvailability: whether the customer's usable credit covers the usage not yet settled plus
   * `pending_amount` (smallest units, as meterEvents.pendingAmount answers).
   */
  r.get('/credit-grants/verify-availability', requireMerchant, async (req, res) => {
    const customer = await queryCustomer(db, req);
    const c = await currency(db, queryString(req, 'currency_id'));
    const extra = unitAmount(queryString(req, 'pending_amount') ?? '0', 'pending_amount');
    const balance = await creditBalance(db, customer.id, c.id);
    const needed = sum([(await pendingUsage(db, customer.id, livemodeOf(req)))[c.id] ?? '0', extra]);
    if (BigInt(balance) > 0n && BigInt(balance) >= BigInt(needed)) return void res.json({ can_continue: true });
    res.json({ can_continue: false, reason: `Insufficient credit: ${balance} available, ${needed} needed` });
  });

  /** creditGrants.update: metadata, or `expired: true` to end a pending or granted grant now. */
  r.put('/credit-grants/:id', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const metadata = obj(body, 'metadata');
    const expire = bool(body, 'expired') === true;
    await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'credit_grants', paramOf(req, 'id'), { lock: true });
      const status = grantStatusAt(doc, tx.clock.nowSeconds());
      if (expire && status !== 'pending' && status !== 'granted')
        throw new HttpError(400, `Only a pending or granted credit grant can be expired; this one is ${status}`);
      await save(tx, 'credit_grants', {
        ...doc,
        metadata: metadata ? { ...doc.metadata, ...metadata } : doc.metadata,
        ...(expire ? { status: 'expired', expires_at: clock.nowSeconds() } : {}),
      });
    });
    res.json({ success: true });
  });

  r.get('/credit-grants/:id', async (req, res) => {
    const grant = await mustFind(db, 'credit_grants', paramOf(req, 'id'));
    await assertOwner(db, res, grant, 'credit grant');
    res.json(await expandGrant(db, grant));
  });

  /** Voids a grant (merchant): what remains can no longer be used. */
  r.post('/credit-grants/:id/void', requireMerchant, async (req, res) => {
    const grant = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'credit_grants', paramOf(req, 'id'), { lock: true });
      if (doc.status === 'voided') throw new HttpError(400, 'This credit grant is already voided');
      return save(tx, 'credit_grants', { ...doc, status: 'voided', voided_at: clock.nowSeconds() });
    });
    res.json(await expandGrant(db, grant));
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
    const body = bodyOf(req);
    const eventName = str(body, 'event_name', { required: true, max: 128 })!;
    const { rows } = await db.query('SELECT 1 FROM meters WHERE event_name = $1 AND livemode = $2', [
      eventName,
      livemodeOf(req),
    ]);
    if (rows.length) throw new HttpError(400, `A meter for event_name ${eventName} already exists`);
    const c = body.currency_id ? await currency(db, body.currency_id) : null;
    const meter = await insert(
      db,
      'meters',
      newDoc(db, 'meters', livemodeOf(req), {
        object: 'meter',
        name: str(body, 'name', { required: true, max: 128 }),
        event_name: eventName,
        aggregation_method: oneOf(body, 'aggregation_method', ['sum'] as const, 'sum'),
        unit: str(body, 'unit', { required: true, max: 32 }),
        currency_id: c?.id ?? null,
        decimal: c?.decimal ?? int(body, 'decimal', { min: 0, max: DECIMAL_MAX, fallback: 0 }),
        status: 'active',
        description: str(body, 'description') ?? '',
        metadata: obj(body, 'metadata') ?? {},
      }),
    );
    res.json(meter);
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
    const body = bodyOf(req);
    const meter = await mustFind(db, 'meters', paramOf(req, 'id'));
    if (body.name !== undefined) str(body, 'name', { required: true, max: 128 });
    res.json(await save(db, 'meters', { ...meter, ...pick(body, ['name', 'description', 'unit', 'metadata']) }));
  });
  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    r.put(`/meters/:id/${action}`, requireMerchant, async (req, res) => {
      const meter = await mustFind(db, 'meters', paramOf(req, 'id'));
      res.json(await save(db, 'meters', { ...meter, status }));
    });
  }

  // --- meter events ---
  r.post('/meter-events', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    const eventName = str(body, 'event_name', { required: true })!;
    const identifier = str(body, 'identifier', { max: 255 }) ?? null;
    if (identifier) {
      const { rows } = await db.query<{ data: Doc }>(
        'SELECT data FROM meter_events WHERE identifier = $1 AND livemode = $2',
        [identifier, livemode],
      );
      if (rows[0]) return void res.json(await expandEvent(db, rows[0].data));
    }
    const { rows: meters } = await db.query<{ data: Doc }>(
      "SELECT data FROM meters WHERE event_name = $1 AND livemode = $2 AND status = 'active'",
      [eventName, livemode],
    );
    const meter = meters[0]?.data;
    if (!meter) throw new HttpError(400, `No active meter for event_name ${eventName}`);
    const payload = obj(body, 'payload');
    if (!payload) throw new HttpError(400, 'payload is required');
    const customer = await customerByIdOrDid(db, str(payload, 'customer_id', { required: true })!, livemode);
    const value = tokenAmount(payload.value, Number(meter.decimal ?? 0), 'payload.value');
    const subscriptionId = str(payload, 'subscription_id') ?? null;
    if (subscriptionId) await mustFind(db, 'subscriptions', subscriptionId);
    const event = await insert(
      db,
      'meter_events',
      newDoc(db, 'meter_events', livemode, {
        object: 'meter_event',
        event_name: eventName,
        meter_id: meter.id,
        customer_id: customer.id,
        subscription_id: subscriptionId,
        payload: { ...payload, customer_id: customer.id, value },
        value,
        identifier,
        status: 'pending',
        timestamp: time(body, 'timestamp') ?? clock.nowSeconds(),
        metadata: obj(body, 'metadata') ?? {},
        source_data: obj(body, 'source_data') ?? null,
      }),
    );
    res.json(await expandEvent(db, event));
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
