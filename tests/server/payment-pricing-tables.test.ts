import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.ts';
import { asUser, CASEY, login, signed, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const DEMO = 'prctbl_sandbox_demo';
const count = async (table: string) =>
  Number((await sb.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe('the seeded demo table (public retrieve)', () => {
  it('is TPricingTableExpanded: items with price, product, flags; the table currency', async () => {
    const r = await asUser(sb, null, 'GET', `/api/pricing-tables/${DEMO}`);
    expect(r.status).toBe(200);
    const t = r.body;
    expect(t).toMatchObject({ id: DEMO, object: 'pricing_table', active: true, livemode: true });
    expect(t.currency).toMatchObject({ id: 'pc_sandbox_tba', symbol: 'TBA', decimal: 18 });
    expect(t.items).toHaveLength(7);
    for (const item of t.items) {
      expect(item.object).toBe('pricing_table_item');
      expect(item.price.id).toBe(item.price_id);
      expect(item.product.id).toBe(item.product_id);
      expect(item.is_disabled).toBe(false);
      expect(item.is_selected).toBe(false);
    }
    const intervals = new Set(t.items.map((i: any) => i.price.recurring?.interval ?? 'one_time'));
    expect(intervals).toEqual(new Set(['month', 'year', 'one_time']));
    expect(t.items.filter((i: any) => i.is_highlight).map((i: any) => i.highlight_text)).toEqual([
      'popular',
      'popular',
    ]);
    expect(t.items.some((i: any) => i.subscription_data?.trial_period_days === 14)).toBe(true);
    const currencies = new Set(t.items.flatMap((i: any) => i.price.currency_options.map((o: any) => o.currency_id)));
    expect(currencies).toEqual(new Set(['pc_sandbox_tba', 'pc_sandbox_base_usdc']));
  });

  it('answers 404 for an unknown table', async () => {
    const r = await asUser(sb, null, 'GET', '/api/pricing-tables/prctbl_nope');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/No such pricing table/);
  });
});

describe('checkout from a table', () => {
  it('starts one open session per call with the item’s options, in the chosen currency', async () => {
    const before = await count('checkout_sessions');
    const r = await asUser(
      sb,
      null,
      'POST',
      `/api/pricing-tables/${DEMO}/checkout/price_sandbox_tier_business_yearly?currencyId=pc_sandbox_base_usdc&utm=x`,
    );
    expect(r.status).toBe(200);
    expect(await count('checkout_sessions')).toBe(before + 1);
    const s = r.body;
    expect(s.id).toMatch(/^cs_/);
    expect(s.url).toBe(`${sb.url}/checkout/${s.id}`);
    expect(s).toMatchObject({
      status: 'open',
      mode: 'subscription',
      currency_id: 'pc_sandbox_base_usdc',
      billing_address_collection: 'required',
      allow_promotion_codes: true,
      subscription_data: { trial_period_days: 14 },
      metadata: {
        pricing_table_id: DEMO,
        // The plan's hosted confirmation travels with its session: the completed screen says it.
        after_completion: {
          type: 'hosted_confirmation',
          hosted_confirmation: { custom_message: expect.stringMatching(/^Welcome aboard/) },
        },
      },
    });
    expect(s.custom_fields.map((f: any) => f.key)).toEqual(['company']);
    expect(s.line_items).toEqual([
      expect.objectContaining({ price_id: 'price_sandbox_tier_business_yearly', quantity: 1 }),
    ]);
  });

  it('applies the quantity bounds of the item and a redirect after completion', async () => {
    const pro = await asUser(sb, null, 'POST', `/api/pricing-tables/${DEMO}/checkout/price_sandbox_tier_pro_monthly`);
    expect(pro.status).toBe(200);
    expect(pro.body.currency_id).toBe('pc_sandbox_tba');
    expect(pro.body.line_items[0].adjustable_quantity).toEqual({ enabled: true, minimum: 1, maximum: 20 });

    const created = await signed(sb, 'POST', '/api/pricing-tables', {
      body: {
        name: 'Redirecting',
        items: [
          {
            price_id: 'price_sandbox_pro',
            after_completion: { type: 'redirect', redirect: { url: 'https://merchant.example/thanks' } },
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const s = await asUser(sb, null, 'POST', `/api/pricing-tables/${created.body.id}/checkout/price_sandbox_pro`);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ mode: 'payment', success_url: 'https://merchant.example/thanks' });
  });

  it('refuses a price not in the table, a currency the plan is not sold in, an archived table (no session made)', async () => {
    const before = await count('checkout_sessions');
    const notIn = await asUser(sb, null, 'POST', `/api/pricing-tables/${DEMO}/checkout/price_sandbox_pro`);
    expect(notIn.status).toBe(404);
    const wrongCurrency = await asUser(
      sb,
      null,
      'POST',
      `/api/pricing-tables/${DEMO}/checkout/price_sandbox_tier_pro_monthly?currencyId=pc_sandbox_usd`,
    );
    expect(wrongCurrency.status).toBe(400);
    expect(wrongCurrency.body.error).toMatch(/not sold in currency/);
    const table = await signed(sb, 'POST', '/api/pricing-tables', {
      body: { name: 'Soon gone', items: [{ price_id: 'price_sandbox_pro' }] },
    });
    await signed(sb, 'PUT', `/api/pricing-tables/${table.body.id}/archive`);
    const archived = await asUser(sb, null, 'POST', `/api/pricing-tables/${table.body.id}/checkout/price_sandbox_pro`);
    expect(archived.status).toBe(400);
    expect(archived.body.error).toMatch(/no longer active/);
    expect(await count('checkout_sessions')).toBe(before);
  });
});

describe('merchant API', () => {
  it('create, retrieve, update, list and archive, signed', async () => {
    const created = await signed(sb, 'POST', '/api/pricing-tables', {
      body: {
        name: 'Two plans',
        metadata: { team: 'growth' },
        items: [
          { price_id: 'price_sandbox_team_monthly', is_highlight: true, highlight_text: 'deal' },
          { price_id: 'price_sandbox_pro', product_id: 'prod_sandbox_pro', allow_promotion_codes: true },
        ],
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect(id).toMatch(/^prctbl_/);
    expect(created.body).toMatchObject({
      name: 'Two plans',
      created_via: 'api',
      active: true,
      metadata: { team: 'growth' },
    });
    expect(created.body.items[0]).toMatchObject({
      product_id: 'prod_sandbox_team',
      is_highlight: true,
      highlight_text: 'deal',
    });

    const updated = await signed(sb, 'PUT', `/api/pricing-tables/${id}`, {
      body: { name: 'One plan', items: [{ price_id: 'price_sandbox_pro' }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('One plan');
    expect(updated.body.items.map((i: any) => i.price_id)).toEqual(['price_sandbox_pro']);

    const listed = await signed(sb, 'GET', '/api/pricing-tables', { query: { active: 'true', pageSize: 100 } });
    expect(listed.status).toBe(200);
    expect(listed.body.list.map((t: any) => t.id)).toContain(id);

    const archived = await signed(sb, 'PUT', `/api/pricing-tables/${id}/archive`);
    expect(archived.body.active).toBe(false);
    const inactive = await signed(sb, 'GET', '/api/pricing-tables', { query: { active: 'false', pageSize: 100 } });
    expect(inactive.body.list.map((t: any) => t.id)).toContain(id);
  });

  it('refuses an unknown price, a price of another product, an archived price, no items (4xx, nothing written)', async () => {
    const before = await count('pricing_tables');
    const bad = async (items: unknown) => signed(sb, 'POST', '/api/pricing-tables', { body: { name: 'Bad', items } });
    const unknown = await bad([{ price_id: 'price_nope' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/no such price/);
    const other = await bad([{ price_id: 'price_sandbox_pro', product_id: 'prod_sandbox_team' }]);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/belongs to product prod_sandbox_pro/);
    const product = await signed(sb, 'POST', '/api/products', {
      body: { name: 'Old', prices: [{ type: 'one_time', unit_amount: '1', currency_id: 'pc_sandbox_tba' }] },
    });
    const oldPrice = product.body.prices[0].id;
    await signed(sb, 'PUT', `/api/prices/${oldPrice}/archive`);
    const archived = await bad([{ price_id: oldPrice }]);
    expect(archived.status).toBe(400);
    expect(archived.body.error).toMatch(/archived/);
    expect((await bad([])).status).toBe(400);
    expect((await bad([{ price_id: 'price_sandbox_pro' }, { price_id: 'price_sandbox_pro' }])).status).toBe(400);
    const update = await signed(sb, 'PUT', `/api/pricing-tables/${DEMO}`, {
      body: { items: [{ price_id: 'price_nope' }] },
    });
    expect(update.status).toBe(400);
    expect(await count('pricing_tables')).toBe(before);
    const demo = await asUser(sb, null, 'GET', `/api/pricing-tables/${DEMO}`);
    expect(demo.body.items).toHaveLength(7);
  });

  it('is the merchant’s: a signed-out visitor or a customer cannot create, list or archive', async () => {
    const body = { name: 'x', items: [{ price_id: 'price_sandbox_pro' }] };
    expect((await asUser(sb, null, 'POST', '/api/pricing-tables', body)).status).toBe(401);
    const token = await login(sb, CASEY.did);
    expect((await asUser(sb, token, 'POST', '/api/pricing-tables', body)).status).toBe(403);
    expect((await asUser(sb, token, 'GET', '/api/pricing-tables')).status).toBe(403);
    expect((await asUser(sb, token, 'PUT', `/api/pricing-tables/${DEMO}/archive`)).status).toBe(403);
  });
});

describe('the plain page', () => {
  it('/plain/pricing/:id is one module script and the tag (no window.blocklet); a bad id is a 400', async () => {
    const res = await fetch(`${sb.url}/plain/pricing/${DEMO}?mode=redirect`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/elements/pay-pricing-table.js"></script>');
    expect(html).toContain(`<pay-pricing-table pricing-table-id="${DEMO}" base-url="/payment/" mode="redirect">`);
    expect(html).not.toContain('__blocklet__');
    expect((await fetch(`${sb.url}/plain/pricing/${encodeURIComponent('x"><script>')}`)).status).toBe(400);
  });
});
