import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const S = '/.well-known/service';
const OLIVIA = DEMO_USERS.find((u) => u.role === 'owner')!;
const CASEY = DEMO_USERS[0]!;

async function login(did: string): Promise<string> {
  const res = await fetch(`${sb.url}${S}/sandbox/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ did }),
  });
  return ((await res.json()) as { token: string }).token;
}
const get = async (path: string, token?: string) => {
  const res = await fetch(`${sb.url}${S}/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
};
const post = async (path: string, token: string | undefined, body: unknown) => {
  const res = await fetch(`${sb.url}${S}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('organizations', () => {
  it("lists the signed-in user's orgs with paging (default page size 20) and owner flags", async () => {
    const t = await login(OLIVIA.did);
    const p1 = await get('api/user/orgs', t);
    expect(p1.status).toBe(200);
    expect(p1.body.paging).toEqual({ page: 1, pageSize: 20, total: 25 });
    expect(p1.body.orgs).toHaveLength(20);
    expect(p1.body.orgs[0]).toMatchObject({
      id: 'org_sandbox_team',
      orgId: 'org_sandbox_team',
      name: 'Sandbox Team',
      isOwner: true,
      membersCount: 5,
    });
    const p2 = await get('api/user/orgs?page=2&pageSize=20', t);
    expect(p2.body.orgs.map((o: { name: string }) => o.name)).toEqual([
      'Partner Org 20',
      'Partner Org 21',
      'Partner Org 22',
      'Partner Org 23',
      'Partner Org 24',
    ]);
    const casey = await get('api/user/orgs', await login(CASEY.did));
    expect(casey.body.orgs.map((o: { name: string; isOwner: boolean }) => [o.name, o.isOwner])).toEqual([
      ['Sandbox Team', false],
      ["Casey's Shop", true],
    ]);
  });

  it('searches by name or description, case-insensitively, with LIKE characters taken literally', async () => {
    const t = await login(OLIVIA.did);
    const r = await get('api/user/orgs?search=ORG%2012', t);
    expect(r.body.orgs.map((o: { name: string }) => o.name)).toEqual(['Partner Org 12']);
    expect(r.body.paging.total).toBe(1);
    expect((await get('api/user/orgs?search=%25', t)).body.paging.total).toBe(0);
    expect((await get('api/user/orgs?search=everyone', t)).body.orgs[0].name).toBe('Sandbox Team');
  });

  it('answers bad paging with 400 and the platform error shape; anonymous with 401', async () => {
    const t = await login(OLIVIA.did);
    for (const q of ['page=0', 'page=x', 'pageSize=101', 'pageSize=1.5']) {
      const r = await get(`api/user/orgs?${q}`, t);
      expect(r.status, q).toBe(400);
      expect(r.body).toMatchObject({ error: expect.any(String), code: 'INVALID_PARAM' });
    }
    expect((await get('api/user/orgs')).status).toBe(401);
    expect((await post('api/user/orgs', undefined, { org: { name: 'X' } })).status).toBe(401);
  });

  it('creates an org (trimmed, owner = creator) and validates name and description', async () => {
    const t = await login(CASEY.did);
    const created = await post('api/user/orgs', t, { org: { name: '  Casey Labs  ', description: '  Research  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Casey Labs',
      description: 'Research',
      isOwner: true,
      ownerDid: CASEY.did,
      membersCount: 1,
    });
    expect((await get(`api/user/orgs/${created.body.id}`, t)).body.name).toBe('Casey Labs');
    expect((await get('api/user/orgs', t)).body.paging.total).toBe(3);
    // Another user cannot read it.
    expect((await get(`api/user/orgs/${created.body.id}`, await login(OLIVIA.did))).status).toBe(404);

    const bad = [
      [{ org: { name: '   ' } }, 'Name cannot be empty'],
      [{ org: {} }, 'Name cannot be empty'],
      [{ org: { name: 'x'.repeat(26) } }, 'Name must be at most 25 characters'],
      [{ org: { name: 'ok', description: 'd'.repeat(256) } }, 'Description must be at most 255 characters'],
      [{ org: { name: 42 } }, 'name must be a string'],
    ] as const;
    for (const [body, error] of bad) {
      const r = await post('api/user/orgs', t, body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error, code: 'INVALID_ORG' });
    }
    // Exactly at the limits is fine (flat body accepted too).
    expect((await post('api/user/orgs', t, { name: 'n'.repeat(25), description: 'd'.repeat(255) })).status).toBe(201);
    // Malformed JSON is a 400, not a 500.
    const res = await fetch(`${sb.url}${S}/api/user/orgs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
      body: '{"org":',
    });
    expect(res.status).toBe(400);
  });

  it('role gives the current org; the passport switch changes it per session', async () => {
    const t = await login(OLIVIA.did);
    expect((await get('api/user/role?name=owner', t)).body).toEqual({ name: 'owner', orgId: 'org_sandbox_team' });
    const sw = await post('api/user/switch-passport', t, { orgId: 'org_partner_03' });
    expect(sw).toEqual({ status: 200, body: { orgId: 'org_partner_03' } });
    expect((await get('api/user/role', t)).body.orgId).toBe('org_partner_03');
    // Another session of the same user keeps its own current org.
    expect((await get('api/user/role', await login(OLIVIA.did))).body.orgId).toBe('org_sandbox_team');
    expect((await post('api/user/switch-passport', t, { orgId: 'org_casey_shop' })).status).toBe(404);
    expect((await post('api/user/switch-passport', t, {})).body).toEqual({
      error: 'orgId is required',
      code: 'INVALID_ORG',
    });
    expect((await get('api/user/orgs/org_nope', t)).status).toBe(404);
  });

  it('serves the org list page the header links to', async () => {
    const t = await login(OLIVIA.did);
    const res = await fetch(`${sb.url}${S}/user/orgs?locale=en`, { headers: { authorization: `Bearer ${t}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Partner Org 24');
    expect(html).toContain('25 organizations');
    expect(await (await fetch(`${sb.url}${S}/user/orgs`)).text()).toContain('Sign in to see your organizations');
  });
});
