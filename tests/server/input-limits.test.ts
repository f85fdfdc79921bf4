import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, MAX_DEPTH } from '../../hosts/server/input.ts';
import { asUser, CASEY, closeSandbox, login, signed, signatureHeaders, type Sandbox } from './payment-helpers.ts';
import { startSandbox } from './harness.ts';

/**
 * Input limits (issue 10, "Input"): NUL bytes anywhere, deep and huge JSON, and strict numbers answer a 4xx with a
 * clear message on every API, and a write refused part-way leaves nothing behind.
 */

let sb: Sandbox;
let casey: string;
beforeAll(async () => {
  sb = await startSandbox();
  casey = await login(sb, CASEY.did);
}, 120_000);
afterAll(() => closeSandbox(sb));

async function raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${sb.url}${path}`, { method, headers: init.headers, body: init.body });
  return { status: res.status, body: await res.json() };
}
const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', cookie: `login_token=${casey}` },
});
const count = async (sql: string, params: unknown[] = []) =>
  (await sb.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

describe('NUL bytes', () => {
  it('are a 400 in the path and the query of every API', async () => {
    for (const path of [
      '/payment/api/invoices/%00',
      '/api/invoices?customer_id=%00',
      '/api/products/x%00y',
      '/store/api/v2/blocklets.json?keyword=%00',
      '/store/api/blocklets/%00/blocklet.json',
      '/.well-known/service/api/user/orgs?search=a%00',
      '/.well-known/service/user/avatar/%00',
      '/api/invoices?metadata.k%00=v',
    ]) {
      const r = await raw('GET', path, { headers: { cookie: `login_token=${casey}` } });
      expect([path, r.status, r.body]).toEqual([
        path,
        400,
        { error: 'The request URL contains a NUL byte (%00), which no path or query value may hold', code: 'NUL_BYTE' },
      ]);
    }
  });

  it('a path that is not valid percent-encoded UTF-8 is a 400, for a visitor and a customer alike', async () => {
    for (const path of [
      '/api/payment-intents/%FF',
      '/payment/api/subscriptions/%C0%80',
      '/api/customers/%ED%A0%80/overdue/invoices',
      '/store/api/blocklets/%FF/blocklet.json',
    ]) {
      for (const headers of [{}, { cookie: `login_token=${casey}` }] as Array<Record<string, string>>) {
        const r = await raw('GET', path, { headers });
        expect([path, r.status, r.body]).toEqual([
          path,
          400,
          { error: 'The request path is not valid percent-encoded UTF-8', code: 'MALFORMED_URL' },
        ]);
      }
    }
  });

  it('are a 400 in a JSON string value or key, and in a form field', async () => {
    const value = await raw('POST', '/api/checkout-sessions/start/plink_sandbox_onetime', json({ note: 'a\u0000b' }));
    expect([value.status, value.body.code]).toEqual([400, 'INVALID_TEXT']);
    expect(value.body.error).toBe('The request body contains a NUL byte in a value');
    const key = await raw('POST', '/store/api/developer/blocklets', json({ metadata: { 'k\u0000': 1 } }));
    expect([key.status, key.body.error]).toEqual([400, 'The request body contains a NUL byte in a key']);
    const form = await raw('POST', '/.well-known/service/sandbox/login', {
      body: 'did=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.body.code]).toEqual([400, 'INVALID_TEXT']);
  });

  it('in a session cookie means no session, not an error', async () => {
    const r = await raw('GET', '/.well-known/service/api/did/session', {
      headers: { cookie: 'login_token=%00; x=%E0%A4%A' },
    });
    expect([r.status, r.body]).toEqual([200, { user: null }]);
  });
});

describe('deep and huge JSON', () => {
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  it('is refused before the signature is checked (any x-component-sig), with 400 or 413', async () => {
    const sig = signatureHeaders(sb.ctx.appKey.sk, { method: 'POST', url: '/api/products', query: {}, body: {} });
    const r = await raw('POST', '/api/products', {
      body: deep,
      headers: { 'content-type': 'application/json', ...sig },
    });
    expect([r.status, r.body]).toEqual([
      400,
      { error: `The request body is nested too deeply (at most ${MAX_DEPTH} levels)`, code: 'BODY_TOO_DEEP' },
    ]);
    const huge = await raw('POST', '/api/products', {
      body: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
      headers: { 'content-type': 'application/json', ...sig },
    });
    expect([huge.status, huge.body.code]).toEqual([413, 'BODY_TOO_LARGE']);
    const broken = await raw('PUT', '/api/checkout-sessions/cs_x/submit', {
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.status, broken.body.code]).toEqual([400, 'INVALID_JSON']);
    expect((await raw('GET', '/api/sandbox/clock')).status).toBe(200);
  });
});

describe('numbers', () => {
  it('quantity takes integers in range only (1e308, "1e308", "0x10" are refused)', async () => {
    const subscriptions = await count('subscriptions');
    const s = (await asUser(sb, casey, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime')).body
      .checkoutSession;
    for (const quantity of [1e308, '1e308', '0x10', 2.5, true, -1]) {
      const r = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/adjust-quantity`, {
        itemId: 'price_sandbox_pro',
        quantity,
      });
      expect([r.status, r.body.error]).toEqual([400, 'quantity must be an integer between 1 and 1000000']);
    }
    for (const quantity of [1e308, '1e308', '0x10']) {
      const sub = await signed(sb, 'POST', '/api/subscriptions', {
        body: { customer_id: CASEY.did, items: [{ price_id: 'price_sandbox_team_monthly', quantity }] },
      });
      expect([sub.status, sub.body.error]).toEqual([400, 'quantity must be an integer between 1 and 1000000']);
      const cs = await signed(sb, 'POST', '/api/checkout-sessions', {
        body: { line_items: [{ price_id: 'price_sandbox_pro', quantity }] },
      });
      expect([cs.status, cs.body.error]).toEqual([400, 'quantity must be an integer between 1 and 1000000']);
    }
    expect(await count('subscriptions')).toBe(subscriptions);
  });

  it('percent_off is a number 0 < x ≤ 100 with at most two decimals; amount_off a positive amount', async () => {
    for (const percent_off of [true, '0x10', '1e-30', 0, 101, 12.345]) {
      const r = await signed(sb, 'POST', '/api/coupons', { body: { name: 'Bad', percent_off, duration: 'once' } });
      expect([r.status, r.body.error]).toEqual([
        400,
        'percent_off must be a number greater than 0 and at most 100, with at most two decimals',
      ]);
    }
    const ok = await signed(sb, 'POST', '/api/coupons', {
      body: { name: 'Fine', percent_off: '12.5', duration: 'once' },
    });
    expect([ok.status, ok.body.coupon.percent_off]).toEqual([200, 12.5]);
    const zero = await signed(sb, 'POST', '/api/coupons', {
      body: { name: 'Zero', amount_off: '0', currency_id: 'pc_sandbox_usd', duration: 'once' },
    });
    expect([zero.status, zero.body.error]).toEqual([400, 'amount_off must be greater than 0']);
  });

  it('paging and booleans of the query are strict', async () => {
    for (const query of [{ page: '0' }, { page: '1e3' }, { pageSize: '0x10' }, { pageSize: '101' }, { limit: '-1' }]) {
      const r = await signed(sb, 'GET', '/api/invoices', { query });
      expect([query, r.status, r.body.error]).toEqual([
        query,
        400,
        expect.stringMatching(/^(page|pageSize|limit) must be an integer between 1 and /),
      ]);
    }
    const bool = await signed(sb, 'GET', '/api/products', { query: { active: 'maybe' } });
    expect([bool.status, bool.body.error]).toEqual([400, 'active must be true or false']);
  });
});

