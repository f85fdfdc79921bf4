/**
 * Wallet-connect sessions (no HTTP): a page asks for a connect action (registered with the platform,
 * `registerConnectAction`), the sandbox wallet page shows it and its owner approves or declines it. ../connect.ts is
 * its router (the wire protocol), and ../index.ts renders the wallet page.
 *
 * Status: created → scanned (wallet page opened) → succeed | error | declined; created/scanned → expired after
 * CONNECT_TTL_MS (sandbox clock). Final states never change again; a second approve answers 409 and never runs
 * approve() twice: the session row is locked (SELECT … FOR UPDATE) in the same transaction that runs approve()
 * and records the outcome. An HttpError from approve() rolls back the action's writes (savepoint) and records
 * status 'error' with its message in that same transaction.
 *
 * Events: the payment area's approve() schedules its own after-commit publishing on ctx.db (see
 * payment/connect-actions.ts), so nothing is published here; we only must not query ctx.db inside the transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { SandboxContext } from '../../context.ts';
import { registerMigrations, type Queryable } from '../../db.ts';
import { getConnectAction, HttpError, type ConnectSummary } from '../../platform.ts';
import type { SandboxUser } from '../users.ts';

export const CONNECT_TTL_MS = 5 * 60 * 1000;

export type ConnectStatusValue = 'created' | 'scanned' | 'succeed' | 'error' | 'declined' | 'expired';
export type ConnectRow = {
  token: string;
  action: string;
  params: Record<string, unknown>;
  summary: ConnectSummary | null;
  livemode: boolean;
  status: ConnectStatusValue;
  user_did: string | null;
  error: string | null;
  result: Record<string, unknown> | null;
  expires_at: string; // BIGINT (ms) comes back as a string
};

registerMigrations('connect', [
  {
    id: '001-connect-sessions',
    up: `
      CREATE TABLE connect_sessions (
        token TEXT PRIMARY KEY,
        action TEXT NOT NULL,
        params JSONB NOT NULL DEFAULT '{}',
        summary JSONB,
        livemode BOOLEAN NOT NULL DEFAULT true,
        status TEXT NOT NULL DEFAULT 'created'
          CHECK (status IN ('created', 'scanned', 'succeed', 'error', 'declined', 'expired')),
        user_did TEXT,
        error TEXT,
        result JSONB,
        expires_at BIGINT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );`,
  },
]);

const OPEN: ConnectStatusValue[] = ['created', 'scanned'];
export const isOpen = (s: ConnectStatusValue) => OPEN.includes(s);

function walletUrl(origin: string, token: string): string {
  return `${origin}/.well-known/service/sandbox/wallet?token=${encodeURIComponent(token)}`;
}

/** The connect session with its effective status (open + past expiry → 'expired', persisted). */
export async function loadConnectSession(
  q: Queryable,
  clock: Clock,
  token: string,
  forUpdate = false,
): Promise<ConnectRow | null> {
  const { rows } = await q.query<ConnectRow>(
    `SELECT token, action, params, summary, livemode, status, user_did, error, result, expires_at
     FROM connect_sessions WHERE token = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [token],
  );
  const row = rows[0];
  if (!row) return null;
  if (isOpen(row.status) && Number(row.expires_at) <= clock.now()) {
    await q.query(
      `UPDATE connect_sessions SET status = 'expired', updated_at = now() WHERE token = $1 AND status IN ('created', 'scanned')`,
      [token],
    );
    row.status = 'expired';
  }
  return row;
}

export function publicStatus(row: ConnectRow): {
  status: ConnectStatusValue;
  error?: string;
  result?: Record<string, unknown>;
} {
  return {
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    ...(row.result ? { result: row.result } : {}),
  };
}

export async function createConnectSession(
  ctx: SandboxContext,
  opts: { action: string; extraParams: unknown; user: SandboxUser | null; livemode: boolean; origin: string },
): Promise<{ token: string; url: string; expiresAt: number }> {
  const action = getConnectAction(opts.action);
  if (!action) throw new HttpError(400, `Unknown connect action: ${opts.action}`, 'UNKNOWN_ACTION');
  const raw = opts.extraParams ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(400, 'extraParams must be an object');
  const params = raw as Record<string, unknown>;
  const summary = await action.describe(params, {
    db: ctx.db,
    clock: ctx.clock,
    events: ctx.events,
    user: opts.user,
    livemode: opts.livemode,
  });
  const token = randomBytes(18).toString('base64url');
  const expiresAt = ctx.clock.now() + CONNECT_TTL_MS;
  await ctx.db.query(
    `INSERT INTO connect_sessions (token, action, params, summary, livemode, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [token, opts.action, params, summary, opts.livemode, expiresAt],
  );
  return { token, url: walletUrl(opts.origin, token), expiresAt: Math.floor(expiresAt / 1000) };
}

function notFound(): HttpError {
  return new HttpError(404, 'Unknown connect session', 'CONNECT_NOT_FOUND');
}

function finalError(row: ConnectRow): HttpError {
  if (row.status === 'expired') return new HttpError(410, 'This connect session has expired', 'CONNECT_EXPIRED');
  const done: Record<string, string> = { succeed: 'approved', error: 'failed', declined: 'declined' };
  return new HttpError(
    409,
    `This connect session has already been ${done[row.status] ?? row.status}`,
    'CONNECT_FINISHED',
  );
}

/**
 * Settles the open session `token` (of `expectedAction`, when given) in one transaction, its row locked: 404 for an
 * unknown token or another action. A session already final (or expiring now) commits and then throws its final
 * error (409/410); `settle` records the outcome, and an error it reports with `fail` is thrown after the commit, so
 * the recorded outcome stays.
 */
async function settleOpen(
  ctx: SandboxContext,
  token: string,
  expectedAction: string | undefined,
  settle: (tx: Queryable, row: ConnectRow, fail: (err: HttpError) => void) => Promise<ConnectRow>,
): Promise<ConnectRow> {
  let failure: HttpError | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const row = await loadConnectSession(tx, ctx.clock, token, true);
    if (!row || (expectedAction && row.action !== expectedAction)) throw notFound();
    if (!isOpen(row.status)) {
      failure = finalError(row);
      return row; // commit (an expiry may just have been recorded)
    }
    return settle(tx, row, (err) => (failure = err));
  });
  if (failure) throw failure;
  return row;
}

