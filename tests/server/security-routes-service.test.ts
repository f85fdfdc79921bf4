import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { makeZip } from '../e2e/store-zip.ts';
import { startSandbox, type Sandbox } from './harness.ts';
import { CASEY, CHRIS, login, type Reply } from './payment-helpers.ts';
import { routesOf, walkCall, type RouteEntry } from './route-registry.ts';

/**
 * Object-level authorization of the store API (/store/api) and the blocklet service (/.well-known/service), route
 * by route, as security-routes.test.ts does for the payment API. The routes come from Express's own router stack
 * (route-registry.ts), so a route added later is walked too (and the walk fails until it knows what the route's
 * path parameters stand for).
 *
 * Casey (the victim, given a developer passport here) owns an organization, a notification, a developer access
 * token and a draft blocklet. Chris (another customer), Dana (another developer) and an anonymous visitor call every
 * route with Casey's ids in the path; then each signed-in caller sends Casey's ids, one at a time, in the query and
 * in the body:
 *
 * - a path naming one of Casey's things, or a console (admin) route, is refused (401/403/404);
 * - no reply carries anything of Casey's the request did not name itself: her email, the id/name of her org, the
 *   id/title of her notification, the id/key/secret/remark of her token, the did/name/remark of her draft, her
 *   session — except on the few public routes of the allowlist below;
 * - a JSON refusal is only `{error, code?}`;
 * - and afterwards every row of Casey's is exactly as it was.
 */

const DANA = DEMO_USERS.find((u) => u.role === 'developer')!;
const OWNER = DEMO_USERS.find((u) => u.role === 'owner')!;

let sb: Sandbox;
const tokens: Record<'casey' | 'chris' | 'dana', string> = {} as never;

type Owned = {
  org: string;
  orgName: string;
  orgDescription: string;
  notification: string;
  notificationTitle: string;
  token: string;
  tokenKey: string;
  tokenSecret: string;
  tokenRemark: string;
  draft: string;
  draftName: string;
  draftRemark: string;
};
const own: Owned = {} as never;

const call = (
  token: string | null,
  method: string,
  path: string,
  query: Record<string, string | string[]> = {},
  body?: unknown,
): Promise<Reply> => walkCall(sb.url, token, method, path, query, body);

