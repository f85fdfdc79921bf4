import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAppSk } from '../../hosts/server/app-key.ts';
import { PAYMENT_KIT_DID } from '../../hosts/server/context.ts';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { startSandbox, type Sandbox } from '../server/harness.ts';
import { closeSandbox, signed } from '../server/payment-helpers.ts';

/**
 * The official merchant client, @blocklet/payment-js (installed on its own in tools/payment-js), driven unchanged
 * against a fresh sandbox: it signs every request with the app key and the sandbox verifies each signature
 * (hosts/server/payment/routes/auth.ts). Run with `npm run test:payment-js`, which installs the client first.
 */

const clientPackage = new URL('../../tools/payment-js/package.json', import.meta.url);
const installed = new URL('../../tools/payment-js/node_modules/@blocklet/payment-js/package.json', import.meta.url);

/** The client's resources: every method is `(idOrParams, data?) => Promise<body>` (payment-js-client.md section 2). */
type Payment = Record<string, any> & {
  environments: { setTestMode(on: boolean): void; getLivemode(): boolean };
};

const CASEY = DEMO_USERS[0]!;
const TBA = (whole: string) => `${whole}${'0'.repeat(18)}`;

let sb: Sandbox;
let payment: Payment;

/** The client's environment for this sandbox (payment-js-client.md section 3), with the given app key. */
function clientEnv(appSk: string): Record<string, string> {
  return {
    BLOCKLET_APP_SK: appSk,
    BLOCKLET_MOUNT_POINTS: JSON.stringify([{ did: PAYMENT_KIT_DID, port: Number(new URL(sb.url).port), status: 6 }]),
    // No websocket to a blocklet server, no outbound look-ups.
    BLOCKLET_MODE: 'test',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };
}

beforeAll(async () => {
  if (!existsSync(installed))
    throw new Error(
      '@blocklet/payment-js is not installed: run `npm run test:payment-js` (it installs tools/payment-js)',
    );
  sb = await startSandbox();
  // The client reads its environment once, when @blocklet/sdk loads: set it before requiring the client.
  Object.assign(process.env, clientEnv(sb.ctx.appKey.sk));
  payment = createRequire(clientPackage)('@blocklet/payment-js').default as Payment;
});
afterAll(async () => {
  payment?.environments.setTestMode(false);
  if (sb) await closeSandbox(sb);
});

/** The status and JSON error of a call the client rejected (an AxiosError; 4xx are not retried). */
async function rejection(call: Promise<unknown>): Promise<{ status: number; body: any }> {
  const e: any = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'the call should have been rejected').not.toBeNull();
  return { status: e.response?.status, body: e.response?.data };
}

const ids: Record<string, string> = {};

