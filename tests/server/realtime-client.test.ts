/**
 * The elements' realtime client (src/api/realtime.ts over src/api/relay-socket.ts) against the sandbox relay: one
 * socket per page shared by every api instance, closed when the last subscriber goes, and a server restart is
 * survived over the websocket (no long-poll fallback): an event published after the restart is delivered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { SandboxContext } from '../../hosts/server/context.ts';
import { createEventBus, createTopicHub } from '../../hosts/server/platform.ts';
import { attachRealtime } from '../../hosts/server/service/routes/realtime.ts';
import { createApi } from '../../src/api/index.ts';
import { openSockets, type WebSocketCtor } from '../../src/api/relay-socket.ts';

const servers: Server[] = [];
/** The event bus of the relays this file starts (one, so an event published after a restart reaches the new one). */
const events = createEventBus();

/** The sandbox's realtime relay on a bare HTTP server (the relay needs only the app's PID). */
async function listen(port = 0): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  attachRealtime(server, { app: { pid: 'zNKsandboxApp' }, events, relay: createTopicHub() } as SandboxContext);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}
const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

afterEach(async () => {
  for (const s of servers.splice(0)) await stop(s);
});

const apiFor = (port: number) =>
  createApi(
    { locale: 'en', baseUrl: `http://127.0.0.1:${port}/payment/`, blocklet: { appPid: 'zNKsandboxApp' } },
    { WebSocket: WebSocket as unknown as WebSocketCtor },
  );

/** Publishes `type` until a handler got it (a join may still be on its way). */
async function deliver(type: string, object: Record<string, unknown>, got: unknown[], timeout = 8000): Promise<number> {
  const start = Date.now();
  await vi.waitFor(
    () => {
      if (!got.some((g) => (g as { id?: unknown }).id === object.id)) {
        events.publish(type, object);
        throw new Error('not delivered yet');
      }
    },
    { timeout, interval: 100 },
  );
  return Date.now() - start;
}

describe('realtime client', () => {
  it('shares one socket between api instances and closes it with the last subscriber', async () => {
    const { port } = await listen();
    const a = apiFor(port);
    const b = apiFor(port);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const offA = a.realtime.subscribe('checkout.session.completed', (r) => gotA.push(r));
    b.realtime.subscribe('invoice.paid', (r) => gotB.push(r));
    await deliver('checkout.session.completed', { id: 'cs_shared_1' }, gotA);
    await deliver('invoice.paid', { id: 'in_shared_1' }, gotB);
    expect(openSockets()).toBe(1);
    offA();
    expect(openSockets()).toBe(1);
    b.dispose();
    expect(openSockets()).toBe(0);
  });

  it('reconnects over the websocket after a server restart and delivers the next event', async () => {
    const first = await listen();
    const api = apiFor(first.port);
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('unhandledRejection', onError);
    try {
      const got: unknown[] = [];
      api.realtime.subscribe('checkout.session.completed', (r) => got.push(r));
      await deliver('checkout.session.completed', { id: 'cs_before' }, got);

      servers.splice(servers.indexOf(first.server), 1);
      await stop(first.server);
      await new Promise((r) => setTimeout(r, 1500)); // down for a while: several reconnect attempts fail
      await listen(first.port);
      const after = await deliver('checkout.session.completed', { id: 'cs_after_restart' }, got, 10_000);
      expect(after).toBeLessThan(5000);
      expect(got).toContainEqual({ id: 'cs_after_restart' });
      expect(errors).toEqual([]);
    } finally {
      process.off('unhandledRejection', onError);
      api.dispose();
    }
    expect(openSockets()).toBe(0);
  });
});