describe('a write refused part-way', () => {
  it('leaves no rows: a product whose second price is bad, a coupon whose second promotion code is bad', async () => {
    const before = {
      products: await count('products'),
      prices: await count('prices'),
      coupons: await count('coupons'),
      codes: await count('promotion_codes'),
    };
    const product = await signed(sb, 'POST', '/api/products', {
      body: {
        name: 'Half written',
        prices: [
          { unit_amount: '1', currency_id: 'pc_sandbox_tba' },
          { unit_amount: '1', currency_id: 'pc_sandbox_tba', quantity_available: '1e308' },
        ],
      },
    });
    expect([product.status, product.body.error]).toEqual([
      400,
      'quantity_available must be an integer between 0 and 1000000000',
    ]);
    const coupon = await signed(sb, 'POST', '/api/coupons', {
      body: {
        name: 'Half written',
        percent_off: 10,
        duration: 'once',
        promotion_codes: [{ code: 'HALFONE' }, { code: 'HALFTWO', max_redemptions: '0x10' }],
      },
    });
    expect([coupon.status, coupon.body.error]).toEqual([
      400,
      'max_redemptions must be an integer between 1 and 1000000000',
    ]);
    const after = {
      products: await count('products'),
      prices: await count('prices'),
      coupons: await count('coupons'),
      codes: await count('promotion_codes'),
    };
    expect(after).toEqual(before);
    expect(await count("promotion_codes WHERE code = 'HALFONE'")).toBe(0);
  });
});