describe('@blocklet/payment-js 1.27.2 against the sandbox (real client, verified signatures)', () => {
  it('loads the pinned client, in live mode by default', () => {
    expect(createRequire(clientPackage)('@blocklet/payment-js/package.json').version).toBe('1.27.2');
    expect(payment.environments.getLivemode()).toBe(true);
  });

  it('a client with another app key is refused: the sandbox verifies the signature', async () => {
    // Its own process, since the client reads its key once, when it loads.
    const script =
      "require('@blocklet/payment-js').default.products.list({}).then(" +
      "() => console.log('accepted'), (e) => console.log(JSON.stringify([e.response?.status, e.response?.data])))";
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
      cwd: fileURLToPath(new URL('.', clientPackage)),
      env: { ...process.env, ...clientEnv(generateAppSk()) },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual([
      401,
      { error: 'Invalid signature: x-component-sig does not match the request' },
    ]);
  });

  it('products: create with inline prices (token units in, smallest units out), retrieve, update, list, search', async () => {
    const product = await payment.products.create({
      name: 'Widget',
      description: 'A widget',
      type: 'service',
      metadata: { sku: 'w-1' },
      prices: [
        {
          type: 'one_time',
          unit_amount: '1.5',
          currency_id: 'pc_sandbox_tba',
          currency_options: [{ currency_id: 'pc_sandbox_usd', unit_amount: '1.49' }],
        },
      ],
    });
    expect(product).toMatchObject({ object: 'product', livemode: true, active: true, name: 'Widget' });
    expect(product.id).toMatch(/^prod_/);
    expect(product.prices).toHaveLength(1);
    expect(product.default_price_id).toBe(product.prices[0].id);
    expect(product.prices[0].unit_amount).toBe('1500000000000000000');
    expect(product.prices[0].currency_options.map((o: any) => [o.currency_id, o.unit_amount])).toEqual([
      ['pc_sandbox_tba', '1500000000000000000'],
      ['pc_sandbox_usd', '149'],
    ]);
    ids.product = product.id;
    ids.oneTimePrice = product.prices[0].id;

    expect((await payment.products.retrieve(product.id)).metadata).toEqual({ sku: 'w-1' });
    expect((await payment.products.update(product.id, { name: 'Widget 2' })).name).toBe('Widget 2');
    // Numbers and booleans in the query go as strings, and are signed as strings.
    const listed = await payment.products.list({ 'metadata.sku': 'w-1', active: true, page: 1, pageSize: 10 });
    expect(listed).toMatchObject({ count: 1, list: [{ id: product.id, name: 'Widget 2' }] });
    const found = await payment.products.search({ query: 'Widget 2' });
    expect(found.list.map((p: any) => p.id)).toEqual([product.id]);
  });

  it('prices: create recurring, retrieve expanded, update, list, inventory; a bad amount is a clear 400', async () => {
    const price = await payment.prices.create({
      product_id: ids.product,
      type: 'recurring',
      unit_amount: '2',
      currency_id: 'pc_sandbox_tba',
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: 'widget-monthly',
    });
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: TBA('2'),
      recurring: { interval: 'month', interval_count: 1 },
    });
    ids.monthlyPrice = price.id;
    const got = await payment.prices.retrieve(price.id);
    expect(got).toMatchObject({ product: { id: ids.product }, currency: { id: 'pc_sandbox_tba', decimal: 18 } });
    expect((await payment.prices.update(price.id, { nickname: 'Monthly' })).nickname).toBe('Monthly');
    const listed = await payment.prices.list({ product_id: ids.product, type: 'recurring', active: true });
    expect(listed).toMatchObject({ count: 1, list: [{ id: price.id }] });
    expect((await payment.prices.inventory(price.id, { quantity: 1, action: 'increment' })).id).toBe(price.id);

    const bad = await rejection(
      payment.prices.create({ product_id: ids.product, unit_amount: '1.001', currency_id: 'pc_sandbox_usd' }),
    );
    expect(bad).toEqual({
      status: 400,
      body: { error: 'unit_amount: amount decimal places must be less than or equal to 2' },
    });
  });

  it('checkout sessions: create, retrieve expanded, update metadata, list by metadata, expire', async () => {
    const session = await payment.checkout.sessions.create({
      line_items: [{ price_id: ids.oneTimePrice, quantity: 2 }],
      mode: 'payment',
      success_url: 'https://merchant.example/ok',
      cancel_url: 'https://merchant.example/cancel',
      metadata: { orderId: 'o-1' },
    });
    expect(session).toMatchObject({
      object: 'checkout_session',
      livemode: true,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: TBA('3'),
      currency_id: 'pc_sandbox_tba',
    });
    expect(session.url).toBe(`${sb.url}/checkout/${session.id}`);
    const got = await payment.checkout.sessions.retrieve(session.id);
    expect(got.line_items[0]).toMatchObject({
      quantity: 2,
      price: { id: ids.oneTimePrice, product: { id: ids.product } },
    });
    await payment.checkout.sessions.update(session.id, { metadata: { orderId: 'o-1', note: 'gift' } });
    const listed = await payment.checkout.sessions.list({
      'metadata.orderId': 'o-1',
      status: 'open',
      page: 1,
      pageSize: 5,
    });
    expect(listed).toMatchObject({ count: 1, list: [{ id: session.id, metadata: { orderId: 'o-1', note: 'gift' } }] });
    // An action with no body at all (signed as {}).
    expect((await payment.checkout.sessions.expire(session.id)).status).toBe('expired');
  });

  it('payment links: create, retrieve with prices, update, list, archive', async () => {
    const link = await payment.paymentLinks.create({
      name: 'Widget monthly',
      line_items: [{ price_id: ids.monthlyPrice, quantity: 1 }],
      after_completion: { type: 'redirect', redirect: { url: 'https://merchant.example/done' } },
    });
    expect(link).toMatchObject({ object: 'payment_link', active: true, livemode: true });
    expect(link.id).toMatch(/^plink_/);
    const got = await payment.paymentLinks.retrieve(link.id);
    expect(got.line_items[0].price).toMatchObject({ id: ids.monthlyPrice, unit_amount: TBA('2') });
    expect((await payment.paymentLinks.update(link.id, { name: 'Widget, monthly' })).name).toBe('Widget, monthly');
    const listed = await payment.paymentLinks.list({ page: 1, pageSize: 100 });
    expect(listed.list.map((l: any) => l.id)).toContain(link.id);
    expect((await payment.paymentLinks.archive(link.id)).active).toBe(false);
  });

  it('coupons and promotion codes: create, retrieve, update, list, used, archive, delete', async () => {
    const created = await payment.coupons.create({
      name: 'Two off',
      amount_off: '2',
      currency_id: 'pc_sandbox_usd',
      duration: 'once',
      promotion_codes: [{ code: 'TWOOFF' }],
    });
    expect(created.coupon).toMatchObject({
      object: 'coupon',
      amount_off: '200',
      currency_id: 'pc_sandbox_usd',
      valid: true,
    });
    expect(created.promotion_codes.map((p: any) => p.code)).toEqual(['TWOOFF']);
    const couponId = created.coupon.id;
    expect((await payment.coupons.retrieve(couponId)).name).toBe('Two off');
    expect((await payment.coupons.update(couponId, { name: 'Two dollars off' })).name).toBe('Two dollars off');
    const listed = await payment.coupons.list({ valid: true });
    expect(listed.list.map((c: any) => c.id)).toContain(couponId);
    expect(await payment.coupons.used(couponId)).toEqual({ used: false });

    const code = await payment.promotionCodes.create({ coupon_id: couponId, code: 'TWOMORE', max_redemptions: 5 });
    expect(code).toMatchObject({ object: 'promotion_code', code: 'TWOMORE', coupon_id: couponId, max_redemptions: 5 });
    expect((await payment.promotionCodes.retrieve(code.id)).code).toBe('TWOMORE');
    expect((await payment.promotionCodes.update(code.id, { active: false })).active).toBe(false);
    const codes = await payment.promotionCodes.list({ coupon_id: couponId });
    expect(codes.list.map((c: any) => c.code).sort()).toEqual(['TWOMORE', 'TWOOFF']);
    expect(await payment.promotionCodes.used(code.id)).toEqual({ used: false });
    expect((await payment.promotionCodes.archive(code.id)).id).toBe(code.id);
    expect((await payment.promotionCodes.del(code.id)).id).toBe(code.id);

    const taken = await rejection(payment.promotionCodes.create({ coupon_id: couponId, code: 'TWOOFF' }));
    expect(taken.status).toBe(400);
    expect(taken.body.error).toMatch(/already exists/);
  });

  it('subscriptions and customers: create(null, body) makes the person a customer; retrieve by id or DID, update, list, search', async () => {
    const sub = await payment.subscriptions.create(null, {
      customer_id: CASEY.did,
      items: [{ price_id: ids.monthlyPrice, quantity: 1 }],
      metadata: { plan: 'widget' },
    });
    expect(sub).toMatchObject({
      object: 'subscription',
      livemode: true,
      status: 'active',
      currency_id: 'pc_sandbox_tba',
      metadata: { plan: 'widget' },
      paymentCurrency: { id: 'pc_sandbox_tba' },
    });
    expect(sub.items[0]).toMatchObject({ quantity: 1, price: { id: ids.monthlyPrice } });
    ids.subscription = sub.id;
    ids.customer = sub.customer_id;

    const customer = await payment.customers.retrieve(ids.customer);
    expect(customer).toMatchObject({ object: 'customer', did: CASEY.did, email: CASEY.email, livemode: true });
    expect((await payment.customers.retrieve(CASEY.did)).id).toBe(ids.customer);
    expect((await payment.customers.update(ids.customer, { name: 'Casey C.' })).name).toBe('Casey C.');
    expect(await payment.customers.list({ did: CASEY.did, page: 1, pageSize: 10 })).toMatchObject({
      count: 1,
      list: [{ id: ids.customer }],
    });
    expect((await payment.customers.search({ query: 'Casey' })).list.map((c: any) => c.id)).toEqual([ids.customer]);
    const bad = await rejection(payment.customers.update(ids.customer, { email: 'not-an-email' }));
    expect(bad.status).toBe(400);

    expect((await payment.subscriptions.retrieve(sub.id)).customer).toMatchObject({ id: ids.customer });
    expect((await payment.subscriptions.update(sub.id, { metadata: { plan: 'widget', seat: '1' } })).metadata).toEqual({
      plan: 'widget',
      seat: '1',
    });
    const listed = await payment.subscriptions.list({
      status: 'active,trialing',
      customer_did: CASEY.did,
      order: 'updated_at:ASC',
      activeFirst: true,
    });
    expect(listed).toMatchObject({ count: 1, list: [{ id: sub.id }] });
  });

  it('subscriptions: cancel at period end, recover', async () => {
    const canceled = await payment.subscriptions.cancel(ids.subscription, {
      at: 'current_period_end',
      feedback: 'too_expensive',
      comment: 'trying',
    });
    expect(canceled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // The platform answers {subscription, needStake} here (payment-kit-api.md), though payment-js types TSubscription.
    const recovered = await payment.subscriptions.recover(ids.subscription);
    expect(recovered).toMatchObject({ subscription: { id: ids.subscription, cancel_at: null }, needStake: false });
  });

  it('invoices: a renewal bills the subscription; list, retrieve, update', async () => {
    // A month of the sandbox's billing clock (a test control, not a payment-js call) renews the subscription.
    const moved = await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 32 * 86400 } });
    expect(moved.status).toBe(200);
    const invoices = await payment.invoices.list({
      customer_id: ids.customer,
      subscription_id: ids.subscription,
      status: 'paid,open',
      page: 1,
      pageSize: 10,
    });
    expect(invoices.count).toBeGreaterThanOrEqual(1);
    const invoice = invoices.list[0];
    expect(invoice).toMatchObject({ status: 'paid', subscription_id: ids.subscription, total: TBA('2') });
    const got = await payment.invoices.retrieve(invoice.id);
    expect(got).toMatchObject({
      id: invoice.id,
      customer: { id: ids.customer },
      paymentCurrency: { id: 'pc_sandbox_tba' },
    });
    expect(got.lines[0].price.id).toBe(ids.monthlyPrice);
    expect((await payment.invoices.update(invoice.id, { metadata: { po: '7' } })).metadata).toMatchObject({ po: '7' });
    const intents = await payment.paymentIntents.list({ customer_id: ids.customer });
    expect(intents.list.map((p: any) => p.id)).toContain(got.payment_intent_id);
  });

  it('meters and meter events: create, retrieve, update, list, deactivate/activate; idempotent events; pending amount', async () => {
    const meter = await payment.meters.create({
      name: 'Tokens',
      event_name: 'widget.tokens',
      aggregation_method: 'sum',
      unit: 'token',
      currency_id: 'pc_sandbox_credit',
    });
    expect(meter).toMatchObject({ object: 'meter', status: 'active', decimal: 2, currency_id: 'pc_sandbox_credit' });
    expect((await payment.meters.retrieve(meter.id)).event_name).toBe('widget.tokens');
    expect((await payment.meters.update(meter.id, { name: 'Tokens used' })).name).toBe('Tokens used');
    expect(await payment.meters.list({ event_name: 'widget.tokens' })).toMatchObject({
      count: 1,
      list: [{ id: meter.id }],
    });
    expect((await payment.meters.deactivate(meter.id)).status).toBe('inactive');
    expect((await payment.meters.activate(meter.id)).status).toBe('active');

    const event = {
      event_name: 'widget.tokens',
      payload: { customer_id: ids.customer, value: '3.5' },
      identifier: 'widget-evt-1',
    };
    const first = await payment.meterEvents.create(event);
    expect(first).toMatchObject({ object: 'meter_event', meter_id: meter.id, value: '350', customer_id: ids.customer });
    expect((await payment.meterEvents.create(event)).id).toBe(first.id);
    expect((await payment.meterEvents.retrieve(first.id)).id).toBe(first.id);
    const listed = await payment.meterEvents.list({ customer_id: ids.customer, event_name: 'widget.tokens' });
    expect(listed).toMatchObject({ count: 1, list: [{ id: first.id }] });
    expect(await payment.meterEvents.pendingAmount({ customer_id: ids.customer })).toEqual({
      pc_sandbox_credit: '350',
    });
  });

  it('credit grants: create (token units), retrieve, list, update, summary, verifyAvailability, expire', async () => {
    const grant = await payment.creditGrants.create({
      customer_id: ids.customer,
      amount: '12.5',
      currency_id: 'pc_sandbox_credit',
      category: 'promotional',
      name: 'Welcome',
    });
    expect(grant).toMatchObject({
      object: 'credit_grant',
      amount: '1250',
      remaining_amount: '1250',
      status: 'granted',
      category: 'promotional',
      paymentCurrency: { symbol: 'CRD' },
    });
    expect((await payment.creditGrants.retrieve(grant.id)).customer_id).toBe(ids.customer);
    const listed = await payment.creditGrants.list({ customer_id: ids.customer, currency_id: 'pc_sandbox_credit' });
    expect(listed).toMatchObject({ count: 1, list: [{ id: grant.id }] });
    const transactions = await payment.creditTransactions.list({ customer_id: ids.customer });
    expect(Array.isArray(transactions.list)).toBe(true);

    expect(await payment.creditGrants.update(grant.id, { metadata: { campaign: 'welcome' } })).toEqual({
      success: true,
    });
    expect((await payment.creditGrants.retrieve(grant.id)).metadata).toEqual({ campaign: 'welcome' });
    const summary = await payment.creditGrants.summary({ customer_id: ids.customer });
    expect(Object.keys(summary)).toEqual(['pc_sandbox_credit']);
    expect(summary.pc_sandbox_credit).toMatchObject({
      totalAmount: '1250',
      remainingAmount: '1250',
      grantCount: 1,
      paymentCurrency: { id: 'pc_sandbox_credit', decimal: 2 },
    });
    // 12.50 credits against 3.50 of pending usage (the meter event above), plus what the caller is about to spend.
    const verify = (pending_amount: string) =>
      payment.creditGrants.verifyAvailability({
        customer_id: ids.customer,
        currency_id: 'pc_sandbox_credit',
        pending_amount,
      });
    expect(await verify('900')).toEqual({ can_continue: true });
    expect(await verify('901')).toEqual({
      can_continue: false,
      reason: 'Insufficient credit: 1250 available, 1251 needed',
    });
    expect(await payment.creditGrants.update(grant.id, { expired: true })).toEqual({ success: true });
    expect((await payment.creditGrants.retrieve(grant.id)).status).toBe('expired');
    expect(await payment.creditGrants.summary({ customer_id: ids.customer })).toEqual({});
    expect((await verify('0')).can_continue).toBe(false);
    const again = await rejection(payment.creditGrants.update(grant.id, { expired: true }));
    expect(again).toEqual({
      status: 400,
      body: { error: 'Only a pending or granted credit grant can be expired; this one is expired' },
    });
  });

  it('payment methods and currencies are plain arrays', async () => {
    const methods = await payment.paymentMethods.list({});
    expect(methods.map((m: any) => m.id)).toContain('pm_sandbox_arcblock');
    const currencies = await payment.paymentCurrencies.list({});
    expect(currencies.find((c: any) => c.type === 'credit')).toMatchObject({ id: 'pc_sandbox_credit', decimal: 2 });
  });

  it('a fresh test mode: setTestMode(true) sends livemode=false, starts empty and keeps its objects apart', async () => {
    payment.environments.setTestMode(true);
    try {
      for (const resource of [payment.products, payment.checkout.sessions, payment.customers, payment.subscriptions]) {
        expect(await resource.list({})).toEqual({ count: 0, list: [] });
      }
      expect(await payment.invoices.list({})).toEqual({ count: 0, list: [] });
      const product = await payment.products.create({
        name: 'Test Widget',
        prices: [{ type: 'one_time', unit_amount: '0.5', currency_id: 'pc_sandbox_usd' }],
      });
      expect(product).toMatchObject({ livemode: false, prices: [{ livemode: false, unit_amount: '50' }] });
      const session = await payment.checkout.sessions.create({
        line_items: [{ price_id: product.prices[0].id, quantity: 1 }],
        mode: 'payment',
      });
      expect(session).toMatchObject({
        livemode: false,
        status: 'open',
        amount_total: '50',
        currency_id: 'pc_sandbox_usd',
      });
      const sub = await payment.subscriptions.create(null, {
        customer_id: CASEY.did,
        items: [{ price_id: 'price_sandbox_team_monthly' }],
        trial_period_days: 7,
      });
      expect(sub).toMatchObject({ livemode: false, status: 'trialing' });
      // The same person is a separate test-mode customer.
      expect(sub.customer_id).not.toBe(ids.customer);
      expect((await payment.customers.retrieve(sub.customer_id)).livemode).toBe(false);
      expect((await payment.products.list({})).list.map((p: any) => p.id)).toEqual([product.id]);
      ids.testProduct = product.id;
    } finally {
      payment.environments.setTestMode(false);
    }
    const live = await payment.products.list({ pageSize: 100 });
    expect(live.list.map((p: any) => p.id)).toContain(ids.product);
    expect(live.list.map((p: any) => p.id)).not.toContain(ids.testProduct);
  });
});
