import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, CASEY, closeSandbox, openSandbox, signed, type Sandbox } from './payment-helpers.ts';

/** GET /api/payment-intents: the portal's payment history (the real list; the sandbox-only /api/payment-history is the same query), the customer's own payment intents only. */

let sb: Sandbox;
let casey: string;
let chris: string;

beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

describe('payment history', () => {
  it("lists the customer's own payments with currency, method and the linked invoice; searches by invoice number", async () => {
    const r0 = await signed(sb, 'POST', '/api/subscriptions', {
      body: { customer_id: CASEY.did, items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] },
    });
    expect(r0.status).toBe(200);
    // The renewal a month later is paid from the wallet: a payment intent linked to its invoice.
    expect((await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 31 * 86400 } })).status).toBe(
      200,
    );
    const mine = await asUser(sb, casey, 'GET', '/api/payment-intents?page=1&pageSize=5');
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBeGreaterThan(0);
    expect(mine.body.list.length).toBeLessThanOrEqual(5);
    const own = new Set(mine.body.list.map((p: { customer_id: string }) => p.customer_id));
    expect(own.size).toBe(1);
    const withInvoice = mine.body.list.find((p: { invoice: unknown }) => p.invoice);
    expect(withInvoice).toMatchObject({
      status: 'succeeded',
      paymentCurrency: { symbol: expect.any(String) },
      paymentMethod: { type: expect.any(String) },
      invoice: { id: expect.stringMatching(/^in_/), status: 'paid' },
    });
    expect(typeof withInvoice.amount).toBe('string');

    const found = await asUser(
      sb,
      casey,
      'GET',
      `/api/payment-intents?query=${encodeURIComponent(withInvoice.invoice.number)}`,
    );
    expect(found.body.list.map((p: { id: string }) => p.id)).toContain(withInvoice.id);
    const none = await asUser(sb, casey, 'GET', '/api/payment-intents?query=no-such-payment-zzz');
    expect(none.body).toEqual({ count: 0, list: [] });
    // A LIKE wildcard is searched as text, not as "anything".
    expect((await asUser(sb, casey, 'GET', '/api/payment-intents?query=%25')).body.count).toBe(0);

    // Another customer never sees them, even when asking for that customer by id.
    const theirs = await asUser(sb, chris, 'GET', '/api/payment-intents');
    expect(theirs.status).toBe(200);
    expect(theirs.body.list.map((p: { id: string }) => p.id)).not.toContain(withInvoice.id);
    const refused = await asUser(sb, chris, 'GET', `/api/payment-intents?customer_id=${withInvoice.customer_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You are not allowed to view payments of another customer' });
    // The merchant may name the customer.
    const merchant = await signed(sb, 'GET', '/api/payment-intents', {
      query: { customer_id: withInvoice.customer_id },
    });
    expect(merchant.body.count).toBe(mine.body.count);
  });

  it('refuses signed-out visitors and bad input with a 4xx', async () => {
    const anon = await asUser(sb, null, 'GET', '/api/payment-intents');
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBeTruthy();
    const long = await asUser(sb, casey, 'GET', `/api/payment-intents?query=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/too long/);
  });
});
