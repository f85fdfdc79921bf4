import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, registerConnectAction } from '../../hosts/server/platform.ts';
import { createSession, DEMO_USERS } from '../../hosts/server/service/users.ts';
import { startSandbox } from './harness.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
let casey: string;
const calls: Array<{ params: Record<string, unknown>; userDid: string }> = [];

beforeAll(async () => {
  // A fake action: approve() writes a row through the transaction; `fail` makes it throw an HttpError after writing.
  registerConnectAction('fake', {
    async describe(params) {
      if (params.bad) throw new HttpError(422, 'Bad fake params');
      return { title: `Fake ${String(params.item ?? 'thing')}`, lines: [{ label: 'Amount', value: '1 TBA' }] };
    },
    async approve(params, ctx) {
      calls.push({ params, userDid: ctx.userDid });
      await ctx.tx.query('INSERT INTO fake_effects (token_item) VALUES ($1)', [String(params.item)]);
      await new Promise((r) => setTimeout(r, 50));
      if (params.fail) throw new HttpError(402, 'Insufficient sandbox balance');
      return { ok: true, item: params.item };
    },
  });
  sb = await startSandbox();
  await sb.ctx.db.exec('CREATE TABLE fake_effects (token_item TEXT)');
  casey = await createSession(sb.ctx.db, DEMO_USERS[0]!.did);
});
afterAll(async () => {
  sb.ctx.clock.reset();
  await sb.close();
});

const P = '/payment/api/did';
async function call(method: string, path: string, opts: { body?: unknown; token?: string | null } = {}) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}
const open = (extraParams: Record<string, unknown>) => call('POST', `${P}/fake/token`, { body: { extraParams } });
const status = (t: string) => call('GET', `${P}/fake/status?_t_=${t}`);
const effects = async (item: string) =>
  Number(
    (await sb.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM fake_effects WHERE token_item = $1', [item]))
      .rows[0]!.n,
  );

describe('wallet connect', () => {
  it('unknown action → 400; describe errors pass through', async () => {
    const r = await call('POST', `${P}/nope/token`, { body: { extraParams: {} } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Unknown connect action/);
    const bad = await open({ bad: true });
    expect(bad).toMatchObject({ status: 422, body: { error: 'Bad fake params' } });
  });

  it('token → created; wallet page marks it scanned; approve needs a user; approve → succeed with result', async () => {
    const r = await open({ item: 'a' });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe(`${sb.url}/.well-known/service/sandbox/wallet?token=${r.body.token}`);
    expect(r.body.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect((await status(r.body.token)).body).toEqual({ status: 'created' });
    // Also at /api/did (the component's root).
    expect((await call('GET', `/api/did/fake/status?_t_=${r.body.token}`)).body).toEqual({ status: 'created' });

    const page = await fetch(r.body.url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(html).toContain('Sandbox wallet');
    expect(html).toContain('Fake a');
    expect(html).toContain('Sign in');
    expect((await status(r.body.token)).body).toEqual({ status: 'scanned' });

    const anon = await call('POST', `${P}/fake/approve?_t_=${r.body.token}`);
    expect(anon.status).toBe(401);
    expect((await status(r.body.token)).body.status).toBe('scanned');

    const ok = await call('POST', `${P}/fake/approve?_t_=${r.body.token}`, { token: casey });
    expect(ok).toEqual({ status: 200, body: { status: 'succeed', result: { ok: true, item: 'a' } } });
    expect((await status(r.body.token)).body).toEqual({ status: 'succeed', result: { ok: true, item: 'a' } });
    expect(calls.filter((c) => c.params.item === 'a')).toEqual([
      { params: { item: 'a' }, userDid: DEMO_USERS[0]!.did },
    ]);
  });

  it('double approve (even concurrent) → one succeeds, the other 409; approve runs once', async () => {
    const { body } = await open({ item: 'b' });
    const [x, y] = await Promise.all([
      call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey }),
      call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const third = await call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('CONNECT_FINISHED');
    expect(calls.filter((c) => c.params.item === 'b')).toHaveLength(1);
    expect(await effects('b')).toBe(1);
  });

  it("an HttpError from approve → status 'error' with its message, the action's writes rolled back", async () => {
    const { body } = await open({ item: 'c', fail: true });
    const r = await call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey });
    expect(r).toEqual({ status: 402, body: { error: 'Insufficient sandbox balance' } });
    expect((await status(body.token)).body).toEqual({ status: 'error', error: 'Insufficient sandbox balance' });
    expect(await effects('c')).toBe(0);
    expect((await call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey })).status).toBe(409);
    expect(calls.filter((c) => c.params.item === 'c')).toHaveLength(1);
  });

  it('decline → declined, then approve → 409', async () => {
    const { body } = await open({ item: 'd' });
    const r = await call('POST', `${P}/fake/decline?_t_=${body.token}`);
    expect(r.body.status).toBe('declined');
    expect((await status(body.token)).body.status).toBe('declined');
    expect((await call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey })).status).toBe(409);
    expect(calls.filter((c) => c.params.item === 'd')).toHaveLength(0);
  });

  it('expires after 5 minutes of the sandbox clock', async () => {
    const { body } = await open({ item: 'e' });
    sb.ctx.clock.advance(5 * 60 * 1000 + 1000);
    try {
      expect((await status(body.token)).body.status).toBe('expired');
      const r = await call('POST', `${P}/fake/approve?_t_=${body.token}`, { token: casey });
      expect(r.status).toBe(410);
      const page = await (await fetch(`${sb.url}/.well-known/service/sandbox/wallet?token=${body.token}`)).text();
      expect(page).toContain('expired');
    } finally {
      sb.ctx.clock.reset();
    }
  });

  it('unknown or missing tokens', async () => {
    expect((await status('nope')).status).toBe(404);
    expect((await call('GET', `${P}/fake/status`)).status).toBe(400);
    const page = await fetch(`${sb.url}/.well-known/service/sandbox/wallet?token=nope`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Unknown request');
  });

  it('the wallet page approves with plain HTML forms and shows the result', async () => {
    const { body } = await open({ item: 'f' });
    const cookie = `login_token=${casey}`;
    const page = await (await fetch(body.url, { headers: { cookie } })).text();
    expect(page).toContain(DEMO_USERS[0]!.fullName);
    expect(page).toMatch(/<form method="post" action="\/\.well-known\/service\/sandbox\/wallet\/approve">/);
    const res = await fetch(`${sb.url}/.well-known/service/sandbox/wallet/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: body.token }).toString(),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('approved');
    expect(html).toContain('Request approved');
    expect(html).toContain('return to the page that asked');
    expect((await status(body.token)).body.status).toBe('succeed');
    // Opening it again shows the final state, without buttons.
    const again = await (await fetch(body.url, { headers: { cookie } })).text();
    expect(again).toContain('approved');
    expect(again).not.toContain('>Approve</button>');

    const second = await open({ item: 'g' });
    const declined = await fetch(`${sb.url}/.well-known/service/sandbox/wallet/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: second.body.token }).toString(),
    });
    expect(await declined.text()).toContain('Declined');
  });
});
