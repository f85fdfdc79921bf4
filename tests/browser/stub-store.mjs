// Stand-in for the store API <blocklet-store> calls (see stub-platform.mjs, which holds the 7 seed blocklets and the
// categories). `state` switches: storeFails (HTTP status for every store call), storeEmpty, delayMs; and
// `state.store`: { bulk: N } → the list holds N generated blocklets (paging/smoothness tests).
import { BLOCKLETS, CATEGORIES, USER } from './stub-platform.mjs';

const PAID = new Set(['z8blocklet2', 'z8blocklet5']);
const withMeta = (b) => ({
  ...b,
  payment: { price: PAID.has(b.did) ? [{ value: 19, symbol: 'USD' }] : [] },
  screenshots: [`/__stub/logo/b1.svg`, `/__stub/logo/b2.svg`],
  requirements: { server: '>=1.16.0' },
  capabilities: { component: true, navigation: true, clusterMode: false },
  lastPublishedAt: `2026-04-${String(10 + Number(b.did.slice(-1))).padStart(2, '0')}T09:00:00.000Z`,
});
const bulk = (n) =>
  Array.from({ length: n }, (_, i) =>
    withMeta({
      ...BLOCKLETS[i % BLOCKLETS.length],
      did: `z8bulk${i}`,
      title: `Bulk ${String(i).padStart(4, '0')}`,
      stats: { downloads: n - i },
    }),
  );

const README = {
  en: '# Readme\n\nSome **bold** text and a [link](https://example.com).\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\n[bad](javascript:alert(1))\n\n- one\n- two\n',
  zh: '# 说明\n\n一些**粗体**文字。\n',
};

const CUSTOMER_ROLE = 'customer'; // the stub-platform USER's own role (read lazily: the modules import each other)

