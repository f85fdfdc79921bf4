/**
 * Realtime events over the platform relay (Phoenix channels). `phoenix` is imported lazily on the first subscribe,
 * so it is not in the first-paint bundle. One socket per api instance; closed when the last handler unsubscribes.
 *
 * Endpoint `{ws origin}/.well-known/service/relay` (phoenix appends `/websocket`), channel `relay:{appPid}:events`,
 * heartbeat 30 s, long-poll fallback after 5 s. Handlers receive `payload.response`. No socket when appPid is unknown.
 */
import type { Channel, Socket, SocketConnectOption } from 'phoenix';
import { SERVICE_PREFIX } from './constants.ts';

export type RealtimeHandler<T = Record<string, unknown>> = (response: T, event: { type: string; payload: unknown }) => void;

export type PhoenixModule = { Socket: new (endPoint: string, opts?: Partial<SocketConnectOption>) => Socket };

export type RealtimeDeps = {
  /** The platform origin ('' → the page's origin). */
  origin: () => string | undefined;
  /** The app's PID (`appPid || appId` of the description); undefined → no socket. */
  appPid: () => Promise<string | undefined>;
  /** Test seam: loads phoenix (default `import('phoenix')`). */
  loadPhoenix?: () => Promise<PhoenixModule>;
};

export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_LONGPOLL_FALLBACK_MS = 5_000;

/** `http://x` → `ws://x`, `https://x` → `wss://x`. */
export function wsOrigin(origin: string): string {
  return origin.replace(/^http(s?):/i, 'ws$1:');
}

/** In-memory session store for phoenix's fallback memo (so nothing is written to the page's sessionStorage). */
function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

export function createRealtime(deps: RealtimeDeps) {
  const handlers = new Map<string, Set<RealtimeHandler<any>>>();
  const bound = new Map<string, number>();
  let conn: Promise<{ socket: Socket; channel: Channel } | null> | null = null;
  let current: { socket: Socket; channel: Channel } | null = null;

  const total = () => [...handlers.values()].reduce((n, s) => n + s.size, 0);

  function bindAll(channel: Channel) {
    for (const type of handlers.keys()) {
      if (bound.has(type)) continue;
      const ref = channel.on(type, (payload: unknown) => {
        const response = payload && typeof payload === 'object' ? (payload as { response?: unknown }).response : undefined;
        for (const h of [...(handlers.get(type) ?? [])]) {
          try {
            h(response as Record<string, unknown>, { type, payload });
          } catch (err) {
            console.error('[realtime] handler failed', err);
          }
        }
      });
      bound.set(type, ref);
    }
  }

  async function open(): Promise<{ socket: Socket; channel: Channel } | null> {
    const appPid = await deps.appPid().catch(() => undefined);
    const origin = deps.origin() || (globalThis as { location?: { origin?: string } }).location?.origin;
    if (!appPid || !origin || origin === 'null') return null;
    const { Socket: SocketCtor } = await (deps.loadPhoenix ?? (() => import('phoenix') as Promise<PhoenixModule>))();
    const socket = new SocketCtor(`${wsOrigin(origin)}${SERVICE_PREFIX}/relay`, {
      heartbeatIntervalMs: REALTIME_HEARTBEAT_MS,
      longPollFallbackMs: REALTIME_LONGPOLL_FALLBACK_MS,
      sessionStorage: memoryStore(),
    });
    socket.connect();
    const channel = socket.channel(`relay:${appPid}:events`, {});
    channel.join();
    return { socket, channel };
  }

  function close() {
    const c = current;
    current = null;
    conn = null;
    bound.clear();
    if (c) {
      try {
        c.channel.leave();
      } catch {
        /* ignore */
      }
      c.socket.disconnect();
    }
  }

  function ensure() {
    if (!conn) {
      const p = open().then(
        (c) => {
          if (conn !== p) {
            // closed while connecting
            if (c) {
              c.channel.leave();
              c.socket.disconnect();
            }
            return null;
          }
          current = c;
          if (c) bindAll(c.channel);
          return c;
        },
        (err: unknown) => {
          console.warn('[realtime] not connected', err);
          if (conn === p) conn = null;
          return null;
        },
      );
      conn = p;
    } else if (current) {
      bindAll(current.channel);
    }
  }

  return {
    /** Calls `handler(payload.response)` for each `eventType` event; returns the unsubscribe function. */
    subscribe<T = Record<string, unknown>>(eventType: string, handler: RealtimeHandler<T>): () => void {
      let set = handlers.get(eventType);
      if (!set) handlers.set(eventType, (set = new Set()));
      set.add(handler as RealtimeHandler<any>);
      ensure();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const s = handlers.get(eventType);
        s?.delete(handler as RealtimeHandler<any>);
        if (s && s.size === 0) {
          handlers.delete(eventType);
          const ref = bound.get(eventType);
          if (ref !== undefined && current) current.channel.off(eventType, ref);
          bound.delete(eventType);
        }
        if (total() === 0) close();
      };
    },
    /** Closes the socket (all handlers are dropped). */
    close(): void {
      handlers.clear();
      close();
    },
    /** Resolves true when a socket is open (or being opened) for this instance. */
    async connected(): Promise<boolean> {
      return !!(await (conn ?? Promise.resolve(null)));
    },
  };
}
