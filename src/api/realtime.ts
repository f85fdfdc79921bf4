/**
 * Realtime events over the platform relay (Phoenix channels protocol). The socket is the page's, shared by every
 * element on the same origin (src/api/relay-socket.ts, loaded on the first subscription, so it is not in the
 * first-paint bundle): opened by the first subscriber, closed when the last one goes. An api instance only keeps
 * its own unsubscribe functions; `close()` drops them all.
 *
 * Endpoint `{ws origin}/.well-known/service/relay/websocket?vsn=2.0.0`, channel `relay:{appPid}:events`, heartbeat
 * 30 s, websocket only with reconnect backoff (the platform has no long-poll endpoint). Handlers receive
 * `payload.response`. No socket when appPid is unknown. A wallet request's token has its own channel
 * (`relay:{appPid}:{token}`, event `updated`: src/api/resources/connect.ts).
 */
import { withQuery } from '../core/url.ts';
import { SERVICE_PREFIX } from './constants.ts';
import type { WebSocketCtor } from './relay-socket.ts';

export type RealtimeHandler<T = Record<string, unknown>> = (
  response: T,
  event: { type: string; payload: unknown },
) => void;

export type RealtimeDeps = {
  /** The platform origin ('' → the page's origin). */
  origin: () => string | undefined;
  /** The app's PID (`appPid || appId` of the description); undefined → no socket. */
  appPid: () => Promise<string | undefined>;
  /** Test seam: the WebSocket constructor (default the page's). */
  WebSocket?: WebSocketCtor | undefined;
};

export const REALTIME_HEARTBEAT_MS = 30_000;

/** `http://x` → `ws://x`, `https://x` → `wss://x`. */
export function wsOrigin(origin: string): string {
  return origin.replace(/^http(s?):/i, 'ws$1:');
}

/** The websocket URL of a service socket (`relay`, `user`) on a platform origin ('' → the page's). */
export function socketUrl(origin: string | undefined, name: string, authToken?: string): string | undefined {
  const o = origin || (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!o || o === 'null') return undefined;
  // A socket that must carry a session (a user's own topics) sends the element's auth token, if it has one, as the
  // `authToken` parameter; same-origin pages send the cookie. Sockets are shared per URL, so per token too.
  return withQuery(`${wsOrigin(o)}${SERVICE_PREFIX}/${name}/websocket`, {
    vsn: '2.0.0',
    authToken: authToken || undefined,
  });
}

export const loadRelaySocket = () => import('./relay-socket.ts');

export function createRealtime(deps: RealtimeDeps) {
  // This instance's live subscriptions: each entry undoes one (whether or not its socket is open yet).
  const subscriptions = new Set<() => void>();

  return {
    /**
     * Calls `handler(payload.response)` for each `eventType` event of the channel `relay:{appPid}:{channel}` (default
     * `events`, the app's; a wallet request follows its token's channel); returns the unsubscribe function.
     */
    subscribe<T = Record<string, unknown>>(
      eventType: string,
      handler: RealtimeHandler<T>,
      opts: { channel?: string } = {},
    ): () => void {
      let off: (() => void) | undefined;
      let done = false;
      const unsubscribe = () => {
        if (done) return;
        done = true;
        subscriptions.delete(unsubscribe);
        off?.();
        off = undefined;
      };
      subscriptions.add(unsubscribe);
      void (async () => {
        const appPid = await deps.appPid().catch(() => undefined);
        const url = socketUrl(deps.origin(), 'relay');
        if (done || !appPid || !url) return;
        const { sharedSocket } = await loadRelaySocket();
        if (done) return;
        off = sharedSocket(url, { heartbeatMs: REALTIME_HEARTBEAT_MS, WebSocket: deps.WebSocket }).subscribe(
          `relay:${appPid}:${opts.channel ?? 'events'}`,
          eventType,
          (payload) => {
            const response =
              payload && typeof payload === 'object' ? (payload as { response?: unknown }).response : undefined;
            handler(response as T, { type: eventType, payload });
          },
        );
      })().catch((err: unknown) => console.warn('[realtime] not connected', err));
      return unsubscribe;
    },
    /** Drops every subscription of this instance (the page's socket closes if nobody else uses it). */
    close(): void {
      for (const off of [...subscriptions]) off();
    },
    /** Resolves true when this instance has a subscription on an open socket of the page. */
    async connected(): Promise<boolean> {
      if (subscriptions.size === 0) return false;
      const url = socketUrl(deps.origin(), 'relay');
      const pid = await deps.appPid().catch(() => undefined);
      if (!url || !pid) return false;
      const { openSockets } = await loadRelaySocket();
      return openSockets() > 0;
    },
  };
}
