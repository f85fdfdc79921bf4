import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMerchant } from '../../hosts/server/payment/routes/auth.ts';
import {
  ADMIN,
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  login,
  openSandbox,
  signed,
  type Reply,
  type Sandbox,
} from './payment-helpers.ts';
import { routesOf, walkCall, type RouteEntry } from './route-registry.ts';

/**
 * Object-level authorization, route by route (docs/security.md). The routes come from Express's own router stack
 * (route-registry.ts), so a route added later is walked too. Two customers, Casey (the victim) and Chris (the
 * attacker), each own a customer, a paid purchase (session, payment intent, invoice), an open session they
 * submitted, a subscription, a credit grant, a meter event and a refund. Chris, and an anonymous visitor, call every
 * route with Casey's ids in the path; then Chris calls it on his own path with each of Casey's ids, one at a time, in
 * the query and then in the body:
 *
 * - a path naming one of Casey's documents is refused (401/403/404) — a merchant-only route always is (403/401);
 * - no reply, refused or not, carries anything of Casey's the request did not name itself: her name, email, phone,
 *   address, DID, or the ids and numbers of her documents;
 * - a refusal is only `{error, code?}`;
 * - and afterwards every row of Casey's is exactly as it was (nothing was written on her behalf).
 */

let sb: Sandbox;
let casey: string;
let chris: string;
let admin: string;

type Owned = {
  customer: string;
  session: string;
  paidSession: string;
  paymentIntent: string;
  invoice: string;
  invoiceNumber: string;
  subscription: string;
  grant: string;
  meterEvent: string;
  refund: string;
};
const own: Record<'casey' | 'chris', Owned> = {} as never;

const PERSONAL = {
  casey: {
    name: 'Casey Walkthrough',
    email: 'casey.walk@example.com',
    phone: '+1 555 0199',
    line1: '7 Private Road',
    city: 'Secretown',
  },
  chris: {
    name: 'Chris Walkthrough',
    email: 'chris.walk@example.com',
    phone: '+1 555 0288',
    line1: '9 Other Street',
    city: 'Elsewhere',
  },
};