export async function handleStoreStub(state, method, u, _readBody, json) {
  const p = u.pathname;
  // POST /__stub/store/role {role}: the signed-in stub user's role for the next requests (e.g. 'admin' for the console
  // pages); {role: null} restores the customer. Tests set it per test and restore it in a finally.
  if (p === '/__stub/store/role' && method === 'POST') {
    const role = JSON.parse((await _readBody()) || '{}').role;
    USER.role = typeof role === 'string' && role ? role : CUSTOMER_ROLE;
    return json({ role: USER.role });
  }
  // GET /__stub/store/state: what the store stub recorded (categorySet, updated, reviewCalls …), for assertions.
  if (p === '/__stub/store/state' && method === 'GET') return json(state.store ?? {});
  // The store's wallet-connect actions (/api/did or /payment/api/did): state.store.connect = 'succeed' (default) | 'declined' | 'wait' | 'developerRequired';
  // state.store.connectCalls counts token requests per action; state.store.lastParams holds the last extraParams.
  const did = /^(?:\/payment)?\/api\/did\/(connect-cli|gen-key-pair|stake-and-join)\/(token|status)$/.exec(p);
  if (did) {
    state.store ??= {};
    const [, action, op] = did;
    if (op === 'token') {
      state.store.connectCalls = {
        ...state.store.connectCalls,
        [action]: (state.store.connectCalls?.[action] ?? 0) + 1,
      };
      state.store.lastParams = JSON.parse((await _readBody()) || '{}').extraParams;
      return json({ token: `tok_${action}`, url: `/__stub/wallet?_t_=tok_${action}`, expiresAt: Date.now() + 300_000 });
    }
    const mode = state.store.connect ?? 'succeed';
    if (mode === 'wait') return json({ status: 'scanned' });
    if (mode === 'declined') return json({ status: 'declined', error: 'Declined in the wallet' });
    if (mode === 'developerRequired') return json({ status: 'error', error: 'You have no legal developerNFT' });
    const result = {
      'connect-cli': {
        developerDid: 'z1casey',
        accessKeyId: 'ak_1',
        accessKeySecret: 'sk_cli_secret',
        source: state.store.lastParams?.source,
      },
      'gen-key-pair': {
        did: 'zKeyPairDid123',
        publicKey: '0xpublic123',
        secretKey: '0xSECRET456',
        monikers: state.store.lastParams?.monikers ?? [],
      },
      'stake-and-join': { passport: { role: 'developer' }, stake: { amount: '100', symbol: 'TBA' } },
    }[action];
    return json({ status: 'succeed', result });
  }
  if (!p.startsWith('/store/api/')) return null;
  if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
  if (state.storeFails) return json({ error: 'Store is down for maintenance' }, Number(state.storeFails) || 503);
  if (p === '/store/api/blocklets/categories') return json(CATEGORIES);
  const all = state.storeEmpty ? [] : state.store?.bulk ? bulk(state.store.bulk) : BLOCKLETS.map(withMeta);
  // Explore sections (state.store.exploreCalls counts requests; topRated is always empty, as on the store).
  if (p === '/store/api/blocklets/explore') {
    state.store ??= {};
    state.store.exploreCalls = (state.store.exploreCalls ?? 0) + 1;
    return json([
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
    const key = {
      'stats.downloads': (b) => b.stats.downloads,
      lastPublishedAt: (b) => b.lastPublishedAt,
      title: (b) => b.title.toLowerCase(),
    }[sortBy];
    if (key) list = [...list].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
    const page = Number(q.get('page') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 20);
    return json({ dataList: list.slice((page - 1) * pageSize, page * pageSize), total: list.length });
  }
  // state.store.forbidden: the user has no developer passport.
  if (state.store?.forbidden && p.startsWith('/store/api/developer/'))
    return json({ error: 'A developer passport is required', code: 'FORBIDDEN' }, 403);
  // Developer / console (signed in; state.store.tokens holds created tokens).
  const managed = () =>
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
  if (p === '/store/api/developer/blocklets' && method === 'GET') return json({ dataList: managed(), total: 3 });
  if (p === '/store/api/developer/blocklets' && method === 'POST') {
    const body = JSON.parse((await _readBody()) || '{}');
    if (body.name === 'taken') return json({ error: 'The name taken is taken', code: 'NAME_EXISTS' }, 409);
    return json(
      { id: 'z8new', did: 'z8new', meta: { did: 'z8new', name: body.name }, status: 'normal', permission: 'Public' },
      201,
    );
  }
  // Request / cancel review (state.store.reviewCalls lists [did, action, version]).
  const rev = /^\/store\/api\/developer\/blocklets\/([^/]+)\/(request-review|cancel-review)$/.exec(p);
  if (rev && method === 'PUT') {
    state.store ??= {};
    const body = JSON.parse((await _readBody()) || '{}');
    state.store.reviewCalls = [...(state.store.reviewCalls ?? []), [rev[1], rev[2], body.version]];
    return json({ version: body.version, status: rev[2] === 'request-review' ? 'PENDING_REVIEW' : 'CANCELLED' });
  }
  if (p === '/store/api/console/blocklets') return json({ dataList: managed(), total: 3 });
  // Console writes (admin): review type / category (state.store.categorySet keeps the last body), block, unblock, categories.
  const con = /^\/store\/api\/console\/blocklets\/([^/]+)\/(category|block|unblock)$/.exec(p);
  if (con && method === 'PUT') {
    state.store ??= {};
    const body = JSON.parse((await _readBody()) || '{}');
    if (con[2] === 'category') state.store.categorySet = { did: con[1], ...body };
    return json({
      ...managed().find((b) => b.did === con[1]),
      ...(con[2] === 'category' ? { reviewType: body.reviewType } : {}),
    });
  }
  if (p === '/store/api/console/categories' && method === 'GET')
    return json({ dataList: CATEGORIES, total: CATEGORIES.length });
  // Edit (state.store.updated keeps the last body) and release upload (state.store.uploadFails → a 400).
  const edit = /^\/store\/api\/developer\/blocklets\/([^/]+)$/.exec(p);
  if (edit && method === 'PUT') {
    state.store ??= {};
    state.store.updated = { id: edit[1], ...JSON.parse((await _readBody()) || '{}') };
    return json({ id: edit[1], did: edit[1], ...state.store.updated });
  }
  if (p === '/store/api/blocklets/upload' && method === 'POST') {
    const body = await _readBody();
    if (state.store?.uploadFails || !String(body).includes('name="blocklet-release"'))
      return json({ error: 'The release has no blocklet.yml or blocklet.json', code: 'META_MISSING' }, 400);
    return json(
      {
        id: 'z8blocklet0',
        did: 'z8blocklet0',
        meta: { did: 'z8blocklet0', name: 'payment-kit' },
        reviewVersion: { version: '2.1.0', status: 'DRAFT' },
      },
      201,
    );
  }
  if (p === '/store/api/developer/access-tokens/my') {
    const list = state.store?.tokens ?? [{ id: 't1', remark: 'Laptop', createdAt: '2026-04-01T00:00:00.000Z' }];
    return json({ dataList: list, total: list.length });
  }
  if (p === '/store/api/developer/access-tokens' && method === 'POST') {
    const body = JSON.parse((await _readBody()) || '{}');
    return json({ id: 't2', remark: body.remark, createdAt: '2026-04-02T00:00:00.000Z', secretKey: 'sk_secret' }, 201);
  }
  const m = /^\/store\/api\/blocklets\/([^/]+)(?:\/([^/]+))?\/(blocklet\.json|info|versions)$/.exec(p);
  if (m) {
    const b = all.find((x) => x.did === decodeURIComponent(m[1]).replace(/^did:abt:/, ''));
    if (!b) return json({ error: 'Blocklet not found', code: 'BLOCKLET_NOT_FOUND' }, 404);
    const versions = [
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
    const version = m[2] ? versions.find((v) => v.version === decodeURIComponent(m[2])) : versions[0];
    if (!version) return json({ error: 'Version not found', code: 'VERSION_NOT_FOUND' }, 404);
    if (m[3] === 'versions') return json(versions);
    if (m[3] === 'blocklet.json') return json({ ...b, version: version.version });
    const others = (f) => all.filter((x) => x.did !== b.did && f(x)).slice(0, 3);
    return json({
      readme: README,
      version,
      authorBlocklets: others((x) => x.owner.did === b.owner.did),
      categoriesBlocklets: others((x) => x.category.id === b.category.id),
    });
  }
  return json({ error: 'Not found' }, 404);
}
