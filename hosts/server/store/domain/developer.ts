/**
 * Blocklets as developers and the console manage them (no HTTP). ../routes/manage-routes.ts is its router.
 *
 * - `listManaged`: a developer's own blocklets, or every blocklet for the console, newest change first, each with
 *   its meta, every version and the one in (or waiting for) review; a keyword, a review-status filter, a page.
 * - `createBlocklet`: a name of letters, digits, '-' and '_' (3 to 64, unique in any case), its did derived from
 *   the name, a remark and a permission; with a 1.0.0 draft, in one transaction. `isNameTaken`.
 * - `updateBlocklet`: a developer's remark and permission.
 * - `blockBlocklet`, `unblockBlocklet` (a reason of at most 255 characters), `setBlockletCategory` (a known
 *   category, and the review type): the console's.
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import type { SandboxUser } from '../../service/data/users.ts';
import { validateStoreName } from '../../../../src/core/validation.ts';
import { seedDid } from '../data/seed.ts';
import { categoriesById, metaOut, rowOut, versionOut, type BlockletRow, type VersionRow } from './blocklets.ts';
import { text, type Body } from './fields.ts';
import { BLOCK_REASON_MAX, STORE_NAME_MAX, STORE_NAME_MIN } from './rules.ts';

/** A blocklet's `permission`: 'Public' or 'Private', undefined when absent. */
function permission(body: Body): 'Public' | 'Private' | undefined {
  const p = body.permission;
  if (p !== undefined && p !== 'Public' && p !== 'Private')
    throw new HttpError(400, "permission must be 'Public' or 'Private'");
  return p;
}

type ManagedList = {
  /** Only this user's blocklets (a developer's list); every blocklet without it (the console's). */
  ownerDid?: string | undefined;
  page: number;
  pageSize: number;
  /** Matched in the title or name, any case. */
  keyword?: string | undefined;
  /** Blocklets whose newest version has one of these statuses. */
  reviewStatuses?: string[] | undefined;
};

/** A page of blocklets as the developer pages and the console list them, with the total. */
export async function listManaged(q: Queryable, l: ManagedList) {
  const conds = [l.ownerDid ? 'b.owner_did = $1' : 'true'];
  const a: unknown[] = l.ownerDid ? [l.ownerDid] : [];
  if (l.keyword) {
    a.push(`%${l.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conds.push(`(b.title ILIKE $${a.length} OR b.name ILIKE $${a.length})`);
  }
  // filter[reviewStatus][]=PENDING_REVIEW&…: blocklets whose newest version (the one in or waiting for review) has
  // one of these statuses, as the store's Datatable filters (e.g. the console's "pending review").
  if (l.reviewStatuses) {
    a.push(l.reviewStatuses);
    conds.push(
      `(SELECT v.status FROM store_versions v WHERE v.did = b.did ORDER BY v.created_at DESC LIMIT 1) = ANY($${a.length})`,
    );
  }
  const cond = conds.join(' AND ');
  const total = Number(
    (await q.query<{ n: string }>(`SELECT count(*) AS n FROM store_blocklets b WHERE ${cond}`, a)).rows[0]?.n ?? 0,
  );
  const { rows } = await q.query<BlockletRow>(
    `SELECT b.* FROM store_blocklets b WHERE ${cond} ORDER BY b.updated_at DESC, b.did LIMIT ${l.pageSize} OFFSET ${(l.page - 1) * l.pageSize}`,
    a,
  );
  const cats = await categoriesById(q);
  const dids = rows.map((b) => b.did);
  const versions = dids.length
    ? (await q.query<VersionRow>('SELECT * FROM store_versions WHERE did = ANY($1) ORDER BY created_at DESC', [dids]))
        .rows
    : [];
  const dataList = rows.map((b) => {
    const vs = versions.filter((v) => v.did === b.did);
    // The version in (or waiting for) review is the newest one, unless that one is already published: an older
    // rejected or cancelled version is history (still in `versions`), not the one to act on.
    const review = vs[0] && vs[0].status !== 'PUBLISHED' ? vs[0] : undefined;
    return {
      ...rowOut(b),
      meta: metaOut(b, cats),
      reviewVersion: review ? versionOut(review) : null,
      versions: vs.map(versionOut),
    };
  });
  return { dataList, total, totalBlocklet: total };
}

/** A new blocklet of the developer from the body's name, remark and permission, with its 1.0.0 draft. */
export async function createBlocklet(db: Db, u: SandboxUser, body: Body) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const invalid = validateStoreName(name, STORE_NAME_MIN, STORE_NAME_MAX);
  if (invalid)
    throw new HttpError(
      400,
      invalid.key === 'validation.nameChars'
        ? "name may only hold letters, digits, '-' and '_'"
        : `name is invalid (${invalid.key})`,
      'INVALID_NAME',
    );
  const remark = text(body, 'remark', { max: 255 }) ?? '';
  const access = permission(body) ?? 'Public';
  const did = seedDid(name.toLowerCase());
  const out = await db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM store_blocklets WHERE lower(name) = lower($1) OR did = $2', [
      name,
      did,
    ]);
    if (exists.rows.length) throw new HttpError(409, `The name ${name} is taken`, 'NAME_EXISTS');
    const meta = {
      did,
      name,
      title: name,
      description: '',
      version: '1.0.0',
      logo: `/store/api/blocklets/${did}/logo`,
      screenshots: [],
      owner: { did: u.did, fullName: u.fullName },
      author: { name: u.fullName },
      payment: { price: [] },
    };
    await tx.query(
      `INSERT INTO store_blocklets (did, name, title, description, owner_did, permission, remark, source, meta, readme, created_at, updated_at)
       VALUES ($1, $2, $2, '', $3, $4, $5, 'WEB', $6, $7, $8, $8)`,
      [did, name, u.did, access, remark, meta, { en: `# ${name}\n`, zh: `# ${name}\n` }, tx.clock.iso()],
    );
    await tx.query(
      `INSERT INTO store_versions (id, did, version, status, change_log, meta, created_at) VALUES ($1, $2, '1.0.0', 'DRAFT', 'First release.', $3, $4)`,
      [`${did}@1.0.0`, did, meta, tx.clock.iso()],
    );
    return (await tx.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1', [did])).rows[0]!;
  });
  return { ...rowOut(out), meta: metaOut(out, await categoriesById(db)) };
}

