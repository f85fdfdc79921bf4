import type { Request, Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { HttpError } from '../platform.ts';
import { validateStoreName } from '../../../src/core/validation.ts';
import {
  categoriesById,
  metaOut,
  ownBlocklet,
  rowOut,
  versionOut,
  type BlockletRow,
  type VersionRow,
} from './domain/blocklets.ts';
import { BLOCK_REASON_MAX, STORE_NAME_MAX, STORE_NAME_MIN } from './domain/rules.ts';
import { storeUser } from './auth.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './domain/access-tokens.ts';
import { createCategory, listCategories, updateCategory } from './domain/categories.ts';
import { text } from './domain/fields.ts';
import { cancelReview, requestReview, REVIEW_STATUSES, reviewVersion } from './domain/reviews.ts';
import { int, str } from './http.ts';
import { seedDid } from './seed.ts';
import { createUploadRoute } from './upload.ts';

/**
 * Developer and console operations of the store API (platform-header-store.md B.2, "Logged in"), roles enforced here:
 *
 *   developer (a developer passport, or owner/admin):
 *     GET  /developer/blocklets                       → {dataList[row + meta + versions], total}
 *     POST /developer/blocklets {name, remark, permission} → the row (did derived from the name; a 1.0.0 draft)
 *     PUT  /developer/blocklets/:id {remark, permission}
 *     PUT  /developer/blocklets/:did/request-review {version}   DRAFT|REJECTED|CANCELLED → PENDING_REVIEW
 *     PUT  /developer/blocklets/:did/cancel-review  {version}   PENDING_REVIEW|IN_REVIEW → CANCELLED
 *     POST /blocklets/upload (multipart `blocklet-release` zip) → a new DRAFT version (upload.ts)
 *     GET  /developer/access-tokens/my  → {dataList, total} (no secrets)
 *     POST /developer/access-tokens {remark ≤ 64} → the token with its secretKey (the only time it is shown)
 *     DELETE /developer/access-tokens/:id (own tokens only)
 *   console (owner or admin):
 *     GET  /console/blocklets (filter[reviewStatus][]=PENDING_REVIEW&… for the pending-review view); PUT /console/blocklets/:id/block {blockReason ≤ 255} | /unblock | /category {category, reviewType}
 *     PUT  /console/blocklets/:did/review {version, action: IN_REVIEW|APPROVED|REJECTED, category?}  (approve publishes)
 *     GET  /console/categories; POST /console/categories {locales}; PUT /console/categories/:id {locales}
 * Guests get 401, others without the role 403; bad input 400; every write in one transaction.
 */

function body(req: Request): Record<string, unknown> {
  const b = req.body as unknown;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** The `filter[reviewStatus][]` query (qs): a list of known statuses, or undefined; anything else is a 400. */
function reviewStatusFilter(req: Request): string[] | undefined {
  const f = (req.query as { filter?: unknown }).filter;
  if (f === undefined) return undefined;
  const raw = f && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>).reviewStatus : undefined;
  const list = typeof raw === 'string' ? [raw] : raw;
  if (
    !Array.isArray(list) ||
    !list.length ||
    !list.every((x) => typeof x === 'string' && REVIEW_STATUSES.includes(x))
  ) {
    throw new HttpError(400, `filter[reviewStatus] must be a list of ${REVIEW_STATUSES.join(', ')}`);
  }
  return list as string[];
}

export function createManageRoutes(ctx: SandboxContext, r: Router): void {
  const { db } = ctx;

  const user = (req: Request, need: 'developer' | 'admin') => storeUser(db, req, need);

  createUploadRoute(ctx, r);

  async function listRows(where: string, args: unknown[], req: Request) {
    const page = int(req, 'page', 1, 1, 1_000_000);
    const pageSize = int(req, 'pageSize', 20, 1, 100);
    const keyword = str(req, 'keyword')?.trim();
    const conds = [where];
    const a = [...args];
    if (keyword) {
      a.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conds.push(`(b.title ILIKE $${a.length} OR b.name ILIKE $${a.length})`);
    }
    // filter[reviewStatus][]=PENDING_REVIEW&…: blocklets whose newest version (the one in or waiting for review) has
    // one of these statuses, as the store's Datatable filters (e.g. the console's "pending review").
    const statuses = reviewStatusFilter(req);
    if (statuses) {
      a.push(statuses);
      conds.push(
        `(SELECT v.status FROM store_versions v WHERE v.did = b.did ORDER BY v.created_at DESC LIMIT 1) = ANY($${a.length})`,
      );
    }
    const cond = conds.join(' AND ');
    const total = Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM store_blocklets b WHERE ${cond}`, a)).rows[0]?.n ?? 0,
    );
    const { rows } = await db.query<BlockletRow>(
      `SELECT b.* FROM store_blocklets b WHERE ${cond} ORDER BY b.updated_at DESC, b.did LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      a,
    );
    const cats = await categoriesById(db);
    const dids = rows.map((b) => b.did);
    const versions = dids.length
      ? (
          await db.query<VersionRow>('SELECT * FROM store_versions WHERE did = ANY($1) ORDER BY created_at DESC', [
            dids,
          ])
        ).rows
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

  // ---- developer ----
  r.get('/developer/blocklets', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await listRows('b.owner_did = $1', [u.did], req));
  });

  r.post('/developer/blocklets', async (req, res) => {
    const u = await user(req, 'developer');
    const b = body(req);
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    const invalid = validateStoreName(name, STORE_NAME_MIN, STORE_NAME_MAX);
    if (invalid)
      throw new HttpError(
        400,
        invalid.key === 'validation.nameChars'
          ? "name may only hold letters, digits, '-' and '_'"
          : `name is invalid (${invalid.key})`,
        'INVALID_NAME',
      );
    const remark = text(b, 'remark', { max: 255 }) ?? '';
    const permission = b.permission === undefined ? 'Public' : b.permission;
    if (permission !== 'Public' && permission !== 'Private')
      throw new HttpError(400, "permission must be 'Public' or 'Private'");
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
        `INSERT INTO store_blocklets (did, name, title, description, owner_did, permission, remark, source, meta, readme)
         VALUES ($1, $2, $2, '', $3, $4, $5, 'WEB', $6, $7)`,
        [did, name, u.did, permission, remark, meta, { en: `# ${name}\n`, zh: `# ${name}\n` }],
      );
      await tx.query(
        `INSERT INTO store_versions (id, did, version, status, change_log, meta) VALUES ($1, $2, '1.0.0', 'DRAFT', 'First release.', $3)`,
        [`${did}@1.0.0`, did, meta],
      );
      return (await tx.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1', [did])).rows[0]!;
    });
    res.status(201).json({ ...rowOut(out), meta: metaOut(out, await categoriesById(db)) });
  });

  r.get('/developer/blocklets/isNameExist', async (req, res) => {
    await user(req, 'developer');
    const name = str(req, 'name') ?? '';
    const { rows } = await db.query('SELECT 1 FROM store_blocklets WHERE lower(name) = lower($1)', [name]);
    res.json({ result: rows.length > 0 });
  });

  r.put('/developer/blocklets/:id', async (req, res) => {
    const u = await user(req, 'developer');
    const b = await ownBlocklet(db, String(req.params.id), u);
    const input = body(req);
    const remark = text(input, 'remark', { max: 255 });
    const permission = input.permission;
    if (permission !== undefined && permission !== 'Public' && permission !== 'Private')
      throw new HttpError(400, "permission must be 'Public' or 'Private'");
    await db.query(
      'UPDATE store_blocklets SET remark = COALESCE($2, remark), permission = COALESCE($3, permission), updated_at = now() WHERE did = $1',
      [b.did, remark ?? null, permission ?? null],
    );
    res.json(rowOut((await db.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1', [b.did])).rows[0]!));
  });

  r.put('/developer/blocklets/:did/request-review', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await requestReview(db, await ownBlocklet(db, String(req.params.did), u), body(req)));
  });

  r.put('/developer/blocklets/:did/cancel-review', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await cancelReview(db, await ownBlocklet(db, String(req.params.did), u), body(req)));
  });

  r.get('/developer/access-tokens/my', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await listAccessTokens(db, u.did));
  });

  r.post('/developer/access-tokens', async (req, res) => {
    const u = await user(req, 'developer');
    res.status(201).json(await createAccessToken(db, u.did, body(req)));
  });

  r.delete('/developer/access-tokens/:id', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await deleteAccessToken(db, u.did, String(req.params.id)));
  });

  // ---- console ----
  r.get('/console/blocklets', async (req, res) => {
    await user(req, 'admin');
    res.json(await listRows('true', [], req));
  });

  r.put('/console/blocklets/:id/block', async (req, res) => {
    await user(req, 'admin');
    const blockReason = text(body(req), 'blockReason', { required: true, max: BLOCK_REASON_MAX })!;
    const { rows } = await db.query<BlockletRow>(
      `UPDATE store_blocklets SET status = 'blocked', block_reason = $2, updated_at = now() WHERE did = $1 RETURNING *`,
      [String(req.params.id), blockReason],
    );
    if (!rows[0]) throw new HttpError(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    res.json(rowOut(rows[0]));
  });

  r.put('/console/blocklets/:id/unblock', async (req, res) => {
    await user(req, 'admin');
    const { rows } = await db.query<BlockletRow>(
      `UPDATE store_blocklets SET status = 'normal', block_reason = NULL, updated_at = now() WHERE did = $1 RETURNING *`,
      [String(req.params.id)],
    );
    if (!rows[0]) throw new HttpError(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    res.json(rowOut(rows[0]));
  });

  r.put('/console/blocklets/:id/category', async (req, res) => {
    await user(req, 'admin');
    const b = body(req);
    const category = text(b, 'category', { required: true, max: 64 })!;
    const reviewType = b.reviewType;
    if (reviewType !== undefined && reviewType !== 'FIRST' && reviewType !== 'EACH')
      throw new HttpError(400, "reviewType must be 'FIRST' or 'EACH'");
    if (!(await categoriesById(db)).has(category)) throw new HttpError(400, `Unknown category: ${category}`);
    const { rows } = await db.query<BlockletRow>(
      'UPDATE store_blocklets SET category_id = $2, review_type = COALESCE($3, review_type), updated_at = now() WHERE did = $1 RETURNING *',
      [String(req.params.id), category, reviewType ?? null],
    );
    if (!rows[0]) throw new HttpError(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    res.json(rowOut(rows[0]));
  });

  r.put('/console/blocklets/:did/review', async (req, res) => {
    await user(req, 'admin');
    res.json(await reviewVersion(db, String(req.params.did), body(req)));
  });

  r.get('/console/categories', async (req, res) => {
    await user(req, 'admin');
    res.json(await listCategories(db));
  });

  r.post('/console/categories', async (req, res) => {
    await user(req, 'admin');
    res.status(201).json(await createCategory(db, body(req)));
  });

  r.put('/console/categories/:id', async (req, res) => {
    await user(req, 'admin');
    res.json(await updateCategory(db, String(req.params.id), body(req)));
  });
}
