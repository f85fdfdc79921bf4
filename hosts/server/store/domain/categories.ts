/**
 * The store's categories as the console manages them (no HTTP): a name in English and Chinese (and any other
 * language), unique in both; a new category's id comes from its English name. ../routes/manage-routes.ts is its router; reading
 * categories and their answer shape are domain/blocklets.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { categoriesById, categoryOut, type CategoryRow } from './blocklets.ts';
import type { Body } from './fields.ts';

/** A category name is at most this long, in each language. */
const CATEGORY_NAME_MAX = 64;

/** The `locales` of a category: `{en, zh, …}`, each a name of 1 to 64 characters (trimmed); en and zh required. */
function locales(body: Body): Record<string, string> {
  const l = body.locales;
  if (!l || typeof l !== 'object' || Array.isArray(l)) throw new HttpError(400, 'locales is required');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(l as Record<string, unknown>)) {
    if (!/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(k)) throw new HttpError(400, `Unknown language: ${k}`);
    if (typeof v !== 'string' || !v.trim()) throw new HttpError(400, `The ${k} name is required`);
    if (v.trim().length > CATEGORY_NAME_MAX)
      throw new HttpError(400, `The ${k} name must be at most ${CATEGORY_NAME_MAX} characters`);
    out[k] = v.trim();
  }
  if (!out.en || !out.zh) throw new HttpError(400, 'A name in en and zh is required');
  return out;
}

/** Every category, in the store's order. */
export async function listCategories(db: Db) {
  const cats = [...(await categoriesById(db)).values()];
  return { dataList: cats.map(categoryOut), total: cats.length };
}

/** A new category, last in order (409 CATEGORY_EXISTS for a taken name or id), in one transaction. */
export async function createCategory(db: Db, body: Body) {
  const l = locales(body);
  const id =
    (l.en ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || randomUUID();
  const row = await db.transaction(async (tx) => {
    const dup = await tx.query(
      "SELECT 1 FROM store_categories WHERE id = $1 OR lower(locales->>'en') = lower($2) OR locales->>'zh' = $3",
      [id, l.en, l.zh],
    );
    if (dup.rows.length) throw new HttpError(409, 'A category with this name exists', 'CATEGORY_EXISTS');
    const pos = Number(
      (await tx.query<{ n: string }>('SELECT COALESCE(max(position), 0) + 1 AS n FROM store_categories')).rows[0]?.n ??
        1,
    );
    return (
      await tx.query<CategoryRow>(
        'INSERT INTO store_categories (id, name, locales, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING *',
        [id, l.en, l, pos, tx.clock.iso()],
      )
    ).rows[0]!;
  });
  return categoryOut(row);
}

/** Renames a category (409 CATEGORY_EXISTS for a name another has, 404 for none), in one transaction. */
export async function updateCategory(db: Db, id: string, body: Body) {
  const l = locales(body);
  const row = await db.transaction(async (tx) => {
    const dup = await tx.query(
      "SELECT 1 FROM store_categories WHERE id <> $1 AND (lower(locales->>'en') = lower($2) OR locales->>'zh' = $3)",
      [id, l.en, l.zh],
    );
    if (dup.rows.length) throw new HttpError(409, 'A category with this name exists', 'CATEGORY_EXISTS');
    const { rows } = await tx.query<CategoryRow>(
      'UPDATE store_categories SET name = $2, locales = $3, updated_at = $4 WHERE id = $1 RETURNING *',
      [id, l.en, l, tx.clock.iso()],
    );
    if (!rows[0]) throw new HttpError(404, 'Category not found', 'NOT_FOUND');
    return rows[0];
  });
  return categoryOut(row);
}
