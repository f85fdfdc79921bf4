/**
 * DID Connect token storage in the sandbox database (no HTTP): the `tokenStorage` @arcblock/did-connect-js's
 * WalletHandlers take (an EventEmitter with create / read / update / delete / exist), so a restart (or kill -9) of
 * the sandbox loses no request. ../routes/connect-routes.ts mounts the handlers on it.
 *
 * A token's state is one JSON object, as the library writes it (status, currentStep, challenge, extraParams, did,
 * pk, error, … and what an action adds with updateSession), plus the sandbox's own keys (`connectAction`, `summary`,
 * `sessionDid`, `result`; ../routes/connect-routes.ts). Updates merge into the stored object in one statement, so two writers never
 * lose each other's keys.
 *
 * Expiry on the sandbox clock: a token lives CONNECT_TTL_MS after it was created or last updated (the library's own
 * key-value storage renews its TTL the same way); after that `read` answers null (the status endpoint then answers
 * 400, as the platform's does for a cleaned-up token) and the row is removed.
 *
 * Every change is pushed on the realtime relay, topic `relay:{appPid}:{token}`, event `updated`, payload
 * `{response: <state without its secrets>}` (the platform's relay for did-connect-react).
 */
import { EventEmitter } from 'node:events';
import type { Clock } from '../../clock.ts';
import { registerMigrations, type Db, type Queryable } from '../../db.ts';
import type { TopicHub } from '../../platform.ts';

export const CONNECT_TTL_MS = 5 * 60 * 1000;

/** The keys a page never reads (the library's PROTECTED_KEYS plus the wallet's encryption key). */
export const SECRET_KEYS = ['challenge', 'nonce', 'sharedKey', 'encryptionKey'] as const;

const ENDED = new Set(['error', 'busy', 'forbidden']);

export type TokenState = Record<string, unknown> & { token: string; status: string };

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
  {
    // The sandbox's own connect sessions gave way to the platform's library and its token state.
    id: '002-connect-tokens',
    up: `
      DROP TABLE connect_sessions;
      CREATE TABLE connect_tokens (
        token TEXT PRIMARY KEY,
        state JSONB NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );`,
  },
]);

export function publicState(state: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) if (!(SECRET_KEYS as readonly string[]).includes(k)) out[k] = v;
  return out;
}

/** A token's state inside a transaction, its row locked (null: unknown or expired). */
export async function lockToken(q: Queryable, token: string): Promise<TokenState | null> {
  const { rows } = await q.query<{ state: TokenState }>(
    'SELECT state FROM connect_tokens WHERE token = $1 AND expires_at > $2 FOR UPDATE',
    [token, q.clock.now()],
  );
  return rows[0]?.state ?? null;
}

/** Merges `updates` into a token's state inside the caller's transaction (no event: the caller's update follows). */
export async function mergeToken(q: Queryable, token: string, updates: Record<string, unknown>): Promise<void> {
  await q.query('UPDATE connect_tokens SET state = state || $2::jsonb WHERE token = $1', [
    token,
    JSON.stringify(updates),
  ]);
}

export class ConnectTokenStorage extends EventEmitter {
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly relay: TopicHub,
    private readonly appPid: string,
  ) {
    super();
  }

  /** The server is closing: the library's delayed clean-ups that fire later do nothing. */
  close(): void {
    this.closed = true;
  }

  private publish(state: Record<string, unknown>): void {
    this.relay.push(`relay:${this.appPid}:${String(state.token)}`, 'updated', { response: publicState(state) });
  }

  async create(token: string, status = 'created'): Promise<TokenState> {
    const now = this.clock.now();
    const record: TokenState = { token, status };
    // A token the library draws again while an old one with it is still alive is refused (never taken over).
    const { rows } = await this.db.query(
      `INSERT INTO connect_tokens (token, state, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO UPDATE SET state = EXCLUDED.state, expires_at = EXCLUDED.expires_at, created_at = now()
       WHERE connect_tokens.expires_at <= $4
       RETURNING token`,
      [token, JSON.stringify(record), now + CONNECT_TTL_MS, now],
    );
    if (!rows.length) throw new Error('Could not create a DID Connect session, please try again');
    this.emit('create', record);
    this.publish(record);
    return record;
  }

  async read(token: string): Promise<TokenState | null> {
    if (typeof token !== 'string' || !token || this.closed) return null;
    const now = this.clock.now();
    const { rows } = await this.db.query<{ state: TokenState; expires_at: string }>(
      'SELECT state, expires_at FROM connect_tokens WHERE token = $1',
      [token],
    );
    const row = rows[0];
    if (!row) return null;
    if (Number(row.expires_at) <= now) {
      await this.db.query('DELETE FROM connect_tokens WHERE token = $1 AND expires_at <= $2', [token, now]);
      return null;
    }
    return row.state;
  }

  async update(token: string, updates: Record<string, unknown>): Promise<TokenState | null> {
    if (this.closed) return null;
    const changes = { ...updates };
    delete changes.token;
    // The sandbox's own mark that a token ended (declined, busy, failed, forbidden): the library sets the status
    // back to `scanned` when a wallet opens the request again, and an ended request must never run its action later.
    if (typeof changes.status === 'string' && ENDED.has(changes.status)) changes.ended = changes.status;
    const now = this.clock.now();
    const { rows } = await this.db.query<{ state: TokenState }>(
      `UPDATE connect_tokens SET state = state || $2::jsonb, expires_at = $3
       WHERE token = $1 AND expires_at > $4 RETURNING state`,
      [token, JSON.stringify(changes), now + CONNECT_TTL_MS, now],
    );
    const state = rows[0]?.state ?? null;
    if (!state) return null;
    this.emit('update', state);
    this.publish(state);
    return state;
  }

  async delete(token: string): Promise<void> {
    if (this.closed) return;
    const { rows } = await this.db.query('DELETE FROM connect_tokens WHERE token = $1 RETURNING token', [token]);
    if (rows.length) this.emit('destroy', token);
  }

  async exist(token: string, did?: string): Promise<boolean> {
    const state = await this.read(token);
    if (!state) return false;
    return did ? state.did === did : true;
  }
}
