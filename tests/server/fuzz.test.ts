import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import qs from 'qs';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  asUser,
  CASEY,
  closeSandbox,
  login,
  makeCustomer,
  signatureHeaders,
  type Sandbox,
} from './payment-helpers.ts';
import { startSandbox } from './harness.ts';

/**
 * Hostile input across the whole sandbox (issue 10, "Input"): every route registered on the app, walked from the
 * Express router stack (so a new route is fuzzed without anyone adding it here), gets malformed requests — NUL
 * bytes and unknown ids and huge strings in the path, wrong types and extreme numbers and NUL bytes in the query
 * and the JSON body, deep and huge JSON, invalid JSON — as an anonymous visitor, a customer, an admin, a signed
 * merchant request, a request with a bogus signature and one with a junk session. No answer may be a 5xx (but for
 * the icon host that is down on purpose), and the server answers a health request after each route's batch.
 * Deterministic (seeded PRNG), loopback only.
 */

const SEED = 0x5eed_0010;
const PER_ROUTE = 10;
/** Routes whose 5xx is what they are for: the icon host that is down on purpose (the header's fallback test). */
const DOWN_ON_PURPOSE = /^\/\.well-known\/service\/sandbox\/icons-down\//;

type Route = { method: string; path: string };
type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  rawPath?: string | string[];
  handle?: any;
};

/** Every route of the app with its full path, walked from the router stack (mount paths of nested routers included). */
function registeredRoutes(app: Express): Route[] {
  const out: Route[] = [];
  const walk = (stack: Layer[], prefixes: string[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          for (const prefix of prefixes)
            for (const p of paths) out.push({ method: method.toUpperCase(), path: `${prefix}${p}` });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const mounts = ([] as string[]).concat(layer.rawPath ?? '/');
        walk(
          layer.handle.stack,
          prefixes.flatMap((prefix) => mounts.map((m) => (m === '/' ? prefix : `${prefix}${m}`))),
        );
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, ['']);
  return out;
}

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)]! };
}
type Rng = ReturnType<typeof prng>;

const REAL_IDS = [
  'plink_sandbox_onetime',
  'plink_sandbox_trial',
  'plink_sandbox_donation',
  'price_sandbox_pro',
  'price_sandbox_team_monthly',
  'price_sandbox_credits',
  'prod_sandbox_pro',
  'pc_sandbox_tba',
  'pc_sandbox_credit',
  'pc_sandbox_usd',
  'pm_sandbox_arcblock',
  'pm_sandbox_stripe',
  'promo_sandbox_10off',
  CASEY.did,
  ADMIN.did,
  'org_sandbox_team',
];
const UNKNOWN_IDS = [
  'cus_doesnotexist',
  'in_unknown',
  'sub_unknown',
  'cs_unknown',
  'zUnknownDid',
  'payment',
  'tabler.json',
];

/** Path parameter values, already URL-encoded. */
const PATH_VALUES = [
  '%00',
  'in_%00',
  'x%00.svg',
  '%00%00%00',
  ...UNKNOWN_IDS,
  'x'.repeat(3000),
  '%C0%80',
  '%FF',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '-1',
  '1e308',
  '0x10',
  'NaN',
  'null',
  '%20',
  '%2F',
  '%25',
  '..%2F..%2Fetc%2Fpasswd',
  ...REAL_IDS.map(encodeURIComponent),
];

const QUERY_KEYS = [
  'page',
  'pageSize',
  'limit',
  'livemode',
  'customer_id',
  'customer_did',
  'subscription_id',
  'status',
  'currency_id',
  'query',
  'order',
  'active',
  'start',
  'end',
  'include_grants',
  'fallback',
  'skipError',
  'currencyId',
  'w',
  'size',
  'token',
  '_t_',
  'redirect',
  'keyword',
  'category',
  'price',
  'sortBy',
  'sortDirection',
  'didList',
  'owner',
  'name',
  'type',
  'extended',
  'version',
  'search',
  'locale',
  'icons',
  'authToken',
  'metadata.key',
  'ignore_zero',
  'activeFirst',
  'invoice_id',
  'payment_intent_id',
  'credit_grant_id',
  'source',
  'event_name',
  'did',
  'email',
  'product_id',
  'valid',
  'coupon_id',
  'id',
];
/** Query values, already URL-encoded. */
const QUERY_VALUES = [
  '',
  '0',
  '1',
  '-1',
  '1.5',
  '1e308',
  '0x10',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  '%00',
  'a%00b',
  'x'.repeat(3000),
  '%ED%A0%80',
  '%C0%80',
  'created_at%3AASC',
  'status%3A%27open%27',
  ...UNKNOWN_IDS,
  ...REAL_IDS.map(encodeURIComponent),
];

