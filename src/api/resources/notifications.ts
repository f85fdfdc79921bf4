/**
 * Notifications of the signed-in user (blocklet service): the unread count, marking read, the pages the bell links
 * to, and the user socket with the create and read events. Made by the header's lazy bell: `createNotifications(api)`.
 *
 * Socket: Phoenix protocol at `{ws origin}/.well-known/service/user/websocket`, heartbeat 100 s, the page's one
 * socket for that endpoint (src/api/relay-socket.ts, loaded on the first subscribe only); one channel per event,
 * topic = event = `{appDid}/{userDid}/notification.blockletCreate` (payload: the notification) and
 * `{appDid}/{userDid}/blocklet.notification.read` (payload `{receiver, readCount}`).
 * The platform lets only that user join them: the session cookie, or the element's auth token as the socket's
 * `authToken` parameter (the socket only ever goes to the platform origin).
 */
import { number, type } from 'superstruct';
import { withQuery } from '../../core/url.ts';
import type { ResourceApi } from '../http.ts';
import { loadRelaySocket, socketUrl } from '../realtime.ts';
import type { WebSocketCtor } from '../relay-socket.ts';

export const NOTIFICATION_HEARTBEAT_MS = 100_000;

export type NotificationSeverity = 'normal' | 'success' | 'info' | 'warning' | 'error';
export type Notification = {
  id?: string;
  severity?: NotificationSeverity | string;
  title?: string;
  description?: string;
  sticky?: boolean;
  source?: 'system' | 'component' | string;
  componentDid?: string;
  receiver?: string;
  receivers?: string[];
  activity?: {
    type?: string;
    actor?: unknown;
    target?: { name?: string; id?: string; type?: string };
    meta?: { id?: string; content?: string };
  };
  actorInfo?: { did?: string; fullName?: string } | Array<{ did?: string; fullName?: string }>;
  [key: string]: unknown;
};
export type ReadEvent = { receiver?: string; readCount?: number };

export const createEventTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/notification.blockletCreate`;
export const readEventTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/blocklet.notification.read`;

/** GET api/notifications/unread-count. */
export type UnreadCount = { unReadCount: number };
const UnreadStruct = type({ unReadCount: number() });

export function createNotifications(t: Pick<ResourceApi, 'request' | 'serviceUrl' | 'origin' | 'config'>) {
  return {
    /** GET api/notifications/unread-count → the number. */
    async unreadCount(): Promise<number> {
      const r = await t.request<UnreadCount>({
        target: 'service',
        path: 'api/notifications/unread-count',
        schema: UnreadStruct,
      });
      return Math.max(0, r.unReadCount);
    },
    /** The user-center notifications page with the read-state query (`read=true` when nothing is unread). */
    pageUrl(unread: number, locale?: string): string {
      return withQuery(t.serviceUrl('user/notifications'), { read: String(unread <= 0), locale });
    },
    /** "View" of one notification: the page filtered to it. */
    viewUrl(n: Notification, locale?: string): string {
      return withQuery(t.serviceUrl('user/notifications'), {
        id: n.id ?? '',
        severity: n.severity || 'all',
        componentDid: n.source === 'system' ? 'system' : n.componentDid || 'all',
        locale,
      });
    },
    /**
     * Subscribes to this user's create and read events on the page's user socket. Returns the close function.
     * `WebSocket` is a test seam.
     */
    subscribe(opts: {
      appDid: string;
      userDid: string;
      onCreate: (n: Notification) => void;
      onRead: (e: ReadEvent) => void;
      WebSocket?: WebSocketCtor;
    }): () => void {
      let closed = false;
      const offs: Array<() => void> = [];
      const url = socketUrl(t.origin, 'user', t.config.authToken);
      if (url) {
        void loadRelaySocket()
          .then(({ sharedSocket }) => {
            if (closed) return;
            const socket = sharedSocket(url, { heartbeatMs: NOTIFICATION_HEARTBEAT_MS, WebSocket: opts.WebSocket });
            const listen = <T>(topic: string, fn: (payload: T) => void) =>
              offs.push(
                socket.subscribe(topic, topic, (payload) =>
                  fn((payload && typeof payload === 'object' ? payload : {}) as T),
                ),
              );
            listen(createEventTopic(opts.appDid, opts.userDid), opts.onCreate);
            listen(readEventTopic(opts.appDid, opts.userDid), opts.onRead);
          })
          .catch((err: unknown) => console.warn('[notifications] not connected', err));
      }
      return () => {
        closed = true;
        for (const off of offs.splice(0)) off();
      };
    },
  };
}