async function ok(r: Promise<Reply>, what: string): Promise<any> {
  const reply = await r;
  if (reply.status !== 200 && reply.status !== 201)
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

beforeAll(async () => {
  sb = await startSandbox();
  // Casey gets a developer passport (as stake-and-join would give her), so she can own tokens and blocklets.
  await sb.ctx.db.query(
    `UPDATE users SET data = jsonb_set(data, '{passports}', (data->'passports') || $2::jsonb) WHERE did = $1`,
    [CASEY.did, JSON.stringify([{ role: 'developer', name: 'developer', title: 'Developer' }])],
  );
  tokens.casey = await login(sb, CASEY.did);
  tokens.chris = await login(sb, CHRIS.did);
  tokens.dana = await login(sb, DANA.did);
  const owner = await login(sb, OWNER.did);

  Object.assign(own, {
    orgName: 'Casey Hidden Guild',
    orgDescription: 'casey-org-secret-plan',
    notificationTitle: 'Casey private notice 7431',
    tokenRemark: 'casey-token-remark',
    draftName: 'casey-walk-draft',
    draftRemark: 'casey-draft-remark',
  });
  const org = await ok(
    call(
      tokens.casey,
      'POST',
      '/.well-known/service/api/user/orgs',
      {},
      { name: own.orgName, description: own.orgDescription },
    ),
    'org',
  );
  const note = await ok(
    call(
      owner,
      'POST',
      '/.well-known/service/sandbox/notify',
      {},
      { receiver: CASEY.did, title: own.notificationTitle, description: 'for Casey only' },
    ),
    'notify',
  );
  const token = await ok(
    call(tokens.casey, 'POST', '/store/api/developer/access-tokens', {}, { remark: own.tokenRemark }),
    'access token',
  );
  const draft = await ok(
    call(tokens.casey, 'POST', '/store/api/developer/blocklets', {}, { name: own.draftName, remark: own.draftRemark }),
    'draft',
  );
  Object.assign(own, {
    org: org.id,
    notification: note.id,
    token: token.id,
    tokenKey: token.publicKey,
    tokenSecret: token.secretKey,
    draft: draft.did,
  });
}, 120_000);
afterAll(() => sb.close());

/**
 * What a path parameter stands for, by `segment-before/:param`. An unknown one fails the walk, so a new route has
 * to be classified here. `owned` values are Casey's: a path naming them must be refused to everyone else.
 */
const PARAMS: Record<string, () => { value: string; owned: boolean }> = {
  'blocklets/:did': () => ({ value: own.draft, owned: true }), // the store's public reads must not show a draft
  'blocklets/:id': () => ({ value: own.draft, owned: true }),
  ':did/:version': () => ({ value: '1.0.0', owned: false }),
  'screenshots/:file': () => ({ value: '1.svg', owned: false }),
  'access-tokens/:id': () => ({ value: own.token, owned: true }),
  'categories/:id': () => ({ value: 'ai', owned: false }),
  'orgs/:id': () => ({ value: own.org, owned: true }),
  'avatar/:did': () => ({ value: CASEY.did, owned: false }), // a public profile picture (allowlisted below)
  'logo-bundle/:did': () => ({ value: CASEY.did, owned: false }),
  'logo/:variant': () => ({ value: 'rect-dark', owned: false }),
  'icons/:file': () => ({ value: 'x.svg', owned: false }),
  'icons-down/:file': () => ({ value: 'x.svg', owned: false }),
};

function fill(route: RouteEntry): { path: string; owned: boolean } {
  const segments = route.path.split('/');
  let owned = false;
  const path = segments
    .map((s, i) => {
      if (!s.startsWith(':')) return s;
      const spec = PARAMS[`${segments[i - 1]}/${s}`];
      if (!spec)
        throw new Error(`${route.method} ${route.path}: the walk does not know what ${s} names — add it to PARAMS`);
      const { value, owned: o } = spec();
      owned ||= o;
      return encodeURIComponent(value);
    })
    .join('/');
  return { path, owned };
}

/**
 * Public routes whose replies may show what the request itself asks about (the leak check is skipped for them;
 * the status and refusal-shape checks still apply). Keep this list short and say why each one is public.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  // The sandbox's sign-in stands in for the wallet: it has no credentials, so choosing any demo identity (by did in
  // the body) and its page listing the demo identities are the product, not a leak.
  'GET /.well-known/service/sandbox/login': 'sign-in picker lists the demo identities',
  'POST /.well-known/service/sandbox/login': 'sign-in as a chosen demo identity',
  // The platform's login page offers the same demo identities as a tester shortcut; the sandbox's demo wallets are
  // public test keys (like a card processor's test cards), listed for testers and scripts.
  'GET /.well-known/service/login': 'login page lists the demo identities (tester shortcut)',
  'GET /.well-known/service/sandbox/wallets': 'the demo users’ public test keys',
  // A profile picture is public (it is drawn from the name anyone sees next to a blocklet or a comment).
  'GET /.well-known/service/user/avatar/:did': 'public avatar',
};

/** Routes whose 5xx is their purpose: the sandbox's stand-in for an icon service that is down (fallback tests). */
const DOWN_BY_DESIGN = new Set(['GET /.well-known/service/sandbox/icons-down/:file']);

/**
 * Casey's ids, as a query or a body may name them (each sent alone). Not her draft's or org's name: a body `name`
 * creates the caller's own org of that name, which is then rightly theirs to read (names are checked on their own).
 */
const foreignRefs = (): Record<string, string | string[]> => ({
  id: own.org,
  orgId: own.org,
  org_id: own.org,
  ids: [own.notification],
  notificationId: own.notification,
  tokenId: own.token,
  accessTokenId: own.token,
  did: own.draft,
  blockletDid: own.draft,
  receiver: CASEY.did,
  userDid: CASEY.did,
  owner: CASEY.did,
  ownerDid: CASEY.did,
});

/** Everything of Casey's that must not come back to anyone else, unless the request itself named it. */
function markers(request: string): string[] {
  const all = [CASEY.email, CASEY.did, tokens.casey, ...Object.values(own)];
  return all.filter((m) => !request.includes(m) && !request.includes(encodeURIComponent(m)));
}

type Finding = { route: string; variant: string; caller: string; status: number; problem: string };

function check(
  findings: Finding[],
  where: Omit<Finding, 'status' | 'problem'>,
  reply: Reply,
  request: string,
  mustRefuse: boolean,
  publicRoute: boolean,
): void {
  const downByDesign = DOWN_BY_DESIGN.has(where.route);
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const add = (problem: string) => findings.push({ ...where, status: reply.status, problem });
  const leaked = publicRoute ? [] : markers(request).filter((m) => text.includes(m));
  if (leaked.length) add(`foreign data in the reply: ${leaked.join(', ')}`);
  if (reply.status >= 500 && !downByDesign) add('5xx');
  if (mustRefuse && ![401, 403, 404].includes(reply.status)) add('expected 401/403/404');
  if (
    reply.status >= 400 &&
    reply.body &&
    typeof reply.body === 'object' &&
    Object.keys(reply.body).some((k) => k !== 'error' && k !== 'code')
  ) {
    add(`a refusal carries more than {error, code}: ${Object.keys(reply.body).join(', ')}`);
  }
}

/** Casey's rows, to compare before and after the walk. */
async function caseyRows(): Promise<string> {
  const q = (sql: string, args: unknown[]) => sb.ctx.db.query(sql, args).then((r) => r.rows);
  return JSON.stringify({
    user: await q('SELECT role, data FROM users WHERE did = $1', [CASEY.did]),
    orgs: await q('SELECT * FROM orgs WHERE owner_did = $1 OR id = $2 ORDER BY id', [CASEY.did, own.org]),
    members: await q('SELECT * FROM org_members WHERE org_id = $1 OR user_did = $2 ORDER BY org_id, user_did', [
      own.org,
      CASEY.did,
    ]),
    notifications: await q('SELECT * FROM notifications WHERE receiver = $1 ORDER BY id', [CASEY.did]),
    accessTokens: await q('SELECT * FROM store_access_tokens WHERE user_did = $1 ORDER BY id', [CASEY.did]),
    blocklets: await q('SELECT * FROM store_blocklets WHERE owner_did = $1 ORDER BY did', [CASEY.did]),
    versions: await q('SELECT * FROM store_versions WHERE did = $1 ORDER BY id', [own.draft]),
  });
}

const CALLERS = ['chris', 'dana', 'anonymous'] as const;
const tokenOf = (caller: (typeof CALLERS)[number]) => (caller === 'anonymous' ? null : tokens[caller]);

describe('every customer-scoped route of the store API and the blocklet service refuses another user’s ids', () => {
  it('walks the route registry', async () => {
    const routes = [...routesOf(sb.app, '/store/api'), ...routesOf(sb.app, '/.well-known/service')];
    expect(routes.length).toBeGreaterThan(50);
    for (const key of Object.keys(PUBLIC_ROUTES))
      expect(
        routes.some((r) => `${r.method} ${r.path}` === key),
        `stale allowlist entry ${key}`,
      ).toBe(true);
    const before = await caseyRows();
    const findings: Finding[] = [];
    const tally = { routes: routes.length, requests: 0 };
    const started = Date.now();

    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const { path, owned } = fill(route);
      const console_ = route.path.startsWith('/store/api/console/');
      const publicRoute = name in PUBLIC_ROUTES;
      const body = route.method === 'GET' ? undefined : {};
      const send = async (caller: (typeof CALLERS)[number], query: Record<string, string | string[]>, b: unknown) => {
        const reply = await call(tokenOf(caller), route.method, path, query, b);
        tally.requests++;
        // Signing out ends the caller's session: give them a fresh one for the next request.
        if (caller !== 'anonymous' && route.path.includes('logout'))
          tokens[caller] = await login(sb, caller === 'chris' ? CHRIS.did : DANA.did);
        return reply;
      };

      for (const caller of CALLERS) {
        // 1. Casey's ids in the path.
        const r = await send(caller, {}, body);
        check(findings, { route: name, variant: 'path', caller }, r, path, owned || console_, publicRoute);
        if (caller === 'anonymous') continue;
        // 2. One of Casey's ids at a time in the query, 3. the same in the body.
        for (const [key, value] of Object.entries(foreignRefs())) {
          const request = `${path} ${JSON.stringify(value)}`;
          check(
            findings,
            { route: name, variant: `query ${key}`, caller },
            await send(caller, { [key]: value }, body),
            request,
            owned || console_,
            publicRoute,
          );
          if (route.method !== 'GET')
            check(
              findings,
              { route: name, variant: `body ${key}`, caller },
              await send(caller, {}, { [key]: value }),
              request,
              owned || console_,
              publicRoute,
            );
        }
      }
    }

    console.log(`[security-routes-service] ${JSON.stringify({ ...tally, ms: Date.now() - started })}`);
    expect(findings).toEqual([]);
    expect(await caseyRows()).toBe(before);
  }, 600_000);

  it('Casey herself still reads and changes her own things (the walk is not refusing everyone)', async () => {
    const t = tokens.casey;
    expect((await call(t, 'GET', `/.well-known/service/api/user/orgs/${own.org}`)).body).toMatchObject({
      id: own.org,
      name: own.orgName,
    });
    expect(JSON.stringify((await call(t, 'GET', '/.well-known/service/api/notifications')).body)).toContain(
      own.notification,
    );
    expect(JSON.stringify((await call(t, 'GET', '/store/api/developer/access-tokens/my')).body)).toContain(own.token);
    expect(JSON.stringify((await call(t, 'GET', '/store/api/developer/blocklets')).body)).toContain(own.draft);
    expect(
      (await call(t, 'PUT', `/store/api/developer/blocklets/${own.draft}`, {}, { remark: 'changed by Casey' })).status,
    ).toBe(200);
    expect(
      (await call(t, 'PUT', `/store/api/developer/blocklets/${own.draft}`, {}, { remark: own.draftRemark })).status,
    ).toBe(200);
  });

  it('a draft’s logo and screenshots (they carry its title) are its owner’s and the admins’, not the public’s', async () => {
    const admin = await login(sb, DEMO_USERS.find((u) => u.role === 'admin')!.did);
    for (const image of ['logo', 'screenshots/1.svg']) {
      const path = `/store/api/blocklets/${own.draft}/${image}`;
      for (const t of [null, tokens.chris, tokens.dana]) {
        const r = await call(t, 'GET', path);
        expect(r, `${image} as ${t ? 'another user' : 'a visitor'}`).toMatchObject({
          status: 404,
          body: { code: 'BLOCKLET_NOT_FOUND' },
        });
        expect(JSON.stringify(r.body)).not.toContain(own.draftName);
      }
      for (const t of [tokens.casey, admin]) {
        const res = await fetch(`${sb.url}${path}`, { headers: { cookie: `login_token=${t}` } });
        expect(res.status, image).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(await res.text()).toContain(own.draftName);
      }
    }
    // A published blocklet's images stay public and cacheable.
    const published = (await call(null, 'GET', '/store/api/v2/blocklets.json', { pageSize: '1' })).body.dataList[0]
      .did as string;
    const pub = await fetch(`${sb.url}/store/api/blocklets/${published}/logo`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('Casey’s draft and org names: another developer cannot take or find them beyond “the name is taken”', async () => {
    const taken = await call(tokens.dana, 'POST', '/store/api/developer/blocklets', {}, { name: own.draftName });
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body).sort()).toEqual(['code', 'error']);
    expect(JSON.stringify(taken.body)).not.toContain(own.draft);
    expect(
      (await call(tokens.dana, 'GET', '/store/api/developer/blocklets/isNameExist', { name: own.draftName })).body,
    ).toEqual({ result: true });
    expect((await call(null, 'GET', '/store/api/v2/blocklets.json', { keyword: own.draftName })).body.total).toBe(0);
    expect(
      (await call(tokens.dana, 'GET', '/store/api/developer/blocklets', { keyword: own.draftName })).body.total,
    ).toBe(0);
    const orgs = await call(tokens.chris, 'GET', '/.well-known/service/api/user/orgs', { search: own.orgName });
    expect(orgs.body.paging.total).toBe(0);
    expect(JSON.stringify(orgs.body)).not.toContain(own.org);
  });

  it('a release upload naming Casey’s draft is refused to another developer and writes nothing', async () => {
    const count = async () =>
      (
        await sb.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM store_versions WHERE did = $1', [
          own.draft,
        ])
      ).rows[0]!.n;
    const n = await count();
    for (const meta of [
      { did: own.draft, version: '1.1.0' },
      { name: own.draftName, version: '1.1.0' },
    ]) {
      const fd = new FormData();
      const zip = makeZip({ [`${own.draftName}/blocklet.json`]: JSON.stringify(meta) });
      fd.append('blocklet-release', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'release.zip');
      const res = await fetch(`${sb.url}/store/api/blocklets/upload`, {
        method: 'POST',
        headers: { cookie: `login_token=${tokens.dana}` },
        body: fd,
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status, JSON.stringify(meta)).toBe(404);
      expect(Object.keys(body).sort()).toEqual(['code', 'error']);
      expect(JSON.stringify(body)).not.toContain(own.draftRemark);
    }
    expect(await count()).toBe(n);
  });
});
