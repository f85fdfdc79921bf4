/**
 * Notifications of the signed-in user (blocklet service): the unread count, marking read, the pages the bell links
 * to, and the user socket with the create and read events. Reached as `api.session.notifications`.
 *
 * Socket: Phoenix at `{ws origin}/.well-known/service/user` (phoenix appends `/websocket`), heartbeat 100 s;
 * one channel per event, topic = event = `{appDid}/{userDid}/notification.blockletCreate` (payload: the
 * notification) and `{appDid}/{userDid}/blocklet.notification.read` (payload `{receiver, readCount}`). The platform
 * lets only that user join them: the session cookie, or the element's auth token as the socket's `authToken` param.
 * `phoenix` is imported on the first subscribe only.
 */
import type { Socket, SocketConnectOption } from 'phoenix';
import { number, type } from 'superstruct';
import { withQuery } from '../../core/url.ts';
import { SERVICE_PREFIX } from '../constants.ts';
import type { Transport } from '../http.ts';
import { wsOrigin, type PhoenixModule } from '../realtime.ts';

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
  activity?: { type?: string; actor?: unknown; target?: { name?: string; id?: string; type?: string }; meta?: { id?: string; content?: string } };
  actorInfo?: { did?: string; fullName?: string } | Array<{ did?: string; fullName?: string }>;
  [key: string]: unknown;
};
export type ReadEvent = { receiver?: string; readCount?: number };

export const createEventTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/notification.blockletCreate`;
export const readEventTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/blocklet.notification.read`;

const UnreadStruct = type({ unReadCount: number() });

export function createNotifications(t: Transport) {
  return {
    /** GET api/notifications/unread-count → the number. */
    async unreadCount(): Promise<number> {
      const r = await t.request<{ unReadCount: number }>({ target: 'service', path: 'api/notifications/unread-count', schema: UnreadStruct });
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
     * Opens the user socket and calls the handlers for this user's create and read events. Returns the close
     * function. `loadPhoenix` is a test seam.
     */
    subscribe(opts: {
      appDid: string;
      userDid: string;
      onCreate: (n: Notification) => void;
      onRead: (e: ReadEvent) => void;
      loadPhoenix?: () => Promise<PhoenixModule>;
    }): () => void {
      let closed = false;
      let socket: Socket | null = null;
      const origin = t.origin || globalThis.location?.origin || '';
      void (opts.loadPhoenix ?? (() => import('phoenix') as Promise<PhoenixModule>))()
        .then(({ Socket: SocketCtor }) => {
          if (closed || !origin || origin === 'null') return;
          const memo = new Map<string, string>();
          socket = new SocketCtor(`${wsOrigin(origin)}${SERVICE_PREFIX}/user`, {
            heartbeatIntervalMs: NOTIFICATION_HEARTBEAT_MS,
            // The user's topics need their session: the cookie goes along on the same origin; an embed that was given
            // an auth token sends it (the socket only ever goes to the platform origin).
            params: t.settings.authToken ? { authToken: t.settings.authToken } : {},
            sessionStorage: { getItem: (k: string) => memo.get(k) ?? null, setItem: (k: string, v: string) => void memo.set(k, v), removeItem: (k: string) => void memo.delete(k) },
          } as Partial<SocketConnectOption>);
          socket.connect();
          const listen = (topic: string, fn: (payload: any) => void) => {
            const ch = socket!.channel(topic, {});
            ch.on(topic, (payload: unknown) => {
              try {
                fn(payload && typeof payload === 'object' ? payload : {});
              } catch (err) {
                console.error('[notifications] handler failed', err);
              }
            });
            ch.join();
          };
          listen(createEventTopic(opts.appDid, opts.userDid), opts.onCreate);
          listen(readEventTopic(opts.appDid, opts.userDid), opts.onRead);
        })
        .catch((err: unknown) => console.warn('[notifications] not connected', err));
      return () => {
        closed = true;
        socket?.disconnect();
        socket = null;
      };
    },
  };
}
