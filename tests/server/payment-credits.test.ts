import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, CASEY, closeSandbox, makeCustomer, openSandbox, signed, type Sandbox } from './payment-helpers.ts';

/** Credit grants over time, their consumption by credit-meter usage, and the credit transactions list. */

let sb: Sandbox;
let casey: string;
let chris: string;
const DAY = 86400;
const CRD = (n: number) => String(Math.round(n * 100));

beforeAll(async () => {
  ({ sb, casey, chris } = await openSandbox());
  await makeCustomer(sb, CASEY.did);
  const meter = await signed(sb, 'POST', '/api/meters', {
    body: { name: 'Image renders', event_name: 'renders.test', unit: 'render', currency_id: 'pc_sandbox_credit' },
  });
  expect(meter.status).toBe(200);
});
afterAll(() => closeSandbox(sb));

const now = async () => (await signed(sb, 'GET', '/api/sandbox/clock')).body.now as number;
const advance = (seconds: number) => signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds } });
async function grant(body: Record<string, unknown>) {
  const r = await signed(sb, 'POST', '/api/credit-grants', {
    body: { customer_id: CASEY.did, currency_id: 'pc_sandbox_credit', ...body },
  });
  expect(r.status).toBe(200);
  return r.body;
}
const use = (value: string, identifier: string, source_data?: Record<string, unknown>) =>
  signed(sb, 'POST', '/api/meter-events', {
    body: {
      event_name: 'renders.test',
      identifier,
      payload: { customer_id: CASEY.did, value },
      ...(source_data ? { source_data } : {}),
    },
  });
const mine = (query: Record<string, string> = {}) =>
  asUser(sb, casey, 'GET', `/api/credit-transactions?${new URLSearchParams(query)}`);

describe('credit grants and their consumption', () => {
  let main: { id: string };
  let soon: { id: string };
  let later: { id: string };
  let voided: { id: string };

  it('statuses follow the clock: pending until effective, granted, voided by the merchant', async () => {
    const t = await now();
    main = await grant({ name: 'Main', amount: '10', expires_at: t + 10 * DAY });
    soon = await grant({ name: 'Expiring soon', amount: '2', expires_at: t + DAY });
    later = await grant({ name: 'Next month', amount: '5', effective_at: t + 5 * DAY });
    voided = await grant({ name: 'Mistake', amount: '1' });
    expect(later).toMatchObject({ status: 'pending' });
    const v = await signed(sb, 'POST', `/api/credit-grants/${voided.id}/void`, {});
    expect(v.body).toMatchObject({ status: 'voided' });
    expect((await signed(sb, 'POST', `/api/credit-grants/${voided.id}/void`, {})).status).toBe(400);
    expect((await asUser(sb, casey, 'POST', `/api/credit-grants/${main.id}/void`, {})).status).toBe(403);
    const list = await asUser(sb, casey, 'GET', '/api/credit-grants?pageSize=20');
    expect(Object.fromEntries(list.body.list.map((g: { name: string; status: string }) => [g.name, g.status]))).toEqual(
      {
        Main: 'granted',
        'Expiring soon': 'granted',
        'Next month': 'pending',
        Mistake: 'voided',
      },
    );
    expect((await asUser(sb, chris, 'GET', `/api/credit-grants/${main.id}`)).status).toBe(403);
  });

  it('the clock settles usage: the grant expiring first is used first, then the next; each grant touched is a usage transaction', async () => {
    const e = await use('3', 'render-1', { prompt: 'a cat' });
    expect(e.body).toMatchObject({ status: 'pending', value: CRD(3) });
    // Nothing is taken until the clock runs.
    expect((await mine()).body.count).toBe(0);
    const run = await advance(0);
    expect(run.status).toBe(200);
    expect(run.body.credit_transactions).toEqual([
      { id: expect.stringMatching(/^ctxn_/), credit_grant_id: soon.id, amount: CRD(2) },
      { id: expect.stringMatching(/^ctxn_/), credit_grant_id: main.id, amount: CRD(1) },
    ]);
    const g = async (id: string) => (await asUser(sb, casey, 'GET', `/api/credit-grants/${id}`)).body;
    expect(await g(soon.id)).toMatchObject({ status: 'depleted', remaining_amount: '0' });
    expect(await g(main.id)).toMatchObject({ status: 'granted', remaining_amount: CRD(9) });
    expect((await signed(sb, 'GET', `/api/meter-events/${e.body.id}`)).body).toMatchObject({
      status: 'completed',
      credit_consumed: CRD(3),
      credit_pending: '0',
    });

    const tx = await mine();
    expect(tx.status).toBe(200);
    expect(tx.body.count).toBe(2);
    expect(tx.body.list[0]).toMatchObject({
      activity_type: 'usage',
      credit_grant_id: expect.any(String),
      creditGrant: { name: expect.any(String) },
      meter: { unit: 'render', event_name: 'renders.test' },
      meterEvent: { id: e.body.id, source_data: { prompt: 'a cat' } },
      paymentCurrency: { symbol: 'CRD' },
    });
    // A second run takes nothing more.
    expect((await advance(0)).body.credit_transactions).toEqual([]);
  });

  it('usage beyond the credit stays pending (and in the pending amount) until more credit is granted', async () => {
    await use('20', 'render-2');
    await advance(0);
    const event = (
      await signed(sb, 'GET', '/api/meter-events', {
        query: { customer_did: CASEY.did, event_name: 'renders.test', status: 'pending' },
      })
    ).body.list[0];
    expect(event).toMatchObject({ credit_consumed: CRD(9), credit_pending: CRD(11) });
    expect((await asUser(sb, casey, 'GET', '/api/meter-events/pending-amount')).body).toEqual({
      pc_sandbox_credit: CRD(11),
    });
    expect((await asUser(sb, casey, 'GET', `/api/credit-grants/${main.id}`)).body.status).toBe('depleted');
    // The pending grant becomes usable after 5 days and covers 5 more.
    await advance(5 * DAY + 60);
    expect((await asUser(sb, casey, 'GET', `/api/credit-grants/${later.id}`)).body).toMatchObject({
      status: 'depleted',
      remaining_amount: '0',
    });
    expect((await asUser(sb, casey, 'GET', '/api/meter-events/pending-amount')).body).toEqual({
      pc_sandbox_credit: CRD(6),
    });
  });

  it('a grant past its expiry is expired and no longer used', async () => {
    const t = await now();
    const short = await grant({ name: 'Short', amount: '50', expires_at: t + DAY });
    await advance(2 * DAY);
    expect((await asUser(sb, casey, 'GET', `/api/credit-grants/${short.id}`)).body).toMatchObject({
      status: 'expired',
      remaining_amount: CRD(50),
    });
    expect(
      (await asUser(sb, casey, 'GET', '/api/credit-grants?status=expired')).body.list.map((g: { id: string }) => g.id),
    ).toContain(short.id);
    expect((await asUser(sb, casey, 'GET', '/api/meter-events/pending-amount')).body).toEqual({
      pc_sandbox_credit: CRD(6),
    });
  });

  it('the pending amount accepts the customer by DID (its own only), as the customer paths do', async () => {
    for (const id of [CASEY.did, `did:abt:${CASEY.did}`]) {
      const r = await asUser(
        sb,
        casey,
        'GET',
        `/api/meter-events/pending-amount?customer_id=${encodeURIComponent(id)}&currency_id=pc_sandbox_credit`,
      );
      expect(r).toMatchObject({ status: 200, body: { pc_sandbox_credit: CRD(6) } });
    }
    const other = await asUser(sb, chris, 'GET', `/api/meter-events/pending-amount?customer_id=${CASEY.did}`);
    expect(other).toMatchObject({
      status: 403,
      body: { error: 'You are not allowed to view pending usage of another customer' },
    });
    expect((await asUser(sb, null, 'GET', `/api/meter-events/pending-amount?customer_id=${CASEY.did}`)).status).toBe(
      401,
    );
    expect(
      (await signed(sb, 'GET', '/api/meter-events/pending-amount', { query: { customer_id: CASEY.did } })).body,
    ).toEqual({ pc_sandbox_credit: CRD(6) });
  });
});

