import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.ts';
import { asUser, roleSessions, type Reply, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let tokens: Record<string, string>;
beforeAll(async () => {
  sb = await startSandbox();
  tokens = await roleSessions(sb, ['customer', 'developer', 'admin', 'owner']);
});
afterAll(() => sb.close());

type Who = 'guest' | 'customer' | 'developer' | 'admin' | 'owner';
const call = (who: Who, method: string, path: string, body?: unknown): Promise<Reply> =>
  asUser(sb, who === 'guest' ? null : tokens[who]!, method, `/store/api${path}`, body);

describe('store developer and console API', () => {
  it('roles: guests 401, customers 403 on developer and console; developers 403 on console', async () => {
    expect((await call('guest', 'GET', '/developer/blocklets')).status).toBe(401);
    expect((await call('customer', 'GET', '/developer/blocklets')).status).toBe(403);
    const refused = await call('customer', 'GET', '/console/blocklets');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: expect.any(String), code: 'FORBIDDEN' });
    expect((await call('customer', 'PUT', '/console/blocklets/x/block', { blockReason: 'x' })).status).toBe(403);
    expect((await call('developer', 'GET', '/console/categories')).status).toBe(403);
    expect((await call('admin', 'GET', '/console/blocklets')).status).toBe(200);
    expect((await call('owner', 'GET', '/console/categories')).status).toBe(200);
  });

  it('developer creates a blocklet (name rules), requests and cancels review; admin approves and it is published', async () => {
    for (const bad of ['', 'ab', 'has space', 'ünïcode', 'x'.repeat(65)]) {
      const r = await call('developer', 'POST', '/developer/blocklets', { name: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toEqual(expect.any(String));
    }
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'my_new-app1', remark: 'test' });
    expect(created.status).toBe(201);
    const did = created.body.did as string;
    expect((await call('developer', 'POST', '/developer/blocklets', { name: 'MY_NEW-APP1' })).status).toBe(409);
    const mine = (await call('developer', 'GET', '/developer/blocklets?pageSize=100')).body;
    const row = mine.dataList.find((b: { did: string }) => b.did === did);
    expect(row.reviewVersion).toMatchObject({ version: '1.0.0', status: 'DRAFT' });
    // Not public until published.
    expect((await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).status).toBe(404);

    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.0.0' })).body.status,
    ).toBe('PENDING_REVIEW');
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.0.0' })).status,
    ).toBe(409);
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/cancel-review`, { version: '1.0.0' })).body.status,
    ).toBe('CANCELLED');
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.0.0' })).body.status,
    ).toBe('PENDING_REVIEW');
    expect(
      (
        await call('customer', 'PUT', `/console/blocklets/${did}/review`, {
          version: '1.0.0',
          action: 'APPROVED',
          category: 'ai',
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('admin', 'PUT', `/console/blocklets/${did}/review`, { version: '1.0.0', action: 'APPROVED' })).body
        .code,
    ).toBe('CATEGORY_REQUIRED');
    expect(
      (await call('admin', 'PUT', `/console/blocklets/${did}/review`, { version: '1.0.0', action: 'NOPE' })).status,
    ).toBe(400);
    // The did with its `did:abt:` prefix, as the store's other paths take it.
    const ok = await call('admin', 'PUT', `/console/blocklets/did:abt:${did}/review`, {
      version: '1.0.0',
      action: 'APPROVED',
      category: 'ai',
    });
    expect(ok.body.status).toBe('PUBLISHED');
    const pub = await call('guest', 'GET', `/blocklets/${did}/blocklet.json`);
    expect(pub.status).toBe(200);
    expect(pub.body.category.id).toBe('ai');
    expect((await call('guest', 'GET', '/v2/blocklets.json?keyword=my_new')).body.total).toBe(1);
  });

  it('admin blocks with a reason (hidden from the store) and unblocks', async () => {
    const did = (await call('guest', 'GET', '/v2/blocklets.json?keyword=Tip%20Jar')).body.dataList[0].did;
    expect((await call('admin', 'PUT', `/console/blocklets/${did}/block`, {})).status).toBe(400);
    expect(
      (await call('admin', 'PUT', `/console/blocklets/${did}/block`, { blockReason: 'x'.repeat(256) })).status,
    ).toBe(400);
    const blocked = await call('admin', 'PUT', `/console/blocklets/${did}/block`, { blockReason: 'Spam' });
    expect(blocked.body).toMatchObject({ status: 'blocked', blockReason: 'Spam' });
    expect((await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).status).toBe(404);
    expect((await call('owner', 'PUT', `/console/blocklets/did:abt:${did}/unblock`, {})).body.status).toBe('normal');
    expect((await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).status).toBe(200);
    expect((await call('admin', 'PUT', '/console/blocklets/z8nope/block', { blockReason: 'x' })).status).toBe(404);
  });

  it('access tokens: name required, secret shown once, own tokens only, delete', async () => {
    expect((await call('developer', 'POST', '/developer/access-tokens', { remark: '  ' })).status).toBe(400);
    expect((await call('developer', 'POST', '/developer/access-tokens', { remark: 'x'.repeat(65) })).status).toBe(400);
    const t = await call('developer', 'POST', '/developer/access-tokens', { remark: 'CI' });
    expect(t.status).toBe(201);
    expect(t.body.secretKey).toMatch(/^sk_[0-9a-f]{48}$/);
    const list = (await call('developer', 'GET', '/developer/access-tokens/my')).body;
    expect(list.dataList).toHaveLength(1);
    expect(list.dataList[0]).toMatchObject({ id: t.body.id, remark: 'CI' });
    expect(list.dataList[0].secretKey).toBeUndefined();
    expect((await call('admin', 'DELETE', `/developer/access-tokens/${t.body.id}`)).status).toBe(404);
    expect((await call('developer', 'DELETE', `/developer/access-tokens/${t.body.id}`)).status).toBe(200);
    expect((await call('developer', 'GET', '/developer/access-tokens/my')).body.total).toBe(0);
  });

  it('categories: a name per locale, both required, no duplicates, edit', async () => {
    expect((await call('admin', 'POST', '/console/categories', { locales: { en: 'Games' } })).status).toBe(400);
    const c = await call('admin', 'POST', '/console/categories', { locales: { en: 'Games', zh: '游戏' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ id: 'games', locales: { en: 'Games', zh: '游戏' } });
    expect(
      (await call('admin', 'POST', '/console/categories', { locales: { en: 'games', zh: '另一个' } })).status,
    ).toBe(409);
    const e = await call('owner', 'PUT', '/console/categories/games', {
      locales: { en: 'Games & Fun', zh: '游戏娱乐' },
    });
    expect(e.body.locales.zh).toBe('游戏娱乐');
    expect((await call('guest', 'GET', '/blocklets/categories')).body.map((x: { id: string }) => x.id)).toContain(
      'games',
    );
    expect((await call('admin', 'PUT', '/console/categories/nope', { locales: { en: 'A', zh: 'B' } })).status).toBe(
      404,
    );
  });
});
