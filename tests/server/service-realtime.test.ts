import { Socket } from 'phoenix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const wsUrl = (path: string) => sb.url.replace(/^http/, 'ws') + path;
const topic = () => `relay:${sb.ctx.app.pid}:events`;

function waitFor<T>(fn: (resolve: (v: T) => void) => void, ms = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    fn((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

/** A raw websocket that collects parsed frames. */
async function raw(path: string) {
  const ws = new WebSocket(wsUrl(path));
  const frames: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (d) => {
    frames.push(JSON.parse(d.toString()));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (): Promise<any> => {
    if (frames.length) return frames.shift();
    await waitFor<void>((r) => waiters.push(() => r()));
    return frames.shift();
  };
  return { ws, next, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

describe('realtime relay (phoenix client)', () => {
  it('joins relay:{appPid}:events, receives published events with {response}, heartbeats are answered', async () => {
    const socket = new Socket(wsUrl('/.well-known/service/relay'), {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      heartbeatIntervalMs: 100,
      params: {},
    });
    let heartbeats = 0;
    socket.onMessage((msg) => {
      const m = msg as { topic: string; event: string; payload: unknown };
      if (m.topic === 'phoenix' && m.event === 'phx_reply' && (m.payload as { status?: string }).status === 'ok')
        heartbeats++;
    });
    socket.connect();
    try {
      const channel = socket.channel(topic(), {});
      await waitFor<void>((resolve) => {
        channel.join().receive('ok', () => resolve());
      });
      const other = socket.channel('relay:someone-else:events', {});
      await waitFor<void>((resolve) => {
        other.join().receive('ok', () => resolve());
      });
      const elsewhere: unknown[] = [];
      other.on('checkout.session.completed', (p) => {
        elsewhere.push(p);
      });

      const got = waitFor<unknown>((resolve) => channel.on('checkout.session.completed', resolve));
      const paid = waitFor<unknown>((resolve) => channel.on('invoice.paid', resolve));
      sb.ctx.events.publish('checkout.session.completed', { id: 'cs_test_1', status: 'complete' });
      sb.ctx.events.publish('invoice.paid', { id: 'in_1', object: 'invoice', customer_id: 'cus_1' });
      expect(await got).toEqual({ response: { id: 'cs_test_1', status: 'complete' } });
      expect(await paid).toEqual({ response: { id: 'in_1', object: 'invoice', customer_id: 'cus_1' } });
      expect(elsewhere).toEqual([]);

      await waitFor<void>((resolve) => {
        const t = setInterval(() => {
          if (heartbeats >= 2) {
            clearInterval(t);
            resolve();
          }
        }, 20);
      });
      expect(socket.isConnected()).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});

describe('realtime relay (raw frames)', () => {
  it('vsn 2.0.0: array frames for join, heartbeat, push and leave', async () => {
    const c = await raw('/.well-known/service/relay/websocket?vsn=2.0.0');
    c.send(['1', '1', topic(), 'phx_join', {}]);
    expect(await c.next()).toEqual(['1', '1', topic(), 'phx_reply', { status: 'ok', response: {} }]);
    c.send([null, '2', 'phoenix', 'heartbeat', {}]);
    expect(await c.next()).toEqual([null, '2', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    sb.ctx.events.publish('invoice.paid', { id: 'in_raw' });
    expect(await c.next()).toEqual(['1', null, topic(), 'invoice.paid', { response: { id: 'in_raw' } }]);
    c.send(['1', '3', topic(), 'phx_leave', {}]);
    expect(await c.next()).toEqual(['1', '3', topic(), 'phx_reply', { status: 'ok', response: {} }]);
    expect((await c.next())[3]).toBe('phx_close');
    sb.ctx.events.publish('invoice.paid', { id: 'after_leave' });
    c.send([null, '4', 'phoenix', 'heartbeat', {}]);
    expect((await c.next())[1]).toBe('4'); // nothing pushed after leaving
    c.ws.close();
  });

  it('vsn 1.0.0 (or none): object frames; the user socket path speaks the same protocol', async () => {
    for (const path of ['/.well-known/service/relay/websocket?vsn=1.0.0', '/.well-known/service/websocket']) {
      const c = await raw(path);
      c.send({ topic: topic(), event: 'phx_join', payload: {}, ref: '1', join_ref: '1' });
      expect(await c.next()).toEqual({
        topic: topic(),
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
        ref: '1',
        join_ref: '1',
      });
      c.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2', join_ref: null });
      expect(await c.next()).toMatchObject({
        topic: 'phoenix',
        event: 'phx_reply',
        ref: '2',
        payload: { status: 'ok' },
      });
      sb.ctx.events.publish('checkout.session.completed', { id: 'cs_v1' });
      expect(await c.next()).toEqual({
        topic: topic(),
        event: 'checkout.session.completed',
        payload: { response: { id: 'cs_v1' } },
        ref: null,
        join_ref: '1',
      });
      c.ws.close();
    }
  });

  it('refuses other websocket paths', async () => {
    const ws = new WebSocket(wsUrl('/.well-known/service/nope'));
    const err = await new Promise<Error>((resolve) => ws.once('error', resolve));
    expect(String(err.message)).toMatch(/404/);
  });
});

describe('idle sockets', () => {
  it('closes a socket that sends no heartbeat for longer than the idle limit (2 × 30 s by default)', async () => {
    const { createServer } = await import('node:http');
    const { attachRealtime } = await import('../../hosts/server/service/routes/realtime.ts');
    const server = createServer();
    // An idle limit well above the heartbeat interval: on a loaded 2-core machine a stalled event loop once let a
    // 200 ms limit close the socket that was beating every 60 ms.
    attachRealtime(server, sb.ctx, { idleMs: 1500, sweepMs: 100 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const quiet = new WebSocket(`ws://127.0.0.1:${port}/.well-known/service/relay/websocket?vsn=2.0.0`);
      const chatty = new WebSocket(`ws://127.0.0.1:${port}/.well-known/service/relay/websocket?vsn=2.0.0`);
      await Promise.all([quiet, chatty].map((w) => new Promise((r) => w.once('open', r))));
      const beat = setInterval(() => chatty.send(JSON.stringify([null, 'h', 'phoenix', 'heartbeat', {}])), 100);
      const code = await new Promise<number>((r) => quiet.once('close', (c) => r(c)));
      expect(code).toBe(1000);
      await new Promise((r) => setTimeout(r, 600));
      expect(chatty.readyState).toBe(WebSocket.OPEN);
      clearInterval(beat);
      chatty.close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
