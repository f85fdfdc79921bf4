/**
 * The store's public catalog (no HTTP; the store element's first screens). ../routes/catalog-routes.ts is its router.
 *
 * A blocklet is public while it is not blocked, is `Public` and has a published (current) version; everything here
 * shows public blocklets only, except an image, which a draft's owner and the admins see too.
 *
 * - `searchBlocklets`: keyword, category, price, owner, official and did filters, a sort (`STORE_SORTS`), a page.
 * - `exploreSections`: trending, top rated (always empty, as on the store) and recently updated.
 * - `publicBlocklet`, `blockletMeta`, `blockletInfo`, `publishedVersions`: one blocklet, its meta at a published
 *   version, its info (readme, the version, more of its author and its category) and its published versions up to
 *   the current one, newest first by semver.
 * - `imageSubject`: the blocklet an image (logo, screenshot) is drawn for, if the viewer may see it.
 */
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import type { SandboxUser } from '../../service/data/users.ts';
import { atMost, newestFirst } from '../data/versions.ts';
import { categoriesById, metaOut, versionOut, type BlockletRow, type VersionRow } from './blocklets.ts';
import { isAdmin } from './rules.ts';

const PUBLIC = `b.status = 'normal' AND b.permission = 'Public' AND b.current_version IS NOT NULL`;

/** The sorts of the catalog (the store's names, old and new) and the column and default direction of each. */
const STORE_SORTS = {
  'stats.downloads': { col: 'downloads', dir: 'DESC' },
  popularity: { col: 'downloads', dir: 'DESC' },
  downloads: { col: 'downloads', dir: 'DESC' },
  lastPublishedAt: { col: 'last_published_at', dir: 'DESC' },
  publishAt: { col: 'last_published_at', dir: 'DESC' },
  title: { col: 'lower(title)', dir: 'ASC' },
  nameAsc: { col: 'lower(title)', dir: 'ASC' },
  nameDesc: { col: 'lower(title)', dir: 'DESC' },
  createdAt: { col: 'created_at', dir: 'DESC' },
} as const satisfies Record<string, { col: string; dir: SortDirection }>;

type SortDirection = 'ASC' | 'DESC';
type StoreSort = keyof typeof STORE_SORTS;
export const DEFAULT_SORT: StoreSort = 'stats.downloads';

/** Whether `name` is a sort of the catalog (own keys only: a name every object inherits is none). */
export const isStoreSort = (name: string): name is StoreSort => Object.hasOwn(STORE_SORTS, name);

type CatalogSearch = {
  /** Matched in the title, description or name, any case; '' matches all. */
  keyword?: string | undefined;
  /** A category id; 'all' is every category. */
  category?: string | undefined;
  price?: 'free' | 'payment' | undefined;
  owner?: string | undefined;
  officialOnly: boolean;
  didList?: string[] | undefined;
  sortBy: StoreSort;
  /** The sort's own direction when not given. */
  direction?: SortDirection | undefined;
  page: number;
  pageSize: number;
};

/** LIKE's wildcards and escape in `text` escaped, so a keyword matches itself. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of public blocklets as the store lists them, with the total. */
export async function searchBlocklets(q: Queryable, s: CatalogSearch) {
  const where: string[] = [PUBLIC];
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (s.keyword) {
    const like = arg(likeOf(s.keyword));
    where.push(`(b.title ILIKE ${like} OR b.description ILIKE ${like} OR b.name ILIKE ${like})`);
  }
  if (s.category && s.category !== 'all') where.push(`b.category_id = ${arg(s.category)}`);
  if (s.price) where.push(s.price === 'free' ? 'b.is_free' : 'NOT b.is_free');
  if (s.owner) where.push(`b.owner_did = ${arg(s.owner)}`);
  if (s.officialOnly) where.push('b.is_official');
  if (s.didList) where.push(`b.did = ANY(${arg(s.didList)})`);

  const sort = STORE_SORTS[s.sortBy];
  const dir = s.direction ?? sort.dir;
  const cond = where.join(' AND ');
  const total = Number(
    (await q.query<{ n: string }>(`SELECT count(*) AS n FROM store_blocklets b WHERE ${cond}`, args)).rows[0]?.n ?? 0,
  );
  const { rows } = await q.query<BlockletRow>(
    `SELECT b.* FROM store_blocklets b WHERE ${cond}
     ORDER BY ${sort.col} ${dir} NULLS LAST, b.did ASC LIMIT ${s.pageSize} OFFSET ${(s.page - 1) * s.pageSize}`,
    args,
  );
  const cats = await categoriesById(q);
  return { dataList: rows.map((b) => metaOut(b, cats)), total, page: s.page, pageSize: s.pageSize };
}

