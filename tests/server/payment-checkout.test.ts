import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import {
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  collectEvents,
  openSandbox,
  signed,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

let sb: Sandbox;
let casey: string;
let chris: string;
const published = collectEvents();
beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

const form = {
  customer_name: 'Casey Customer',
  customer_email: 'casey@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
  billing_address: { country: 'us' },
};

async function start(plink: string, query = '') {
  const r = await asUser(sb, null, 'POST', `/api/checkout-sessions/start/${plink}${query}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** Runs a connect action's approve the way the wallet-connect route does: inside one db.transaction. */
function approve(action: string, checkoutSessionId: string, userDid: string) {
  const connect = getConnectAction(action)!;
  return sb.ctx.db.transaction((tx) =>
    connect.approve({ checkoutSessionId }, { ...sb.ctx, user: null, livemode: true, tx, userDid }),
  );
}

describe('checkout calls of the elements', () => {
  it('settings list methods with currencies and the base currency', async () => {
    const r = await asUser(sb, null, 'GET', '/api/settings?livemode=true');
    expect(r.body.baseCurrency.id).toBe('pc_sandbox_tba');
    const stripe = r.body.paymentMethods.find((m: any) => m.type === 'stripe');
    expect(stripe.settings.stripe.publishable_key).toBe('pk_test_sandbox');
    expect(stripe.payment_currencies[0]).toMatchObject({ symbol: 'USD', decimal: 2 });
  });

  it('starts a session from a payment link (currencyId honoured) and retrieves it publicly, expanded', async () => {
    const ctx = await start('plink_sandbox_upsell', '?currencyId=pc_sandbox_usd');
    expect(ctx.checkoutSession).toMatchObject({
      status: 'open',
      mode: 'subscription',
      currency_id: 'pc_sandbox_usd',
      payment_link_id: 'plink_sandbox_upsell',
      amount_total: '299',
    });
    const item = ctx.checkoutSession.line_items[0];
    expect(item.price.upsell.upsells_to.id).toBe('price_sandbox_studio_yearly');
    expect(item.price.currency_options.map((o: any) => o.currency.symbol)).toEqual(['TBA', 'USD']);
    expect(ctx.paymentLink.id).toBe('plink_sandbox_upsell');
    const again = await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${ctx.checkoutSession.id}`);
    expect(again.body.checkoutSession.id).toBe(ctx.checkoutSession.id);
    expect(again.body.paymentMethods).toHaveLength(5);
    // A trial link's amount due now excludes the trialing recurring item.
    expect((await start('plink_sandbox_trial')).checkoutSession).toMatchObject({
      amount_subtotal: '5000000000000000000',
      amount_total: '0',
    });
  });

  it('a link asking consent to the terms passes consent_collection on to its sessions; a bad value is a 400', async () => {
    // The seeded report link asks for it (the standalone checkout then links the app's terms and privacy).
    expect((await start('plink_sandbox_report')).checkoutSession.consent_collection).toEqual({
      terms_of_service: 'required',
    });
    expect((await start('plink_sandbox_upsell')).checkoutSession.consent_collection).toBeUndefined();
    const made = await signed(sb, 'POST', '/api/payment-links', {
      body: {
        name: 'Terms link',
        line_items: [{ price_id: 'price_sandbox_report', quantity: 1 }],
        consent_collection: { terms_of_service: 'required', promotions: 'none' },
      },
    });
    expect(made.status).toBe(200);
    expect((await start(made.body.id)).checkoutSession.consent_collection).toEqual({
      terms_of_service: 'required',
      promotions: 'none',
    });
    const bad = await signed(sb, 'POST', '/api/payment-links', {
      body: {
        name: 'Bad terms link',
        line_items: [{ price_id: 'price_sandbox_report', quantity: 1 }],
        consent_collection: { terms_of_service: 'always' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/consent_collection\.terms_of_service/);
  });

  it('customers/me falls back to the profile until the person has a customer', async () => {
    expect((await asUser(sb, null, 'GET', '/api/customers/me')).status).toBe(401);
    const me = await asUser(sb, chris, 'GET', '/api/customers/me?skipSummary=1&fallback=1');
    expect(me.body).toMatchObject({ id: null, did: CHRIS.did, name: 'Chris Buyer', email: 'chris@example.com' });
  });

  it('submit validates the form with clear messages and needs a login (except donations)', async () => {
    const { checkoutSession: s } = await start('plink_sandbox_onetime');
    const submit = (token: string | null, body: unknown) =>
      asUser(sb, token, 'PUT', `/api/checkout-sessions/${s.id}/submit`, body);
    const anonymous = await submit(null, form);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatch(/log in/);
    const cases: Array<[object, RegExp]> = [
      [{ customer_name: '' }, /customer_name is required/],
      [{ customer_email: 'casey@' }, /not a valid email/],
      [{ customer_email: `${'a'.repeat(65)}@example.com` }, /at most 64/],
      [{ customer_email: `a@${'b'.repeat(64)}.com` }, /at most 63/],
      [{ customer_email: `${'a'.repeat(60)}@${'b.'.repeat(100)}com` }, /at most 254/],
      [{ payment_currency: 'pc_sandbox_usd' }, /active currency of the chosen payment_method/],
      [
        {
          payment_method: 'pm_sandbox_bitcoin',
          payment_currency: 'pc_sandbox_btc',
          billing_address: { country: 'us', postal_code: 'abc' },
        },
        /postal_code is invalid/,
      ],
    ];
    for (const [patch, message] of cases) {
      const r = await submit(casey, { ...form, ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    const { rows } = await sb.ctx.db.query("SELECT 1 FROM payment_intents WHERE data->>'checkout_session_id' = $1", [
      s.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('submit is idempotent: two submits give one payment intent; then the wallet pays it once', async () => {
    const { checkoutSession: s } = await start('plink_sandbox_onetime');
    const first = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      balance: { sufficient: true },
      delegation: { sufficient: false },
      creditSufficient: false,
    });
    expect(first.body.fastPayInfo).toMatchObject({ type: 'balance', amount: '10000000000000000000', payer: CASEY.did });
    const second = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, {
      ...form,
      payment_method: 'pm_sandbox_stripe',
      payment_currency: 'pc_sandbox_usd',
    });
    expect(second.body.paymentIntent.id).toBe(first.body.paymentIntent.id);
    expect(second.body.paymentIntent).toMatchObject({ amount: '999', currency_id: 'pc_sandbox_usd' });
    expect(second.body.stripeContext.client_secret).toContain(first.body.paymentIntent.id);
    const third = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(third.body.paymentIntent.id).toBe(first.body.paymentIntent.id);
    const { rows } = await sb.ctx.db.query("SELECT 1 FROM payment_intents WHERE data->>'checkout_session_id' = $1", [
      s.id,
    ]);
    expect(rows).toHaveLength(1);

    const connect = getConnectAction('payment')!;
    // Submitted by Casey, the session is hers: only she opens a wallet request for it.
    await expect(
      connect.describe({ checkoutSessionId: s.id }, { ...sb.ctx, user: null, livemode: true }),
    ).rejects.toMatchObject({ status: 403, code: 'CHECKOUT_SESSION_NOT_YOURS' });
    await expect(
      connect.describe({ checkoutSessionId: s.id }, { ...sb.ctx, user: CHRIS, livemode: true }),
    ).rejects.toMatchObject({ status: 403 });
    const summary = await connect.describe({ checkoutSessionId: s.id }, { ...sb.ctx, user: CASEY, livemode: true });
    expect(summary.title).toBe('Pay for Sandbox Pro License');
    expect(summary.lines.at(-1)).toEqual({ label: 'Total due now', value: '10 TBA' });

    published.length = 0;
    const result = await approve('payment', s.id, CASEY.did);
    expect(result.invoiceId).toMatch(/^in_/);
    await vi.waitFor(() => expect(published).toHaveLength(2));
    expect(published.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect(published[0]!.object).toMatchObject({
      id: s.id,
      status: 'complete',
      payment_status: 'paid',
      invoice_id: result.invoiceId,
    });
    expect(published[1]!.object).toMatchObject({
      id: result.invoiceId,
      status: 'paid',
      billing_reason: 'manual',
      total: '10000000000000000000',
    });
    expect(published[1]!.object.number).toMatch(/^SBX-\d{4}$/);

    await expect(approve('payment', s.id, CASEY.did)).rejects.toMatchObject({
      status: 409,
      message: 'This checkout session has already been paid',
    });
    const after = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(after.body.checkoutSession).toMatchObject({ status: 'complete', invoice_id: result.invoiceId });
    expect(after.body.paymentIntent).toMatchObject({ id: first.body.paymentIntent.id, status: 'succeeded' });
    expect(await walletBalance(sb, CASEY.did)).toBe('990000000000000000000');
    await new Promise((r) => setTimeout(r, 50));
    expect(published).toHaveLength(2);

    const mine = await asUser(sb, casey, 'GET', `/api/invoices/${result.invoiceId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      paymentCurrency: { symbol: 'TBA' },
      paymentMethod: { type: 'arcblock' },
      paymentIntent: { status: 'succeeded' },
      checkout_session_id: s.id,
    });
    expect(mine.body.lines[0]).toMatchObject({ price_id: 'price_sandbox_pro', amount: '10000000000000000000' });
    const other = await asUser(sb, chris, 'GET', `/api/invoices/${result.invoiceId}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'You are not allowed to view this invoice' });
    const list = await asUser(sb, casey, 'GET', '/api/invoices?page=1&pageSize=10');
    expect(list.body.list.map((i: any) => i.id)).toEqual([result.invoiceId]);
    const spy = await asUser(sb, chris, 'GET', `/api/invoices?customer_id=${mine.body.customer_id}`);
    expect(spy.status).toBe(403);
    expect((await asUser(sb, chris, 'GET', '/api/invoices')).body).toEqual({ count: 0, list: [] });
  });

  it('a rolled-back approve publishes nothing and leaves the session open', async () => {
    const { checkoutSession: s } = await start('plink_sandbox_onetime');
    published.length = 0;
    const connect = getConnectAction('payment')!;
    await expect(
      sb.ctx.db.transaction(async (tx) => {
        await connect.approve(
          { checkoutSessionId: s.id },
          { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did },
        );
        throw new Error('wallet went away');
      }),
    ).rejects.toThrow('wallet went away');
    // The database answers in order: once this answers, the paid-invoice probe that decides the publish has too.
    await sb.ctx.db.query('SELECT 1');
    expect(published).toHaveLength(0);
    expect((await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${s.id}`)).body.checkoutSession.status).toBe(
      'open',
    );
  });

  it('subscription checkout creates the subscription and a subscription_create invoice', async () => {
    const { checkoutSession: s } = await start('plink_sandbox_trial');
    await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    await expect(approve('payment', s.id, CASEY.did)).rejects.toMatchObject({ status: 400 });
    const result = await approve('subscription', s.id, CASEY.did);
    const sub = await asUser(sb, casey, 'GET', `/api/subscriptions/${result.subscriptionId}`);
    expect(sub.body).toMatchObject({ status: 'trialing', latest_invoice_id: result.invoiceId });
    const invoice = await asUser(sb, casey, 'GET', `/api/invoices/${result.invoiceId}`);
    expect(invoice.body).toMatchObject({
      billing_reason: 'subscription_create',
      total: '0',
      subscription_id: result.subscriptionId,
    });
    expect((await asUser(sb, chris, 'GET', `/api/subscriptions/${result.subscriptionId}`)).status).toBe(403);
  });

  it('fast checkout pays from the sandbox wallet when the balance suffices, else fastPaid false', async () => {
    const a = (await start('plink_sandbox_onetime')).checkoutSession;
    const submitted = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${a.id}/submit`, form);
    expect(submitted.body.balance.sufficient).toBe(true);
    expect((await asUser(sb, chris, 'POST', `/api/checkout-sessions/${a.id}/fast-checkout-confirm`)).status).toBe(403);
    published.length = 0;
    const paid = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${a.id}/fast-checkout-confirm`);
    expect(paid.body.fastPaid).toBe(true);
    expect(published.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);

    const b = (await start('plink_sandbox_onetime')).checkoutSession;
    const poor = await asUser(sb, chris, 'PUT', `/api/checkout-sessions/${b.id}/submit`, {
      ...form,
      customer_name: 'Chris',
      customer_email: 'chris@example.com',
    });
    expect(poor.body).toMatchObject({ balance: { sufficient: false }, fastPayInfo: null });
    expect(
      (await asUser(sb, chris, 'POST', `/api/checkout-sessions/${b.id}/fast-checkout-confirm`)).body.fastPaid,
    ).toBe(false);
  });

  it('donations can be submitted without a login; expired sessions are refused', async () => {
    const d = (await start('plink_sandbox_donation')).checkoutSession;
    expect(d.amount_total).toBe('5000000000000000000');
    const r = await asUser(sb, null, 'PUT', `/api/checkout-sessions/${d.id}/submit`, {
      ...form,
      customer_name: 'Anon',
      customer_email: 'anon@example.com',
    });
    expect(r.status).toBe(200);
    expect(r.body.customer).toMatchObject({ did: null, email: 'anon@example.com' });

    const e = (await start('plink_sandbox_onetime')).checkoutSession;
    sb.ctx.clock.advance(25 * 3600 * 1000);
    try {
      const expired = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${e.id}/submit`, form);
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe('checkout session expired');
      expect(
        (await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${e.id}`)).body.checkoutSession.status,
      ).toBe('expired');
    } finally {
      sb.ctx.clock.reset();
    }
  });

  it('the demo catalog lists every seeded kind', async () => {
    const r = await asUser(sb, null, 'GET', '/payment/api/sandbox/catalog');
    expect(r.body.map((x: any) => x.kind)).toEqual([
      'one-time',
      'trial',
      'metered',
      'staking',
      'upsell',
      'cross-sell',
      'donation',
      'credit',
      'credits',
      'vendor',
    ]);
    expect(r.body[0]).toMatchObject({
      id: 'plink_sandbox_onetime',
      name: 'Sandbox Pro License',
      amount: '10000000000000000000',
      symbol: 'TBA',
      decimal: 18,
    });
  });
});
