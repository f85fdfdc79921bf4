/**
 * The store's blocklets and categories (no HTTP): typed rows of the `store_blocklets`, `store_versions` and
 * `store_categories` tables, reading categories, and the shapes the store API answers for a row (IBlocklet), its
 * meta and a version (IVersion).
 */
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import type { SandboxUser } from '../../service/data/users.ts';
import { isAdmin } from './rules.ts';

export type CategoryRow = {
  id: string;
  name: string;
  locales: Record<string, string>;
  created_at: Date;
  updated_at: Date;
};
export type BlockletRow = {
  did: string;
  name: string;
  category_id: string | null;
  owner_did: string;
  downloads: string | number;
  is_official: boolean;
  current_version: string | null;
  latest_version: string | null;
  permission: string;
  status: string;
  block_reason: string | null;
  review_type: string;
  source: string;
  remark: string;
  meta: Record<string, unknown>;
  readme: Record<string, string>;
  last_published_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type VersionRow = {
  id: string;
  did: string;
  version: string;
  status: string;
  change_log: string;
  note: string | null;
  meta: Record<string, unknown>;
  published_at: Date | null;
  created_at: Date;
};

export const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function categoryOut(c: CategoryRow) {
  return {
    _id: c.id,
    id: c.id,
    name: c.name,
    locales: c.locales,
    createdAt: iso(c.created_at),
    updatedAt: iso(c.updated_at),
  };
}

/** A blocklet of the user's (any blocklet for an admin), by did with or without `did:abt:`; else 404. */
export async function ownBlocklet(q: Queryable, did: string, u: SandboxUser): Promise<BlockletRow> {
  const { rows } = await q.query<BlockletRow>('SELECT * FROM store_blocklets WHERE did = $1', [
    did.replace(/^did:abt:/, ''),
  ]);
  const b = rows[0];
  if (!b || (b.owner_did !== u.did && !isAdmin(u)))
    throw new HttpError(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
  return b;
}

export async function categoriesById(q: Queryable): Promise<Map<string, CategoryRow>> {
  const { rows } = await q.query<CategoryRow>('SELECT * FROM store_categories ORDER BY position, id');
  return new Map(rows.map((c) => [c.id, c]));
}

/** The blocklet meta as the store answers it: stored meta + live stats, category and dates. */
export function metaOut(b: BlockletRow, cats: Map<string, CategoryRow>, meta = b.meta): Record<string, unknown> {
  const c = b.category_id ? cats.get(b.category_id) : undefined;
  return {
    ...meta,
    stats: { downloads: Number(b.downloads) },
    category: c ? { _id: c.id, id: c.id, name: c.name, locales: c.locales } : null,
    lastPublishedAt: iso(b.last_published_at),
    createdAt: iso(b.created_at),
    updatedAt: iso(b.updated_at),
  };
}

/** The IBlocklet row (without meta). */
export function rowOut(b: BlockletRow): Record<string, unknown> {
  return {
    id: b.did,
    did: b.did,
    currentVersion: b.current_version ? { version: b.current_version } : null,
    latestVersion: b.latest_version ? { version: b.latest_version } : null,
    reviewVersion: null,
    lastPublishedAt: iso(b.last_published_at),
    createdAt: iso(b.created_at),
    updatedAt: iso(b.updated_at),
    source: b.source,
    ownerDid: b.owner_did,
    permission: b.permission,
    remark: b.remark,
    reviewType: b.review_type,
    status: b.status,
    blockReason: b.block_reason,
  };
}

/** A version as the store answers it (IVersion). */
export const versionOut = (v: Omit<VersionRow, 'did' | 'meta'>) => ({
  id: v.id,
  version: v.version,
  status: v.status,
  changeLog: v.change_log,
  note: v.note,
  publishedAt: iso(v.published_at),
  createdAt: iso(v.created_at),
});
