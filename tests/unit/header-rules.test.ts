/**
 * <site-header> client rules that need no browser (spec §7, §8, §9): the notification socket (Phoenix, 100 s
 * heartbeat, the two topics), the icon loader's 424 without an API and its 404 stop, the org list rules, the
 * products catalogue. The element behaviour itself: tests/browser/header.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/index.ts';
import { createNotifications } from '../../src/api/resources/notifications.ts';
import { createIconLoader, IconLoadError } from '../../src/api/resources/icons.ts';
import { nearEnd, orgInitial } from '../../src/header/org-rules.ts';
import {
  AIGNE_GROUPS,
  ARCBLOCK_GROUPS,
  productColumns,
  productLang,
  PRODUCTS_LABEL,
} from '../../src/header/products.ts';

describe('notification socket', () => {
  it('connects to the user socket with a 100 s heartbeat and joins the create and read topics', async () => {
    const made: Array<{
      url: string;
      sent: unknown[][];
      closed: boolean;
      ws: {
        onopen: ((e: unknown) => void) | null;
        onmessage: ((e: { data: unknown }) => void) | null;
        readyState: number;
      };
    }> = [];
    class FakeWs {
      readyState = 0;
      onopen: ((e: unknown) => void) | null = null;
      onclose: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onmessage: ((e: { data: unknown }) => void) | null = null;
      rec: (typeof made)[number];
      constructor(url: string) {
        this.rec = { url, sent: [], closed: false, ws: this };
        made.push(this.rec);
      }
      send(d: string) {
        this.rec.sent.push(JSON.parse(d) as unknown[]);
      }
      close() {
        this.rec.closed = true;
      }
    }
    const n = createNotifications(createApi({ baseUrl: 'https://shop.example.com/', locale: 'en' }));
    const created: unknown[] = [];
    const read: unknown[] = [];
    const close = n.subscribe({
      appDid: 'zApp',
      userDid: 'zUser',
      onCreate: (x) => created.push(x),
      onRead: (x) => read.push(x),
      WebSocket: FakeWs as never,
    });
    // The socket module loads on the first subscription: allow a loaded machine more than waitFor's default second.
    await vi.waitFor(() => expect(made).toHaveLength(1), { timeout: 5000 });
    expect(made[0]!.url).toBe('wss://shop.example.com/.well-known/service/user/websocket?vsn=2.0.0');
    const heartbeats = () => made[0]!.sent.filter((f) => f[2] === 'phoenix' && f[3] === 'heartbeat').length;
    vi.useFakeTimers();
    try {
      made[0]!.ws.readyState = 1;
      made[0]!.ws.onopen?.({});
      const topics = made[0]!.sent.filter((f) => f[3] === 'phx_join').map((f) => f[2]);
      expect(topics).toEqual(['zApp/zUser/notification.blockletCreate', 'zApp/zUser/blocklet.notification.read']);
      // The heartbeat goes out every 100 s, not sooner.
      vi.advanceTimersByTime(99_999);
      expect(heartbeats()).toBe(0);
      vi.advanceTimersByTime(1);
      expect(heartbeats()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    const push = (topic: string, payload: unknown) =>
      made[0]!.ws.onmessage?.({ data: JSON.stringify([null, null, topic, topic, payload]) });
    push('zApp/zUser/notification.blockletCreate', { title: 'Hi' });
    push('zApp/zUser/blocklet.notification.read', { receiver: 'zUser', readCount: 2 });
    expect(created).toEqual([{ title: 'Hi' }]);
    expect(read).toEqual([{ receiver: 'zUser', readCount: 2 }]);
    close();
    expect(made[0]!.closed).toBe(true);
    // The user's topics need their session: without an auth token the cookie goes along; with one it is the
    // socket's authToken parameter (and its own shared socket).
    const withToken = createNotifications(
      createApi({ baseUrl: 'https://shop.example.com/', locale: 'en', authToken: 'tok_1' }),
    );
    const closeToken = withToken.subscribe({
      appDid: 'zApp',
      userDid: 'zUser',
      onCreate: () => {},
      onRead: () => {},
      WebSocket: FakeWs as never,
    });
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(made[1]!.url).toBe('wss://shop.example.com/.well-known/service/user/websocket?vsn=2.0.0&authToken=tok_1');
    closeToken();
  });
});

describe('icon loader errors', () => {
  it('fails with code 424 when there is no icon API, without a request', async () => {
    const errors: unknown[] = [];
    const fetch = vi.fn();
    const loader = createIconLoader({ hosts: [], fetch: fetch as never, onError: (e) => errors.push(e) });
    expect((await loader.load(['tabler:x'])).get('tabler:x')).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(IconLoadError);
    expect((errors[0] as IconLoadError).code).toBe(424);
  });

  it('a 404 stops (no next host, no error); a 500 tries the next host', async () => {
    const calls: string[] = [];
    const errors: unknown[] = [];
    const loader = createIconLoader({
      hosts: ['https://a.test', 'https://b.test'],
      fetch: (async (u: string) => {
        calls.push(String(u));
        return new Response('404', { status: u.includes('mdi') ? 404 : 500 });
      }) as never,
      onError: (e) => errors.push(e),
    });
    await loader.load(['mdi:home']);
    expect(calls).toEqual(['https://a.test/mdi.json?icons=home']);
    expect(errors).toEqual([]);
    await loader.load(['tabler:x']);
    expect(calls.slice(1)).toEqual(['https://a.test/tabler.json?icons=x', 'https://b.test/tabler.json?icons=x']);
    expect((errors[0] as IconLoadError).code).toBe(500);
  });
});

describe('organization list rules', () => {
  it('loads more within 50 px of the end; initials', () => {
    expect(nearEnd({ scrollTop: 150, scrollHeight: 440, clientHeight: 240 })).toBe(true); // 50 px left
    expect(nearEnd({ scrollTop: 149, scrollHeight: 440, clientHeight: 240 })).toBe(false); // 51 px left
    expect(orgInitial('  acme')).toBe('A');
    expect(orgInitial('')).toBe('?');
  });
});

describe('products catalogue', () => {
  it('variant 1 and 2 groups, every entry with a name, icon and a one-line description in four languages', () => {
    expect(ARCBLOCK_GROUPS.map((g) => g.title.en)).toEqual([
      'Applications',
      'Components',
      'Compute/Storage',
      'Identity',
    ]);
    expect(AIGNE_GROUPS.map((g) => g.title.en)).toEqual(['Applications', 'Framework & tools', 'Models adapters']);
    expect(ARCBLOCK_GROUPS.flatMap((g) => g.items.map((p) => p.name))).toEqual([
      'NFT Studio',
      'Creator Studio',
      'AIGNE',
      'ArcSphere',
      'Blocklet Launcher',
      'Payment Kit',
      'Blocklet Store',
      'Web3 Kit',
      'Blocklet Framework',
      'DID Spaces',
      'ABT Network',
      'Blocklet Server',
      'OCAP',
      'DID',
      'DID Wallet',
      'DID Names',
      'VC',
      'DID Connect',
    ]);
    expect(AIGNE_GROUPS.flatMap((g) => g.items.map((p) => p.name))).toEqual([
      'ArcSphere',
      'Aistro',
      'CodeSmith',
      'DocSmith',
      'WebSmith',
      'ImageSmith',
      'CLI',
      'Observability',
      'Studio',
      'Framework',
      'Hub',
    ]);
    for (const g of [...ARCBLOCK_GROUPS, ...AIGNE_GROUPS]) {
      expect(Object.keys(g.title).sort()).toEqual(['en', 'ja', 'zh', 'zh-TW']);
      for (const p of g.items) {
        expect(p.icon).toMatch(/^tabler:/);
        expect(p.path).toMatch(/^\/[a-z0-9-]+$/);
        for (const lang of ['en', 'zh', 'zh-TW', 'ja'] as const) expect(p.description[lang]).toMatch(/^[^\n]{3,60}$/);
      }
    }
    expect(PRODUCTS_LABEL).toEqual({ en: 'Products', zh: '产品', 'zh-TW': '產品', ja: '製品' });
    expect(['ja-JP', 'zh-TW', 'zh-Hant', 'zh-CN', 'zh', 'de'].map(productLang)).toEqual([
      'ja',
      'zh-TW',
      'zh-TW',
      'zh',
      'zh',
      'en',
    ]);
    expect([
      productColumns(3 * 260 + 64),
      productColumns(3 * 260 + 63),
      productColumns(2 * 260 + 64),
      productColumns(2 * 260 + 63),
    ]).toEqual([3, 2, 2, 1]);
  });
});
