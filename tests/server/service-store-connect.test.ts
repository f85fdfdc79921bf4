import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, DEMO_USERS } from '../../hosts/server/service/users.ts';
import { startSandbox } from './harness.ts';
import { asUser, roleSessions, walletBalance, type Reply, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let tokens: Record<string, string>;
const CHRIS = DEMO_USERS.find((u) => u.fullName === 'Chris Buyer')!;
beforeAll(async () => {
  sb = await startSandbox();
  tokens = await roleSessions(sb, ['customer', 'developer']);
  tokens.chris = await createSession(sb.ctx.db, CHRIS.did);
});
afterAll(() => sb.close());

type Who = 'guest' | 'customer' | 'developer' | 'chris';
const call = (who: Who, method: string, path: string, body?: unknown): Promise<Reply> =>
  asUser(sb, who === 'guest' ? null : tokens[who]!, method, path, body);
const open = (action: string, extraParams: unknown, who: Who = 'guest') =>
  call(who, 'POST', `/api/did/${action}/token`, { extraParams });
const approve = (action: string, token: string, who: Who) =>
  call(who, 'POST', `/api/did/${action}/approve?_t_=${token}`);
const status = (action: string, token: string) => call('guest', 'GET', `/api/did/${action}/status?_t_=${token}`);

describe('store wallet-connect actions', () => {
  it('connect-cli: a developer gets a working access token named after the source; others get the developer-required error', async () => {
    const s = await open('connect-cli', { source: 'My CLI' });
    expect(s.status).toBe(200);
    expect(s.body.url).toContain('/.well-known/service/sandbox/wallet?token=');
    expect((await status('connect-cli', s.body.token)).body.status).toBe('created');
    const ok = await approve('connect-cli', s.body.token, 'developer');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({
      developerDid: DEMO_USERS.find((u) => u.role === 'developer')!.did,
      accessKeyId: expect.any(String),
      accessKeySecret: expect.stringMatching(/^sk_/),
      source: 'My CLI',
    });
    const mine = await call('developer', 'GET', '/store/api/developer/access-tokens/my');
    expect(mine.body.dataList.map((t: { id: string; remark: string }) => [t.id, t.remark])).toContainEqual([
      ok.body.result.accessKeyId,
      'My CLI',
    ]);
    // Final: a second approval is refused and nothing more is created.
    expect((await approve('connect-cli', s.body.token, 'developer')).status).toBe(409);

    const c = await open('connect-cli', {});
    const refused = await approve('connect-cli', c.body.token, 'customer');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You have no legal developerNFT', code: 'DEVELOPER_REQUIRED' });
    expect((await status('connect-cli', c.body.token)).body).toMatchObject({
      status: 'error',
      error: 'You have no legal developerNFT',
    });
    expect((await approve('connect-cli', c.body.token, 'guest')).status).toBe(401);
  });

  it('connect-cli and gen-key-pair answer bad params with a 400', async () => {
    expect((await open('connect-cli', { source: 'x'.repeat(65) })).status).toBe(400);
    expect((await open('connect-cli', { source: 5 })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: 'studio' })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: ['a b'] })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: ['a', 'b', 'c', 'd', 'e', 'f'] })).status).toBe(400);
    expect((await open('gen-key-pair', [])).status).toBe(400);
  });

  it('gen-key-pair: a fresh ed25519 key pair (with the monikers) for any signed-in user', async () => {
    const s = await open('gen-key-pair', { monikers: ['studio-1'] });
    expect(s.status).toBe(200);
    const r = (await approve('gen-key-pair', s.body.token, 'customer')).body.result;
    expect(r.publicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.secretKey).toMatch(/^0x[0-9a-f]{128}$/);
    expect(r.secretKey.endsWith(r.publicKey.slice(2))).toBe(true);
    expect(r.did).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,}$/);
    expect(r.monikers).toEqual(['studio-1']);
    const s2 = await open('gen-key-pair', {});
    const r2 = (await approve('gen-key-pair', s2.body.token, 'customer')).body.result;
    expect(r2.publicKey).not.toBe(r.publicKey);
  });

  it('stake-and-join: gives the developer passport once; the developer API then works for that user', async () => {
    expect((await call('chris', 'GET', '/store/api/developer/blocklets')).status).toBe(403);
    const balance = () => walletBalance(sb, CHRIS.did);
    // Chris's wallet holds 1 TBA: the 100 TBA stake is refused, nothing is taken or given.
    const before = await balance();
    const short = await open('stake-and-join', {});
    const refusedShort = await approve('stake-and-join', short.body.token, 'chris');
    expect(refusedShort.status).toBe(400);
    expect(refusedShort.body).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      error: expect.stringMatching(/Insufficient TBA balance.*100 TBA/),
    });
    expect(await balance()).toBe(before);
    expect((await call('chris', 'GET', '/store/api/developer/blocklets')).status).toBe(403);
    expect(
      (await sb.ctx.db.query('SELECT 1 FROM store_developer_stakes WHERE user_did = $1', [CHRIS.did])).rows,
    ).toHaveLength(0);
    // Funded with 150 TBA, the stake is taken from the wallet.
    await sb.ctx.db.query(
      `UPDATE wallet_balances SET balance = balance + $2::numeric WHERE user_did = $1 AND currency_id = 'pc_sandbox_tba'`,
      [CHRIS.did, (150n * 10n ** 18n).toString()],
    );
    const funded = BigInt(await balance());
    const s = await open('stake-and-join', {});
    expect(s.status).toBe(200);
    const ok = await approve('stake-and-join', s.body.token, 'chris');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ passport: { role: 'developer' }, stake: { amount: '100', symbol: 'TBA' } });
    expect(BigInt(await balance())).toBe(funded - 100n * 10n ** 18n);
    const session = await call('chris', 'GET', '/.well-known/service/api/did/session');
    expect(session.body.user.passports.map((p: { role: string }) => p.role)).toContain('developer');
    expect((await call('chris', 'GET', '/store/api/developer/blocklets')).status).toBe(200);
    const created = await call('chris', 'POST', '/store/api/developer/blocklets', { name: 'chris-first' });
    expect(created.status).toBe(201);

    const again = await open('stake-and-join', {});
    const refused = await approve('stake-and-join', again.body.token, 'chris');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ALREADY_DEVELOPER');
    expect(BigInt(await balance())).toBe(funded - 100n * 10n ** 18n);
    const { rows } = await sb.ctx.db.query<{ data: { passports: Array<{ role: string }> } }>(
      'SELECT data FROM users WHERE did = $1',
      [CHRIS.did],
    );
    expect(rows[0]!.data.passports.filter((p) => p.role === 'developer')).toHaveLength(1);
    const stakes = await sb.ctx.db.query('SELECT * FROM store_developer_stakes WHERE user_did = $1', [CHRIS.did]);
    expect(stakes.rows).toHaveLength(1);
  });
});