const BODY_KEYS = [
  'quantity',
  'amount',
  'amount_off',
  'percent_off',
  'unit_amount',
  'currency_id',
  'price_id',
  'priceId',
  'itemId',
  'product_id',
  'customer_id',
  'subscription_id',
  'payment_intent_id',
  'line_items',
  'items',
  'prices',
  'promotion_codes',
  'recurring',
  'interval',
  'interval_count',
  'trial_period_days',
  'trial_end',
  'expires_at',
  'redeem_by',
  'max_redemptions',
  'duration',
  'duration_in_months',
  'seconds',
  'did',
  'set',
  'threshold',
  'daily_limits',
  'max_amount',
  'max_attempts',
  'enabled',
  'recharge_currency_id',
  'decimal',
  'maximum_precision',
  'priority',
  'effective_at',
  'category',
  'name',
  'email',
  'customer_name',
  'customer_email',
  'payment_method',
  'payment_currency',
  'billing_address',
  'metadata',
  'active',
  'type',
  'mode',
  'code',
  'promotion_code',
  'from',
  'to',
  'time',
  'at',
  'staking',
  'settings',
  'mountLocation',
  'target',
  'donation_settings',
  'custom_unit_amount',
  'currency_options',
  'quantity_available',
  'quantity_limit_per_checkout',
  'subscription_data',
  'adjustable_quantity',
  'payload',
  'event_name',
  'unit',
  'timestamp',
  'identifier',
  'extraParams',
  'ids',
  'receiver',
  'role',
  'severity',
  'title',
  'description',
  'org',
  'orgId',
  'locales',
  'remark',
  'permission',
  'version',
  'action',
  'blockReason',
  'token',
  'client_secret',
  'card_number',
  'feedback',
  'comment',
  'reason',
  'livemode',
  'images',
  'features',
  'upsell',
  'cross_sell',
  'default_price_id',
  'credit_config',
  'valid_duration_value',
  'valid_duration_unit',
  'credit_amount',
  'share',
  'beneficiaries',
  'minimum',
  'maximum',
  'preset',
  'presets',
  'value',
];
const SCALARS: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  1e-30,
  'x',
  '',
  '1',
  '1e308',
  '0x10',
  '-0',
  ' 1',
  'NaN',
  'Infinity',
  '1e-30',
  '1.123456789012345678901',
  '9'.repeat(400),
  '\0',
  'a\0b',
  '\ud800',
  'x'.repeat(5000),
  ...UNKNOWN_IDS,
  ...REAL_IDS,
];

function jsonValue(rng: Rng, depth = 0): unknown {
  const roll = rng.next();
  if (depth < 3 && roll < 0.12) return Array.from({ length: rng.int(4) }, () => jsonValue(rng, depth + 1));
  if (depth < 3 && roll < 0.25) return jsonObject(rng, depth + 1);
  return rng.pick(SCALARS);
}

function jsonObject(rng: Rng, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0, n = 1 + rng.int(6); i < n; i++) out[rng.pick(BODY_KEYS)] = jsonValue(rng, depth);
  return out;
}

