import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { startSandbox } from './harness.ts';
import { asUser, roleSessions, walletBalance, type Reply, type Sandbox } from './payment-helpers.ts';
import { answerAs, connectStatus, openConnect } from './connect-helpers.ts';

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
const STORE = '/store/api/did';
const DID: Record<Exclude<Who, 'guest'>, string> = {
  customer: DEMO_USERS.find((u) => u.role === 'customer')!.did,
  developer: DEMO_USERS.find((u) => u.role === 'developer')!.did,
  chris: CHRIS.did,
};
/** The store page asks for a token (flat params, under the store's prefix). */
const open = (action: string, params: unknown, who: Who = 'guest') =>
  openConnect(sb, who === 'guest' ? null : tokens[who]!, action, params, STORE);
/** The wallet of `who` approves it: the outcome the wallet got and the token's state. */
const approve = (opened: Reply, who: Exclude<Who, 'guest'>) => answerAs(sb, opened, DID[who]);
const status = (action: string, token: string) => connectStatus(sb, action, token, STORE);

describe('store wallet-connect actions', () => {
  it('connect-cli: a developer gets a working access token named after the source; others get the developer-required error', async () => {
    const s = await open('connect-cli', { source: 'My CLI' });
    expect(s.status).toBe(200);
    expect(s.body.url).toContain('https://abtwallet.io/i/?action=requestAuth&url=');
    expect((await status('connect-cli', s.body.token)).body.status).toBe('created');
    // Still reachable where the store's pages asked before (the payment prefixes).
    expect((await openConnect(sb, null, 'connect-cli', { source: 'My CLI' }, '/api/did')).status).toBe(200);
    const ok = await approve(s, 'developer');
    expect(ok.outcome.status).toBe('ok');
    expect(ok.state).toMatchObject({ status: 'succeed' });
    expect(ok.state.result).toMatchObject({
      developerDid: DEMO_USERS.find((u) => u.role === 'developer')!.did,
      accessKeyId: expect.any(String),
      accessKeySecret: expect.stringMatching(/^sk_/),
      source: 'My CLI',
    });
    const mine = await call('developer', 'GET', '/store/api/developer/access-tokens/my');
    expect(mine.body.dataList.map((t: { id: string; remark: string }) => [t.id, t.remark])).toContainEqual([
      ok.state.result.accessKeyId,
      'My CLI',
    ]);
    // Final: answering again creates nothing more (the recorded outcome is answered).
    expect((await approve(s, 'developer')).state.result.accessKeyId).toBe(ok.state.result.accessKeyId);
    const after = await call('developer', 'GET', '/store/api/developer/access-tokens/my');
    expect(after.body.dataList.filter((t: { remark: string }) => t.remark === 'My CLI')).toHaveLength(1);

    const c = await open('connect-cli', {});
    const refused = await approve(c, 'customer');
    expect(refused.outcome).toMatchObject({ status: 'error', errorMessage: 'You have no legal developerNFT' });
    expect((await status('connect-cli', c.body.token)).body).toMatchObject({
      status: 'error',
      error: 'You have no legal developerNFT',
      errorCode: 'DEVELOPER_REQUIRED',
    });
  });

  it('connect-cli and gen-key-pair answer bad params with a 400', async () => {
    expect((await open('connect-cli', { source: 'x'.repeat(65) })).status).toBe(400);
    expect((await open('connect-cli', { source: 5 })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: 'studio' })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: ['a b'] })).status).toBe(400);
    expect((await open('gen-key-pair', { monikers: ['a', 'b', 'c', 'd', 'e', 'f'] })).status).toBe(400);
  });

  it('gen-key-pair: a fresh ed25519 key pair (with the monikers) for any signed-in user', async () => {
    const s = await open('gen-key-pair', { monikers: ['studio-1'] });
    expect(s.status).toBe(200);
    const r = (await approve(s, 'customer')).state.result;
    expect(r.publicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.secretKey).toMatch(/^0x[0-9a-f]{128}$/);
    expect(r.secretKey.endsWith(r.publicKey.slice(2))).toBe(true);
    expect(r.did).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,}$/);
    expect(r.monikers).toEqual(['studio-1']);
    const s2 = await open('gen-key-pair', {});
    const r2 = (await approve(s2, 'customer')).state.result;
    expect(r2.publicKey).not.toBe(r.publicKey);
  });

  it('stake-and-join: gives the developer passport once; the developer API then works for that user', async () => {
    expect((await call('chris', 'GET', '/store/api/developer/blocklets')).status).toBe(403);
    const balance = () => walletBalance(sb, CHRIS.did);
    // Chris's wallet holds 1 TBA: the 100 TBA stake is refused, nothing is taken or given.
    const before = await balance();
    const short = await open('stake-and-join', {});
    const refusedShort = await approve(short, 'chris');
    expect(refusedShort.outcome.status).toBe('error');
    expect(refusedShort.state).toMatchObject({
      errorCode: 'INSUFFICIENT_BALANCE',
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
    const ok = await approve(s, 'chris');
    expect(ok.outcome.status).toBe('ok');
    expect(ok.state.result).toMatchObject({ passport: { role: 'developer' }, stake: { amount: '100', symbol: 'TBA' } });
    expect(BigInt(await balance())).toBe(funded - 100n * 10n ** 18n);
    const session = await call('chris', 'GET', '/.well-known/service/api/did/session');
    expect(session.body.user.passports.map((p: { role: string }) => p.role)).toContain('developer');
    expect((await call('chris', 'GET', '/store/api/developer/blocklets')).status).toBe(200);
    const created = await call('chris', 'POST', '/store/api/developer/blocklets', { name: 'chris-first' });
    expect(created.status).toBe(201);

    const again = await open('stake-and-join', {});
    const refused = await approve(again, 'chris');
    expect(refused.outcome.status).toBe('error');
    expect(refused.state.errorCode).toBe('ALREADY_DEVELOPER');
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
