import { Router, type Request, type Response } from 'express';
import { registerMigrations } from '../db.ts';
import type { SandboxContext } from '../context.ts';
import { HttpError } from '../platform.ts';
import { tileLogoSvg } from '../service/blocklet.ts';
import { registerStoreConnectActions } from './connect.ts';
import { categoriesById, categoryOut, rowOut } from './domain/blocklets.ts';
import {
  blockletInfo,
  blockletMeta,
  DEFAULT_SORT,
  exploreSections,
  imageSubject,
  isStoreSort,
  publicBlocklet,
  publishedVersions,
  searchBlocklets,
} from './domain/catalog.ts';
import { int, str } from './http.ts';
import { createManageRoutes } from './manage.ts';
import { currentUser } from '../service/users.ts';
import { SEED_BLOCKLETS, SEED_CATEGORIES } from './seed.ts';
import { higher, newestFirst } from './versions.ts';

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
 * Parse, call the domain (domain/catalog.ts: what is public, the filters and sorts), answer; the developer and
 * console routes are manage.ts. Tables: store_categories, store_blocklets (one row per blocklet: IBlocklet columns +
 * `meta` of the current version), store_versions (IVersion), readme per language on the blocklet row.
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

registerStoreConnectActions();

export function createStoreRoutes(ctx: SandboxContext): Router {
  const r = Router();
  const { db } = ctx;

  r.get('/v2/blocklets.json', async (req, res) => {
    const keyword = str(req, 'keyword')?.trim();
    const category = str(req, 'category');
    const price = str(req, 'price');
    if (price && price !== 'free' && price !== 'payment') throw new HttpError(400, "price must be 'free' or 'payment'");
    const owner = str(req, 'owner');
    const official = str(req, 'isOfficial');
    const didList = str(req, 'didList');
    const sortBy = str(req, 'sortBy') ?? DEFAULT_SORT;
    if (!isStoreSort(sortBy)) throw new HttpError(400, `Unknown sortBy: ${sortBy}`);
    const direction = str(req, 'sortDirection')?.toLowerCase();
    if (direction && direction !== 'asc' && direction !== 'desc')
      throw new HttpError(400, "sortDirection must be 'asc' or 'desc'");
    res.json(
      await searchBlocklets(db, {
        keyword,
        category,
        price: price === 'free' || price === 'payment' ? price : undefined,
        owner,
        officialOnly: official === 'true' || official === '1',
        didList: didList
          ?.split(',')
          .map((d) => d.trim())
          .filter(Boolean),
        sortBy,
        direction: direction ? (direction.toUpperCase() as 'ASC' | 'DESC') : undefined,
        page: int(req, 'page', 1, 1, 1_000_000),
        pageSize: int(req, 'pageSize', 20, 1, 1500),
      }),
    );
  });

  r.get('/blocklets/categories', async (_req, res) => {
    res.json([...(await categoriesById(db)).values()].map(categoryOut));
  });

  r.get('/blocklets/explore', async (_req, res) => {
    res.json(await exploreSections(db));
  });

  const versionParam = (req: Request) => (typeof req.params.version === 'string' ? req.params.version : undefined);

  const blockletJson = async (req: Request, res: Response) => {
    const b = await publicBlocklet(db, String(req.params.did));
    const version = versionParam(req) ?? str(req, 'version');
    const out = await blockletMeta(db, b, version);
    if (str(req, 'extended') === 'true') out.blocklet = { ...rowOut(b), specifiedVersion: version ?? null };
    res.json(out);
  };
  r.get('/blocklets/:did/blocklet.json', blockletJson);
  r.get('/blocklets/:did/:version/blocklet.json', blockletJson);

  const info = async (req: Request, res: Response) => {
    const b = await publicBlocklet(db, String(req.params.did));
    res.json(await blockletInfo(db, b, versionParam(req)));
  };
  r.get('/blocklets/:did/info', info);
  r.get('/blocklets/:did/:version/info', info);

  r.get('/blocklets/:did/versions', async (req, res) => {
    res.json(await publishedVersions(db, await publicBlocklet(db, String(req.params.did))));
  });

  /** An image of a blocklet: public ones cached for an hour, a draft's (its owner's or an admin's) not at all. */
  const sendImage = (res: Response, isPublic: boolean, svg: string) => {
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', isPublic ? 'public, max-age=3600' : 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.send(svg);
  };
  const didParam = (req: Request) => String(req.params.did).replace(/^did:abt:/, '');

  r.get('/blocklets/:did/screenshots/:file', async (req, res) => {
    const did = didParam(req);
    const m = /^([1-9])\.svg$/.exec(String(req.params.file));
    if (!m) throw new HttpError(404, 'Screenshot not found', 'NOT_FOUND');
    const b = await imageSubject(db, did, () => currentUser(db, req));
    sendImage(res, b.public, screenshotSvg(did, b.title, Number(m[1])));
  });

  r.get('/blocklets/:did/logo', async (req, res) => {
    const did = didParam(req);
    const b = await imageSubject(db, did, () => currentUser(db, req));
    sendImage(res, b.public, tileLogoSvg(did, b.title));
  });

  createManageRoutes(ctx, r);
  return r;
}
