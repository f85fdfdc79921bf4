import { Socket } from 'phoenix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTopic, readTopic } from '../../hosts/server/service/routes/notifications-routes.ts';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const S = '/.well-known/service';
const CASEY = DEMO_USERS[0]!;
const CHRIS = DEMO_USERS[1]!;

async function login(did: string): Promise<string> {
  const res = await fetch(`${sb.url}${S}/sandbox/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ did }),
  });
  return ((await res.json()) as { token: string }).token;
}
const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(`${sb.url}${S}/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
};
/** The owner's session: sandbox/notify needs a sender, and only an owner or admin may notify someone else. */
let ownerToken: string | undefined;
const boss = async () => (ownerToken ??= await login(DEMO_USERS[4]!.did));
const unread = async (token: string) => (await call('GET', 'api/notifications/unread-count', token)).body.unReadCount;

describe('notifications', () => {
  it('sandbox/notify stores one for the receiver; the unread count follows; others do not see it', async () => {
    const casey = await login(CASEY.did);
    const chris = await login(CHRIS.did);
    expect(await unread(casey)).toBe(0);
    const sent = await call('POST', 'sandbox/notify', await boss(), {
      receiver: CASEY.did,
      severity: 'success',
      title: 'Invoice paid',
      description: 'Your invoice SBX-0001 was paid.',
      componentDid: 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk',
      activity: { type: 'comment', target: { name: 'Pro plan', id: 't1', type: 'post' } },
      actorInfo: [{ did: 'z1a', fullName: 'Ann' }],
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      id: expect.stringMatching(/^ntf_/),
      receiver: CASEY.did,
      source: 'component',
      severity: 'success',
      sticky: false,
    });
    expect(await unread(casey)).toBe(1);
    expect(await unread(chris)).toBe(0);
    // A signed-in caller without receiver sends to themselves; a role picks that demo user.
    expect((await call('POST', 'sandbox/notify', chris, { title: 'Hi' })).body.receiver).toBe(CHRIS.did);
    expect((await call('POST', 'sandbox/notify', await boss(), { role: 'owner', title: 'Hi' })).body.receiver).toBe(
      DEMO_USERS[4]!.did,
    );
    const list = await call('GET', 'api/notifications', casey);
    expect(list.body.paging.total).toBe(1);
    expect(list.body.list[0]).toMatchObject({ title: 'Invoice paid', read: false });
    const page = await fetch(`${sb.url}${S}/user/notifications`, { headers: { authorization: `Bearer ${casey}` } });
    expect(await page.text()).toContain('Invoice paid');
  });

  it('rejects bad input with 400 and the platform error shape; reading needs a session', async () => {
    const bad: Array<[unknown, string]> = [
      [{ receiver: 'z1nobody', title: 'x' }, 'INVALID_RECEIVER'],
      [{ role: 'customer' }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x', severity: 'fatal' }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x', source: 'elsewhere' }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x', sticky: 'yes' }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x', activity: { type: 'shout' } }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x', actorInfo: [{ did: 'z1' }] }, 'INVALID_NOTIFICATION'],
      [{ role: 'customer', title: 'x'.repeat(201) }, 'INVALID_NOTIFICATION'],
    ];
    for (const [body, code] of bad) {
      const r = await call('POST', 'sandbox/notify', await boss(), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error: expect.any(String), code });
    }
    expect((await call('GET', 'api/notifications/unread-count')).status).toBe(401);
    // Sending needs a session; a customer may notify only themselves (no one sends as, or to, somebody else).
    expect(await call('POST', 'sandbox/notify', undefined, { title: 'x' })).toMatchObject({
      status: 401,
      body: { code: 'LOGIN_REQUIRED' },
    });
    const casey = await login(CASEY.did);
    expect(await call('POST', 'sandbox/notify', casey, { receiver: CHRIS.did, title: 'x' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await call('POST', 'sandbox/notify', casey, { role: 'owner', title: 'x' })).toMatchObject({ status: 403 });
    expect(await call('POST', 'sandbox/notify', casey, { receiver: CASEY.did, title: 'Note to self' })).toMatchObject({
      status: 201,
      body: { receiver: CASEY.did },
    });
    expect((await call('POST', 'api/notifications/read', undefined, {})).status).toBe(401);
    expect((await call('POST', 'api/notifications/read', await login(CASEY.did), { ids: 'all' })).status).toBe(400);
  });

  it('pushes create and read events on the user socket (Phoenix, topic = event = {appDid}/{userDid}/…)', async () => {
    const owner = DEMO_USERS[3]!; // Adam: no notifications yet
    const token = await login(owner.did);
    const socket = new Socket(sb.url.replace(/^http/, 'ws') + `${S}/user`, {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      heartbeatIntervalMs: 100_000,
      params: { authToken: token },
    });
    socket.connect();
    const got: Array<[string, any]> = [];
    const join = (topic: string) =>
      new Promise<void>((resolve, reject) => {
        const ch = socket.channel(topic, {});
        ch.on(topic, (p) => void got.push([topic, p]));
        ch.join()
          .receive('ok', () => resolve())
          .receive('error', reject);
      });
    const create = createTopic(sb.ctx.app.did, owner.did);
    const read = readTopic(sb.ctx.app.did, owner.did);
    try {
      await join(create);
      await join(read);
      // Another user's notification does not reach this socket.
      await call('POST', 'sandbox/notify', await boss(), { receiver: CASEY.did, title: 'Not yours' });
      await call('POST', 'sandbox/notify', await boss(), { receiver: owner.did, title: 'One', severity: 'error' });
      await call('POST', 'sandbox/notify', await boss(), { receiver: owner.did, title: 'Two' });
      await expect.poll(() => got.length).toBe(2);
      expect(got.map(([t, p]) => [t, p.title, p.receiver])).toEqual([
        [create, 'One', owner.did],
        [create, 'Two', owner.did],
      ]);
      expect(await unread(token)).toBe(2);
      const marked = await call('POST', 'api/notifications/read', token, {});
      expect(marked.body).toEqual({ readCount: 2 });
      await expect.poll(() => got.length).toBe(3);
      expect(got[2]).toEqual([read, { receiver: owner.did, readCount: 2 }]);
      expect(await unread(token)).toBe(0);
      // Nothing left to read: no event.
      expect((await call('POST', 'api/notifications/read', token, {})).body).toEqual({ readCount: 0 });
    } finally {
      socket.disconnect();
    }
  });
});
