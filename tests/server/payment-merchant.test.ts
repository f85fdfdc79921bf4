import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.ts';
import { ADMIN, CASEY, makeCustomer, signed, type Sandbox, type SignOptions } from './payment-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const count = async (table: string) =>
  Number((await sb.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe('merchant API (payment-js contract)', () => {
  it('products: create with inline prices converts token units to smallest units; retrieve, update, list, search', async () => {
    const created = await signed(sb, 'POST', '/api/products', {
      body: {
        name: 'Round Trip',
        description: 'rt',
        metadata: { sku: 'rt-1' },
        prices: [
          {
            type: 'one_time',
            unit_amount: '1.25',
            currency_id: 'pc_sandbox_tba',
            currency_options: [{ currency_id: 'pc_sandbox_usd', unit_amount: '1.2' }],
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const product = created.body;
    expect(product.prices).toHaveLength(1);
    expect(product.default_price_id).toBe(product.prices[0].id);
    expect(product.prices[0].unit_amount).toBe('1250000000000000000');
    expect(product.prices[0].currency_options.map((o: any) => [o.currency_id, o.unit_amount])).toEqual([
      ['pc_sandbox_tba', '1250000000000000000'],
      ['pc_sandbox_usd', '120'],
    ]);
    const updated = await signed(sb, 'PUT', `/api/products/${product.id}`, { body: { name: 'Round Trip 2' } });
    expect(updated.body.name).toBe('Round Trip 2');
    const price = await signed(sb, 'PUT', `/api/prices/${product.prices[0].id}`, { body: { unit_amount: '2' } });
    expect(price.body.unit_amount).toBe('2000000000000000000');
    expect(price.body.currency_options[1].unit_amount).toBe('120');
    expect(price.body.product.id).toBe(product.id);
    const list = await signed(sb, 'GET', '/api/products', {
      query: { 'metadata.sku': 'rt-1', page: '1', pageSize: '10' },
    });
    expect(list.body).toMatchObject({ count: 1, list: [{ id: product.id }] });
    const search = await signed(sb, 'GET', '/api/products/search', { query: { query: "name:'Round Trip 2'" } });
    expect(search.body.list.map((p: any) => p.id)).toEqual([product.id]);
    const paged = await signed(sb, 'GET', '/api/prices', { query: { page: '2', pageSize: '3' } });
    expect(paged.body.list).toHaveLength(3);
    expect(paged.body.count).toBeGreaterThan(6);
  });

  it('products.create with one invalid inline price is a 400 and writes nothing', async () => {
    const [products, prices] = [await count('products'), await count('prices')];
    const r = await signed(sb, 'POST', '/api/products', {
      body: {
        name: 'Half',
        prices: [
          { unit_amount: '1', currency_id: 'pc_sandbox_usd' },
          { unit_amount: '1.001', currency_id: 'pc_sandbox_usd' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('unit_amount: amount decimal places must be less than or equal to 2');
    expect([await count('products'), await count('prices')]).toEqual([products, prices]);
  });

  it('rejects bad input with clear 400s and unknown ids with 404', async () => {
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/products', {}, /name is required/],
      [
        'POST',
        '/api/prices',
        { product_id: 'prod_sandbox_pro', unit_amount: '-1', currency_id: 'pc_sandbox_tba' },
        /non-negative decimal/,
      ],
      [
        'POST',
        '/api/prices',
        { product_id: 'prod_sandbox_pro', unit_amount: '1', currency_id: 'pc_nope' },
        /no such payment currency/,
      ],
      [
        'POST',
        '/api/prices',
        {
          product_id: 'prod_sandbox_pro',
          type: 'recurring',
          unit_amount: '1',
          currency_id: 'pc_sandbox_tba',
          recurring: { interval: 'fortnight' },
        },
        /interval must be one of/,
      ],
      ['POST', '/api/checkout-sessions', { line_items: [] }, /line_items/],
      [
        'POST',
        '/api/checkout-sessions',
        { line_items: [{ price_id: 'price_sandbox_team_monthly' }], mode: 'payment' },
        /cannot include recurring/,
      ],
      [
        'POST',
        '/api/checkout-sessions',
        { line_items: [{ price_id: 'price_sandbox_node_monthly' }], currency_id: 'pc_sandbox_usd' },
        /not available in currency/,
      ],
      [
        'POST',
        '/api/coupons',
        { name: 'Both', percent_off: 10, amount_off: '1', currency_id: 'pc_sandbox_usd' },
        /exactly one of/,
      ],
      [
        'POST',
        '/api/coupons',
        { name: 'Dup', percent_off: 5, promotion_codes: [{ code: 'SANDBOX10' }] },
        /already exists/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const r = await signed(sb, method, path, { body });
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    expect((await signed(sb, 'GET', '/api/products/prod_missing')).status).toBe(404);
    expect((await signed(sb, 'GET', '/api/checkout-sessions/cs_missing')).body.error).toBe(
      'No such checkout session: cs_missing',
    );
    // The coupon of the refused duplicate-code create was rolled back with it.
    expect((await signed(sb, 'GET', '/api/coupons', { query: { name: 'Dup' } })).body.count).toBe(0);
  });

  it('checks the fields its typed rows keep: a bad one is a 400 naming it, and nothing is written', async () => {
    // A customer of their own (the later tests make Casey one).
    await makeCustomer(sb, ADMIN.did);
    const line = [{ price_id: 'price_sandbox_pro', quantity: 1 }];
    const cases: Array<[string, string, unknown, RegExp]> = [
      [
        'POST',
        '/api/payment-links',
        { line_items: line, billing_address_collection: 'sometimes' },
        /billing_address_collection must be one of/,
      ],
      [
        'POST',
        '/api/payment-links',
        { line_items: line, phone_number_collection: { enabled: 'yes' } },
        /phone_number_collection.enabled/,
      ],
      [
        'POST',
        '/api/payment-links',
        { line_items: line, after_completion: { type: 'redirect' } },
        /after_completion.redirect.url is required/,
      ],
      [
        'POST',
        '/api/payment-links',
        { line_items: line, custom_fields: [{ key: 'team' }] },
        /custom_fields\[0\].label is required/,
      ],
      [
        'POST',
        '/api/checkout-sessions',
        { line_items: line, customer_creation: 'never' },
        /customer_creation must be one of/,
      ],
      [
        'POST',
        '/api/coupons',
        { name: 'Scoped', percent_off: 5, applies_to: { products: 'prod_sandbox_pro' } },
        /applies_to.products/,
      ],
      [
        'POST',
        '/api/credit-grants',
        {
          customer_id: ADMIN.did,
          currency_id: 'pc_sandbox_credit',
          amount: '1',
          applicability_config: { scope: { price_type: 'licensed' } },
        },
        /applicability_config.scope.price_type must be one of/,
      ],
    ];
    cases.push(
      ['PUT', `/api/customers/${ADMIN.did}`, { address: { city: 5 } }, /address.city must be a string/],
      [
        'PUT',
        `/api/customers/${ADMIN.did}`,
        { shipping: { name: 'A', address: [] } },
        /shipping.address must be an object/,
      ],
    );
    const customer = (await signed(sb, 'GET', `/api/customers/${ADMIN.did}`)).body;
    const before = await Promise.all(['payment_links', 'checkout_sessions', 'coupons', 'credit_grants'].map(count));
    for (const [method, path, body, message] of cases) {
      const r = await signed(sb, method, path, { body });
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    expect(await Promise.all(['payment_links', 'checkout_sessions', 'coupons', 'credit_grants'].map(count))).toEqual(
      before,
    );
    expect((await signed(sb, 'GET', `/api/customers/${ADMIN.did}`)).body.updated_at).toBe(customer.updated_at);
  });

  it('checkout sessions: create, retrieve expanded, update metadata, list by metadata, expire', async () => {
    const created = await signed(sb, 'POST', '/api/checkout-sessions', {
      body: {
        line_items: [{ price_id: 'price_sandbox_pro', quantity: 2 }],
        success_url: 'https://m.example/ok',
        metadata: { orderId: 'o-42' },
      },
    });
    expect(created.body).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: '20000000000000000000',
      currency_id: 'pc_sandbox_tba',
    });
    expect(created.body.url).toBe(`${sb.url}/checkout/${created.body.id}`);
    const got = await signed(sb, 'GET', `/api/checkout-sessions/${created.body.id}`);
    expect(got.body.line_items[0].price).toMatchObject({
      id: 'price_sandbox_pro',
      product: { name: 'Sandbox Pro License' },
      currency: { symbol: 'TBA' },
    });
    await signed(sb, 'PUT', `/api/checkout-sessions/${created.body.id}`, { body: { metadata: { note: 'x' } } });
    const list = await signed(sb, 'GET', '/api/checkout-sessions', {
      query: { 'metadata.orderId': 'o-42', status: 'open' },
    });
    expect(list.body.count).toBe(1);
    expect(list.body.list[0].metadata).toEqual({ orderId: 'o-42', note: 'x' });
    const expired = await signed(sb, 'PUT', `/api/checkout-sessions/${created.body.id}/expire`);
    expect(expired.body.status).toBe('expired');
  });

  it('payment links, coupons with promotion codes, methods and currencies', async () => {
    const link = await signed(sb, 'POST', '/api/payment-links', {
      body: {
        name: 'Tip jar',
        line_items: [{ price_id: 'price_sandbox_donation', quantity: 1 }],
        submit_type: 'donate',
        donation_settings: { amount: { presets: ['1', '2.5'], preset: '1', custom: true } },
      },
    });
    expect(link.body.id).toMatch(/^plink_/);
    // Token units of the link's currency, as TPaymentLink has them (and as the custom-amount check reads them).
    expect(link.body.donation_settings.amount.presets).toEqual(['1', '2.5']);
    expect((await signed(sb, 'PUT', `/api/payment-links/${link.body.id}/archive`)).body.active).toBe(false);
    const coupon = await signed(sb, 'POST', '/api/coupons', {
      body: {
        name: 'Two off',
        amount_off: '2',
        currency_id: 'pc_sandbox_usd',
        duration: 'forever',
        promotion_codes: [{ code: 'TWO' }],
      },
    });
    expect(coupon.body.coupon).toMatchObject({ amount_off: '200', currency_id: 'pc_sandbox_usd' });
    expect(coupon.body.promotion_codes.map((p: any) => p.code)).toEqual(['TWO']);
    const codes = await signed(sb, 'GET', '/api/promotion-codes', { query: { coupon_id: coupon.body.coupon.id } });
    expect(codes.body.count).toBe(1);
    const methods = await signed(sb, 'GET', '/api/payment-methods');
    expect(Array.isArray(methods.body)).toBe(true);
    expect(methods.body.map((m: any) => m.type)).toEqual(['arcblock', 'ethereum', 'base', 'bitcoin', 'stripe']);
    const currencies = await signed(sb, 'GET', '/api/payment-currencies');
    expect(Array.isArray(currencies.body)).toBe(true);
    expect(currencies.body.find((c: any) => c.type === 'credit')).toMatchObject({ id: 'pc_sandbox_credit' });
  });

  it('customers, subscriptions (create(null, body) sends JSON), invoices, credit grants, meters and meter events', async () => {
    // A customer exists once the person has checked out; create one the way checkout does.
    await sb.ctx.db.query(
      `INSERT INTO customers (id, livemode, did, email, name, created_at, data) VALUES ('cus_casey', true, $1, $2, 'Casey', now(),
       jsonb_build_object('id', 'cus_casey', 'livemode', true, 'did', $1::text, 'email', $2::text, 'name', 'Casey', 'metadata', '{}'::jsonb))`,
      [CASEY.did, CASEY.email],
    );
    expect((await signed(sb, 'GET', `/api/customers/${CASEY.did}`)).body.id).toBe('cus_casey');
    expect((await signed(sb, 'PUT', '/api/customers/cus_casey', { body: { email: 'not-an-email' } })).status).toBe(400);

    const sub = await signed(sb, 'POST', '/api/subscriptions', {
      body: {
        customer_id: 'cus_casey',
        items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }],
        trial_period_days: 7,
      },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({
      status: 'trialing',
      customer_id: 'cus_casey',
      paymentCurrency: { id: 'pc_sandbox_tba' },
    });
    expect(sub.body.items[0].price.id).toBe('price_sandbox_team_monthly');
    const listed = await signed(sb, 'GET', '/api/subscriptions', {
      query: { status: 'active,trialing', customer_id: 'cus_casey' },
    });
    expect(listed.body.count).toBe(1);
    const canceled = await signed(sb, 'PUT', `/api/subscriptions/${sub.body.id}/cancel`);
    expect(canceled.body.status).toBe('canceled');
    expect((await signed(sb, 'PUT', `/api/subscriptions/${sub.body.id}/recover`)).status).toBe(400);
    expect((await signed(sb, 'DELETE', `/api/subscriptions/${sub.body.id}`)).body.id).toBe(sub.body.id);

    const grant = await signed(sb, 'POST', '/api/credit-grants', {
      body: {
        customer_id: 'cus_casey',
        amount: '12.5',
        currency_id: 'pc_sandbox_credit',
        category: 'promotional',
        name: 'Welcome',
      },
    });
    expect(grant.body).toMatchObject({
      amount: '1250',
      remaining_amount: '1250',
      status: 'granted',
      paymentCurrency: { symbol: 'CRD' },
    });
    expect((await signed(sb, 'GET', '/api/credit-grants', { query: { customer_id: 'cus_casey' } })).body.count).toBe(1);

    const meter = await signed(sb, 'POST', '/api/meters', {
      body: { name: 'Tokens', event_name: 'tokens.used', unit: 'token', currency_id: 'pc_sandbox_credit' },
    });
    expect(meter.body.id).toMatch(/^mtr_/);
    const event = {
      event_name: 'tokens.used',
      payload: { customer_id: 'cus_casey', value: '3.5' },
      identifier: 'evt-1',
    };
    const e1 = await signed(sb, 'POST', '/api/meter-events', { body: event });
    const e2 = await signed(sb, 'POST', '/api/meter-events', { body: event });
    expect(e1.body.id).toBe(e2.body.id);
    expect(e1.body.value).toBe('350');
    const pending = await signed(sb, 'GET', '/api/meter-events/pending-amount', {
      query: { customer_id: 'cus_casey' },
    });
    expect(pending.body).toEqual({ pc_sandbox_credit: '350' });

    // creditGrants.summary / verifyAvailability / update: bad input is a clear 4xx.
    const refusals: Array<[string, string, SignOptions, number, string]> = [
      ['GET', '/api/credit-grants/summary', {}, 400, 'customer_id is required'],
      ['GET', '/api/credit-grants/summary', { query: { customer_id: 'cus_nope' } }, 404, 'No such customer: cus_nope'],
      [
        'GET',
        '/api/credit-grants/verify-availability',
        { query: { customer_id: 'cus_casey', currency_id: 'pc_sandbox_credit', pending_amount: '1.5' } },
        400,
        'pending_amount must be a non-negative integer amount in the smallest unit (at most 40 digits)',
      ],
      [
        'GET',
        '/api/credit-grants/verify-availability',
        { query: { customer_id: 'cus_casey' } },
        400,
        'currency_id is required',
      ],
      ['PUT', '/api/credit-grants/cg_nope', { body: { metadata: {} } }, 404, 'No such credit grant: cg_nope'],
    ];
    for (const [method, path, opts, status, error] of refusals) {
      const r = await signed(sb, method, path, opts);
      expect([r.status, r.body.error], `${method} ${path}`).toEqual([status, error]);
    }

    const invoices = await signed(sb, 'GET', '/api/invoices', {
      query: { customer_id: 'cus_casey', status: 'paid,open' },
    });
    expect(invoices.body).toEqual({ count: 0, list: [] });
  });
});
