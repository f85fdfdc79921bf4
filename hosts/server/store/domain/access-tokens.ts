/**
 * Developer access tokens of the store (no HTTP): what the CLI publishes with. A token's secret is shown once, when
 * the token is made (in the developer console, or by connecting the CLI: connect-actions.ts); only its hash is kept.
 * ../routes/manage-routes.ts routes the console's calls; ../index.ts registers the table.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { iso } from './blocklets.ts';
import { text, type Body } from './fields.ts';
import { TOKEN_REMARK_MAX } from './rules.ts';

export const accessTokensMigration = {
  id: '001-access-tokens',
  up: `CREATE TABLE store_access_tokens (
    id TEXT PRIMARY KEY,
    user_did TEXT NOT NULL,
    remark TEXT NOT NULL,
    public_key TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'normal',
    latest_used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE INDEX store_access_tokens_user ON store_access_tokens (user_did);`,
};

type TokenRow = {
  id: string;
  user_did: string;
  remark: string;
  public_key: string;
  status: string;
  latest_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** A token as the store answers it: never its secret. */
const tokenOut = (t: TokenRow) => ({
  id: t.id,
  _id: t.id,
  remark: t.remark,
  publicKey: t.public_key,
  status: t.status,
  userDid: t.user_did,
  createdAt: iso(t.created_at),
  latestUsedAt: iso(t.latest_used_at),
  updatedAt: iso(t.updated_at),
});

/** The user's tokens, newest first. */
export async function listAccessTokens(q: Queryable, userDid: string) {
  const { rows } = await q.query<TokenRow>(
    'SELECT * FROM store_access_tokens WHERE user_did = $1 ORDER BY created_at DESC, id',
    [userDid],
  );
  return { dataList: rows.map(tokenOut), total: rows.length };
}

/** A new token of the user with the remark: its row and its secret (which is not kept). */
export async function newAccessToken(
  q: Queryable,
  userDid: string,
  remark: string,
): Promise<{ token: TokenRow; secret: string }> {
  const secret = `sk_${randomBytes(24).toString('hex')}`;
  const { rows } = await q.query<TokenRow>(
    'INSERT INTO store_access_tokens (id, user_did, remark, public_key, secret_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *',
    [
      randomUUID(),
      userDid,
      remark,
      `pk_${randomBytes(12).toString('hex')}`,
      createHash('sha256').update(secret).digest('hex'),
      q.clock.iso(),
    ],
  );
  return { token: rows[0]!, secret };
}

/** A token made in the console (`remark` ≤ 64 required), answered with its `secretKey`: the only time it is shown. */
export async function createAccessToken(q: Queryable, userDid: string, body: Body) {
  const remark = text(body, 'remark', { required: true, max: TOKEN_REMARK_MAX })!;
  const { token, secret } = await newAccessToken(q, userDid, remark);
  return { ...tokenOut(token), secretKey: secret };
}

/** Deletes one of the user's own tokens (someone else's is 404, as is none). */
export async function deleteAccessToken(q: Queryable, userDid: string, id: string) {
  const { rows } = await q.query<{ id: string }>(
    'DELETE FROM store_access_tokens WHERE id = $1 AND user_did = $2 RETURNING id',
    [id, userDid],
  );
  if (!rows[0]) throw new HttpError(404, 'Access token not found', 'NOT_FOUND');
  return { id: rows[0].id, deleted: true };
}