/** The explore sections: the four most downloaded, none top rated, the four published last. */
export async function exploreSections(q: Queryable) {
  const cats = await categoriesById(q);
  const top = (
    await q.query<BlockletRow>(`SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} ORDER BY downloads DESC, did LIMIT 4`)
  ).rows;
  const recent = (
    await q.query<BlockletRow>(
      `SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} ORDER BY last_published_at DESC NULLS LAST, did LIMIT 4`,
    )
  ).rows;
  return [
    { type: 'trending', blocklets: top.map((b) => metaOut(b, cats)) },
    { type: 'topRated', blocklets: [] },
    { type: 'recentlyUpdated', blocklets: recent.map((b) => metaOut(b, cats)) },
  ];
}

/** A public blocklet by did (with or without `did:abt:`), else 404 BLOCKLET_NOT_FOUND. */
export async function publicBlocklet(q: Queryable, didParam: string): Promise<BlockletRow> {
  const did = didParam.replace(/^did:abt:/, '');
  const { rows } = await q.query<BlockletRow>(`SELECT b.* FROM store_blocklets b WHERE b.did = $1 AND ${PUBLIC}`, [
    did,
  ]);
  if (!rows[0]) throw new HttpError(404, `Blocklet not found: ${did}`, 'BLOCKLET_NOT_FOUND');
  return rows[0];
}

/** A published version of the blocklet (its current one when none is named): its meta and its answer shape. */
async function publishedVersion(
  q: Queryable,
  b: BlockletRow,
  version: string | undefined,
): Promise<{ meta: Record<string, unknown>; version: ReturnType<typeof versionOut> }> {
  const v = version ?? b.current_version ?? '';
  const { rows } = await q.query<VersionRow>(
    `SELECT * FROM store_versions WHERE did = $1 AND version = $2 AND status = 'PUBLISHED'`,
    [b.did, v],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, `Version not found: ${v}`, 'VERSION_NOT_FOUND');
  return { meta: row.meta, version: versionOut(row) };
}

/** The meta of a public blocklet at a published version (404 VERSION_NOT_FOUND for another). */
export async function blockletMeta(
  q: Queryable,
  b: BlockletRow,
  version: string | undefined,
): Promise<Record<string, unknown>> {
  const { meta } = await publishedVersion(q, b, version);
  return metaOut(b, await categoriesById(q), meta);
}

/** The info of a public blocklet: readme, the published version, and up to three more of its author and category. */
export async function blockletInfo(q: Queryable, b: BlockletRow, version: string | undefined) {
  const { version: shown } = await publishedVersion(q, b, version);
  const cats = await categoriesById(q);
  const others = async (col: 'owner_did' | 'category_id', value: string | null) =>
    value == null
      ? []
      : (
          await q.query<BlockletRow>(
            `SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} AND b.${col} = $1 AND b.did <> $2 ORDER BY downloads DESC LIMIT 3`,
            [value, b.did],
          )
        ).rows.map((x) => metaOut(x, cats));
  return {
    readme: b.readme,
    version: shown,
    deps: [],
    extensions: [],
    authorBlocklets: await others('owner_did', b.owner_did),
    categoriesBlocklets: await others('category_id', b.category_id),
  };
}

/** Published versions up to the current one, newest first by semver (9.9.315 above 7.90.0). */
export async function publishedVersions(q: Queryable, b: BlockletRow) {
  const { rows } = await q.query<Omit<VersionRow, 'did' | 'meta'>>(
    `SELECT id, version, status, change_log, note, published_at, created_at FROM store_versions WHERE did = $1 AND status = 'PUBLISHED'`,
    [b.did],
  );
  const shown = b.current_version ? rows.filter((v) => atMost(v.version, b.current_version!)) : rows;
  return newestFirst(shown, (v) => v.version).map(versionOut);
}

/**
 * The blocklet an image (logo, screenshot) is drawn for. The image carries its title, so a draft's (or a blocked or
 * private blocklet's) is shown only to its owner and the admins (`viewer` is asked only then); anyone else gets the
 * same 404 as for no blocklet.
 */
export async function imageSubject(
  q: Queryable,
  did: string,
  viewer: () => Promise<SandboxUser | null>,
): Promise<{ title: string; public: boolean }> {
  const { rows } = await q.query<{ title: string; owner_did: string; public: boolean }>(
    `SELECT b.title, b.owner_did, (${PUBLIC}) AS public FROM store_blocklets b WHERE b.did = $1`,
    [did],
  );
  const b = rows[0];
  const user = b && !b.public ? await viewer() : null;
  if (!b || (!b.public && !(user && (user.did === b.owner_did || isAdmin(user)))))
    throw new HttpError(404, `Blocklet not found: ${did}`, 'BLOCKLET_NOT_FOUND');
  return b;
}
