/**
 * The demo users' move to their keys' addresses (users:003-demo-users-real-dids): a database whose rows carry the old
 * made-up DIDs everywhere (users, sessions, wallets, customers, subscriptions, store rows, notifications …) ends with
 * none of them, every row under the new DID, and the sessions still signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../hosts/server/db.ts';
import { DEMO_DIDS, LEGACY_DEMO_DIDS, type DemoWalletKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { createSession, DEMO_USERS, renameDid, sessionUser } from '../../hosts/server/service/data/users.ts';
import { startSandbox } from './harness.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

/** How many rows of the whole database mention `text` in any text or JSON column. */
async function mentions(text: string): Promise<number> {
  const cols = await sb.ctx.db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'jsonb', 'json') AND c.table_name <> '_migrations'`,
  );
  let n = 0;
  for (const { table_name: t, column_name: c } of cols.rows) {
    const { rows } = await sb.ctx.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${t}" WHERE "${c}"::text LIKE '%' || $1 || '%'`,
      [text],
    );
    n += Number(rows[0]!.n);
  }
  return n;
}

describe('demo users with real keys', () => {
  it('moves a database seeded with the old DIDs to the keys’ addresses, sessions included', async () => {
    const keys = Object.keys(DEMO_DIDS) as DemoWalletKey[];
    const before = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await mentions(DEMO_DIDS[k])])));
    expect(before.casey).toBeGreaterThan(1);
    const session = await createSession(sb.ctx.db, DEMO_DIDS.casey);
    // Make it a database of before the keys: every demo DID back to its old string, the migration not yet run.
    await sb.ctx.db.transaction(async (tx) => {
      for (const k of keys) {
        const user = DEMO_USERS.find((u) => u.walletKey === k)!;
        await renameDid(tx, DEMO_DIDS[k], LEGACY_DEMO_DIDS[k], { ...user, did: LEGACY_DEMO_DIDS[k] });
      }
      await tx.query("DELETE FROM _migrations WHERE id = 'users:003-demo-users-real-dids'");
    });
    expect(await mentions(LEGACY_DEMO_DIDS.casey)).toBe(before.casey + 1);
    expect(await mentions(DEMO_DIDS.casey)).toBe(0);

    expect(await migrate(sb.ctx.db)).toEqual(['users:003-demo-users-real-dids']);
    for (const k of keys) {
      expect(await mentions(LEGACY_DEMO_DIDS[k]), k).toBe(0);
      expect(await mentions(DEMO_DIDS[k]), k).toBe(before[k] + (k === 'casey' ? 1 : 0));
    }
    expect(await sessionUser(sb.ctx.db, session)).toMatchObject({ did: DEMO_DIDS.casey, walletKey: 'casey' });
  });
});
