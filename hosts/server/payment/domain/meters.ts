/**
 * Meters and meter events (no HTTP; payment-js `meters.*`, `meterEvents.*`). Usage of a meter billed in a credit
 * currency stays pending until the billing clock settles it from the customer's grants (credit-ledger.ts
 * `settleCreditUsage`).
 *
 * - `createMeter`, `updateMeter`, `setMeterStatus`: a meter per event name and mode.
 * - `recordMeterEvent`: usage of an active meter for a customer; idempotent on `identifier`.
 * - `pendingUsage`: a customer's usage not yet settled, per credit currency (meterEvents.pendingAmount).
 */
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { DECIMAL_MAX, tokenAmount } from '../../validate.ts';
import { sum } from './money.ts';
import { currency } from './pricing.ts';
import { find, insert, mustFind, newDoc, save, type Doc } from '../data/repo.ts';
import type { MeterEventRow, MeterRow } from '../data/schema.ts';
import { customerByIdOrDid } from './customers.ts';
import { int, obj, oneOf, str, time, type Body } from './fields.ts';

/** A new meter `{name, event_name, unit, currency_id?, decimal?, aggregation_method?, description?, metadata?}`. */
export async function createMeter(q: Queryable, body: Body, livemode: boolean): Promise<MeterRow> {
  const eventName = str(body, 'event_name', { required: true, max: 128 })!;
  const { rows } = await q.query('SELECT 1 FROM meters WHERE event_name = $1 AND livemode = $2', [eventName, livemode]);
  if (rows.length) throw new HttpError(400, `A meter for event_name ${eventName} already exists`);
  const c = body.currency_id ? await currency(q, body.currency_id) : null;
  return insert(
    q,
    'meters',
    newDoc(q, 'meters', livemode, {
      object: 'meter',
      name: str(body, 'name', { required: true, max: 128 })!,
      event_name: eventName,
      aggregation_method: oneOf(body, 'aggregation_method', ['sum'] as const, 'sum'),
      unit: str(body, 'unit', { required: true, max: 32 })!,
      currency_id: c?.id ?? null,
      decimal: c?.decimal ?? int(body, 'decimal', { min: 0, max: DECIMAL_MAX, fallback: 0 })!,
      status: 'active',
      description: str(body, 'description') ?? '',
      metadata: obj(body, 'metadata') ?? {},
    }),
  );
}

/** Changes a meter's name, description, unit or metadata. */
export async function updateMeter(q: Queryable, id: string, body: Body): Promise<MeterRow> {
  const meter = await mustFind(q, 'meters', id);
  const next = { ...meter };
  if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 128 })!;
  if (body.description !== undefined) next.description = str(body, 'description') ?? '';
  if (body.unit !== undefined) next.unit = str(body, 'unit', { required: true, max: 32 })!;
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  return save(q, 'meters', next);
}

export async function setMeterStatus(q: Queryable, id: string, status: 'active' | 'inactive'): Promise<MeterRow> {
  const meter = await mustFind(q, 'meters', id);
  return save(q, 'meters', { ...meter, status });
}

/** TMeterEvent expanded: customer, meter and the meter's currency. */
export async function expandEvent(q: Queryable, event: MeterEventRow): Promise<Doc> {
  const meter = await find(q, 'meters', event.meter_id);
  return {
    ...event,
    customer: await find(q, 'customers', event.customer_id),
    meter,
    paymentCurrency: meter?.currency_id ? await find(q, 'payment_currencies', meter.currency_id) : null,
  };
}

/**
 * Records usage `{event_name, payload{customer_id, value, subscription_id?}, identifier?, timestamp?, metadata?,
 * source_data?}` of the active meter of `event_name` (value in the meter's token units). An `identifier` seen before
 * answers the event recorded then. Returns the event expanded.
 */
export async function recordMeterEvent(q: Queryable, body: Body, livemode: boolean): Promise<Doc> {
  const eventName = str(body, 'event_name', { required: true })!;
  const identifier = str(body, 'identifier', { max: 255 }) ?? null;
  if (identifier) {
    const { rows } = await q.query<{ data: MeterEventRow }>(
      'SELECT data FROM meter_events WHERE identifier = $1 AND livemode = $2',
      [identifier, livemode],
    );
    if (rows[0]) return expandEvent(q, rows[0].data);
  }
  const { rows: meters } = await q.query<{ data: MeterRow }>(
    "SELECT data FROM meters WHERE event_name = $1 AND livemode = $2 AND status = 'active'",
    [eventName, livemode],
  );
  const meter = meters[0]?.data;
  if (!meter) throw new HttpError(400, `No active meter for event_name ${eventName}`);
  const payload = obj(body, 'payload');
  if (!payload) throw new HttpError(400, 'payload is required');
  const customer = await customerByIdOrDid(q, str(payload, 'customer_id', { required: true })!, livemode);
  const value = tokenAmount(payload.value, Number(meter.decimal ?? 0), 'payload.value');
  const subscriptionId = str(payload, 'subscription_id') ?? null;
  if (subscriptionId) await mustFind(q, 'subscriptions', subscriptionId);
  const event = await insert(
    q,
    'meter_events',
    newDoc(q, 'meter_events', livemode, {
      object: 'meter_event',
      event_name: eventName,
      meter_id: meter.id,
      customer_id: customer.id,
      subscription_id: subscriptionId,
      payload: { ...payload, customer_id: customer.id, value },
      value,
      identifier,
      status: 'pending',
      timestamp: time(body, 'timestamp') ?? q.clock.nowSeconds(),
      metadata: obj(body, 'metadata') ?? {},
      source_data: obj(body, 'source_data') ?? null,
    }),
  );
  return expandEvent(q, event);
}

/** A customer's usage not yet settled, per credit currency (smallest units): meterEvents.pendingAmount. */
export async function pendingUsage(
  q: Queryable,
  customerId: string,
  livemode: boolean,
): Promise<Record<string, string>> {
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