describe('credit transactions', () => {
  it('with include_grants lists the grants too, newest first; filters by grant', async () => {
    const all = await mine({ include_grants: 'true', pageSize: '100' });
    const types = all.body.list.map((t: { activity_type: string }) => t.activity_type);
    expect(types.filter((x: string) => x === 'grant')).toHaveLength(5);
    expect(types.filter((x: string) => x === 'usage')).toHaveLength(4);
    const times = all.body.list.map((t: { created_at: string }) => Date.parse(t.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const grantId = all.body.list.find((t: { activity_type: string }) => t.activity_type === 'usage').credit_grant_id;
    const one = await mine({ credit_grant_id: grantId });
    expect(one.body.list.every((t: { credit_grant_id: string }) => t.credit_grant_id === grantId)).toBe(true);
    const paged = await mine({ include_grants: 'true', pageSize: '3', page: '2' });
    expect(paged.body).toMatchObject({ count: 9 });
    expect(paged.body.list).toHaveLength(3);
  });

  it('filters by a created-at range in unix seconds, both ends included', async () => {
    const all = (await mine({ pageSize: '100' })).body.list as Array<{ created_at: string }>;
    const first = Math.floor(Date.parse(all[all.length - 1]!.created_at) / 1000);
    const last = Math.floor(Date.parse(all[0]!.created_at) / 1000);
    expect(last - first).toBeGreaterThan(4 * DAY);
    // The first run wrote 3 usage rows (two grants for render-1, one for render-2), 5 days later one more.
    const early = await mine({ start: String(first - 10), end: String(first + DAY) });
    expect(early.body.count).toBe(3);
    const lateOnly = await mine({ start: String(last - 10), end: String(last + 10) });
    expect(lateOnly.body.count).toBe(1);
    expect((await mine({ start: String(last + 1) })).body.count).toBe(0);
    expect((await mine({ end: String(first - 1) })).body.count).toBe(0);
  });

  it('is private: a customer sees only their own, bad ranges are refused with a 4xx', async () => {
    expect((await asUser(sb, chris, 'GET', '/api/credit-transactions')).body).toEqual({ count: 0, list: [] });
    const caseyCustomer = (await signed(sb, 'GET', '/api/customers', { query: { did: CASEY.did } })).body.list[0].id;
    expect((await asUser(sb, chris, 'GET', `/api/credit-transactions?customer_id=${caseyCustomer}`)).status).toBe(403);
    const someGrant = (await mine({ include_grants: 'true' })).body.list[0].credit_grant_id;
    expect((await asUser(sb, chris, 'GET', `/api/credit-transactions?credit_grant_id=${someGrant}`)).status).toBe(403);
    expect((await asUser(sb, null, 'GET', '/api/credit-transactions')).status).toBe(401);
    const bad = await mine({ start: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('start must be a unix timestamp in seconds');
    expect((await mine({ start: '2000', end: '1000' })).status).toBe(400);
    // The merchant sees any customer's.
    expect(
      (await signed(sb, 'GET', '/api/credit-transactions', { query: { customer_id: caseyCustomer } })).body.count,
    ).toBe(4);
  });
});
