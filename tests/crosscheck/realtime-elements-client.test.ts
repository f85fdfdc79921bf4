/**
 * The elements' realtime client (src/api/realtime.ts over src/api/relay-socket.ts) against the platform's own
 * realtime server, @arcblock/ws's WsServer (what the platform's relay runs on), mounted at the relay's path on a
 * bare HTTP server: the client joins `relay:{appPid}:events`, the server broadcasts with its own API
 * (`broadcast(topic, event, data)`, which sends `{status: 'ok', response: data}`), and the element's handler gets
 * `response`. WsServer answers a join with `chan_reply_{ref}`, a heartbeat with event `heartbeat`, and broadcasts
 * with an empty join_ref: the client must read all three as the platform sends them.
 */
import { WsServer } from '@arcblock/ws';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createApi } from '../../src/api/index.ts';
import { openSockets, RelaySocket, type WebSocketCtor } from '../../src/api/relay-socket.ts';

const APP_PID = 'zNKcrosscheckApp';
const RELAY_PATH = '/.well-known/service/relay/websocket';

type Platform = { server: Server; ws: InstanceType<typeof WsServer>; port: number };
const running: Platform[] = [];

/** The platform's WsServer on the relay path of a fresh HTTP server (127.0.0.1, a free port or the given one). */
async function platform(port = 0): Promise<Platform> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  const ws = new WsServer({ pathname: RELAY_PATH, silent: true }).attach(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const p = { server, ws, port: (server.address() as AddressInfo).port };
  running.push(p);
  return p;
}
async function stop(p: Platform): Promise<void> {
  running.splice(running.indexOf(p), 1);
  // WsServer tracks no clients: end the upgraded sockets so the HTTP server can close.
  for (const set of Object.values(p.ws.topics)) for (const socket of set) socket.terminate();
  await new Promise<void>((resolve) => p.server.close(() => resolve()));
}
afterEach(async () => {
  for (const p of [...running]) await stop(p);
  vi.unstubAllGlobals();
});

/** Node 20 has no global WebSocket: the page's is `ws`'s here, as the elements take it from globalThis. */
const useWsAsGlobal = () => vi.stubGlobal('WebSocket', WebSocket);

const apiFor = (port: number) =>
  createApi({ locale: 'en', baseUrl: `http://127.0.0.1:${port}/payment/`, blocklet: { appPid: APP_PID } });

const subscribers = (p: Platform, topic = `relay:${APP_PID}:events`) => p.ws.topics[topic]?.size ?? 0;

/** Broadcasts with the platform's API (in-process, no cluster hub) until the handler got the object. */
async function deliver(p: Platform, event: string, data: { id: string }, got: unknown[], timeout = 8000) {
  await vi.waitFor(
    () => {
      if (!got.some((g) => (g as { id?: unknown }).id === data.id)) {
        p.ws._doBroadCast({ topic: `relay:${APP_PID}:events`, event, data });
        throw new Error('not delivered yet');
      }
    },
    { timeout, interval: 100 },
  );
}

describe("the elements' realtime client against @arcblock/ws WsServer", () => {
  it('joins relay:{appPid}:events and receives what the server broadcasts with its own API', async () => {
    useWsAsGlobal();
    const p = await platform();
    const api = apiFor(p.port);
    try {
      const got: unknown[] = [];
      const events: string[] = [];
      api.realtime.subscribe('checkout.session.completed', (r, e) => {
        got.push(r);
        events.push(e.type);
      });
      await vi.waitFor(() => expect(subscribers(p)).toBe(1), { timeout: 5000 });
      // The platform's public API: broadcast(topic, event, data) → every subscriber gets {status: 'ok', response}.
      await p.ws.broadcast(`relay:${APP_PID}:events`, 'checkout.session.completed', { id: 'cs_platform_1' });
      await vi.waitFor(() => expect(got).toEqual([{ id: 'cs_platform_1' }]), { timeout: 5000 });
      expect(events).toEqual(['checkout.session.completed']);
      // Another event name on the same topic does not reach this handler.
      await p.ws.broadcast(`relay:${APP_PID}:events`, 'invoice.paid', { id: 'in_platform_1' });
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toEqual([{ id: 'cs_platform_1' }]);
    } finally {
      api.dispose();
    }
    expect(openSockets()).toBe(0);
    // The last subscriber left: the server saw the socket go.
    await vi.waitFor(() => expect(subscribers(p)).toBe(0), { timeout: 5000 });
  });

  it("reads the server's join reply (chan_reply_{ref}) as joined and its heartbeat replies as answered", async () => {
    const p = await platform();
    const frames: unknown[][] = [];
    class Recording extends WebSocket {
      constructor(url: string) {
        super(url);
        this.on('message', (d) => frames.push(JSON.parse(String(d))));
      }
    }
    const socket = new RelaySocket(`ws://127.0.0.1:${p.port}${RELAY_PATH}?vsn=2.0.0`, {
      heartbeatMs: 150,
      WebSocket: Recording as unknown as WebSocketCtor,
    });
    const payloads: unknown[] = [];
    const got: unknown[] = [];
    socket.subscribe(`relay:${APP_PID}:events`, 'invoice.paid', (payload) => {
      payloads.push(payload);
      got.push((payload as { response?: unknown }).response);
    });
    try {
      await vi.waitFor(() => expect(subscribers(p)).toBe(1), { timeout: 5000 });
      // Several heartbeat periods: a client that did not read `heartbeat` replies would drop and reopen the
      // connection every second beat (and the server would count several sockets joining). Waited for rather than
      // slept on: on a loaded machine 1.2 s once held only 2 of the 150 ms beats.
      await vi.waitFor(() => expect(frames.filter((f) => f[2] === 'phoenix').length).toBeGreaterThanOrEqual(4), {
        timeout: 10_000,
      });
      const beats = frames.filter((f) => f[2] === 'phoenix');
      expect(beats.every((f) => f[3] === 'heartbeat')).toBe(true);
      const joins = frames.filter((f) => String(f[3]).startsWith('chan_reply_'));
      expect(joins).toHaveLength(1); // joined once: no reconnect, no rejoin
      expect(socket.connected).toBe(true);
      await deliver(p, 'invoice.paid', { id: 'in_platform_hb' }, got);
      expect(payloads).toContainEqual({ status: 'ok', response: { id: 'in_platform_hb' } });
    } finally {
      socket.close();
    }
  });

  it('reconnects after the platform server restarts and receives the next broadcast', async () => {
    useWsAsGlobal();
    const first = await platform();
    const api = apiFor(first.port);
    try {
      const got: unknown[] = [];
      api.realtime.subscribe('invoice.paid', (r) => got.push(r));
      await deliver(first, 'invoice.paid', { id: 'in_before' }, got);
      await stop(first);
      await new Promise((r) => setTimeout(r, 1000)); // down for a while: reconnect attempts fail
      const second = await platform(first.port);
      await deliver(second, 'invoice.paid', { id: 'in_after_restart' }, got, 10_000);
      expect(got).toContainEqual({ id: 'in_after_restart' });
    } finally {
      api.dispose();
    }
    expect(openSockets()).toBe(0);
  });
});
