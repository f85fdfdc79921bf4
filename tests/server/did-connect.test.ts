/**
 * DID Connect conformance: the sandbox's actions, served by @arcblock/did-connect-js, driven by a wallet written from
 * the protocol (tests/support/did-wallet.ts) exactly as a phone would: token (flat params), auth GET (scanned), the
 * signed answers, status. Pay, decline, another DID (nothing paid), busy, replay of the same signed answer and a
 * doubled answer (paid once), expiry (400), forbidden (403), and a restart on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import * as Jwt from '@arcblock/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer } from '../../hosts/server/app.ts';
import { HttpError, registerConnectAction } from '../../hosts/server/platform.ts';
import { DEMO_DIDS, demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { createSession } from '../../hosts/server/service/data/users.ts';
import { answer, authUrlOf, connect, fetchRequest, post, signatureText, walletOf } from '../support/did-wallet.ts';
import { startSandbox } from './harness.ts';
import { toBase58 } from '@ocap/util';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
const calls: Array<{ params: Record<string, unknown>; userDid: string }> = [];
const casey = walletOf(demoSecretKey('casey'));
const chris = walletOf(demoSecretKey('chris'));

beforeAll(async () => {
  // A test action: approve() writes a row through the transaction; `fail` makes it throw an HttpError after writing.
  registerConnectAction('fake', {
    async describe(params) {
      if (params.bad) throw new HttpError(422, 'Bad fake params');
      return { title: `Fake ${String(params.item ?? 'thing')}`, lines: [{ label: 'Amount', value: '1 TBA' }] };
    },
    async approve(params, ctx) {
      calls.push({ params, userDid: ctx.userDid });
      await ctx.tx.query('INSERT INTO fake_effects (token_item) VALUES ($1)', [String(params.item)]);
      await new Promise((r) => setTimeout(r, 30));
      if (params.fail) throw new HttpError(402, 'Insufficient sandbox balance');
      return { ok: true, item: params.item };
    },
  });
  sb = await startSandbox();
  await sb.ctx.db.exec('CREATE TABLE fake_effects (token_item TEXT)');
});
afterAll(async () => {
  sb.ctx.clock.reset();
  await sb.close();
});

const P = '/payment/api/did';
async function call(method: string, path: string, opts: { body?: unknown; session?: string } = {}) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.session ? { authorization: `Bearer ${opts.session}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}
const open = (params: Record<string, string>, session?: string) =>
  call('GET', `${P}/fake/token?${new URLSearchParams(params)}`, { session });
const status = (t: string) => call('GET', `${P}/fake/status?_t_=${t}`);
const effects = async (item: string) =>
  Number(
    (await sb.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM fake_effects WHERE token_item = $1', [item]))
      .rows[0]!.n,
  );

describe('DID Connect on the real library', () => {
  it('token: GET with flat params → {token, status created, deep link, appInfo}; POST flat body too', async () => {
    const r = await open({ item: 'a0', sessionUserDid: DEMO_DIDS.casey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'created', appInfo: { name: 'Sandbox Store' } });
    expect(r.body.token).toMatch(/^[0-9a-f]{8}$/);
    const auth = authUrlOf(r.body.url);
    expect(r.body.url.startsWith('https://abtwallet.io/i/?action=requestAuth&url=')).toBe(true);
    expect(auth).toBe(`${sb.url}${P}/fake/auth?_t_=${r.body.token}`);
    const s = await status(r.body.token);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({
      token: r.body.token,
      status: 'created',
      extraParams: { item: 'a0', sessionUserDid: DEMO_DIDS.casey },
      sessionDid: DEMO_DIDS.casey,
    });
    expect(s.body.challenge).toBeUndefined();
    const posted = await call('POST', `${P}/fake/token`, { body: { item: 'a1' } });
    expect(posted.status).toBe(200);
    expect((await status(posted.body.token)).body.extraParams).toMatchObject({ item: 'a1' });
    // Bad params: the action's own 4xx.
    expect(await open({ bad: '1' })).toMatchObject({ status: 422, body: { error: 'Bad fake params' } });
  });

  it('pays: scanned on auth GET, authPrincipal names the session DID, then a signature over the summary', async () => {
    const { body } = await open({ item: 'a', sessionUserDid: DEMO_DIDS.casey });
    const first = await fetchRequest(authUrlOf(body.url));
    expect((await status(body.token)).body.status).toBe('scanned');
    expect(await Jwt.verify(first.authInfo, toBase58(Buffer.from(sb.ctx.appKey.pk.slice(2), 'hex')))).toBe(true);
    expect(first.payload.requestedClaims).toEqual([
      expect.objectContaining({ type: 'authPrincipal', target: DEMO_DIDS.casey }),
    ]);
    const second = await answer(first, casey);
    if (!('next' in second)) throw new Error('expected a second step');
    const claim = second.next.payload.requestedClaims[0]!;
    expect(claim).toMatchObject({ type: 'signature', typeUrl: 'mime:text/plain', description: 'Fake a' });
    expect(signatureText(claim)).toBe(`Fake a\nAmount: 1 TBA\nSandbox request ${body.token}`);
    const done = await answer(second.next, casey);
    if (!('outcome' in done)) throw new Error('expected an outcome');
    expect(done.outcome).toMatchObject({ status: 'ok', response: { action: 'fake', status: 'succeed' } });
    const s = await status(body.token);
    expect(s.body).toMatchObject({ status: 'succeed', did: DEMO_DIDS.casey, result: { ok: true, item: 'a' } });
    expect(calls.filter((c) => c.params.item === 'a')).toEqual([
      { params: expect.objectContaining({ item: 'a' }), userDid: DEMO_DIDS.casey },
    ]);
    expect(await effects('a')).toBe(1);
  });

  it('the signed-in user of the token request is the session DID', async () => {
    const session = await createSession(sb.ctx.db, DEMO_DIDS.chris);
    const { body } = await open({ item: 'a2' }, session);
    expect((await status(body.token)).body.sessionDid).toBe(DEMO_DIDS.chris);
    const refused = await connect(body.url, casey);
    expect(refused.status).toBe('error');
    expect((await connect((await open({ item: 'a3' }, session)).body.url, chris)).status).toBe('ok');
  });

  it('another DID than the session’s pays nothing: the token ends in error', async () => {
    const { body } = await open({ item: 'b', sessionUserDid: DEMO_DIDS.casey });
    const out = await connect(body.url, chris);
    expect(out.status).toBe('error');
    expect(out.errorMessage).toMatch(/for the account/);
    const s = await status(body.token);
    expect(s.body.status).toBe('error');
    expect(await effects('b')).toBe(0);
  });

  it('decline → error with the library message; nothing runs; a later approve pays nothing', async () => {
    const { body } = await open({ item: 'c', sessionUserDid: DEMO_DIDS.casey });
    const out = await connect(body.url, casey, { declineAt: 1 });
    expect(out.status).toBe('ok');
    const s = await status(body.token);
    expect(s.body).toMatchObject({ status: 'error', error: 'You have declined the authentication request' });
    const again = await connect(body.url, casey);
    expect(again.status).toBe('error');
    expect(await effects('c')).toBe(0);
  });

  it('busy → status busy, nothing runs', async () => {
    const { body } = await open({ item: 'd' });
    await connect(body.url, casey, { kind: 'busy' });
    expect((await status(body.token)).body).toMatchObject({ status: 'busy' });
    expect(await effects('d')).toBe(0);
  });

  it('a replay of the same signed answer and a doubled answer pay once', async () => {
    const { body } = await open({ item: 'e', sessionUserDid: DEMO_DIDS.casey });
    const first = await fetchRequest(authUrlOf(body.url));
    const second = await answer(first, casey);
    if (!('next' in second)) throw new Error('expected a second step');
    // The final answer, signed once, sent twice at the same time and once more afterwards.
    const { answerClaims } = await import('../support/did-wallet.ts');
    const requestedClaims = await answerClaims(second.next.payload.requestedClaims, casey);
    const userInfo = await casey.signJWT({
      action: 'responseAuth',
      challenge: second.next.payload.challenge,
      requestedClaims,
    });
    const sent = { userPk: toBase58(Buffer.from(String(casey.publicKey).slice(2), 'hex')), userInfo };
    const [x, y] = await Promise.all([post(second.next.payload.url, sent), post(second.next.payload.url, sent)]);
    const replay = await post(second.next.payload.url, sent);
    for (const r of [x, y, replay]) expect('outcome' in r && r.outcome.status).toBe('ok');
    expect(await effects('e')).toBe(1);
    expect(calls.filter((c) => c.params.item === 'e')).toHaveLength(1);
    expect((await status(body.token)).body.status).toBe('succeed');
  });

  it("an HttpError of approve → error with its message, the action's writes rolled back, never retried", async () => {
    const { body } = await open({ item: 'f', fail: '1' });
    const out = await connect(body.url, casey);
    expect(out).toMatchObject({ status: 'error', errorMessage: 'Insufficient sandbox balance' });
    expect((await status(body.token)).body).toMatchObject({ status: 'error', error: 'Insufficient sandbox balance' });
    expect(await effects('f')).toBe(0);
    expect((await connect(body.url, casey)).status).toBe('error');
    expect(calls.filter((c) => c.params.item === 'f')).toHaveLength(1);
  });

  it('a tampered signature pays nothing', async () => {
    const { body } = await open({ item: 'g' });
    const first = await fetchRequest(authUrlOf(body.url));
    const second = await answer(first, casey);
    if (!('next' in second)) throw new Error('expected a second step');
    const claims = second.next.payload.requestedClaims.map((c) => ({
      ...c,
      origin: toBase58(Buffer.from('Fake g\nAmount: 0 TBA')),
    }));
    const { answerClaims } = await import('../support/did-wallet.ts');
    const userInfo = await casey.signJWT({
      action: 'responseAuth',
      challenge: second.next.payload.challenge,
      requestedClaims: await answerClaims(claims, casey),
    });
    const r = await post(second.next.payload.url, {
      userPk: toBase58(Buffer.from(String(casey.publicKey).slice(2), 'hex')),
      userInfo,
    });
    expect('outcome' in r && r.outcome.status).toBe('error');
    expect(await effects('g')).toBe(0);
  });

  it('forbidden: a later step answered by another DID → 403 on status', async () => {
    const { body } = await open({ item: 'h' });
    const first = await fetchRequest(authUrlOf(body.url));
    const second = await answer(first, casey);
    if (!('next' in second)) throw new Error('expected a second step');
    const r = await answer(second.next, chris);
    expect('outcome' in r && r.outcome.status).toBe('error');
    const s = await status(body.token);
    expect(s.status).toBe(403);
    expect(await effects('h')).toBe(0);
  });

  it('expiry on the sandbox clock: 400 on status; unknown tokens 400; timeout drops a created token', async () => {
    const { body } = await open({ item: 'i' });
    sb.ctx.clock.advance(5 * 60 * 1000 + 1000);
    try {
      const s = await status(body.token);
      expect(s.status).toBe(400);
      expect(s.body.error).toBe('Session not found or expired');
    } finally {
      sb.ctx.clock.reset();
    }
    expect((await status('deadbeef')).status).toBe(400);
    expect((await call('GET', `${P}/fake/status`)).status).toBe(400);
    const t = (await open({ item: 'j' })).body.token;
    expect((await call('GET', `${P}/fake/timeout?_t_=${t}`)).body).toEqual({ token: t });
    expect((await status(t)).status).toBe(400);
  });
});

describe('a restart', () => {
  it('keeps a token: a new server on the same data directory answers its status and completes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    const listen = async () => {
      const s = await createSandboxServer({ db: join(dir, 'db') });
      await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
      return { s, url: `http://127.0.0.1:${(s.server.address() as AddressInfo).port}` };
    };
    try {
      const one = await listen();
      const r = await (await fetch(`${one.url}${P}/fake/token?item=restart`)).json();
      await one.s.close();
      const two = await listen();
      try {
        await two.s.ctx.db.exec('CREATE TABLE IF NOT EXISTS fake_effects (token_item TEXT)');
        const s = await (await fetch(`${two.url}${P}/fake/status?_t_=${r.token}`)).json();
        expect(s).toMatchObject({ token: r.token, status: 'created' });
        const out = await connect(r.url, casey, { rewrite: (u) => u.replace(one.url, two.url) });
        expect(out).toMatchObject({ status: 'ok', errorMessage: '' });
      } finally {
        await two.s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the sandbox wallet page (a web wallet over HTTP)', () => {
  const W = '/.well-known/service/sandbox/wallet';
  const form = (fields: Record<string, string>) =>
    fetch(`${sb.url}${W}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('opens a deep link (scanned), answers as the picked demo user, shows the outcome', async () => {
    const { body } = await open({ item: 'w1', sessionUserDid: DEMO_DIDS.casey });
    const page = await fetch(`${sb.url}${W}?url=${encodeURIComponent(body.url)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Request from Sandbox Store');
    expect(html).toContain('authPrincipal');
    expect(html).not.toMatch(/<script|style="/);
    // The account the app asks for comes first and is picked.
    expect(html).toMatch(new RegExp(`name="did" value="${DEMO_DIDS.casey}" checked`));
    expect((await status(body.token)).body.status).toBe('scanned');
    const auth = authUrlOf(body.url);
    const step1 = await (await form({ url: auth, did: DEMO_DIDS.casey, answer: 'approve' })).text();
    expect(step1).toContain('You sign this text');
    expect(step1).toContain('Fake w1');
    expect(step1).toMatch(/<dt>Amount<\/dt><dd>1 TBA<\/dd>/);
    const done = await (await form({ url: auth, did: DEMO_DIDS.casey, answer: 'approve' })).text();
    expect(done).toContain('Request approved');
    expect((await status(body.token)).body).toMatchObject({ status: 'succeed', did: DEMO_DIDS.casey });
    expect(await effects('w1')).toBe(1);
  });

  it('declines; shows the app’s error; refuses links of other hosts', async () => {
    const a = (await open({ item: 'w2' })).body;
    const declined = await (await form({ url: a.url, did: DEMO_DIDS.chris, answer: 'decline' })).text();
    expect(declined).toContain('Declined');
    expect((await status(a.token)).body).toMatchObject({ status: 'error' });
    const b = (await open({ item: 'w3', fail: '1' })).body;
    await form({ url: b.url, did: DEMO_DIDS.chris, answer: 'approve' });
    const failed = await (await form({ url: b.url, did: DEMO_DIDS.chris, answer: 'approve' })).text();
    expect(failed).toContain('Request failed');
    expect(failed).toContain('Insufficient sandbox balance');
    expect(await effects('w2')).toBe(0);
    const foreign = await fetch(`${sb.url}${W}?url=${encodeURIComponent('https://evil.example/api/did/x/auth?_t_=1')}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('not a wallet request of this sandbox');
    const zh = await fetch(`${sb.url}${W}?locale=zh&url=${encodeURIComponent(a.url)}`);
    expect(await zh.text()).toMatch(/<html lang="zh">/);
  });

  it('lists the demo wallets: each DID is its key’s address', async () => {
    const list = (await (await fetch(`${sb.url}/.well-known/service/sandbox/wallets`)).json()) as Array<{
      did: string;
      name: string;
      sk: string;
      pk: string;
    }>;
    expect(list.map((w) => w.name)).toEqual([
      'Casey Customer',
      'Chris Buyer',
      'Dana Developer',
      'Adam Admin',
      'Olivia Owner',
    ]);
    for (const w of list) {
      expect(walletOf(w.sk).address).toBe(w.did);
      expect(String(walletOf(w.sk).publicKey)).toBe(w.pk);
    }
    expect(list[0]!.did).toBe(DEMO_DIDS.casey);
  });
});

describe('the relay follows a token', () => {
  it('pushes each change on relay:{appPid}:{token} as `updated` {response: state}', async () => {
    const { WebSocket } = await import('ws');
    const { body } = await open({ item: 'r1' });
    const ws = new WebSocket(`${sb.url.replace('http', 'ws')}/.well-known/service/relay/websocket?vsn=2.0.0`);
    const frames: unknown[][] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((r) => ws.on('open', r));
    const topic = `relay:${sb.ctx.app.pid}:${body.token}`;
    ws.send(JSON.stringify(['1', '1', topic, 'phx_join', {}]));
    await new Promise((r) => setTimeout(r, 200));
    expect(frames[0]).toEqual(['1', '1', topic, 'phx_reply', { status: 'ok', response: {} }]);
    await connect(body.url, casey);
    await new Promise((r) => setTimeout(r, 300));
    ws.close();
    const updates = frames.filter((f) => f[3] === 'updated').map((f) => (f[4] as any).response);
    expect(updates.map((u) => u.status)).toContain('scanned');
    expect(updates.at(-1)).toMatchObject({ token: body.token, status: 'succeed', result: { ok: true, item: 'r1' } });
    for (const u of updates) expect(u.challenge).toBeUndefined();
  });
});