function deepJson(rng: Rng): string {
  const levels = 3000 + rng.int(7000);
  return rng.next() < 0.5
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

type Body = { text: string; type: string; json?: unknown };

function body(rng: Rng): Body | undefined {
  const roll = rng.next();
  const json = (value: unknown): Body => ({ text: JSON.stringify(value), type: 'application/json', json: value });
  if (roll < 0.1) return undefined;
  if (roll < 0.6) return json(jsonObject(rng));
  if (roll < 0.7) return { text: deepJson(rng), type: 'application/json' };
  if (roll < 0.74) return { text: JSON.stringify({ name: 'x'.repeat(1_200_000) }), type: 'application/json' };
  if (roll < 0.8)
    return {
      text: rng.pick(['{"a":', '{', '{"a":1}}', 'nul\u0000l', '{"a":"\u0000"', "{'a':1}"]),
      type: 'application/json',
    };
  if (roll < 0.85) return { text: rng.pick(['"text"', '42', 'null', 'true']), type: 'application/json' };
  if (roll < 0.88) return json(rng.pick([[1, 2, 3], [{ quantity: 1e308 }]]));
  if (roll < 0.94)
    return json(
      rng.pick([
        { '\0': 1 },
        { 'a\0': 'b' },
        { metadata: { 'k\0': 'v' } },
        { name: 'a\0b' },
        { items: [{ price_id: 'price_sandbox_pro\0' }] },
      ]),
    );
  if (roll < 0.98)
    return {
      text: rng.pick(['did=%00&redirect=%00', 'token=%00', 'did=a%00b&role=%00', `token=${'x'.repeat(70_000)}`]),
      type: 'application/x-www-form-urlencoded',
    };
  return { text: 'garbage \u0000 text', type: rng.pick(['text/plain', 'application/octet-stream']) };
}

function query(rng: Rng): string {
  const parts: string[] = [];
  for (let i = 0, n = rng.int(5); i < n; i++) {
    const key = rng.pick(QUERY_KEYS);
    const value = rng.pick(QUERY_VALUES);
    const form = rng.next();
    if (form < 0.7) parts.push(`${key}=${value}`);
    else if (form < 0.8) parts.push(`${key}[]=${value}&${key}[]=${rng.pick(QUERY_VALUES)}`);
    else if (form < 0.9) parts.push(`${key}[a][b]=${value}`);
    else parts.push(rng.next() < 0.5 ? key : `${key}%00=${value}`);
  }
  return parts.join('&');
}

const IDENTITIES = ['anonymous', 'customer', 'admin', 'signed', 'badsig', 'junk-session'] as const;
/** Session credentials no server ever issued: NUL bytes, broken percent-encoding, huge values. */
const JUNK_SESSIONS: ReadonlyArray<Record<string, string>> = [
  { cookie: 'login_token=%00' },
  { cookie: 'login_token=%E0%A4%A' },
  { cookie: `login_token=${'x'.repeat(4000)}` },
  { cookie: 'login_token=a b; other=%ZZ' },
  { authorization: 'Bearer %00' },
  { authorization: `Bearer ${'y'.repeat(4000)}` },
];
type Identity = (typeof IDENTITIES)[number];

type Outcome = { method: string; url: string; identity: Identity; status: number; text: string };

describe('fuzzing every route with hostile input', () => {
  let sb: Sandbox;
  let dist: string;
  beforeAll(async () => {
    // Built elements to serve (the tests run before the build): /elements/* answers files, not 'not built yet' (503).
    dist = mkdtempSync(join(tmpdir(), 'fuzz-dist-'));
    writeFileSync(join(dist, 'pay-checkout.js'), 'export {};\n');
    process.env.SANDBOX_DIST_DIR = dist;
    sb = await startSandbox();
  }, 120_000);
  afterAll(async () => {
    delete process.env.SANDBOX_DIST_DIR;
    await closeSandbox(sb);
    rmSync(dist, { recursive: true, force: true });
  });

  it(
    'the auto top-up submit takes any daily_limits (payment-js SubmitAutoRechargeConfigData): 200 or a clear 400, only sane limits stored',
    { timeout: 60_000 },
    async () => {
      const rng = prng(SEED + 1);
      const customerId = await makeCustomer(sb, CASEY.did, '5');
      const casey = await login(sb, CASEY.did);
      const valid = {
        customer_id: customerId,
        currency_id: 'pc_sandbox_credit',
        enabled: false,
        threshold: '1000',
        price_id: 'price_sandbox_credits',
        quantity: 1,
        recharge_currency_id: 'pc_sandbox_tba',
      };
      const limitValue = () => (rng.next() < 0.8 ? rng.pick(SCALARS) : jsonValue(rng));
      const outcomes = { ok: 0, refused: 0 };
      for (let i = 0; i < 200; i++) {
        const roll = rng.next();
        const daily_limits =
          roll < 0.15
            ? jsonValue(rng)
            : roll < 0.25
              ? undefined
              : {
                  ...(rng.next() < 0.8 ? { max_amount: limitValue() } : {}),
                  ...(rng.next() < 0.8 ? { max_attempts: limitValue() } : {}),
                  ...(rng.next() < 0.2 ? { [rng.pick(BODY_KEYS)]: limitValue() } : {}),
                };
        const r = await asUser(sb, casey, 'POST', '/api/auto-recharge-configs/submit', { ...valid, daily_limits });
        const what = JSON.stringify(daily_limits)?.slice(0, 120);
        expect([200, 400], `${what}: ${JSON.stringify(r.body).slice(0, 200)}`).toContain(r.status);
        if (r.status === 400) {
          outcomes.refused++;
          // Named: the field, or the body as a whole (a NUL byte or a lone surrogate anywhere in it).
          expect(r.body.error, what).toMatch(/daily_limits|The request body/);
          continue;
        }
        outcomes.ok++;
        // Stored as TAutoRechargeConfig's daily_limits: a smallest-unit string and an attempt count in range.
        expect(r.body.daily_limits.max_amount, what).toMatch(/^\d{1,80}$/);
        expect(Number.isSafeInteger(r.body.daily_limits.max_attempts), what).toBe(true);
        expect(r.body.daily_limits.max_attempts, what).toBeGreaterThanOrEqual(0);
        expect(r.body.daily_limits.max_attempts, what).toBeLessThanOrEqual(1000);
      }
      // Both kinds occurred: the walk reached the parser's accepting and refusing paths.
      expect(outcomes.ok).toBeGreaterThan(10);
      expect(outcomes.refused).toBeGreaterThan(10);
    },
  );

  it('answers a few thousand malformed requests with no 5xx and stays up', { timeout: 480_000 }, async () => {
    const rng = prng(SEED);
    const routes = registeredRoutes(sb.app);
    // Every area is in the walk, so a route added anywhere is fuzzed too.
    for (const prefix of ['/payment/api/', '/api/', '/store/api/', '/.well-known/service/']) {
      expect(
        routes.some((r) => r.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    const failures: Outcome[] = [];
    const unhealthy: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = Date.now();
    const cpu = process.cpuUsage();

    const send = async (
      method: string,
      pathAndQuery: string,
      identity: Identity,
      tokens: Record<'customer' | 'admin', string>,
      b?: Body,
    ) => {
      const url = new URL(`${sb.url}${pathAndQuery}`);
      const headers: Record<string, string> = {};
      if (identity === 'customer' || identity === 'admin') headers.cookie = `login_token=${tokens[identity]}`;
      if (identity === 'junk-session') Object.assign(headers, rng.pick(JUNK_SESSIONS));
      const canSign =
        identity === 'signed' &&
        (b === undefined || (b.json !== undefined && typeof b.json === 'object' && !Array.isArray(b.json)));
      if (canSign) {
        Object.assign(
          headers,
          signatureHeaders(sb.ctx.appKey.sk, {
            method,
            url: url.pathname,
            query: qs.parse(url.search.slice(1)),
            body: b?.json,
          }),
        );
      } else if (identity === 'signed' || identity === 'badsig') {
        const iat = Math.floor(Date.now() / 1000);
        Object.assign(headers, {
          'x-component-sig': `0x${'ab'.repeat(64)}`,
          'x-component-sig-iat': String(iat),
          'x-component-sig-exp': String(iat + 300),
        });
      }
      if (b) headers['content-type'] = b.type;
      let status = 0;
      let text = '';
      try {
        const res = await fetch(url, {
          method,
          headers,
          body: b?.text,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        text = `no answer: ${String(err)}`;
      }
      sent++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if ((status >= 500 && !(status === 503 && DOWN_ON_PURPOSE.test(pathAndQuery))) || status === 0)
        failures.push({ method, url: pathAndQuery.slice(0, 160), identity, status, text: text.slice(0, 200) });
    };

    for (const route of routes) {
      // Fresh sessions per route: a logout route may end the previous ones.
      const tokens = { customer: await login(sb, CASEY.did), admin: await login(sb, ADMIN.did) };
      for (let i = 0; i < PER_ROUTE; i++) {
        const path = route.path.replace(/:(\w+)|\{\*(\w+)\}/g, () => rng.pick(PATH_VALUES));
        const q = query(rng);
        const b = route.method === 'GET' || route.method === 'HEAD' ? undefined : body(rng);
        await send(route.method, q ? `${path}?${q}` : path, rng.pick(IDENTITIES), tokens, b);
      }
      const health = await fetch(`${sb.url}/.well-known/service/api/did/session`).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) unhealthy.push(`${route.method} ${route.path}: health ${health}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const used = process.cpuUsage(cpu);
    const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);
    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `[fuzz] ${routes.length} routes, ${sent} requests in ${seconds} s (${cpuSeconds} s CPU); statuses ${byStatus}; 5xx or no answer: ${failures.length}`,
    );
    for (const f of failures.slice(0, 40))
      console.log(`[fuzz] ${f.status} ${f.method} ${f.url} (${f.identity}): ${f.text}`);
    expect(sent).toBeGreaterThanOrEqual(3000);
    expect(unhealthy).toEqual([]);
    expect(failures).toEqual([]);
  });
});
