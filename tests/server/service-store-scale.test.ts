/**
 * "The list stays smooth with a thousand blocklets in the catalog" (issue 5, Quality), on the server side: the sandbox
 * store grown to 1000 public blocklets answers the home's queries (a page of 18, the last page, a keyword, category +
 * price, a title sort, the explore sections) quickly and correctly. The element's side: tests/browser/store.test.ts
 * "a catalog of 1000 blocklets stays smooth …".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
  // 952 copies of the 48 seeded blocklets (own did, name, title, downloads): 1000 public blocklets in all.
  await sb.ctx.db.query(`
    INSERT INTO store_blocklets (did, name, title, description, category_id, owner_did, downloads, is_official, is_free,
      current_version, latest_version, meta, readme, last_published_at)
    SELECT 'z8scale' || g || b.did, b.name || '-scale-' || g, b.title || ' #' || lpad(g::text, 3, '0'), b.description, b.category_id,
      b.owner_did, b.downloads - g, b.is_official, b.is_free, b.current_version, b.latest_version, b.meta, b.readme, b.last_published_at
    FROM store_blocklets b CROSS JOIN generate_series(1, 20) AS g
    ORDER BY g, b.did LIMIT 952`);
});
afterAll(() => sb.close());

/**
 * The answer and the fastest of three: a limit on one timing fails when the machine is busy (CI runs the suites side
 * by side on two cores); the fastest of three is still far over it when a query is really slow.
 */
const timed = async (path: string) => {
  let best: { status: number; body: any; ms: number } | undefined;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${sb.url}/store/api${path}`);
    const body = await res.json();
    const ms = performance.now() - t0;
    if (!best || ms < best.ms) best = { status: res.status, body, ms };
  }
  return best!;
};

describe('store API with 1000 blocklets', () => {
  it('pages, searches, filters and sorts 1000 blocklets, each answer well under 250 ms (the fastest of three)', async () => {
    await timed('/v2/blocklets.json?pageSize=18'); // warm-up
    const runs = {
      first: await timed('/v2/blocklets.json?page=1&pageSize=18&sortBy=stats.downloads&sortDirection=desc'),
      last: await timed('/v2/blocklets.json?page=56&pageSize=18'),
      keyword: await timed('/v2/blocklets.json?keyword=kit&pageSize=18'),
      filtered: await timed('/v2/blocklets.json?category=payments&price=payment&pageSize=18'),
      byTitle: await timed('/v2/blocklets.json?sortBy=title&sortDirection=asc&pageSize=18&page=3'),
      explore: await timed('/blocklets/explore'),
      profile: await timed('/v2/blocklets.json?pageSize=1000'),
    };
    expect(runs.first.status).toBe(200);
    expect(runs.first.body.total).toBe(1000);
    expect(runs.first.body.dataList).toHaveLength(18);
    const d = (runs.first.body.dataList as Array<{ stats: { downloads: number } }>).map((b) => b.stats.downloads);
    expect(d).toEqual([...d].sort((a, b) => b - a));
    expect(runs.last.body.dataList).toHaveLength(1000 - 55 * 18);
    expect(runs.keyword.body.total).toBeGreaterThan(20);
    for (const b of runs.keyword.body.dataList as Array<{ title: string; description: string }>)
      expect(`${b.title} ${b.description}`.toLowerCase()).toContain('kit');
    for (const b of runs.filtered.body.dataList as Array<{
      category: { id: string };
      payment: { price: Array<{ value: unknown }> };
    }>)
      expect(b.category.id).toBe('payments');
    const titles = (runs.byTitle.body.dataList as Array<{ title: string }>).map((b) => b.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(runs.explore.body.map((s: { type: string }) => s.type)).toEqual(['trending', 'topRated', 'recentlyUpdated']);
    expect(runs.profile.body.dataList).toHaveLength(1000);
    const ms = Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, Math.round(r.ms)]));
    console.log('store API, 1000 blocklets (ms):', JSON.stringify(ms));
    for (const [k, r] of Object.entries(runs))
      if (k !== 'profile') expect(r.ms, `${k} took ${Math.round(r.ms)} ms`).toBeLessThan(250);
    expect(runs.profile.ms, 'all 1000 in one answer').toBeLessThan(2000);
  });
});
