import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.ts';
import { ADMIN, asUser, CASEY, login, signed, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('payment API authentication (x-component-sig, as @blocklet/payment-js signs)', () => {
  it('accepts a good signature on GET (no body) and on POST (JSON body)', async () => {
    const list = await signed(sb, 'GET', '/api/products', { query: { page: '1', pageSize: '2', active: 'true' } });
    expect(list.status).toBe(200);
    expect(list.body.list).toHaveLength(2);
    const created = await signed(sb, 'POST', '/api/products', { body: { name: 'Signed product' } });
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^prod_/);
  });

  it('accepts an action with no body (signed as {}) and the /payment prefix in the signed url', async () => {
    const r = await signed(sb, 'PUT', '/payment/api/products/prod_sandbox_pro/archive');
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(false);
    await signed(sb, 'PUT', '/api/products/prod_sandbox_pro', { body: { active: true } });
  });

  it('refuses a tampered body, query or path, and an expired signature, with 401', async () => {
    const body = { name: 'Original' };
    const tamperedBody = await signed(sb, 'POST', '/api/products', {
      body,
      tamper: (r) => void (r.body = { name: 'Changed' }),
    });
    expect(tamperedBody.status).toBe(401);
    expect(tamperedBody.body.error).toMatch(/signature/i);
    const tamperedQuery = await signed(sb, 'GET', '/api/products', {
      query: { page: '1' },
      tamper: (r) => void (r.query.page = '2'),
    });
    expect(tamperedQuery.status).toBe(401);
    const tamperedPath = await signed(sb, 'GET', '/api/products', { tamper: (r) => void (r.path = '/api/prices') });
    expect(tamperedPath.status).toBe(401);
    const expired = await signed(sb, 'GET', '/api/products', { expIn: -10 });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatch(/expired/);
    const { rows } = await sb.ctx.db.query("SELECT 1 FROM products WHERE name IN ('Original', 'Changed')");
    expect(rows).toHaveLength(0);
  });

  it('without a signature, merchant endpoints need an owner/admin session', async () => {
    const anonymous = await asUser(sb, null, 'GET', '/api/products');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatch(/sign the request|sign in/);
    const customer = await asUser(sb, await login(sb, CASEY.did), 'GET', '/api/products');
    expect(customer.status).toBe(403);
    const admin = await asUser(sb, await login(sb, ADMIN.did), 'GET', '/api/products');
    expect(admin.status).toBe(200);
    expect(admin.body.count).toBeGreaterThan(0);
  });

  it('public reads need nothing', async () => {
    expect((await asUser(sb, null, 'GET', '/api/settings')).status).toBe(200);
    expect((await asUser(sb, null, 'GET', '/api/products/prod_sandbox_pro')).status).toBe(200);
  });
});
