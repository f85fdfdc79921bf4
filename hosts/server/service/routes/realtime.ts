import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SandboxContext } from '../../context.ts';
import type { PlatformEvent } from '../../platform.ts';
import { sessionUser, type SandboxUser } from '../data/users.ts';
import { currentUser } from '../../session.ts';

/**
 * The realtime relay: a Phoenix channels server (wire protocol only) over `ws`.
 *
 * Paths: `/.well-known/service/relay/websocket` (the relay the payment elements use) and
 * `/.well-known/service/websocket` (the header's user socket). Serializer by `vsn`: `2.0.0` → array frames
 * `[join_ref, ref, topic, event, payload]`; `1.0.0` or none → object frames `{topic, event, payload, ref, join_ref}`.
 *
 * Handled: `phx_join` (reply ok, or `{status: 'error', response: {reason}}` when refused), `phx_leave` (reply ok,
 * then `phx_close`), `heartbeat` on topic `phoenix` (reply ok). Any other message on a joined topic is acknowledged
 * with ok. A socket that sends nothing (no heartbeat) for longer than `idleMs` (2 × 30 s) is closed.
 *
 * Who may join what (docs/security.md):
 * - `relay:{appPid}:{token}` (a DID Connect token): anyone who has the token. Every change of the token's state is
 *   pushed as event `updated` with payload `{response: <the state without its secrets>}` (connect-routes.ts), as
 *   the platform's relay does for did-connect-react.
 * - `relay:{pid}:events` (any pid): anyone. Every platform event (`ctx.events.publish`) is pushed to sockets joined on
 *   `relay:{appPid}:events` as event `type` with payload `{response: browserView(event)}`: ids and statuses only,
 *   never anyone's name, email, address, phone or DID (a browser that holds a session id or its own invoice ids
 *   learns that it was paid, and reads the rest through the authorized API).
 * - A user's topics, `{appDid}/{userDid}/{event}` and `relay:{pid}:{userDid}`: only with that user's session — the
 *   `login_token` cookie or `authToken` query (socket params) of the websocket request, a bearer header, or
 *   `authToken`/`token` in the join payload. Anyone else gets `{reason: 'unauthorized'}` and receives nothing.
 * - Any other topic is refused (`unmatched topic`).
 */
export const RELAY_PATH = '/.well-known/service/relay/websocket';
export const USER_SOCKET_PATH = '/.well-known/service/websocket';
/** The header's notification socket as the platform's WsClient opens it (`{service}/user` + `/websocket`). */
export const USER_NOTIFY_SOCKET_PATH = '/.well-known/service/user/websocket';

/**
 * Pushes to sockets of the user paths only (never to the relay's `relay:*` topics): the service publishes a
 * user's notification events here, on topic = event = `{appDid}/{userDid}/{name}` (the platform's WsClient joins
 * a channel per event name).
 */
type TopicPush = { topic: string; event: string; payload: unknown };
const topicListeners = new Set<(p: TopicPush) => void>();
export const userSocket = {
  push(topic: string, event: string, payload: unknown): void {
    for (const l of topicListeners) l({ topic, event, payload });
  },
};
export const HEARTBEAT_MS = 30_000;
/** The header's notification socket heartbeat (spec §9: 100000 ms). */
export const USER_HEARTBEAT_MS = 100_000;

type Frame = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: unknown };
type Client = {
  ws: WebSocket;
  vsn2: boolean;
  topics: Map<string, string | null>;
  lastSeen: number;
  idleMs: number;
  /** The session user of the websocket request (null: none), resolved once at connect. */
  user: Promise<SandboxUser | null>;
  /** Frames are handled one after another (a join may wait for a session lookup). */
  queue: Promise<void>;
};

/**
 * What a browser may receive of a platform event: an allowlist of ids and statuses per object (spec §9: invoice.paid
 * carries customer_id, currency_id, subscription_id; checkout.session.completed its id). Nothing else leaves.
 */
const BROWSER_FIELDS: Record<string, readonly string[]> = {
  checkout_session: ['id', 'object', 'livemode', 'status', 'payment_status', 'mode'],
  invoice: ['id', 'object', 'livemode', 'status', 'customer_id', 'currency_id', 'subscription_id'],
  refund: ['id', 'object', 'livemode', 'status', 'type', 'customer_id', 'currency_id', 'invoice_id', 'subscription_id'],
};
const DEFAULT_FIELDS = ['id', 'object', 'livemode', 'status'] as const;

export function browserView(event: PlatformEvent): Record<string, unknown> {
  const o = event.object;
  const fields = BROWSER_FIELDS[String(o.object ?? '')] ?? DEFAULT_FIELDS;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (o[f] !== undefined) out[f] = o[f];
  return out;
}

/** A DID Connect token as @arcblock/did-connect-js draws it (8 hex digits); a DID never looks like it. */
const CONNECT_TOKEN_RE = /^[0-9a-f]{8}$/;

/** The user DID a topic belongs to, '' for the public events topic, null for a topic nobody may join. */
export function topicOwner(topic: string): string | null {
  const relay = /^relay:([^:/]+):([^:/]+)$/.exec(topic);
  // A DID Connect token's topic: whoever holds the token (as its status endpoint) may follow it.
  if (relay) return relay[2] === 'events' || CONNECT_TOKEN_RE.test(relay[2]!) ? '' : relay[2]!;
  const user = /^([^/]+)\/([^/]+)\/[^/]+$/.exec(topic);
  return user ? user[2]!.replace(/^did:abt:/, '') : null;
}

export type RealtimeOptions = { idleMs?: number; sweepMs?: number };

