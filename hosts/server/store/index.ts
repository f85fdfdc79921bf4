import { Router, type Request } from 'express';
import { registerMigrations } from '../db.ts';
import type { SandboxContext } from '../context.ts';
import { HttpError } from '../platform.ts';
import { tileLogoSvg } from '../service/blocklet.ts';
import { registerStoreConnectActions } from './connect.ts';
import { categoriesById, categoryOut, iso, metaOut, rowOut, type BlockletRow } from './domain/blocklets.ts';
import { isAdmin } from './domain/rules.ts';
import { int, str } from './http.ts';
import { createManageRoutes } from './manage.ts';
import { currentUser } from '../service/users.ts';
import { SEED_BLOCKLETS, SEED_CATEGORIES } from './seed.ts';
import { atMost, higher, newestFirst } from './versions.ts';

/**
 * The store API (mounted at /store/api), first screen of the store element (platform-header-store.md B.2/B.3):
 *
 *   GET /v2/blocklets.json      keyword, category, price (free|payment), sortBy, sortDirection, owner, isOfficial,
 *                               didList, page, pageSize (≤1500)                                → {dataList, total}
 *   GET /blocklets/categories                                                                 → [{_id,id,name,locales,…}]
 *   GET /blocklets/explore                                                                    → [{type, blocklets[≤4]}]
 *   GET /blocklets/:did[/:version]/blocklet.json  (extended=true adds `blocklet`: the row)    → meta
 *   GET /blocklets/:did[/:version]/info           → {readme{en,zh}, version, deps, extensions, authorBlocklets, categoriesBlocklets}
 *   GET /blocklets/:did/versions                  → [{id, version, status, changeLog, publishedAt, …}]
 *   GET /blocklets/:did/logo                      → SVG
 *
 * Tables: store_categories, store_blocklets (one row per blocklet: IBlocklet columns + `meta` of the current
 * version), store_versions (IVersion), readme per language on the blocklet row.
 */