/**
 * Approves a connect session as `user`: runs the action's approve() and records the outcome, atomically.
 * Throws HttpError 404 (unknown token / other action), 409 (already finished), 410 (expired), or the action's
 * own HttpError (after recording status 'error').
 */
export async function approveConnect(
  ctx: SandboxContext,
  token: string,
  user: SandboxUser,
  expectedAction?: string,
): Promise<ConnectRow> {
  return settleOpen(ctx, token, expectedAction, async (tx, row, fail) => {
    const action = getConnectAction(row.action);
    if (!action) throw new HttpError(400, `Unknown connect action: ${row.action}`, 'UNKNOWN_ACTION');
    await tx.query('SAVEPOINT connect_approve');
    try {
      const result = await action.approve(row.params, {
        db: ctx.db,
        clock: ctx.clock,
        events: ctx.events,
        tx,
        user,
        userDid: user.did,
        livemode: row.livemode,
      });
      await tx.query('RELEASE SAVEPOINT connect_approve');
      await tx.query(
        `UPDATE connect_sessions SET status = 'succeed', result = $2, user_did = $3, error = NULL, updated_at = now() WHERE token = $1`,
        [token, result ?? {}, user.did],
      );
      return { ...row, status: 'succeed' as const, result: result ?? {}, user_did: user.did, error: null };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // a bug: roll everything back, the session stays open
      await tx.query('ROLLBACK TO SAVEPOINT connect_approve');
      await tx.query(
        `UPDATE connect_sessions SET status = 'error', error = $2, user_did = $3, updated_at = now() WHERE token = $1`,
        [token, err.message, user.did],
      );
      fail(err);
      return { ...row, status: 'error' as const, error: err.message, user_did: user.did };
    }
  });
}

/** Declines an open connect session (the wallet's owner said no). */
export async function declineConnect(
  ctx: SandboxContext,
  token: string,
  user: SandboxUser | null,
  expectedAction?: string,
): Promise<ConnectRow> {
  return settleOpen(ctx, token, expectedAction, async (tx, row) => {
    await tx.query(
      `UPDATE connect_sessions SET status = 'declined', error = $2, user_did = COALESCE($3, user_did), updated_at = now() WHERE token = $1`,
      [token, 'Declined in the wallet', user?.did ?? null],
    );
    return { ...row, status: 'declined' as const, error: 'Declined in the wallet' };
  });
}

/** The wallet page was opened on the session `token` (null: none): created → scanned, by `user` if signed in. */
export async function openConnectSession(
  ctx: SandboxContext,
  token: string,
  user: SandboxUser | null,
): Promise<ConnectRow | null> {
  const row = await loadConnectSession(ctx.db, ctx.clock, token);
  if (!row || row.status !== 'created') return row;
  await ctx.db.query(
    `UPDATE connect_sessions SET status = 'scanned', user_did = COALESCE($2, user_did), updated_at = now() WHERE token = $1 AND status = 'created'`,
    [token, user?.did ?? null],
  );
  return { ...row, status: 'scanned' };
}

/** The status of the session `token` of `action` as the page that asked reads it (404 for another action's). */
export async function connectStatus(q: Queryable, clock: Clock, token: string, action: string) {
  const row = await loadConnectSession(q, clock, token);
  if (!row || row.action !== action) throw notFound();
  return publicStatus(row);
}