function decode(data: string, vsn2: boolean): Frame | null {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return null;
  }
  if (vsn2) {
    if (!Array.isArray(msg) || msg.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = msg as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return {
      joinRef: joinRef == null ? null : String(joinRef),
      ref: ref == null ? null : String(ref),
      topic,
      event,
      payload,
    };
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return null;
  const m = msg as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
  return {
    joinRef: m.join_ref == null ? null : String(m.join_ref),
    ref: m.ref == null ? null : String(m.ref),
    topic: m.topic,
    event: m.event,
    payload: m.payload,
  };
}

function encode(f: Frame, vsn2: boolean): string {
  if (vsn2) return JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload]);
  return JSON.stringify({ topic: f.topic, event: f.event, payload: f.payload, ref: f.ref, join_ref: f.joinRef });
}

function send(c: Client, f: Frame): void {
  if (c.ws.readyState === c.ws.OPEN) c.ws.send(encode(f, c.vsn2));
}

const ok = (response: unknown = {}) => ({ status: 'ok', response });

export function attachRealtime(server: Server, ctx: SandboxContext, opts: RealtimeOptions = {}): void {
  const idleMs = opts.idleMs ?? 2 * HEARTBEAT_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const clients = new Set<Client>();
  const eventsTopic = `relay:${ctx.app.pid}:events`;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    if (url.pathname !== RELAY_PATH && url.pathname !== USER_SOCKET_PATH && url.pathname !== USER_NOTIFY_SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const vsn = url.searchParams.get('vsn');
    if (vsn && vsn !== '1.0.0' && vsn !== '2.0.0') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // The header's notification socket beats every 100 s; the others every 30 s.
      const idle = url.pathname === USER_NOTIFY_SOCKET_PATH ? Math.max(idleMs, 2 * USER_HEARTBEAT_MS) : idleMs;
      const user = currentUser(ctx.db, req).catch(() => null);
      const c: Client = {
        ws,
        vsn2: vsn === '2.0.0',
        topics: new Map(),
        lastSeen: Date.now(),
        idleMs: idle,
        user,
        queue: Promise.resolve(),
      };
      clients.add(c);
      ws.on('message', (data, isBinary) => {
        c.lastSeen = Date.now();
        if (isBinary) return; // binary pushes are not part of the sandbox protocol
        const f = decode(data.toString(), c.vsn2);
        if (!f) return;
        c.queue = c.queue
          .then(() => handle(c, f))
          .catch((err: unknown) => console.error('[realtime] frame failed', err));
      });
      ws.on('close', () => clients.delete(c));
      ws.on('error', () => clients.delete(c));
    });
  };

  /** Whether this socket may join a topic: the public events topic, or a user's own topics with their session. */
  async function mayJoin(
    c: Client,
    topic: string,
    payload: unknown,
  ): Promise<'ok' | 'unauthorized' | 'unmatched topic'> {
    const owner = topicOwner(topic);
    if (owner === null) return 'unmatched topic';
    if (owner === '') return 'ok';
    const p = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const token = typeof p.authToken === 'string' ? p.authToken : typeof p.token === 'string' ? p.token : null;
    const user = (token ? await sessionUser(ctx.db, token) : null) ?? (await c.user);
    return user?.did === owner ? 'ok' : 'unauthorized';
  }

  async function handle(c: Client, f: Frame): Promise<void> {
    const reply = (payload: unknown, joinRef = f.joinRef) =>
      send(c, { joinRef, ref: f.ref, topic: f.topic, event: 'phx_reply', payload });
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') reply(ok());
      return;
    }
    switch (f.event) {
      case 'phx_join': {
        const verdict = await mayJoin(c, f.topic, f.payload);
        if (verdict !== 'ok') {
          c.topics.delete(f.topic);
          reply({ status: 'error', response: { reason: verdict } });
          return;
        }
        c.topics.set(f.topic, f.joinRef);
        reply(ok());
        return;
      }
      case 'phx_leave': {
        const joinRef = c.topics.get(f.topic) ?? f.joinRef;
        c.topics.delete(f.topic);
        reply(ok(), joinRef);
        send(c, { joinRef, ref: joinRef, topic: f.topic, event: 'phx_close', payload: {} });
        return;
      }
      default:
        if (c.topics.has(f.topic)) reply(ok());
        else reply({ status: 'error', response: { reason: 'unmatched topic' } });
    }
  }

  function broadcast(topic: string, event: string, payload: unknown): void {
    for (const c of clients) {
      if (!c.topics.has(topic)) continue;
      send(c, { joinRef: c.topics.get(topic) ?? null, ref: null, topic, event, payload });
    }
  }

  const unsubscribe = ctx.events.subscribe((e) => broadcast(eventsTopic, e.type, { response: browserView(e) }));
  const onTopicPush = (p: TopicPush) => {
    if (!p.topic.startsWith('relay:')) broadcast(p.topic, p.event, p.payload);
  };
  topicListeners.add(onTopicPush);
  const unsubscribeRelay = ctx.relay.subscribe((p) => broadcast(p.topic, p.event, p.payload));

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const c of clients) {
        if (now - c.lastSeen > c.idleMs) {
          clients.delete(c);
          c.ws.close(1000, 'heartbeat timeout');
          setTimeout(() => c.ws.terminate(), 1000).unref();
        }
      }
    },
    opts.sweepMs ?? Math.min(HEARTBEAT_MS, idleMs),
  ).unref();

  server.on('upgrade', onUpgrade);

  // Upgraded sockets keep an http.Server from closing; end them (and stop listening to events) on close().
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    clearInterval(sweep);
    unsubscribe();
    unsubscribeRelay();
    topicListeners.delete(onTopicPush);
    for (const c of clients) c.ws.terminate();
    clients.clear();
    wss.close();
    return close(cb);
  }) as Server['close'];
}
