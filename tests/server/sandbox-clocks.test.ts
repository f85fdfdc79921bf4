import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../hosts/server/clock.ts';
import { createOrg } from '../../hosts/server/service/domain/orgs.ts';
import { sendNotification } from '../../hosts/server/service/domain/notifications.ts';
import { createSession, DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { createAccessToken } from '../../hosts/server/store/domain/access-tokens.ts';
import { createCategory } from '../../hosts/server/store/domain/categories.ts';
import { startSandbox } from './harness.ts';
import { CHRIS, closeSandbox, signed, type Sandbox } from './payment-helpers.ts';

/**
 * Each sandbox server has its own clock (made by the composition root, or passed in): two sandboxes in one process
 * keep their own time, so moving one moves neither the timestamps of the other's rows nor its billing.
 */

const DAY = 86400;

async function subscribe(sb: Sandbox): Promise<{ id: string; current_period_end: number; latest_invoice_id: string }> {
  const r = await signed(sb, 'POST', '/api/subscriptions', {
    body: { customer_id: CHRIS.did, items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function product(sb: Sandbox, name: string): Promise<{ created_at: string; updated_at: string }> {
  const r = await signed(sb, 'POST', '/api/products', { body: { name } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const sandboxNow = async (sb: Sandbox): Promise<number> => (await signed(sb, 'GET', '/api/sandbox/clock')).body.now;

describe('two sandboxes in one process', () => {
  let a: Sandbox;
  let b: Sandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([startSandbox(), startSandbox()]);
  });
  afterAll(async () => {
    await Promise.all([closeSandbox(a), closeSandbox(b)]);
  });

  it('keep their own clocks: moving one moves neither the other’s timestamps nor its billing', async () => {
    expect(a.ctx.clock).not.toBe(b.ctx.clock);
    const [subA, subB] = await Promise.all([subscribe(a), subscribe(b)]);

    // 40 days on A's clock: A's subscription renews into its next period.
    const moved = await signed(a, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 40 * DAY } });
    expect(moved.status).toBe(200);
    expect(moved.body.subscriptions).toContainEqual(
      expect.objectContaining({ id: subA.id, current_period_end: expect.any(Number) }),
    );
    const renewedA = (await signed(a, 'GET', `/api/subscriptions/${subA.id}`)).body;
    expect(renewedA.current_period_end).toBeGreaterThan(subA.current_period_end);
    expect(renewedA.latest_invoice_id).not.toBe(subA.latest_invoice_id);

    // B's clock did not move: its time is still the real one, 40 days behind A's.
    const [nowA, nowB] = await Promise.all([sandboxNow(a), sandboxNow(b)]);
    expect(nowA - nowB).toBeGreaterThanOrEqual(40 * DAY - 60);
    expect(Math.abs(nowB - Math.floor(Date.now() / 1000))).toBeLessThan(60);

    // Nor did B's billing: a billing run at B's own now renews nothing of B's subscription.
    const runB = await signed(b, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 0 } });
    expect(runB.status).toBe(200);
    expect(runB.body.subscriptions.map((s: { id: string }) => s.id)).not.toContain(subB.id);
    const sameB = (await signed(b, 'GET', `/api/subscriptions/${subB.id}`)).body;
    expect(sameB).toMatchObject({
      status: 'active',
      current_period_end: subB.current_period_end,
      latest_invoice_id: subB.latest_invoice_id,
    });

    // Rows are stamped in their own server's time: a product made now in A is 40 days ahead of one made in B.
    const [inA, inB] = await Promise.all([product(a, 'Made in A'), product(b, 'Made in B')]);
    expect(Date.parse(inA.created_at) - Date.parse(inB.created_at)).toBeGreaterThanOrEqual((40 * DAY - 60) * 1000);
    expect(Math.abs(Date.parse(inB.created_at) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(inA.updated_at)).toBe(Date.parse(inA.created_at));
  });
});

describe('a sandbox given a clock', () => {
  const clock = createClock();
  let sb: Sandbox;
  beforeAll(async () => {
    clock.advance(365 * DAY * 1000);
    sb = await startSandbox({ clock });
  });
  afterAll(() => closeSandbox(sb));

  it('runs on that clock: its time, the timestamps of its rows and its billing follow it', async () => {
    expect(sb.ctx.clock).toBe(clock);
    // The clock runs: read it on both sides of the request (a second may turn over while it is answered).
    const before = clock.nowSeconds();
    const now = await sandboxNow(sb);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(clock.nowSeconds());
    const made = await product(sb, 'A year ahead');
    expect(Math.abs(Date.parse(made.created_at) - clock.now())).toBeLessThan(60_000);

    const sub = await subscribe(sb);
    expect(Math.abs(sub.current_period_end - clock.nowSeconds() - 31 * DAY)).toBeLessThanOrEqual(3 * DAY);
    // Moved by the test, not over HTTP: the next billing run renews at the clock's new time.
    clock.advance(40 * DAY * 1000);
    const run = await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 0 } });
    expect(run.body.subscriptions.map((s: { id: string }) => s.id)).toContain(sub.id);
  });
});

describe('store and service rows', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await closeSandbox(sb);
  });

  it('are stamped with the sandbox clock, not the database’s now()', async () => {
    sb.ctx.clock.advance(30 * DAY * 1000);
    const db = sb.ctx.db;
    const owner = DEMO_USERS.find((u) => u.role === 'owner')!;
    /** A row's timestamp (`column` of the first row of `table` where `where`) in epoch milliseconds. */
    const at = async (table: string, column: string, where: string, param: string) =>
      Number(
        (
          await db.query<{ t: number }>(
            `SELECT extract(epoch from ${column}) * 1000 AS t FROM ${table} WHERE ${where} = $1 ORDER BY ${column} DESC LIMIT 1`,
            [param],
          )
        ).rows[0]!.t,
      );
    const sandboxTime = sb.ctx.clock.now();
    const close = (t: number, what: string) =>
      expect(Math.abs(t - sandboxTime), `${what}: ${new Date(t).toISOString()}`).toBeLessThan(60_000);

    // Service: a session, an organization and its member, a notification.
    const token = await createSession(db, owner.did);
    close(await at('sessions', 'created_at', 'token', token), 'session');
    const org = (await createOrg(db, owner.did, { name: 'Clockwork' })) as { id: string };
    close(await at('orgs', 'created_at', 'id', org.id), 'org');
    close(await at('org_members', 'created_at', 'org_id', org.id), 'org member');
    await sendNotification(db, owner, { title: 'Tick', body: 'Tock' });
    close(await at('notifications', 'created_at', 'receiver', owner.did), 'notification');
    // Store: an access token and a category.
    const tok = (await createAccessToken(db, owner.did, { remark: 'clock' })) as { id: string };
    close(await at('store_access_tokens', 'created_at', 'id', tok.id), 'access token');
    const cat = (await createCategory(db, { locales: { en: 'Clocks', zh: '时钟' } })) as { id: string };
    close(await at('store_categories', 'created_at', 'id', cat.id), 'category');
  });
});