registerMigrations('store', [
  {
    id: '001-store-tables',
    up: `
      CREATE TABLE store_categories (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        locales JSONB NOT NULL,
        position INT NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE store_blocklets (
        did TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        category_id TEXT REFERENCES store_categories(id),
        owner_did TEXT NOT NULL,
        downloads BIGINT NOT NULL DEFAULT 0,
        is_official BOOLEAN NOT NULL DEFAULT false,
        is_free BOOLEAN NOT NULL DEFAULT true,
        current_version TEXT,
        latest_version TEXT,
        permission TEXT NOT NULL DEFAULT 'Public' CHECK (permission IN ('Public', 'Private')),
        status TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'blocked')),
        block_reason TEXT,
        review_type TEXT NOT NULL DEFAULT 'EACH' CHECK (review_type IN ('FIRST', 'EACH')),
        source TEXT NOT NULL DEFAULT 'CLI',
        remark TEXT NOT NULL DEFAULT '',
        meta JSONB NOT NULL,
        readme JSONB NOT NULL DEFAULT '{}',
        last_published_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX store_blocklets_category ON store_blocklets (category_id);
      CREATE INDEX store_blocklets_owner ON store_blocklets (owner_did);
      CREATE TABLE store_versions (
        id TEXT PRIMARY KEY,
        did TEXT NOT NULL REFERENCES store_blocklets(did),
        version TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('DRAFT', 'PENDING_REVIEW', 'IN_REVIEW', 'APPROVED', 'REJECTED', 'PUBLISHED', 'CANCELLED')),
        change_log TEXT NOT NULL DEFAULT '',
        note TEXT,
        meta JSONB NOT NULL,
        published_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        UNIQUE (did, version)
      );`,
  },
  {
    id: '002-seed',
    up: async (tx) => {
      const base = Date.UTC(2025, 9, 1);
      for (const [i, c] of SEED_CATEGORIES.entries()) {
        const at = new Date(base + i * 3_600_000).toISOString();
        await tx.query(
          'INSERT INTO store_categories (id, name, locales, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
          [c.id, c.en, { en: c.en, zh: c.zh }, i + 1, at],
        );
      }
      for (const b of SEED_BLOCKLETS) {
        const latest = b.versions[b.versions.length - 1]!;
        const meta = {
          did: b.did,
          name: b.name,
          title: b.title,
          description: b.description,
          version: latest.version,
          logo: `/store/api/blocklets/${b.did}/logo`,
          screenshots: [1, 2, 3].map((n) => `/store/api/blocklets/${b.did}/screenshots/${n}.svg`),
          videos: [],
          owner: { ...b.owner, avatar: `/.well-known/service/user/avatar/${b.owner.did}` },
          author: { name: b.owner.fullName },
          keywords: [b.category, ...b.name.split('-')],
          isOfficial: b.official,
          payment: { price: b.price ? [{ value: b.price, symbol: 'USD', address: b.owner.did }] : [], share: [] },
          dist: { size: 180_000 + ((b.downloads * 37) % 4_000_000) },
          requirements: { server: '>=1.16.0', os: '*', cpu: '*' },
          capabilities: {
            component: true,
            navigation: true,
            clusterMode: false,
            serverless: false,
            didSpace: 'optional',
          },
          homepage: `https://www.example.com/${b.name}`,
          documentation: `https://www.example.com/${b.name}/docs`,
          repository: { type: 'git', url: `https://github.com/example/${b.name}` },
          community: `https://community.example.com/c/${b.name}`,
          group: 'dapp',
          engine: { interpreter: 'node' },
        };
        await tx.query(
          `INSERT INTO store_blocklets (did, name, title, description, category_id, owner_did, downloads, is_official, is_free,
             current_version, latest_version, meta, readme, last_published_at, created_at, updated_at, remark)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14, $13, '')`,
          [
            b.did,
            b.name,
            b.title,
            b.description,
            b.category,
            b.owner.did,
            b.downloads,
            b.official,
            b.price === 0,
            latest.version,
            meta,
            b.readme,
            latest.publishedAt,
            b.createdAt,
          ],
        );
        for (const v of b.versions) {
          await tx.query(
            `INSERT INTO store_versions (id, did, version, status, change_log, meta, published_at, created_at)
             VALUES ($1, $2, $3, 'PUBLISHED', $4, $5, $6, $6)`,
            [`${b.did}@${v.version}`, b.did, v.version, v.changeLog, { ...meta, version: v.version }, v.publishedAt],
          );
        }
      }
    },
  },
  {
    // Before versions were semver, publishing could make a lower version current and left the row's meta (what the
    // list shows) at the old version. Current = the highest published version; the row's meta follows it.
    id: '003-current-is-highest',
    up: async (tx) => {
      const { rows } = await tx.query<{
        did: string;
        name: string;
        current_version: string | null;
        latest_version: string | null;
      }>('SELECT did, name, current_version, latest_version FROM store_blocklets');
      for (const b of rows) {
        const published = (
          await tx.query<{ version: string; meta: Record<string, unknown> }>(
            `SELECT version, meta FROM store_versions WHERE did = $1 AND status = 'PUBLISHED'`,
            [b.did],
          )
        ).rows;
        const top = newestFirst(published, (v) => v.version)[0];
        if (!top) continue;
        const all = (await tx.query<{ version: string }>('SELECT version FROM store_versions WHERE did = $1', [b.did]))
          .rows;
        const latest = all.reduce<string | null>((m, v) => higher(m, v.version), null);
        const title = typeof top.meta.title === 'string' && top.meta.title.trim() ? top.meta.title.trim() : b.name;
        await tx.query(
          'UPDATE store_blocklets SET current_version = $2, latest_version = $3, meta = $4, title = $5, description = $6 WHERE did = $1',
          [
            b.did,
            top.version,
            latest,
            { ...top.meta, version: top.version },
            title,
            typeof top.meta.description === 'string' ? top.meta.description : '',
          ],
        );
      }
    },
  },
]);

const SORTS: Record<string, { col: string; dir: 'ASC' | 'DESC' }> = {
  'stats.downloads': { col: 'downloads', dir: 'DESC' },
  popularity: { col: 'downloads', dir: 'DESC' },
  downloads: { col: 'downloads', dir: 'DESC' },
  lastPublishedAt: { col: 'last_published_at', dir: 'DESC' },
  publishAt: { col: 'last_published_at', dir: 'DESC' },
  title: { col: 'lower(title)', dir: 'ASC' },
  nameAsc: { col: 'lower(title)', dir: 'ASC' },
  nameDesc: { col: 'lower(title)', dir: 'DESC' },
  createdAt: { col: 'created_at', dir: 'DESC' },
};

