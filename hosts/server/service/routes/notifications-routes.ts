import { Router, type Request } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { integer } from '../../validate.ts';
import { listNotifications, markRead, sendNotification, unreadCount, type Input } from '../domain/notifications.ts';
import { userSocket } from './realtime.ts';
import { type SandboxUser } from '../data/users.ts';
import { currentUser } from '../../session.ts';

/**
 * Notifications of the blocklet service (what the header's bell and toasts use), under `/.well-known/service`:
 *
 *   GET  api/notifications/unread-count           → {unReadCount} (signed in)
 *   GET  api/notifications?page&pageSize          → {list, paging} (signed in; newest first)
 *   POST api/notifications/read {ids?}            → {readCount}; marks the user's unread ones (all without ids) read
 *   POST sandbox/notify {receiver|role, severity, title, description, sticky, source, componentDid, activity, actorInfo}
 *                                                 → 201 the notification. The sandbox's way for tests to send one:
 *                                                 signed in; owner/admin to anyone, others to themselves only.
 *
 * Realtime (the header's socket `{service}/user/websocket`, Phoenix): topic = event =
 *   `{appDid}/{receiverDid}/notification.blockletCreate`, payload = the notification (with `receiver`)
 *   `{appDid}/{receiverDid}/blocklet.notification.read`,  payload = `{receiver, readCount}`
 *
 * The routes parse, ask for a session, call the domain (domain/notifications.ts), push to the receiver's socket
 * and answer.
 */
export const createTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/notification.blockletCreate`;
export const readTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/blocklet.notification.read`;

async function requireUser(ctx: SandboxContext, req: Request): Promise<SandboxUser> {
  const user = await currentUser(ctx.db, req);
  if (!user) throw new HttpError(401, 'Sign in to read notifications', 'LOGIN_REQUIRED');
  return user;
}

export function createNotificationRoutes(ctx: SandboxContext): Router {
  const r = Router();

  r.get('/api/notifications/unread-count', async (req, res) => {
    const user = await requireUser(ctx, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ unReadCount: await unreadCount(ctx.db, user.did) });
  });

  r.get('/api/notifications', async (req, res) => {
    const user = await requireUser(ctx, req);
    const page = integer(req.query.page ?? 1, 'page', { min: 1, max: 1_000_000, code: 'INVALID_PARAM' });
    const pageSize = integer(req.query.pageSize ?? 20, 'pageSize', { min: 1, max: 100, code: 'INVALID_PARAM' });
    res.json(await listNotifications(ctx.db, user.did, page, pageSize));
  });

  r.post('/api/notifications/read', async (req, res) => {
    const user = await requireUser(ctx, req);
    const readCount = await markRead(ctx.db, user.did, req.body);
    if (readCount > 0)
      userSocket.push(readTopic(ctx.app.did, user.did), readTopic(ctx.app.did, user.did), {
        receiver: user.did,
        readCount,
      });
    res.json({ readCount });
  });

  /**
   * The sandbox's way to send a notification (tests, demos). Receiver: `receiver` did, else `role`, else the caller.
   * Needs a session: an owner or admin may notify anyone; anyone else only themselves (no one sends as somebody else).
   */
  r.post('/sandbox/notify', async (req, res) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Input;
    const sender = await currentUser(ctx.db, req);
    if (!sender) throw new HttpError(401, 'Sign in to send a notification', 'LOGIN_REQUIRED');
    const notification = await sendNotification(ctx.db, sender, body);
    const topic = createTopic(ctx.app.did, notification.receiver);
    userSocket.push(topic, topic, notification);
    res.status(201).json(notification);
  });

  return r;
}