async function ok(r: Promise<Reply>, what: string): Promise<any> {
  const reply = await r;
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

async function seed(who: 'casey' | 'chris', did: string, token: string, meterEvent: string): Promise<Owned> {
  const p = PERSONAL[who];
  await ok(
    signed(sb, 'POST', '/api/sandbox/wallet/fund', { body: { did, currency_id: 'pc_sandbox_tba', amount: '1000' } }),
    'fund',
  );
  const form = {
    customer_name: p.name,
    customer_email: p.email,
    customer_phone: p.phone,
    payment_method: 'pm_sandbox_arcblock',
    payment_currency: 'pc_sandbox_tba',
    billing_address: { country: 'us', line1: p.line1, city: p.city, state: 'CA', postal_code: '94105' },
  };
  const start = async () =>
    (await ok(asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime'), 'start')).checkoutSession
      .id as string;
  const paidSession = await start();
  await ok(asUser(sb, token, 'PUT', `/api/checkout-sessions/${paidSession}/submit`, form), 'submit');
  const paid = await ok(
    asUser(sb, token, 'POST', `/api/checkout-sessions/${paidSession}/fast-checkout-confirm`),
    'pay',
  );
  const session = await start();
  await ok(asUser(sb, token, 'PUT', `/api/checkout-sessions/${session}/submit`, form), 'submit open');
  const invoice = await ok(signed(sb, 'GET', `/api/invoices/${paid.invoiceId}`), 'invoice');
  const subscription = await ok(
    signed(sb, 'POST', '/api/subscriptions', {
      body: { customer_id: did, items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] },
    }),
    'subscription',
  );
  const grant = await ok(
    signed(sb, 'POST', '/api/credit-grants', {
      body: { customer_id: did, currency_id: 'pc_sandbox_credit', amount: '5', category: 'paid' },
    }),
    'grant',
  );
  const event = await ok(
    signed(sb, 'POST', '/api/meter-events', {
      body: { event_name: 'walk.renders', identifier: meterEvent, payload: { customer_id: did, value: '1' } },
    }),
    'meter event',
  );
  const refund = await ok(
    signed(sb, 'PUT', `/api/payment-intents/${invoice.payment_intent_id}/refund`, { body: { amount: '0.5' } }),
    'refund',
  );
  return {
    customer: invoice.customer_id,
    session,
    paidSession,
    paymentIntent: invoice.payment_intent_id,
    invoice: invoice.id,
    invoiceNumber: invoice.number,
    subscription: subscription.id,
    grant: grant.id,
    meterEvent: event.id,
    refund: refund.id,
  };
}

beforeAll(async () => {
  ({ sb, casey, chris } = await openSandbox());
  admin = await login(sb, ADMIN.did);
  await ok(
    signed(sb, 'POST', '/api/meters', {
      body: { name: 'Walk renders', event_name: 'walk.renders', unit: 'render', currency_id: 'pc_sandbox_credit' },
    }),
    'meter',
  );
  own.casey = await seed('casey', CASEY.did, casey, 'walk-casey-1');
  own.chris = await seed('chris', CHRIS.did, chris, 'walk-chris-1');
}, 300_000);
afterAll(() => closeSandbox(sb));

/** What a path parameter stands for, by the segment before it. Customer-owned kinds must be refused to others. */
const KIND_BY_SEGMENT: Record<string, string> = {
  invoices: 'invoice',
  subscriptions: 'subscription',
  customers: 'customer',
  customer: 'customer',
  'payment-intents': 'paymentIntent',
  'credit-grants': 'grant',
  'meter-events': 'meterEvent',
  refunds: 'refund',
  'checkout-sessions': 'session',
  retrieve: 'session',
  order: 'session',
  start: 'link',
  'payment-links': 'link',
  'pricing-tables': 'pricingTable',
  // /pricing-tables/:id/checkout/:priceId
  checkout: 'price',
  products: 'product',
  prices: 'price',
  'payment-methods': 'method',
  'payment-currencies': 'currency',
  settings: 'setting',
  coupons: 'coupon',
  'promotion-codes': 'promo',
  meters: 'meter',
};
const OWNED_KINDS = new Set(['invoice', 'subscription', 'customer', 'paymentIntent', 'grant', 'meterEvent', 'refund']);
/** Public catalog ids (the same for everyone). */
const PUBLIC_IDS: Record<string, string> = {
  link: 'plink_sandbox_onetime',
  pricingTable: 'prctbl_sandbox_demo',
  product: 'prod_sandbox_pro',
  price: 'price_sandbox_team_monthly',
  method: 'pm_sandbox_arcblock',
  currency: 'pc_sandbox_tba',
  setting: 'setting_missing',
  coupon: 'coupon_missing',
  promo: 'promo_missing',
  meter: 'meter_missing',
};

function kindsOf(route: RouteEntry): Array<{ param: string; kind: string }> {
  const segments = route.path.split('/');
  return segments.flatMap((s, i) => {
    if (!s.startsWith(':')) return [];
    const kind = KIND_BY_SEGMENT[segments[i - 1] ?? ''];
    if (!kind)
      throw new Error(
        `${route.method} ${route.path}: the walk does not know what ${s} names — add its segment to KIND_BY_SEGMENT`,
      );
    return [{ param: s, kind }];
  });
}

function idOf(kind: string, who: 'casey' | 'chris'): string {
  if (PUBLIC_IDS[kind]) return PUBLIC_IDS[kind]!;
  return own[who][kind as keyof Owned];
}

function fill(route: RouteEntry, who: 'casey' | 'chris'): string {
  let path = route.path;
  for (const { param, kind } of kindsOf(route)) path = path.replace(param, encodeURIComponent(idOf(kind, who)));
  return path;
}

/** Casey's ids, as a query or body may name them. */
const foreignRefs = () => ({
  customer_id: own.casey.customer,
  customer_did: CASEY.did,
  subscription_id: own.casey.subscription,
  invoice_id: own.casey.invoice,
  payment_intent_id: own.casey.paymentIntent,
  credit_grant_id: own.casey.grant,
  checkout_session_id: own.casey.session,
  customerId: own.casey.customer,
  subscriptionId: own.casey.subscription,
  invoiceId: own.casey.invoice,
  checkoutSessionId: own.casey.session,
});

/** Everything of Casey's that must never come back to anyone else, unless the request itself named it. */
function markers(request: string): string[] {
  const p = PERSONAL.casey;
  const all = [
    p.name,
    p.email,
    p.phone,
    p.line1,
    p.city,
    CASEY.did,
    CASEY.email,
    CASEY.fullName,
    ...Object.values(own.casey),
  ];
  return all.filter((m) => !request.includes(m) && !request.includes(encodeURIComponent(m)));
}

type Finding = { route: string; variant: string; caller: string; status: number; problem: string };

const call = (
  token: string | null,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
): Promise<Reply> => walkCall(sb.url, token, method, path, { livemode: 'true', ...query }, body);

function check(
  findings: Finding[],
  where: Omit<Finding, 'status' | 'problem'>,
  reply: Reply,
  request: string,
  mustRefuse: boolean,
  refusals: number[],
): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const leaked = markers(request).filter((m) => text.includes(m));
  const add = (problem: string) => findings.push({ ...where, status: reply.status, problem });
  if (leaked.length) add(`foreign data in the reply: ${leaked.join(', ')}`);
  if (reply.status >= 500) add('5xx');
  if (mustRefuse && !refusals.includes(reply.status)) add(`expected ${refusals.join('/')}`);
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
  const q = sb.ctx.db;
  const tables = [
    'invoices',
    'subscriptions',
    'payment_intents',
    'credit_grants',
    'meter_events',
    'refunds',
    'checkout_sessions',
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables)
    out[t] = (
      await q.query(`SELECT data FROM ${t} WHERE customer_id = $1 OR id = ANY($2) ORDER BY id`, [
        own.casey.customer,
        [own.casey.session, own.casey.paidSession],
      ])
    ).rows;
  out.customer = (await q.query('SELECT data FROM customers WHERE id = $1', [own.casey.customer])).rows;
  out.wallet = (
    await q
      .query('SELECT * FROM wallet_balances WHERE user_did = $1 ORDER BY currency_id', [CASEY.did])
      .catch(() => ({ rows: ['n/a'] }))
  ).rows;
  return JSON.stringify(out);
}

describe('every customer-scoped route of the payment API refuses another customer’s ids (path, query, body)', () => {
  it('walks the route registry', async () => {
    const routes = routesOf(sb.app, '/payment/api').filter((r) => !r.path.startsWith('/payment/api/did/'));
    expect(routes.length).toBeGreaterThan(100);
    const before = await caseyRows();
    const findings: Finding[] = [];
    const tally = { routes: routes.length, merchantOnly: 0, customerScoped: 0, requests: 0 };

    for (const route of routes) {
      const merchantOnly = route.guards.includes(requireMerchant);
      if (merchantOnly) tally.merchantOnly++;
      else tally.customerScoped++;
      const kinds = kindsOf(route);
      const ownedPath = kinds.some((k) => OWNED_KINDS.has(k.kind));
      // A submitted session is Casey's: changing it is refused; reading it (by its link) is allowed without her data.
      const sessionWrite = route.method !== 'GET' && kinds.some((k) => k.kind === 'session');
      const body = route.method === 'GET' ? undefined : {};
      const name = `${route.method} ${route.path}`;

      // 1. Casey's ids in the path, as Chris and as a visitor.
      const foreignPath = fill(route, 'casey');
      for (const [caller, token] of [
        ['chris', chris],
        ['anonymous', null],
      ] as const) {
        const reply = await call(token, route.method, foreignPath, {}, body);
        tally.requests++;
        const refusals = merchantOnly ? (token ? [403] : [401, 403]) : token ? [403, 404] : [401, 403, 404];
        check(
          findings,
          { route: name, variant: 'path', caller },
          reply,
          foreignPath,
          merchantOnly || ownedPath || sessionWrite,
          refusals,
        );
      }
      if (merchantOnly) continue;

      // 2. Chris's own path, one of Casey's ids at a time in the query. 3. The same in the body.
      const ownPath = fill(route, 'chris');
      for (const [key, value] of Object.entries(foreignRefs())) {
        const ref = { [key]: value };
        const q = await call(chris, route.method, ownPath, ref, body);
        tally.requests++;
        check(findings, { route: name, variant: `query ${key}`, caller: 'chris' }, q, `${ownPath} ${value}`, false, []);
        if (route.method !== 'GET') {
          const b = await call(chris, route.method, ownPath, {}, ref);
          tally.requests++;
          check(
            findings,
            { route: name, variant: `body ${key}`, caller: 'chris' },
            b,
            `${ownPath} ${value}`,
            false,
            [],
          );
        }
      }
    }

    console.log(`[security-routes] ${JSON.stringify(tally)}`);
    expect(findings).toEqual([]);
    // Nothing of Casey's was written by anyone else.
    expect(await caseyRows()).toBe(before);
  }, 600_000);

  it('a list filtered by another customer’s id is a 403 with nothing of theirs (GET /invoices?subscription_id=…)', async () => {
    for (const [path, key, value] of [
      ['/api/invoices', 'subscription_id', own.casey.subscription],
      ['/api/payment-intents', 'invoice_id', own.casey.invoice],
      ['/api/refunds', 'payment_intent_id', own.casey.paymentIntent],
      ['/api/credit-grants', 'subscription_id', own.casey.subscription],
      ['/api/credit-transactions', 'credit_grant_id', own.casey.grant],
    ] as const) {
      const r = await asUser(sb, chris, 'GET', `${path}?${key}=${value}`);
      expect(r.status, `${path}?${key}`).toBe(403);
      expect(Object.keys(r.body).sort()).toEqual(['error']);
      // The owner and the merchant still filter by it.
      expect((await asUser(sb, casey, 'GET', `${path}?${key}=${value}`)).status, `${path} as Casey`).toBe(200);
      expect((await asUser(sb, admin, 'GET', `${path}?${key}=${value}`)).status, `${path} as admin`).toBe(200);
    }
    const mine = await asUser(sb, casey, 'GET', `/api/invoices?subscription_id=${own.casey.subscription}`);
    expect(mine.body.subscription.id).toBe(own.casey.subscription);
  });
});

describe('checkout sessions: once submitted they are the payer’s', () => {
  it('another signed-in customer cannot re-submit, change, confirm or pay it', async () => {
    const form = {
      customer_name: 'Chris',
      customer_email: 'chris@example.com',
      payment_method: 'pm_sandbox_arcblock',
      payment_currency: 'pc_sandbox_tba',
    };
    const s = own.casey.session;
    for (const [method, path, body] of [
      ['PUT', `/api/checkout-sessions/${s}/submit`, form],
      ['PUT', `/api/checkout-sessions/${s}/donate-submit`, form],
      ['POST', `/api/checkout-sessions/${s}/fast-checkout-confirm`, undefined],
      ['POST', `/api/checkout-sessions/${s}/recalculate-promotion`, { currency_id: 'pc_sandbox_tba' }],
    ] as const) {
      expect(await asUser(sb, chris, method, path, body), path).toMatchObject({
        status: 403,
        body: { code: 'CHECKOUT_SESSION_NOT_YOURS' },
      });
    }
    // The wallet cannot be asked to pay it either: not by Chris's request, nor by Casey approving after a takeover.
    const token = await fetch(`${sb.url}/api/did/payment/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `login_token=${chris}` },
      body: JSON.stringify({ checkoutSessionId: s }), // flat, as the platform's client sends it
    });
    expect(token.status).toBe(403);
    const session = (await signed(sb, 'GET', `/api/checkout-sessions/${s}`)).body;
    expect(session).toMatchObject({ customer_did: CASEY.did, customer_details: { email: PERSONAL.casey.email } });
  });

  it('an anonymous read of the session by its link carries none of the payer’s personal data; the payer gets their own', async () => {
    for (const id of [own.casey.session, own.casey.paidSession]) {
      const anonymous = await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${id}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.checkoutSession).toMatchObject({
        id,
        customer_details: null,
        customer_did: null,
        customer: null,
      });
      expect(anonymous.body.customer).toBeNull();
      const text = JSON.stringify(anonymous.body);
      for (const secret of [
        PERSONAL.casey.name,
        PERSONAL.casey.email,
        PERSONAL.casey.phone,
        PERSONAL.casey.line1,
        CASEY.did,
      ])
        expect(text, secret).not.toContain(secret);
      expect(
        JSON.stringify((await asUser(sb, chris, 'GET', `/api/checkout-sessions/retrieve/${id}`)).body),
      ).not.toContain(PERSONAL.casey.email);
      const mine = await asUser(sb, casey, 'GET', `/api/checkout-sessions/retrieve/${id}`);
      expect(mine.body.checkoutSession.customer_details).toMatchObject({
        name: PERSONAL.casey.name,
        email: PERSONAL.casey.email,
      });
      expect(mine.body.customer).toMatchObject({ did: CASEY.did });
    }
  });
});

describe('card payments: the client secret is a capability', () => {
  it("cannot be derived from the payment intent id anyone with the link reads; the payer's own secret confirms", async () => {
    const { body: started } = await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime');
    const id = started.checkoutSession.id as string;
    const card = {
      customer_name: 'Casey',
      customer_email: 'casey@example.com',
      payment_method: 'pm_sandbox_stripe',
      payment_currency: 'pc_sandbox_usd',
      billing_address: { country: 'us', postal_code: '94105' },
    };
    const submitted = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${id}/submit`, card);
    const secret = submitted.body.stripeContext.client_secret as string;
    const pi = (await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${id}`)).body.paymentIntent.id as string;
    expect(secret.startsWith(`${pi}_secret_`)).toBe(true);
    for (const guess of [`${pi}_secret_sandbox`, `${pi}_secret_${'0'.repeat(32)}`]) {
      expect(
        await asUser(sb, chris, 'POST', '/api/sandbox/stripe/confirm', {
          client_secret: guess,
          card_number: '4242424242424242',
        }),
      ).toMatchObject({ status: 400 });
    }
    expect((await signed(sb, 'GET', `/api/checkout-sessions/${id}`)).body.status).toBe('open');
    const paid = await asUser(sb, null, 'POST', '/api/sandbox/stripe/confirm', {
      client_secret: secret,
      card_number: '4242424242424242',
    });
    expect(paid).toMatchObject({ status: 200, body: { paymentIntent: { id: pi, status: 'succeeded' } } });
  });
});

describe('wallet requests about another customer are refused before they describe anything', () => {
  const token = (who: string | null, action: string, params: Record<string, unknown>) =>
    fetch(`${sb.url}/payment/api/did/${action}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who ? { cookie: `login_token=${who}` } : {}) },
      body: JSON.stringify(params),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('collect-batch and re-stake for Casey: Chris 403, a visitor 401, Casey herself is described', async () => {
    // Casey gets an overdue invoice: a short wallet at her subscription's renewal.
    await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
      body: { did: CASEY.did, currency_id: 'pc_sandbox_tba', amount: '0', set: true },
    });
    await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 32 * 86400 } });
    const overdue = await asUser(sb, casey, 'GET', `/api/customers/${own.casey.customer}/overdue/invoices`);
    expect(overdue.body.invoices.length).toBeGreaterThan(0);
    const numbers = (overdue.body.invoices as Array<{ number: string }>).map((i) => i.number);
    for (const params of [
      { currencyId: 'pc_sandbox_tba', customerId: own.casey.customer },
      { currencyId: 'pc_sandbox_tba', subscriptionId: own.casey.subscription },
    ]) {
      const asChris = await token(chris, 'collect-batch', params);
      expect(asChris).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_INVOICES' } });
      for (const n of numbers) expect(JSON.stringify(asChris.body)).not.toContain(n);
      expect(await token(null, 'collect-batch', params)).toMatchObject({ status: 401 });
      expect((await token(casey, 'collect-batch', params)).status).toBe(200);
    }
    expect(await token(chris, 're-stake', { subscriptionId: own.casey.subscription })).toMatchObject({
      status: expect.any(Number),
    });
    expect((await token(chris, 're-stake', { subscriptionId: own.casey.subscription })).status).not.toBe(200);
  });
});

describe('merchant signatures have a bounded lifetime', () => {
  it('refuses an iat in the future beyond 60 s and a validity longer than 300 s; accepts what payment-js signs', async () => {
    expect((await signed(sb, 'GET', '/api/products')).status).toBe(200); // exp = iat + 300, as the official client
    expect((await signed(sb, 'GET', '/api/products', { iatIn: 30, expIn: 330 })).status).toBe(200); // small clock skew
    expect(await signed(sb, 'GET', '/api/products', { iatIn: 3600, expIn: 3900 })).toMatchObject({
      status: 401,
      body: { code: 'SIG_FROM_FUTURE' },
    });
    expect(await signed(sb, 'GET', '/api/products', { expIn: 10 * 365 * 86400 })).toMatchObject({
      status: 401,
      body: { code: 'SIG_TOO_LONG' },
    });
    expect(await signed(sb, 'GET', '/api/products', { expIn: 301 })).toMatchObject({
      status: 401,
      body: { code: 'SIG_TOO_LONG' },
    });
    expect(await signed(sb, 'GET', '/api/products', { expIn: -1 })).toMatchObject({ status: 401 });
  });
});
