import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import type { SandboxContext } from '../context.ts';
import { registerMigrations, type Queryable } from '../db.ts';
import { HttpError } from '../platform.ts';
import { choice, integer, isAbsent, text } from '../validate.ts';
import { userSocket } from './realtime.ts';
import { currentUser, DEMO_USERS, getUser, type SandboxUser } from './users.ts';

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
 */
export const SEVERITIES = ['normal', 'success', 'info', 'warning', 'error'] as const;
export const SOURCES = ['system', 'component'] as const;
export const ACTIVITY_TYPES = ['comment', 'like', 'follow', 'tips', 'mention', 'assign', 'un_assign'] as const;

export const createTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/notification.blockletCreate`;
export const readTopic = (appDid: string, userDid: string) => `${appDid}/${userDid}/blocklet.notification.read`;

registerMigrations('notifications', [
  {
    id: '001-notifications',
    up: `
      CREATE TABLE notifications (
        id TEXT PRIMARY KEY,
        receiver TEXT NOT NULL,
        data JSONB NOT NULL,
        read BOOLEAN NOT NULL DEFAULT false,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX notifications_receiver ON notifications (receiver, read);`,
  },
]);

type Input = Record<string, unknown>;

const CODE = 'INVALID_NOTIFICATION';
const str = (v: unknown, name: string, max: number, required = false): string | undefined =>
  text(v, name, { max, required, code: CODE });
const oneOf = <T extends string>(v: unknown, name: string, list: readonly T[], def: T): T =>
  isAbsent(v) ? def : choice(v, name, list, { code: CODE });

type Actor = { did: string; fullName: string };
function actors(v: unknown): Actor | Actor[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : [v];
  if (list.length > 100) throw new HttpError(400, 'actorInfo has too many entries', 'INVALID_NOTIFICATION');
  const out = list.map((a) => {
    if (!a || typeof a !== 'object')
      throw new HttpError(400, 'actorInfo entries need did and fullName', 'INVALID_NOTIFICATION');
    const o = a as Input;
    return {
      did: str(o.did, 'actorInfo.did', 200, true)!,
      fullName: str(o.fullName, 'actorInfo.fullName', 200, true)!,
    };
  });
  return Array.isArray(v) ? out : out[0];
}

/** Checks a notification sent through the sandbox (platform error shape on failure). */
export function checkNotification(body: Input): Record<string, unknown> {
  const activityIn = body.activity;
  let activity: Record<string, unknown> | undefined;
  if (activityIn !== undefined && activityIn !== null) {
    if (typeof activityIn !== 'object' || Array.isArray(activityIn))
      throw new HttpError(400, 'activity must be an object', 'INVALID_NOTIFICATION');
    const a = activityIn as Input;
    const target = a.target && typeof a.target === 'object' ? (a.target as Input) : undefined;
    activity = {
      type: oneOf(a.type, 'activity.type', ACTIVITY_TYPES, 'comment'),
      ...(a.actor !== undefined ? { actor: a.actor } : {}),
      ...(target
        ? {
            target: {
              name: str(target.name, 'activity.target.name', 200),
              id: str(target.id, 'activity.target.id', 200),
              type: str(target.type, 'activity.target.type', 50),
            },
          }
        : {}),
    };
  }
  const title = str(body.title, 'title', 200);
  const description = str(body.description, 'description', 2000);
  if (!title && !description) throw new HttpError(400, 'title or description is required', 'INVALID_NOTIFICATION');
  if (body.sticky !== undefined && typeof body.sticky !== 'boolean')
    throw new HttpError(400, 'sticky must be a boolean', 'INVALID_NOTIFICATION');
  const source = oneOf(body.source, 'source', SOURCES, 'component');
  const actorInfo = actors(body.actorInfo);
  return {
    severity: oneOf(body.severity, 'severity', SEVERITIES, 'normal'),
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    sticky: body.sticky === true,
    source,
    ...(str(body.componentDid, 'componentDid', 200) ? { componentDid: body.componentDid } : {}),
    ...(activity ? { activity } : {}),
    ...(actorInfo ? { actorInfo } : {}),
  };
}

export async function unreadCount(db: Queryable, did: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE receiver = $1 AND read = false',
    [did],
  );
  return Number(rows[0]?.n ?? 0);
}

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
    const { rows } = await ctx.db.query<{ data: Record<string, unknown>; read: boolean; created_at: Date }>(
      `SELECT data, read, created_at FROM notifications WHERE receiver = $1 ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.did],
    );
    const total = Number(
      (
        await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE receiver = $1', [
          user.did,
        ])
      ).rows[0]?.n ?? 0,
    );
    res.json({
      list: rows.map((r) => ({ ...r.data, read: r.read, createdAt: new Date(r.created_at).toISOString() })),
      paging: { page, pageSize, total },
    });
  });

  r.post('/api/notifications/read', async (req, res) => {
    const user = await requireUser(ctx, req);
    const ids = (req.body as Input | undefined)?.ids;
    if (ids !== undefined && (!Array.isArray(ids) || ids.some((i) => typeof i !== 'string') || ids.length > 1000)) {
      throw new HttpError(400, 'ids must be a list of notification ids', 'INVALID_PARAM');
    }
    const { rows } = await ctx.db.query<{ id: string }>(
      ids
        ? 'UPDATE notifications SET read = true WHERE receiver = $1 AND read = false AND id = ANY($2) RETURNING id'
        : 'UPDATE notifications SET read = true WHERE receiver = $1 AND read = false RETURNING id',
      ids ? [user.did, ids] : [user.did],
    );
    const readCount = rows.length;
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
    let receiver: SandboxUser | null = null;
    if (typeof body.receiver === 'string') receiver = await getUser(ctx.db, body.receiver);
    else if (typeof body.role === 'string') receiver = DEMO_USERS.find((u) => u.role === body.role) ?? null;
    else receiver = sender;
    if (!receiver) throw new HttpError(400, 'Give a known receiver (did), a role, or sign in', 'INVALID_RECEIVER');
    if (receiver.did !== sender.did && sender.role !== 'owner' && sender.role !== 'admin') {
      throw new HttpError(403, 'Only an owner or admin may notify another user', 'FORBIDDEN');
    }
    const data = checkNotification(body);
    const id = `ntf_${randomBytes(8).toString('hex')}`;
    const notification = { id, ...data, receiver: receiver.did, receivers: [receiver.did] };
    await ctx.db.query('INSERT INTO notifications (id, receiver, data) VALUES ($1, $2, $3)', [
      id,
      receiver.did,
      notification,
    ]);
    const topic = createTopic(ctx.app.did, receiver.did);
    userSocket.push(topic, topic, notification);
    res.status(201).json(notification);
  });

  return r;
}
