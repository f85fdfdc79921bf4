import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCBLOCK_GROUPS, AIGNE_GROUPS } from '../../src/header/products.ts';
import {
  chunkIconNames,
  createIconLoader,
  ICON_CACHE_MS,
  ICON_URL_MAX,
  iconUrl,
  splitIconName,
} from '../../src/api/resources/icons.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const S = '/.well-known/service';

describe('sandbox icon service', () => {
  it('serves every icon the seeded navigation and the products menu use, in the Iconify shape', async () => {
    const blocklet = (await (await fetch(`${sb.url}/__blocklet__.js?type=json`)).json()) as {
      navigation: Array<{ icon?: string }>;
      iconHosts: string[];
    };
    expect(blocklet.iconHosts).toEqual([`${S}/sandbox/icons`]);
    const names = new Set<string>();
    for (const n of blocklet.navigation) if (n.icon) names.add(n.icon);
    for (const g of [...ARCBLOCK_GROUPS, ...AIGNE_GROUPS]) for (const p of g.items) if (p.icon) names.add(p.icon);
    const icons = [...names].map((n) => splitIconName(n)![1]);
    expect(icons.length).toBeGreaterThan(20);
    const res = await fetch(`${sb.url}${S}/sandbox/icons/tabler.json?icons=${icons.join(',')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      prefix: string;
      icons: Record<string, { body: string }>;
      width: number;
      not_found?: string[];
    };
    expect(body.prefix).toBe('tabler');
    expect(body.width).toBe(24);
    expect(body.not_found).toBeUndefined();
    for (const i of icons) expect(body.icons[i]?.body).toMatch(/^<path /);
  });

  it('lists unknown names as not found, answers 404 for an unknown prefix, 400 without names, 503 on the down host', async () => {
    const some = await (await fetch(`${sb.url}${S}/sandbox/icons/tabler.json?icons=receipt,nope`)).json();
    expect(some.not_found).toEqual(['nope']);
    expect(Object.keys(some.icons)).toEqual(['receipt']);
    const unknown = await fetch(`${sb.url}${S}/sandbox/icons/mdi.json?icons=home`);
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${sb.url}${S}/sandbox/icons/tabler.json`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String) });
    const down = await fetch(`${sb.url}${S}/sandbox/icons-down/tabler.json?icons=receipt`);
    expect(down.status).toBe(503);
  });
});

describe('icon loader', () => {
  const memoryStorage = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('falls back to the next host on a non-200 or network error, and loads from the sandbox', async () => {
    const calls: string[] = [];
    const loader = createIconLoader({
      hosts: ['http://127.0.0.1:9/nothing', `${S}/sandbox/icons-down`, `${S}/sandbox/icons`],
      base: `${sb.url}/`,
      fetch: (u, i) => {
        calls.push(String(u));
        return fetch(u, i);
      },
    });
    const out = await loader.load(['tabler:receipt', 'tabler:bell']);
    expect(out.get('tabler:receipt')).toMatchObject({ width: 24, height: 24, body: expect.stringContaining('<path') });
    expect(calls.map((c) => new URL(c).pathname)).toEqual([
      '/nothing/tabler.json',
      `${S}/sandbox/icons-down/tabler.json`,
      `${S}/sandbox/icons/tabler.json`,
    ]);
    expect(calls[2]).toContain('icons=receipt,bell');
  });

  it('stops at a 404 and caches the icons as missing', async () => {
    const calls: string[] = [];
    const loader = createIconLoader({
      hosts: ['https://a.test', 'https://b.test'],
      fetch: async (u) => {
        calls.push(String(u));
        return new Response('404', { status: 404 });
      },
    });
    const out = await loader.load(['mdi:home']);
    expect(out.get('mdi:home')).toBeNull();
    expect(calls).toEqual(['https://a.test/mdi.json?icons=home']);
    await loader.load(['mdi:home']);
    expect(calls).toHaveLength(1);
  });

  it('does not cache a failure of every host; with no hosts nothing is asked', async () => {
    let n = 0;
    const loader = createIconLoader({
      hosts: ['https://a.test'],
      fetch: async () => (n++, new Response('x', { status: 500 })),
    });
    expect((await loader.load(['tabler:x'])).get('tabler:x')).toBeUndefined();
    await loader.load(['tabler:x']);
    expect(n).toBe(2);
    const none = createIconLoader({
      hosts: [],
      fetch: async () => {
        throw new Error('must not fetch');
      },
    });
    expect((await none.load(['tabler:x'])).get('tabler:x')).toBeUndefined();
  });

  it('keeps every request URL within 500 characters', async () => {
    const names = Array.from({ length: 80 }, (_, i) => `some-long-icon-name-${i}`);
    const chunks = chunkIconNames(['https://api.iconify.design'], 'tabler', names);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(names);
    for (const c of chunks)
      expect(iconUrl('https://api.iconify.design', 'tabler', c).length).toBeLessThanOrEqual(ICON_URL_MAX);
    const urls: string[] = [];
    const loader = createIconLoader({
      hosts: ['https://api.iconify.design'],
      fetch: async (u) => {
        urls.push(String(u));
        return Response.json({ prefix: 'tabler', icons: {} });
      },
    });
    await loader.load(names.map((n) => `tabler:${n}`));
    expect(urls.length).toBe(chunks.length);
    for (const u of urls) expect(u.length).toBeLessThanOrEqual(ICON_URL_MAX);
  });

  it('caches for 168 hours in the given storage, then asks again', async () => {
    let now = 1_000_000;
    let n = 0;
    const storage = memoryStorage();
    const make = () =>
      createIconLoader({
        hosts: ['https://a.test'],
        storage,
        now: () => now,
        fetch: async () => (
          n++,
          Response.json({ prefix: 'tabler', icons: { bell: { body: '<path/>' } }, width: 24, height: 24 })
        ),
      });
    await make().load(['tabler:bell']);
    expect(n).toBe(1);
    expect([...storage.m.keys()]).toEqual(['site-header-icon:tabler:bell']);
    // A new instance (another element) reads the session cache.
    const second = make();
    expect(second.peek('tabler:bell')).toEqual({ body: '<path/>', width: 24, height: 24 });
    await second.load(['tabler:bell']);
    expect(n).toBe(1);
    now += ICON_CACHE_MS + 1;
    await make().load(['tabler:bell']);
    expect(n).toBe(2);
  });
});
