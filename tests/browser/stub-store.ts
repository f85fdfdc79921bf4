// Stand-in for the store API <blocklet-store> calls (see stub-platform.ts; the 7 seed blocklets and the categories are
// in stub-common.ts). `state` switches: storeFails (HTTP status for every store call), storeEmpty, delayMs; and
// `state.store`: { bulk: N } → the list holds N generated blocklets (paging/smoothness tests), and the switches below.
import type {
  StoreAccessToken,
  StoreBlockletInfo,
  StoreManagedBlocklet,
  StoreVersion,
} from '../../src/api/resources/store.ts';
import type {
  ConnectStatus,
  StoreBlocklet,
  StoreCategory,
  StoreExploreSection,
  StoreList,
} from '../../src/api/types.ts';
import {
  connectAnswer,
  connectParams,
  DECLINED,
  BLOCKLETS,
  CATEGORIES,
  CUSTOMER_ROLE,
  fail,
  ok,
  readJson,
  record,
  USER,
  wait,
  type Answer,
  type Discarded,
  type Handler,
  type SeedBlocklet,
} from './stub-common.ts';

export type StoreSwitches = {
  bulk?: number;
  /** The wallet-connect actions' outcome (default 'succeed'). */
  connect?: 'succeed' | 'declined' | 'wait' | 'developerRequired';
  /** The user has no developer passport: the developer calls answer 403. */
  forbidden?: boolean;
  /** The release upload answers 400. */
  uploadFails?: boolean;
  /** The access tokens (default: one, 'Laptop'). */
  tokens?: Array<Answer<StoreAccessToken>>;
  // Recorded for the tests' assertions (GET /__stub/store/state).
  connectCalls?: Record<string, number>;
  lastParams?: Record<string, unknown>;
  exploreCalls?: number;
  reviewCalls?: Array<[did: string, action: string, version: string | undefined]>;
  categorySet?: Record<string, unknown>;
  updated?: Record<string, unknown>;
};

type Blocklet = SeedBlocklet & {
  lastPublishedAt: string;
  payment: { price: Array<{ value: number; symbol: string }> };
};

const PAID = new Set(['z8blocklet2', 'z8blocklet5']);
const withMeta = (b: SeedBlocklet): Blocklet => ({
  ...b,
  payment: { price: PAID.has(b.did) ? [{ value: 19, symbol: 'USD' }] : [] },
  screenshots: [`/__stub/logo/b1.svg`, `/__stub/logo/b2.svg`],
  requirements: { server: '>=1.16.0' },
  capabilities: { component: true, navigation: true, clusterMode: false },
  lastPublishedAt: `2026-04-${String(10 + Number(b.did.slice(-1))).padStart(2, '0')}T09:00:00.000Z`,
});
const bulk = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    withMeta({
      ...BLOCKLETS[i % BLOCKLETS.length]!,
      did: `z8bulk${i}`,
      title: `Bulk ${String(i).padStart(4, '0')}`,
      stats: { downloads: n - i },
    }),
  );

const README = {
  en: '# Readme\n\nSome **bold** text and a [link](https://example.com).\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\n[bad](javascript:alert(1))\n\n- one\n- two\n',
  zh: '# 说明\n\n一些**粗体**文字。\n',
};

// Developer / console rows: the first three seed blocklets (the third blocked).
const managed = (): Array<Answer<StoreManagedBlocklet>> =>
  BLOCKLETS.slice(0, 3).map((b, i) => ({
    id: b.did,
    did: b.did,
    meta: withMeta(b),
    permission: 'Public',
    status: i === 2 ? 'blocked' : 'normal',
    blockReason: i === 2 ? 'Spam' : null,
    currentVersion: { version: b.version },
    reviewVersion: i === 0 ? { version: '2.0.0', status: 'PENDING_REVIEW' } : null,
    // The first one keeps its review history (a rejected and a cancelled version).
    versions:
      i === 0
        ? [
            { version: '2.0.0', status: 'PENDING_REVIEW' },
            { version: '1.9.0', status: 'REJECTED' },
            { version: '1.8.0', status: 'CANCELLED' },
            { version: b.version, status: 'PUBLISHED' },
          ]
        : undefined,
  }));

