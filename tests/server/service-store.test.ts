import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_KIT_DID } from '../../hosts/server/context.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const get = async (path: string) => {
  const res = await fetch(`${sb.url}/store/api${path}`);
  return { status: res.status, body: await res.json() };
};
type Item = {
  did: string;
  title: string;
  description: string;
  stats: { downloads: number };
  category: { id: string };
  payment: { price: unknown[] };
  owner: { did: string; fullName: string };
  logo: string;
  version: string;
  lastPublishedAt: string;
};

describe('store API', () => {
  it('categories: 6 with en/zh locales', async () => {
    const { body } = await get('/blocklets/categories');
    expect(body).toHaveLength(6);
    for (const c of body) {
      expect(c).toMatchObject({
        id: expect.any(String),
        _id: c.id,
        name: expect.any(String),
        locales: { en: expect.any(String), zh: expect.any(String) },
      });
    }
  });

  it('list: all 48 by downloads, with the card fields', async () => {
    const { status, body } = await get('/v2/blocklets.json?pageSize=100');
    expect(status).toBe(200);
    expect(body.total).toBe(48);
    expect(body.dataList).toHaveLength(48);
    const list = body.dataList as Item[];
    const downloads = list.map((b) => b.stats.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    for (const b of list) {
      expect(b).toMatchObject({
        did: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      });
      expect(b.owner).toMatchObject({ did: expect.any(String), fullName: expect.any(String) });
      expect(b.category.id).toBeTruthy();
    }
    const logo = await fetch(`${sb.url}${list[0]!.logo}`);
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('paging', async () => {
    const p1 = (await get('/v2/blocklets.json?page=1&pageSize=12')).body;
    const p3 = (await get('/v2/blocklets.json?page=3&pageSize=12')).body;
    expect(p1.total).toBe(48);
    expect(p1.dataList).toHaveLength(12);
    expect(p3.dataList).toHaveLength(12);
    const pages = [
      p1,
      (await get('/v2/blocklets.json?page=2&pageSize=12')).body,
      p3,
      (await get('/v2/blocklets.json?page=4&pageSize=12')).body,
    ];
    const all = new Set(pages.flatMap((p) => p.dataList).map((b: Item) => b.did));
    expect(all.size).toBe(48);
    expect((await get('/v2/blocklets.json?page=9&pageSize=12')).body.dataList).toEqual([]);
    expect((await get('/v2/blocklets.json?page=0')).status).toBe(400);
    expect((await get('/v2/blocklets.json?pageSize=5000')).status).toBe(400);
    expect((await get('/v2/blocklets.json?pageSize=abc')).status).toBe(400);
  });

  it('keyword search (title or description, case-insensitive, % is literal)', async () => {
    const { body } = await get('/v2/blocklets.json?keyword=PAYMENT');
    expect(body.dataList.map((b: Item) => b.title)).toContain('Payment Kit');
    for (const b of body.dataList as Item[]) expect(`${b.title} ${b.description}`.toLowerCase()).toContain('payment');
    expect((await get('/v2/blocklets.json?keyword=%25')).body.total).toBe(0);
    expect((await get('/v2/blocklets.json?keyword=zzzz-nothing')).body).toMatchObject({ dataList: [], total: 0 });
  });

  it('category, price and sort filters', async () => {
    const ai = (await get('/v2/blocklets.json?category=ai')).body;
    expect(ai.total).toBe(8);
    expect(ai.dataList.every((b: Item) => b.category.id === 'ai')).toBe(true);
    expect((await get('/v2/blocklets.json?category=all')).body.total).toBe(48);
    const free = (await get('/v2/blocklets.json?price=free&pageSize=100')).body;
    const paid = (await get('/v2/blocklets.json?price=payment&pageSize=100')).body;
    expect(free.total + paid.total).toBe(48);
    expect(paid.total).toBeGreaterThan(0);
    expect(paid.dataList.every((b: Item) => b.payment.price.length > 0)).toBe(true);
    expect((await get('/v2/blocklets.json?price=cheap')).status).toBe(400);
    const byTitle = (await get('/v2/blocklets.json?sortBy=title&sortDirection=asc&pageSize=100')).body.dataList.map(
      (b: Item) => b.title.toLowerCase(),
    );
    expect(byTitle).toEqual([...byTitle].sort());
    const recent = (await get('/v2/blocklets.json?sortBy=lastPublishedAt&pageSize=100')).body.dataList.map(
      (b: Item) => b.lastPublishedAt,
    );
    expect(recent).toEqual([...recent].sort().reverse());
    expect((await get('/v2/blocklets.json?sortBy=random')).status).toBe(400);
    for (const inherited of ['toString', 'constructor', '__proto__']) {
      const r = await get(`/v2/blocklets.json?sortBy=${inherited}`);
      expect(r.status, inherited).toBe(400);
      expect(r.body).toEqual({ error: `Unknown sortBy: ${inherited}` });
    }
  });

  it('explore sections', async () => {
    const { body } = await get('/blocklets/explore');
    expect(body.map((s: { type: string }) => s.type)).toEqual(['trending', 'topRated', 'recentlyUpdated']);
    expect(body[0].blocklets).toHaveLength(4);
  });

  it('blocklet.json (+extended row, +version), info with readme en/zh, 404s', async () => {
    const { status, body } = await get(`/blocklets/${PAYMENT_KIT_DID}/blocklet.json?source=webapp&extended=true`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      did: PAYMENT_KIT_DID,
      title: 'Payment Kit',
      stats: { downloads: expect.any(Number) },
      blocklet: { did: PAYMENT_KIT_DID, status: 'normal', permission: 'Public' },
    });
    const prefixed = await get(`/blocklets/did:abt:${PAYMENT_KIT_DID}/blocklet.json`);
    expect(prefixed.body.did).toBe(PAYMENT_KIT_DID);
    const versioned = await get(`/blocklets/${PAYMENT_KIT_DID}/${body.version}/blocklet.json`);
    expect(versioned.body.version).toBe(body.version);
    expect((await get(`/blocklets/${PAYMENT_KIT_DID}/9.9.9/blocklet.json`)).status).toBe(404);
    expect((await get('/blocklets/z8nope/blocklet.json')).status).toBe(404);
    const info = (await get(`/blocklets/${PAYMENT_KIT_DID}/info`)).body;
    expect(info.readme.en).toMatch(/^# Payment Kit/);
    expect(info.readme.zh).toMatch(/功能/);
    expect(info.authorBlocklets.length).toBeGreaterThan(0);
  });

  it('every blocklet has several versions, screenshots that load, and a readme in en and zh', async () => {
    const list = (await get('/v2/blocklets.json?pageSize=100')).body.dataList as Array<
      Item & { screenshots: string[] }
    >;
    for (const b of list.slice(0, 6)) {
      const versions = (await get(`/blocklets/${b.did}/versions`)).body as Array<{
        version: string;
        status: string;
        changeLog: string;
      }>;
      expect(versions.length).toBeGreaterThanOrEqual(2);
      expect(versions[0]!.version).toBe(b.version);
      expect(versions.every((v) => v.status === 'PUBLISHED' && v.changeLog)).toBe(true);
      expect(b.screenshots).toHaveLength(3);
    }
    const shot = await fetch(`${sb.url}${list[0]!.screenshots[0]}`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(`${sb.url}/store/api/blocklets/${list[0]!.did}/screenshots/x.svg`)).status).toBe(404);
    const cats = new Set(list.map((b) => b.category.id));
    expect(cats.size).toBe(6);
  });
});
