import type { Request, Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { storeUser } from './auth.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens } from '../domain/access-tokens.ts';
import { ownBlocklet } from '../domain/blocklets.ts';
import { createCategory, listCategories, updateCategory } from '../domain/categories.ts';
import {
  blockBlocklet,
  createBlocklet,
  isNameTaken,
  listManaged,
  setBlockletCategory,
  unblockBlocklet,
  updateBlocklet,
} from '../domain/developer.ts';
import { cancelReview, requestReview, REVIEW_STATUSES, reviewVersion } from '../domain/reviews.ts';
import { int, str } from './http.ts';
import { createUploadRoute } from './upload-routes.ts';

/**
 * Developer and console operations of the store API (platform-header-store.md B.2, "Logged in"), roles enforced here:
 *
 *   developer (a developer passport, or owner/admin):
 *     GET  /developer/blocklets                       → {dataList[row + meta + versions], total}
 *     POST /developer/blocklets {name, remark, permission} → the row (did derived from the name; a 1.0.0 draft)
 *     PUT  /developer/blocklets/:id {remark, permission}
 *     PUT  /developer/blocklets/:did/request-review {version}   DRAFT|REJECTED|CANCELLED → PENDING_REVIEW
 *     PUT  /developer/blocklets/:did/cancel-review  {version}   PENDING_REVIEW|IN_REVIEW → CANCELLED
 *     POST /blocklets/upload (multipart `blocklet-release` zip) → a new DRAFT version (upload-routes.ts)
 *     GET  /developer/access-tokens/my  → {dataList, total} (no secrets)
 *     POST /developer/access-tokens {remark ≤ 64} → the token with its secretKey (the only time it is shown)
 *     DELETE /developer/access-tokens/:id (own tokens only)
 *   console (owner or admin):
 *     GET  /console/blocklets (filter[reviewStatus][]=PENDING_REVIEW&… for the pending-review view); PUT /console/blocklets/:did/block {blockReason ≤ 255} | /unblock | /category {category, reviewType} (:did with or without did:abt:)
 *     PUT  /console/blocklets/:did/review {version, action: IN_REVIEW|APPROVED|REJECTED, category?}  (approve publishes)
 *     GET  /console/categories; POST /console/categories {locales}; PUT /console/categories/:id {locales}
 * Guests get 401, others without the role 403; bad input 400; every write in one transaction. The routes parse,
 * check the role (auth.ts) and a developer's ownership, call the domain (domain/developer.ts, reviews.ts,
 * access-tokens.ts, categories.ts) and answer.
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

  /** The list parameters of the developer's and the console's blocklets, in the order they are checked. */
  const listOf = (req: Request, ownerDid?: string) => ({
    ownerDid,
    page: int(req, 'page', 1, 1, 1_000_000),
    pageSize: int(req, 'pageSize', 20, 1, 100),
    keyword: str(req, 'keyword')?.trim(),
    reviewStatuses: reviewStatusFilter(req),
  });

  // ---- developer ----
  r.get('/developer/blocklets', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await listManaged(db, listOf(req, u.did)));
  });

  r.post('/developer/blocklets', async (req, res) => {
    const u = await user(req, 'developer');
    res.status(201).json(await createBlocklet(db, u, body(req)));
  });

  r.get('/developer/blocklets/isNameExist', async (req, res) => {
    await user(req, 'developer');
    res.json({ result: await isNameTaken(db, str(req, 'name') ?? '') });
  });

  r.put('/developer/blocklets/:id', async (req, res) => {
    const u = await user(req, 'developer');
    res.json(await updateBlocklet(db, await ownBlocklet(db, String(req.params.id), u), body(req)));
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
  /** The blocklet of a console path, its did with or without `did:abt:` (as the store's other paths take it). */
  const didOf = (req: Request) => String(req.params.did).replace(/^did:abt:/, '');

  r.get('/console/blocklets', async (req, res) => {
    await user(req, 'admin');
    res.json(await listManaged(db, listOf(req)));
  });

  r.put('/console/blocklets/:did/block', async (req, res) => {
    await user(req, 'admin');
    res.json(await blockBlocklet(db, didOf(req), body(req)));
  });

  r.put('/console/blocklets/:did/unblock', async (req, res) => {
    await user(req, 'admin');
    res.json(await unblockBlocklet(db, didOf(req)));
  });

  r.put('/console/blocklets/:did/category', async (req, res) => {
    await user(req, 'admin');
    res.json(await setBlockletCategory(db, didOf(req), body(req)));
  });

  r.put('/console/blocklets/:did/review', async (req, res) => {
    await user(req, 'admin');
    res.json(await reviewVersion(db, didOf(req), body(req)));
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