export const handleStoreStub: Handler = async (state, method, u, readBody) => {
  const p = u.pathname;
  // POST /__stub/store/role {role}: the signed-in stub user's role for the next requests (e.g. 'admin' for the console
  // pages); {role: null} restores the customer. Tests set it per test and restore it in a finally.
  if (p === '/__stub/store/role' && method === 'POST') {
    const { role } = await readJson<{ role: string | null }>(readBody);
    USER.role = typeof role === 'string' && role ? role : CUSTOMER_ROLE;
    return record({ role: USER.role });
  }
  // GET /__stub/store/state: what the store stub recorded (categorySet, updated, reviewCalls …), for assertions.
  if (p === '/__stub/store/state' && method === 'GET') return record(state.store ?? {});
  // The store's wallet-connect actions (/api/did or /payment/api/did): state.store.connect = 'succeed' (default) | 'declined' | 'wait' | 'developerRequired';
  // state.store.connectCalls counts token requests per action; state.store.lastParams holds the last extraParams.
  const did = /^\/store\/api\/did\/(connect-cli|gen-key-pair|stake-and-join)\/(token|status|timeout)$/.exec(p);
  if (did) {
    const store = (state.store ??= {});
    const action = did[1] as 'connect-cli' | 'gen-key-pair' | 'stake-and-join';
    if (did[2] === 'timeout') return ok<Discarded>({});
    if (did[2] === 'token') {
      store.connectCalls = { ...store.connectCalls, [action]: (store.connectCalls?.[action] ?? 0) + 1 };
      store.lastParams = connectParams(u);
      return connectAnswer(u, action, `tok_${action}`);
    }
    const mode = store.connect ?? 'succeed';
    if (mode === 'wait') return ok<ConnectStatus>({ status: 'scanned' });
    if (mode === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
    if (mode === 'developerRequired')
      return ok<ConnectStatus>({ status: 'error', error: 'You have no legal developerNFT' });
    const result = {
      'connect-cli': {
        developerDid: 'z1casey',
        accessKeyId: 'ak_1',
        accessKeySecret: 'sk_cli_secret',
        source: store.lastParams?.source,
      },
      'gen-key-pair': {
        did: 'zKeyPairDid123',
        publicKey: '0xpublic123',
        secretKey: '0xSECRET456',
        monikers: String(store.lastParams?.monikers ?? '')
          .split(',')
          .filter(Boolean),
      },
      'stake-and-join': { passport: { role: 'developer' }, stake: { amount: '100', symbol: 'TBA' } },
    }[action];
    return ok<ConnectStatus & { result: typeof result }>({ status: 'succeed', result });
  }
  if (!p.startsWith('/store/api/')) return null;
  if (state.delayMs) await wait(state.delayMs);
  if (state.storeFails)
    return fail(state.storeFails === true ? 503 : state.storeFails, 'Store is down for maintenance');
  if (p === '/store/api/blocklets/categories') return ok<StoreCategory[]>(CATEGORIES);
  const all = state.storeEmpty ? [] : state.store?.bulk ? bulk(state.store.bulk) : BLOCKLETS.map(withMeta);
  // Explore sections (state.store.exploreCalls counts requests; topRated is always empty, as on the store).
  if (p === '/store/api/blocklets/explore') {
    const store = (state.store ??= {});
    store.exploreCalls = (store.exploreCalls ?? 0) + 1;
    return ok<StoreExploreSection[]>([
      { type: 'trending', blocklets: all.slice(0, 4) },
      { type: 'topRated', blocklets: [] },
      { type: 'recentlyUpdated', blocklets: all.slice(3, 7) },
    ]);
  }
  if (p === '/store/api/v2/blocklets.json') {
    const q = u.searchParams;
    const keyword = (q.get('keyword') ?? '').toLowerCase();
    const category = q.get('category') ?? '';
    const didList = q.get('didList');
    const owner = q.get('owner');
    let list = all;
    if (didList) list = list.filter((b) => didList.split(',').includes(b.did));
    if (keyword) list = list.filter((b) => `${b.title} ${b.description}`.toLowerCase().includes(keyword));
    if (category && category !== 'all') list = list.filter((b) => b.category.id === category);
    if (owner) list = list.filter((b) => b.owner.did === owner);
    const price = q.get('price');
    if (price === 'free') list = list.filter((b) => !b.payment.price.length);
    if (price === 'payment') list = list.filter((b) => b.payment.price.length);
    const sortBy = q.get('sortBy') ?? 'stats.downloads';
    const dir = q.get('sortDirection') === 'asc' ? 1 : -1;
    const keys: Record<string, (b: Blocklet) => number | string> = {
      'stats.downloads': (b) => b.stats.downloads,
      lastPublishedAt: (b) => b.lastPublishedAt,
      title: (b) => b.title.toLowerCase(),
    };
    const key = keys[sortBy];
    if (key) list = [...list].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
    const page = Number(q.get('page') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 20);
    return ok<StoreList>({ dataList: list.slice((page - 1) * pageSize, page * pageSize), total: list.length });
  }
  // state.store.forbidden: the user has no developer passport.
  if (state.store?.forbidden && p.startsWith('/store/api/developer/'))
    return fail(403, 'A developer passport is required', 'FORBIDDEN');
  // Developer / console (signed in; state.store.tokens holds created tokens).
  type ManagedList = { dataList: StoreManagedBlocklet[]; total: number };
  if (p === '/store/api/developer/blocklets' && method === 'GET')
    return ok<ManagedList>({ dataList: managed(), total: 3 });
  if (p === '/store/api/developer/blocklets' && method === 'POST') {
    const body = await readJson<{ name: string }>(readBody);
    if (body.name === 'taken') return fail(409, 'The name taken is taken', 'NAME_EXISTS');
    return ok<StoreManagedBlocklet>(
      { id: 'z8new', did: 'z8new', meta: { did: 'z8new', name: body.name }, status: 'normal', permission: 'Public' },
      201,
    );
  }
  // Request / cancel review (state.store.reviewCalls lists [did, action, version]).
  const rev = /^\/store\/api\/developer\/blocklets\/([^/]+)\/(request-review|cancel-review)$/.exec(p);
  if (rev && method === 'PUT') {
    const store = (state.store ??= {});
    const { version } = await readJson<{ version: string }>(readBody);
    store.reviewCalls = [...(store.reviewCalls ?? []), [rev[1]!, rev[2]!, version]];
    return ok<StoreVersion>({
      version: version ?? '',
      status: rev[2] === 'request-review' ? 'PENDING_REVIEW' : 'CANCELLED',
    });
  }
  if (p === '/store/api/console/blocklets') return ok<ManagedList>({ dataList: managed(), total: 3 });
  // Console writes (admin): review type / category (state.store.categorySet keeps the last body), block, unblock.
  const con = /^\/store\/api\/console\/blocklets\/([^/]+)\/(category|block|unblock)$/.exec(p);
  if (con && method === 'PUT') {
    const store = (state.store ??= {});
    const body = await readJson<{ category: string; reviewType: 'FIRST' | 'EACH'; blockReason: string }>(readBody);
    if (con[2] === 'category') store.categorySet = { did: con[1], ...body };
    const row = managed().find((b) => b.did === con[1]);
    if (!row) return fail(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    return ok<StoreManagedBlocklet>({ ...row, ...(con[2] === 'category' ? { reviewType: body.reviewType } : {}) });
  }
  // Edit (state.store.updated keeps the last body) and release upload (state.store.uploadFails → a 400).
  const edit = /^\/store\/api\/developer\/blocklets\/([^/]+)$/.exec(p);
  if (edit && method === 'PUT') {
    const store = (state.store ??= {});
    const body = await readJson<{ remark: string; permission: 'Public' | 'Private' }>(readBody);
    store.updated = { id: edit[1], ...body };
    const row = managed().find((b) => b.id === edit[1]);
    if (!row) return fail(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    return ok<StoreManagedBlocklet>({ ...row, ...body });
  }
  if (p === '/store/api/blocklets/upload' && method === 'POST') {
    const body = await readBody();
    if (state.store?.uploadFails || !body.includes('name="blocklet-release"'))
      return fail(400, 'The release has no blocklet.yml or blocklet.json', 'META_MISSING');
    return ok<StoreManagedBlocklet>(
      {
        id: 'z8blocklet0',
        did: 'z8blocklet0',
        meta: { did: 'z8blocklet0', name: 'payment-kit' },
        status: 'normal',
        permission: 'Public',
        reviewVersion: { version: '2.1.0', status: 'DRAFT' },
      },
      201,
    );
  }
  if (p === '/store/api/developer/access-tokens/my') {
    const list = state.store?.tokens ?? [{ id: 't1', remark: 'Laptop', createdAt: '2026-04-01T00:00:00.000Z' }];
    return ok<{ dataList: StoreAccessToken[]; total: number }>({ dataList: list, total: list.length });
  }
  if (p === '/store/api/developer/access-tokens' && method === 'POST') {
    const { remark } = await readJson<{ remark: string }>(readBody);
    return ok<StoreAccessToken>(
      { id: 't2', remark: remark ?? '', createdAt: '2026-04-02T00:00:00.000Z', secretKey: 'sk_secret' },
      201,
    );
  }
  const m = /^\/store\/api\/blocklets\/([^/]+)(?:\/([^/]+))?\/(blocklet\.json|info|versions)$/.exec(p);
  if (m) {
    const b = all.find((x) => x.did === decodeURIComponent(m[1]!).replace(/^did:abt:/, ''));
    if (!b) return fail(404, 'Blocklet not found', 'BLOCKLET_NOT_FOUND');
    const versions: Array<Answer<StoreVersion>> = [
      {
        id: `${b.did}@${b.version}`,
        version: b.version,
        status: 'PUBLISHED',
        changeLog: '## Changes\n\nFaster search.',
        publishedAt: '2026-04-10T09:00:00.000Z',
      },
      {
        id: `${b.did}@0.9.0`,
        version: '0.9.0',
        status: 'PUBLISHED',
        changeLog: 'First release.',
        publishedAt: '2026-03-01T09:00:00.000Z',
      },
    ];
    const version = m[2] ? versions.find((v) => v.version === decodeURIComponent(m[2]!)) : versions[0];
    if (!version) return fail(404, 'Version not found', 'VERSION_NOT_FOUND');
    if (m[3] === 'versions') return ok<StoreVersion[]>(versions);
    if (m[3] === 'blocklet.json') return ok<StoreBlocklet>({ ...b, version: version.version });
    const others = (f: (x: Blocklet) => boolean) => all.filter((x) => x.did !== b.did && f(x)).slice(0, 3);
    return ok<StoreBlockletInfo>({
      readme: README,
      version,
      authorBlocklets: others((x) => x.owner.did === b.owner.did),
      categoriesBlocklets: others((x) => x.category.id === b.category.id),
    });
  }
  return fail(404, 'Not found');
};
