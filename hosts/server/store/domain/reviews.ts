/**
 * The review states of a blocklet's versions (no HTTP). ../routes/manage-routes.ts is its router.
 *
 *   DRAFT | REJECTED | CANCELLED → PENDING_REVIEW   the developer asks for review (the newest version only)
 *   PENDING_REVIEW | IN_REVIEW   → CANCELLED        the developer withdraws it
 *   PENDING_REVIEW               → IN_REVIEW        an admin takes it
 *   PENDING_REVIEW | IN_REVIEW   → REJECTED         an admin refuses it
 *   PENDING_REVIEW | IN_REVIEW   → PUBLISHED        an admin approves it: it needs a category and a version higher
 *                                                   than the current one, and becomes the current version
 *
 * Each change is one transaction with the version locked; a version in another state is 409 INVALID_STATUS.
 */
import type { Db, Tx } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { assertHigher, higher } from '../data/versions.ts';
import { categoriesById, versionOut, type BlockletRow, type VersionRow } from './blocklets.ts';
import { text, type Body } from './fields.ts';

/** Every state a version can be in. */
export const REVIEW_STATUSES = [
  'DRAFT',
  'PENDING_REVIEW',
  'IN_REVIEW',
  'APPROVED',
  'REJECTED',
  'PUBLISHED',
  'CANCELLED',
];

/** A version named in a body is at most this long. */
const VERSION_MAX = 64;

/** Moves a version from one of `from` to `to` (and runs `extra` in the same transaction); answers the version. */
async function setVersionStatus(
  db: Db,
  did: string,
  version: string,
  from: string[],
  to: string,
  extra?: (tx: Tx, v: VersionRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<VersionRow>(
      'SELECT * FROM store_versions WHERE did = $1 AND version = $2 FOR UPDATE',
      [did, version],
    );
    const v = rows[0];
    if (!v) throw new HttpError(404, `Version not found: ${version}`, 'VERSION_NOT_FOUND');
    if (!from.includes(v.status)) throw new HttpError(409, `Version ${version} is ${v.status}`, 'INVALID_STATUS');
    await tx.query('UPDATE store_versions SET status = $3 WHERE did = $1 AND version = $2', [did, version, to]);
    await tx.query('UPDATE store_blocklets SET updated_at = $2 WHERE did = $1', [did, tx.clock.iso()]);
    if (extra) await extra(tx, v);
    return { ...versionOut(v), status: to };
  });
}

/** The developer asks for review of the body's `version` of their blocklet (409 VERSION_SUPERSEDED for an older one). */
export async function requestReview(db: Db, b: BlockletRow, body: Body) {
  const version = text(body, 'version', { required: true, max: VERSION_MAX })!;
  return setVersionStatus(db, b.did, version, ['DRAFT', 'REJECTED', 'CANCELLED'], 'PENDING_REVIEW', async (tx, v) => {
    // Only the newest version can go (back) to review; older rejected or cancelled ones are history.
    const newer = await tx.query('SELECT 1 FROM store_versions WHERE did = $1 AND created_at > $2 LIMIT 1', [
      b.did,
      v.created_at,
    ]);
    if (newer.rows.length) throw new HttpError(409, `Version ${version} has a newer version`, 'VERSION_SUPERSEDED');
  });
}

/** The developer withdraws the body's `version` of their blocklet from review. */
export async function cancelReview(db: Db, b: BlockletRow, body: Body) {
  const version = text(body, 'version', { required: true, max: VERSION_MAX })!;
  return setVersionStatus(db, b.did, version, ['PENDING_REVIEW', 'IN_REVIEW'], 'CANCELLED');
}

/**
 * An admin's review of the body's `version` of blocklet `did`: `action` IN_REVIEW, REJECTED or APPROVED (with an
 * optional `category`). Approving publishes the version.
 */
export async function reviewVersion(db: Db, did: string, body: Body) {
  const version = text(body, 'version', { required: true, max: VERSION_MAX })!;
  const action = body.action;
  if (action === 'IN_REVIEW') return setVersionStatus(db, did, version, ['PENDING_REVIEW'], 'IN_REVIEW');
  if (action === 'REJECTED') return setVersionStatus(db, did, version, ['PENDING_REVIEW', 'IN_REVIEW'], 'REJECTED');
  if (action !== 'APPROVED') throw new HttpError(400, "action must be 'IN_REVIEW', 'APPROVED' or 'REJECTED'");
  const category = text(body, 'category', { max: 64 });
  const cats = await categoriesById(db);
  if (category && !cats.has(category)) throw new HttpError(400, `Unknown category: ${category}`);
  // Approving needs a category (the blocklet's own or one given) and publishes the version.
  // The published version becomes the current one, and the row's meta, title and description (what lists,
  // search and explore read) become that version's, in the same transaction: list and detail always agree.
  const out = await setVersionStatus(db, did, version, ['PENDING_REVIEW', 'IN_REVIEW'], 'PUBLISHED', async (tx, v) => {
    const row = (await tx.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1 FOR UPDATE', [did]))
      .rows[0]!;
    const cat = category ?? row.category_id;
    if (!cat) throw new HttpError(400, 'Pick a category before approving', 'CATEGORY_REQUIRED');
    assertHigher(version, row.current_version, row.name);
    const vmeta = ((
      await tx.query<{ meta: Record<string, unknown> }>('SELECT meta FROM store_versions WHERE id = $1', [v.id])
    ).rows[0]?.meta ?? row.meta) as Record<string, unknown>;
    const title = typeof vmeta.title === 'string' && vmeta.title.trim() ? vmeta.title.trim() : row.name;
    const description = typeof vmeta.description === 'string' ? vmeta.description : '';
    const now = tx.clock.iso();
    await tx.query('UPDATE store_versions SET published_at = $3 WHERE did = $1 AND version = $2', [did, version, now]);
    await tx.query(
      `UPDATE store_blocklets SET category_id = $2, current_version = $3, latest_version = $4, meta = $5, title = $6, description = $7,
         last_published_at = $8, updated_at = $8 WHERE did = $1`,
      [did, cat, version, higher(row.latest_version, version), { ...vmeta, version }, title, description, now],
    );
  });
  return { ...out, status: 'PUBLISHED' };
}