/** A placeholder screenshot: a window frame with the blocklet's title, tinted per blocklet and page. */
function screenshotSvg(did: string, title: string, n: number): string {
  let h = 0;
  for (const c of `${did}:${n}`) h = (h * 31 + c.charCodeAt(0)) % 360;
  const esc = title.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="${esc} ${n}">
<rect width="640" height="400" fill="hsl(${h} 60% 94%)"/><rect x="24" y="24" width="592" height="352" rx="12" fill="#fff" stroke="hsl(${h} 40% 80%)"/>
<rect x="24" y="24" width="592" height="36" rx="12" fill="hsl(${h} 65% 45%)"/><circle cx="46" cy="42" r="6" fill="#fff" fill-opacity=".7"/>
<text x="320" y="190" font-family="system-ui,sans-serif" font-size="30" font-weight="700" fill="hsl(${h} 50% 30%)" text-anchor="middle">${esc}</text>
<rect x="120" y="230" width="400" height="14" rx="7" fill="hsl(${h} 40% 85%)"/><rect x="170" y="256" width="300" height="14" rx="7" fill="hsl(${h} 40% 88%)"/>
</svg>`;
}

const PUBLIC = `b.status = 'normal' AND b.permission = 'Public' AND b.current_version IS NOT NULL`;

registerStoreConnectActions();

export function createStoreRoutes(ctx: SandboxContext): Router {
  const r = Router();
  const { db } = ctx;

  r.get('/v2/blocklets.json', async (req, res) => {
    const where: string[] = [PUBLIC];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const keyword = str(req, 'keyword')?.trim();
    if (keyword) {
      const like = arg(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(b.title ILIKE ${like} OR b.description ILIKE ${like} OR b.name ILIKE ${like})`);
    }
    const category = str(req, 'category');
    if (category && category !== 'all') where.push(`b.category_id = ${arg(category)}`);
    const price = str(req, 'price');
    if (price) {
      if (price !== 'free' && price !== 'payment') throw new HttpError(400, "price must be 'free' or 'payment'");
      where.push(price === 'free' ? 'b.is_free' : 'NOT b.is_free');
    }
    const owner = str(req, 'owner');
    if (owner) where.push(`b.owner_did = ${arg(owner)}`);
    const official = str(req, 'isOfficial');
    if (official === 'true' || official === '1') where.push('b.is_official');
    const didList = str(req, 'didList');
    if (didList)
      where.push(
        `b.did = ANY(${arg(
          didList
            .split(',')
            .map((d) => d.trim())
            .filter(Boolean),
        )})`,
      );

    const sortBy = str(req, 'sortBy') ?? 'stats.downloads';
    // Own keys only: a name every object inherits (toString, constructor) is no sort either.
    const sort = Object.hasOwn(SORTS, sortBy) ? SORTS[sortBy] : undefined;
    if (!sort) throw new HttpError(400, `Unknown sortBy: ${sortBy}`);
    const dirQ = str(req, 'sortDirection')?.toLowerCase();
    if (dirQ && dirQ !== 'asc' && dirQ !== 'desc') throw new HttpError(400, "sortDirection must be 'asc' or 'desc'");
    const dir = dirQ ? (dirQ.toUpperCase() as 'ASC' | 'DESC') : sort.dir;
    const page = int(req, 'page', 1, 1, 1_000_000);
    const pageSize = int(req, 'pageSize', 20, 1, 1500);

    const cond = where.join(' AND ');
    const total = Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM store_blocklets b WHERE ${cond}`, args)).rows[0]?.n ??
        0,
    );
    const { rows } = await db.query<BlockletRow>(
      `SELECT b.* FROM store_blocklets b WHERE ${cond}
       ORDER BY ${sort.col} ${dir} NULLS LAST, b.did ASC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      args,
    );
    const cats = await categoriesById(db);
    res.json({ dataList: rows.map((b) => metaOut(b, cats)), total, page, pageSize });
  });

  r.get('/blocklets/categories', async (_req, res) => {
    const cats = await categoriesById(db);
    res.json([...cats.values()].map(categoryOut));
  });

  r.get('/blocklets/explore', async (_req, res) => {
    const cats = await categoriesById(db);
    const top = (
      await db.query<BlockletRow>(
        `SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} ORDER BY downloads DESC, did LIMIT 4`,
      )
    ).rows;
    const recent = (
      await db.query<BlockletRow>(
        `SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} ORDER BY last_published_at DESC NULLS LAST, did LIMIT 4`,
      )
    ).rows;
    res.json([
      { type: 'trending', blocklets: top.map((b) => metaOut(b, cats)) },
      { type: 'topRated', blocklets: [] },
      { type: 'recentlyUpdated', blocklets: recent.map((b) => metaOut(b, cats)) },
    ]);
  });

  async function findBlocklet(didParam: string): Promise<BlockletRow> {
    const did = didParam.replace(/^did:abt:/, '');
    const { rows } = await db.query<BlockletRow>(`SELECT b.* FROM store_blocklets b WHERE b.did = $1 AND ${PUBLIC}`, [
      did,
    ]);
    if (!rows[0]) throw new HttpError(404, `Blocklet not found: ${did}`, 'BLOCKLET_NOT_FOUND');
    return rows[0];
  }
  async function versionMeta(
    b: BlockletRow,
    version: string | undefined,
  ): Promise<{ meta: Record<string, unknown>; version: Record<string, unknown> }> {
    const v = version ?? b.current_version ?? '';
    const { rows } = await db.query<{
      id: string;
      version: string;
      status: string;
      change_log: string;
      note: string | null;
      meta: Record<string, unknown>;
      published_at: Date | null;
      created_at: Date;
    }>(`SELECT * FROM store_versions WHERE did = $1 AND version = $2 AND status = 'PUBLISHED'`, [b.did, v]);
    const row = rows[0];
    if (!row) throw new HttpError(404, `Version not found: ${v}`, 'VERSION_NOT_FOUND');
    return {
      meta: row.meta,
      version: {
        id: row.id,
        version: row.version,
        status: row.status,
        changeLog: row.change_log,
        note: row.note,
        publishedAt: iso(row.published_at),
        createdAt: iso(row.created_at),
      },
    };
  }

  const blockletJson = async (req: Request, res: import('express').Response) => {
    const b = await findBlocklet(String(req.params.did));
    const version = typeof req.params.version === 'string' ? req.params.version : str(req, 'version');
    const { meta } = await versionMeta(b, version);
    const cats = await categoriesById(db);
    const out = metaOut(b, cats, meta);
    if (str(req, 'extended') === 'true') out.blocklet = { ...rowOut(b), specifiedVersion: version ?? null };
    res.json(out);
  };
  r.get('/blocklets/:did/blocklet.json', blockletJson);
  r.get('/blocklets/:did/:version/blocklet.json', blockletJson);

  const info = async (req: Request, res: import('express').Response) => {
    const b = await findBlocklet(String(req.params.did));
    const { version } = await versionMeta(b, typeof req.params.version === 'string' ? req.params.version : undefined);
    const cats = await categoriesById(db);
    const others = async (col: 'owner_did' | 'category_id', value: string | null) =>
      value == null
        ? []
        : (
            await db.query<BlockletRow>(
              `SELECT b.* FROM store_blocklets b WHERE ${PUBLIC} AND b.${col} = $1 AND b.did <> $2 ORDER BY downloads DESC LIMIT 3`,
              [value, b.did],
            )
          ).rows.map((x) => metaOut(x, cats));
    res.json({
      readme: b.readme,
      version,
      deps: [],
      extensions: [],
      authorBlocklets: await others('owner_did', b.owner_did),
      categoriesBlocklets: await others('category_id', b.category_id),
    });
  };
  r.get('/blocklets/:did/info', info);
  r.get('/blocklets/:did/:version/info', info);

  // Published versions up to the current one, newest first by semver (9.9.315 above 7.90.0).
  r.get('/blocklets/:did/versions', async (req, res) => {
    const b = await findBlocklet(String(req.params.did));
    const { rows } = await db.query<{
      id: string;
      version: string;
      status: string;
      change_log: string;
      note: string | null;
      published_at: Date | null;
      created_at: Date;
    }>(
      `SELECT id, version, status, change_log, note, published_at, created_at FROM store_versions WHERE did = $1 AND status = 'PUBLISHED'`,
      [b.did],
    );
    const shown = b.current_version ? rows.filter((v) => atMost(v.version, b.current_version!)) : rows;
    res.json(
      newestFirst(shown, (v) => v.version).map((v) => ({
        id: v.id,
        version: v.version,
        status: v.status,
        changeLog: v.change_log,
        note: v.note,
        publishedAt: iso(v.published_at),
        createdAt: iso(v.created_at),
      })),
    );
  });

  /**
   * The blocklet an image (logo, screenshot) is drawn for. The image carries its title, so a draft's (or a blocked or
   * private blocklet's) is shown only to its owner and the admins; anyone else gets the same 404 as for no blocklet.
   */
  async function imageOf(req: Request, did: string): Promise<{ title: string; public: boolean }> {
    const { rows } = await db.query<{ title: string; owner_did: string; public: boolean }>(
      `SELECT b.title, b.owner_did, (${PUBLIC}) AS public FROM store_blocklets b WHERE b.did = $1`,
      [did],
    );
    const b = rows[0];
    const viewer = b && !b.public ? await currentUser(db, req) : null;
    if (!b || (!b.public && !(viewer && (viewer.did === b.owner_did || isAdmin(viewer)))))
      throw new HttpError(404, `Blocklet not found: ${did}`, 'BLOCKLET_NOT_FOUND');
    return b;
  }

  r.get('/blocklets/:did/screenshots/:file', async (req, res) => {
    const did = String(req.params.did).replace(/^did:abt:/, '');
    const m = /^([1-9])\.svg$/.exec(String(req.params.file));
    if (!m) throw new HttpError(404, 'Screenshot not found', 'NOT_FOUND');
    const b = await imageOf(req, did);
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', b.public ? 'public, max-age=3600' : 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.send(screenshotSvg(did, b.title, Number(m[1])));
  });

  r.get('/blocklets/:did/logo', async (req, res) => {
    const did = String(req.params.did).replace(/^did:abt:/, '');
    const b = await imageOf(req, did);
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', b.public ? 'public, max-age=3600' : 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.send(tileLogoSvg(did, b.title));
  });

  createManageRoutes(ctx, r);
  return r;
}
