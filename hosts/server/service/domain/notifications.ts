/**
 * Notifications of the blocklet service (no HTTP): what the header's bell and toasts read. A notification has a
 * severity, a title or description, a source and optionally an activity and actors; each belongs to one receiver,
 * who reads theirs (newest first) and marks them read. Anyone signed in may notify themselves; an owner or admin may
 * notify anyone (the sandbox's way for tests and demos to send one). ../routes/notifications-routes.ts is its router, which also
 * pushes them to the receiver's socket.
 */
import { randomBytes } from 'node:crypto';
import { registerMigrations, type Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { choice, isAbsent, text } from '../../validate.ts';
import { DEMO_USERS, getUser, type SandboxUser } from '../data/users.ts';

const SEVERITIES = ['normal', 'success', 'info', 'warning', 'error'] as const;
const SOURCES = ['system', 'component'] as const;
const ACTIVITY_TYPES = ['comment', 'like', 'follow', 'tips', 'mention', 'assign', 'un_assign'] as const;

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

export type Input = Record<string, unknown>;

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
function checkNotification(body: Input): Record<string, unknown> {
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

/** How many of the user's notifications are unread. */
export async function unreadCount(db: Queryable, did: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE receiver = $1 AND read = false',
    [did],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A page of the user's notifications, newest first, each with whether it was read, and the total. */
export async function listNotifications(db: Queryable, did: string, page: number, pageSize: number) {
  const { rows } = await db.query<{ data: Record<string, unknown>; read: boolean; created_at: Date }>(
    `SELECT data, read, created_at FROM notifications WHERE receiver = $1 ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [did],
  );
  const total = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE receiver = $1', [did])).rows[0]
      ?.n ?? 0,
  );
  return {
    list: rows.map((r): Input => ({ ...r.data, read: r.read, createdAt: new Date(r.created_at).toISOString() })),
    paging: { page, pageSize, total },
  };
}

/** Marks the user's unread notifications read: those of the body's `ids` (at most 1000), or all. The number marked. */
export async function markRead(db: Queryable, did: string, body: unknown): Promise<number> {
  const ids = (body as Input | undefined)?.ids;
  if (ids !== undefined && (!Array.isArray(ids) || ids.some((i) => typeof i !== 'string') || ids.length > 1000)) {
    throw new HttpError(400, 'ids must be a list of notification ids', 'INVALID_PARAM');
  }
  const { rows } = await db.query<{ id: string }>(
    ids
      ? 'UPDATE notifications SET read = true WHERE receiver = $1 AND read = false AND id = ANY($2) RETURNING id'
      : 'UPDATE notifications SET read = true WHERE receiver = $1 AND read = false RETURNING id',
    ids ? [did, ids] : [did],
  );
  return rows.length;
}

/**
 * A notification from `sender` (checked as the platform checks one) to the body's `receiver` did, else the user of
 * its `role`, else the sender. Only an owner or admin may notify another user. Answers the stored notification.
 */
export async function sendNotification(db: Queryable, sender: SandboxUser, body: Input) {
  let receiver: SandboxUser | null = null;
  if (typeof body.receiver === 'string') receiver = await getUser(db, body.receiver);
  else if (typeof body.role === 'string') receiver = DEMO_USERS.find((u) => u.role === body.role) ?? null;
  else receiver = sender;
  if (!receiver) throw new HttpError(400, 'Give a known receiver (did), a role, or sign in', 'INVALID_RECEIVER');
  if (receiver.did !== sender.did && sender.role !== 'owner' && sender.role !== 'admin') {
    throw new HttpError(403, 'Only an owner or admin may notify another user', 'FORBIDDEN');
  }
  const data = checkNotification(body);
  const id = `ntf_${randomBytes(8).toString('hex')}`;
  const notification = { id, ...data, receiver: receiver.did, receivers: [receiver.did] };
  await db.query('INSERT INTO notifications (id, receiver, data, created_at) VALUES ($1, $2, $3, $4)', [
    id,
    receiver.did,
    notification,
    db.clock.iso(),
  ]);
  return notification;
}
