import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { tileLogoSvg } from '../../images.ts';
import { categoriesById, categoryOut, rowOut } from '../domain/blocklets.ts';
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
} from '../domain/catalog.ts';
import { int, str } from './http.ts';
import { createManageRoutes } from './manage-routes.ts';
import { currentUser } from '../../session.ts';

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
 * console routes are manage-routes.ts. Tables and seed: data/schema.ts (store_categories, store_blocklets,
 * store_versions), registered by store/index.ts.
 */

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