/** Whether a blocklet has this name, in any case. */
export async function isNameTaken(q: Queryable, name: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM store_blocklets WHERE lower(name) = lower($1)', [name]);
  return rows.length > 0;
}

/** Changes the remark and the permission the body carries. */
export async function updateBlocklet(q: Queryable, b: BlockletRow, body: Body) {
  const remark = text(body, 'remark', { max: 255 });
  const access = permission(body);
  await q.query(
    'UPDATE store_blocklets SET remark = COALESCE($2, remark), permission = COALESCE($3, permission), updated_at = $4 WHERE did = $1',
    [b.did, remark ?? null, access ?? null, q.clock.iso()],
  );
  return rowOut((await q.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1', [b.did])).rows[0]!);
}

const answerOrNotFound = (rows: BlockletRow[]) => {
  if (!rows[0]) throw new HttpError(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
  return rowOut(rows[0]);
};

/** Blocks a blocklet with the body's `blockReason`: it leaves the public store. */
export async function blockBlocklet(q: Queryable, did: string, body: Body) {
  const blockReason = text(body, 'blockReason', { required: true, max: BLOCK_REASON_MAX })!;
  const { rows } = await q.query<BlockletRow>(
    `UPDATE store_blocklets SET status = 'blocked', block_reason = $2, updated_at = $3 WHERE did = $1 RETURNING *`,
    [did, blockReason, q.clock.iso()],
  );
  return answerOrNotFound(rows);
}

export async function unblockBlocklet(q: Queryable, did: string) {
  const { rows } = await q.query<BlockletRow>(
    `UPDATE store_blocklets SET status = 'normal', block_reason = NULL, updated_at = $2 WHERE did = $1 RETURNING *`,
    [did, q.clock.iso()],
  );
  return answerOrNotFound(rows);
}

/** Puts a blocklet in the body's (known) `category`, and sets its `reviewType` (FIRST or EACH) when given. */
export async function setBlockletCategory(q: Queryable, did: string, body: Body) {
  const category = text(body, 'category', { required: true, max: 64 })!;
  const reviewType = body.reviewType;
  if (reviewType !== undefined && reviewType !== 'FIRST' && reviewType !== 'EACH')
    throw new HttpError(400, "reviewType must be 'FIRST' or 'EACH'");
  if (!(await categoriesById(q)).has(category)) throw new HttpError(400, `Unknown category: ${category}`);
  const { rows } = await q.query<BlockletRow>(
    'UPDATE store_blocklets SET category_id = $2, review_type = COALESCE($3, review_type), updated_at = $4 WHERE did = $1 RETURNING *',
    [did, category, reviewType ?? null, q.clock.iso()],
  );
  return answerOrNotFound(rows);
}
