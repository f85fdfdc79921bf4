import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice } from '../../hosts/server/payment/domain/billing.ts';
import { mustFind } from '../../hosts/server/payment/data/repo.ts';
import { getConnectAction } from '../../hosts/server/platform.ts';
import { startSandbox } from './harness.ts';
import { asUser, CASEY, CHRIS, login, signed, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let casey: string;
beforeAll(async () => {
  sb = await startSandbox();
  casey = await login(sb, CASEY.did);
});
afterAll(async () => sb.close());

const E18 = 10n ** 18n;
const form = {
  customer_name: 'Casey',
  customer_email: 'casey@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
};

async function start(plink = 'plink_sandbox_onetime') {
  const r = await asUser(sb, casey, 'POST', `/api/checkout-sessions/start/${plink}`);
  expect(r.status).toBe(200);
  return r.body.checkoutSession;
}
const row = async (table: string, id: string) =>
  (await sb.ctx.db.query<{ data: any }>(`SELECT data FROM ${table} WHERE id = $1`, [id])).rows[0]!.data;

describe('adjust quantity', () => {
  it('re-prices the session within the item range and refuses the rest with a clear 4xx', async () => {
    const s = await start();
    const ok = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/adjust-quantity`, {
      itemId: 'price_sandbox_pro',
      quantity: 3,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.line_items[0].quantity).toBe(3);
    expect(ok.body.line_items[0].price.id).toBe('price_sandbox_pro');
    expect(ok.body.amount_total).toBe(String(30n * E18));
    for (const [quantity, status, text] of [
      [11, 400, 'quantity must be between 1 and 10'],
      [0, 400, 'quantity must be an integer between 1 and 1000000'],
      ['x', 400, 'quantity must be an integer between 1 and 1000000'],
    ] as const) {
      const r = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/adjust-quantity`, {
        itemId: 'price_sandbox_pro',
        quantity,
      });
      expect([r.status, r.body.error]).toEqual([status, text]);
    }
    const missing = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/adjust-quantity`, {
      itemId: 'nope',
      quantity: 2,
    });
    expect(missing.status).toBe(404);
    expect((await row('checkout_sessions', s.id)).line_items[0].quantity).toBe(3);
  });

  it("says 'Exceed inventory' and 'Exceed purchase limit' from the product's stock rules", async () => {
    const product = await signed(sb, 'POST', '/api/products', {
      body: {
        name: 'Limited',
        type: 'good',
        prices: [
          {
            type: 'one_time',
            unit_amount: '1',
            currency_id: 'pc_sandbox_tba',
            quantity_available: 5,
            quantity_limit_per_checkout: 3,
          },
        ],
      },
    });
    expect(product.status).toBe(200);
    const session = await signed(sb, 'POST', '/api/checkout-sessions', {
      body: {
        mode: 'payment',
        line_items: [
          {
            price_id: product.body.prices[0].id,
            quantity: 1,
            adjustable_quantity: { enabled: true, minimum: 1, maximum: 50 },
          },
        ],
      },
    });
    const id = session.body.id;
    const adjust = (quantity: number) =>
      asUser(sb, casey, 'PUT', `/api/checkout-sessions/${id}/adjust-quantity`, {
        itemId: product.body.prices[0].id,
        quantity,
      });
    expect((await adjust(4)).body).toMatchObject({ error: 'Exceed purchase limit', code: 'EXCEED_PURCHASE_LIMIT' });
    await sb.ctx.db.query(`UPDATE prices SET data = jsonb_set(data, '{quantity_sold}', '4') WHERE id = $1`, [
      product.body.prices[0].id,
    ]);
    expect((await adjust(2)).body).toMatchObject({ error: 'Exceed inventory', code: 'EXCEED_INVENTORY' });
    expect((await adjust(1)).status).toBe(200);
  });
});

describe('promotion codes', () => {
  it('requires a signed-in user and a code', async () => {
    const s = await start();
    expect(
      (
        await asUser(sb, null, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, {
          promotion_code: 'SANDBOX10',
        })
      ).status,
    ).toBe(401);
    expect(
      (await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, { promotion_code: '   ' }))
        .body.error,
    ).toBe('promotion_code is required');
  });

  it('applies SANDBOX10 (trimmed, any case), follows the currency, is removable, and counts as redeemed once paid', async () => {
    const s = await start();
    const r = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, {
      promotion_code: '  sandbox10 ',
      currency_id: 'pc_sandbox_tba',
    });
    expect(r.status).toBe(200);
    expect(r.body.discounts[0]).toMatchObject({
      promotion_code: 'promo_sandbox_10off',
      discount_amount: String(E18),
      verification_data: { code: 'SANDBOX10' },
    });
    expect(r.body.checkoutSession).toMatchObject({
      amount_subtotal: String(10n * E18),
      amount_total: String(9n * E18),
      total_details: { amount_discount: String(E18) },
    });

    const usd = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/recalculate-promotion`, {
      currency_id: 'pc_sandbox_usd',
    });
    expect(usd.body.checkoutSession.currency_id).toBe('pc_sandbox_usd');
    expect(usd.body.checkoutSession.total_details.amount_discount).toBe(
      String(BigInt(usd.body.checkoutSession.amount_subtotal) / 10n),
    );

    const removed = await asUser(sb, casey, 'DELETE', `/api/checkout-sessions/${s.id}/remove-promotion`);
    expect(removed.body.checkoutSession.discounts).toEqual([]);
    expect(removed.body.checkoutSession.total_details.amount_discount).toBe('0');

    await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, {
      promotion_code: 'SANDBOX10',
      currency_id: 'pc_sandbox_tba',
    });
    const submitted = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(submitted.body.paymentIntent.amount).toBe(String(9n * E18));
    const before = (await row('promotion_codes', 'promo_sandbox_10off')).times_redeemed;
    const connect = getConnectAction('payment')!;
    await sb.ctx.db.transaction((tx) =>
      connect.approve({ checkoutSessionId: s.id }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did }),
    );
    expect((await row('promotion_codes', 'promo_sandbox_10off')).times_redeemed).toBe(before + 1);
    const invoice = await row('invoices', (await row('checkout_sessions', s.id)).invoice_id);
    expect(invoice).toMatchObject({
      subtotal: String(10n * E18),
      total: String(9n * E18),
      amount_paid: String(9n * E18),
    });
    // TInvoice total_discount_amounts name the discount (the id in `discounts`), its coupon and promotion code.
    expect(invoice.total_discount_amounts).toEqual([
      {
        amount: String(E18),
        discount: invoice.discounts[0],
        promotion_code: 'promo_sandbox_10off',
        coupon: 'co_sandbox_10off',
      },
    ]);
    expect(invoice.discounts).toEqual([expect.stringMatching(/^di_/)]);
    expect(
      (
        await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, {
          promotion_code: 'SANDBOX10',
        })
      ).status,
    ).toBe(409);
  });

  it('refuses invalid, expired, used-up and not-applicable codes with their codes', async () => {
    const coupon = await signed(sb, 'POST', '/api/coupons', {
      body: {
        name: 'Five off',
        amount_off: '5',
        currency_id: 'pc_sandbox_tba',
        duration: 'once',
        applies_to: { products: ['prod_sandbox_team'] },
        promotion_codes: [{ code: 'TEAMONLY' }],
      },
    });
    expect(coupon.status).toBe(200);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await signed(sb, 'POST', '/api/coupons', {
      body: { name: 'Old', percent_off: 5, duration: 'once', promotion_codes: [{ code: 'OLDCODE', expires_at: past }] },
    });
    expect(expired.status).toBe(200);
    const used = await signed(sb, 'POST', '/api/coupons', {
      body: {
        name: 'Once',
        percent_off: 5,
        duration: 'once',
        max_redemptions: 1,
        promotion_codes: [{ code: 'ONCEONLY' }],
      },
    });
    await sb.ctx.db.query(`UPDATE coupons SET data = jsonb_set(data, '{times_redeemed}', '1') WHERE id = $1`, [
      used.body.coupon.id,
    ]);
    const s = await start();
    const apply = (code: string) =>
      asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/apply-promotion`, { promotion_code: code });
    expect((await apply('NOPE')).body).toEqual({
      error: 'This promotion code is invalid',
      code: 'PROMOTION_CODE_INVALID',
    });
    expect((await apply('OLDCODE')).body).toEqual({
      error: 'This promotion code has expired',
      code: 'PROMOTION_CODE_EXPIRED',
    });
    expect((await apply('ONCEONLY')).body).toEqual({
      error: 'This promotion code has already been used up',
      code: 'PROMOTION_CODE_USED',
    });
    expect((await apply('TEAMONLY')).body).toEqual({
      error: 'This promotion code does not apply to this purchase',
      code: 'PROMOTION_CODE_NOT_APPLICABLE',
    });
    expect((await row('checkout_sessions', s.id)).discounts).toEqual([]);
  });
});

describe('upsell and cross-sell', () => {
  it('switches an item to its upsell price and back', async () => {
    const s = await start('plink_sandbox_upsell');
    const up = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/upsell`, {
      from: 'price_sandbox_studio_monthly',
      to: 'price_sandbox_studio_yearly',
    });
    expect(up.status).toBe(200);
    expect(up.body.line_items[0]).toMatchObject({
      price_id: 'price_sandbox_studio_monthly',
      upsell_price_id: 'price_sandbox_studio_yearly',
    });
    expect(up.body.line_items[0].upsell_price.recurring.interval).toBe('year');
    expect(up.body.amount_subtotal).toBe(String(30n * E18));
    const wrong = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/upsell`, {
      from: 'price_sandbox_studio_monthly',
      to: 'price_sandbox_pro',
    });
    expect(wrong.status).toBe(400);
    const down = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/downsell`, {
      from: 'price_sandbox_studio_monthly',
    });
    expect(down.body.line_items[0].upsell_price_id).toBeUndefined();
    expect(down.body.amount_subtotal).toBe(String(3n * E18));
  });

  it('offers the cross-sell, requires it when the link says so, adds and removes it', async () => {
    const s = await start('plink_sandbox_crosssell');
    const offer = await asUser(sb, casey, 'GET', `/api/checkout-sessions/${s.id}/cross-sell?skipError=true`);
    expect(offer.body).toMatchObject({ id: 'price_sandbox_support', product: { name: 'Sandbox Priority Support' } });
    const none = await asUser(
      sb,
      casey,
      'GET',
      `/api/checkout-sessions/${(await start()).id}/cross-sell?skipError=true`,
    );
    expect(none.body.error).toBeTruthy();

    const refused = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(refused.body).toEqual({ error: 'Please add the recommended item to continue', code: 'REQUIRE_CROSS_SELL' });
    const added = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/cross-sell`, {
      to: 'price_sandbox_support',
    });
    expect(added.body.line_items.map((i: any) => [i.price_id, i.cross_sell ?? false])).toEqual([
      ['price_sandbox_starter', false],
      ['price_sandbox_support', true],
    ]);
    expect(added.body.amount_total).toBe(String(3n * E18));
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form)).status).toBe(200);
    const removed = await asUser(sb, casey, 'DELETE', `/api/checkout-sessions/${s.id}/cross-sell`);
    expect(removed.body.line_items).toHaveLength(1);
  });
});

describe('donations', () => {
  it('takes a custom amount within the link bounds and lists the beneficiaries', async () => {
    const s = await start('plink_sandbox_donation');
    const set = (amount: string) =>
      asUser(sb, null, 'PUT', `/api/checkout-sessions/${s.id}/amount`, { priceId: 'price_sandbox_donation', amount });
    const ok = await set(String(7n * E18));
    expect(ok.status).toBe(200);
    expect(ok.body.line_items[0].custom_amount).toBe(String(7n * E18));
    expect(ok.body.amount_total).toBe(String(7n * E18));
    expect((await set(String(101n * E18))).body).toEqual({
      error: 'Please enter an amount between 0.1 and 100.',
      code: 'AMOUNT_OUT_OF_RANGE',
    });
    expect((await set('1.5')).status).toBe(400);
    const benefits = await asUser(sb, null, 'GET', '/api/payment-links/plink_sandbox_donation/benefits');
    expect(benefits.body.map((b: any) => [b.name, b.percent])).toEqual([
      ['Sandbox Store', 80],
      ['Sandbox Maintainers', 20],
    ]);
  });
});

describe('a donation link made through the merchant API', () => {
  it('stores its bounds in token units, and the custom amount is checked against them both ways', async () => {
    const link = await signed(sb, 'POST', '/api/payment-links', {
      body: {
        name: 'Tip jar',
        line_items: [{ price_id: 'price_sandbox_donation', quantity: 1 }],
        submit_type: 'donate',
        donation_settings: { amount: { presets: ['2', '3'], preset: '2', minimum: '2', maximum: '5', custom: true } },
      },
    });
    expect(link.status).toBe(200);
    expect(link.body.donation_settings.amount).toMatchObject({ minimum: '2', maximum: '5', presets: ['2', '3'] });
    const s = await start(link.body.id);
    const set = (amount: bigint) =>
      asUser(sb, null, 'PUT', `/api/checkout-sessions/${s.id}/amount`, {
        priceId: 'price_sandbox_donation',
        amount: String(amount),
      });
    const below = await set(1n * E18);
    expect(below.body).toEqual({ error: 'Please enter an amount between 2 and 5.', code: 'AMOUNT_OUT_OF_RANGE' });
    expect((await set(6n * E18)).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    const within = await set(3n * E18);
    expect(within.status).toBe(200);
    expect(within.body.line_items[0].custom_amount).toBe(String(3n * E18));
    expect((await set(5n * E18)).status).toBe(200);
  });
});

describe('customers with past-due invoices', () => {
  it('are refused new purchases with CUSTOMER_LIMITED, but may still donate', async () => {
    const s = await start();
    // Casey becomes a customer by paying once, then gets an open renewal invoice.
    await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    const customerId = (await row('checkout_sessions', s.id)).customer_id;
    const { invoice: open } = await createInvoice(sb.ctx.db, {
      livemode: true,
      customer: await mustFind(sb.ctx.db, 'customers', customerId),
      currencyId: 'pc_sandbox_tba',
      methodId: 'pm_sandbox_arcblock',
      lines: [{ price_id: 'price_sandbox_team_monthly', quantity: 1, amount: '5', description: 'Renewal' }],
      billingReason: 'subscription_cycle',
      status: 'open',
    });
    const next = await start();
    const refused = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${next.id}/submit`, form);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'You have past-due invoices. Please pay them before making a new purchase.',
      code: 'CUSTOMER_LIMITED',
    });
    const donation = await start('plink_sandbox_donation');
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${donation.id}/donate-submit`, form)).status).toBe(
      200,
    );
    await sb.ctx.db.query('DELETE FROM invoices WHERE id = $1', [open.id]);
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${next.id}/submit`, form)).status).toBe(200);
  });
});

describe('vendor orders', () => {
  it("need a unified account: a user without sourceAppPid gets 'account required'", async () => {
    const chris = await login(sb, CHRIS.did);
    const s = (await asUser(sb, chris, 'POST', '/api/checkout-sessions/start/plink_sandbox_vendor')).body
      .checkoutSession;
    const r = await asUser(sb, chris, 'PUT', `/api/checkout-sessions/${s.id}/submit`, {
      ...form,
      customer_name: 'Chris',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'account required', code: 'UNIFIED_APP_REQUIRED' });
    const own = await start('plink_sandbox_vendor');
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${own.id}/submit`, form)).status).toBe(200);
  });
});
