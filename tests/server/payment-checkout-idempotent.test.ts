/**
 * Issue 3: "A double click, a retry after a network error or a page reload never pays twice". The element sends one
 * submit per click (browser test); here the platform side: a confirm repeated (a retry whose first answer was lost,
 * or two tabs at once), a submit after the session is paid (a reload), and a wallet approve after a fast pay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import { asUser, CASEY, closeSandbox, openSandbox, walletBalance, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let casey: string;
beforeAll(async () => {
  ({ sb, casey } = await openSandbox());
});
afterAll(() => closeSandbox(sb));

const form = {
  customer_name: 'Casey Customer',
  customer_email: 'casey@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
  billing_address: { country: 'us' },
};
const balance = () => walletBalance(sb, CASEY.did);
const invoicesOf = async (id: string) =>
  (await sb.ctx.db.query("SELECT 1 FROM invoices WHERE data->>'checkout_session_id' = $1", [id])).rows.length;

describe('checkout payments are idempotent end to end', () => {
  it('a fast-pay confirm sent twice (in parallel, and again later) pays once', async () => {
    const s = (await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime')).body
      .checkoutSession;
    expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form)).status).toBe(200);
    const before = BigInt(await balance());
    const [a, b] = await Promise.all([
      asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/fast-checkout-confirm`),
      asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/fast-checkout-confirm`),
    ]);
    expect([a.status, b.status].every((x) => x < 500)).toBe(true);
    expect([a.body.fastPaid, b.body.fastPaid]).toContain(true);
    // The retry after a lost answer: the session is paid; nothing more is taken.
    const retry = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${s.id}/fast-checkout-confirm`);
    expect(retry.status).toBeLessThan(500);
    expect(before - BigInt(await balance())).toBe(10n * 10n ** 18n);
    expect(await invoicesOf(s.id)).toBe(1);

    // A reload: the session reads complete, and a submit from the stale page does not start a new payment.
    const again = await asUser(sb, casey, 'GET', `/api/checkout-sessions/retrieve/${s.id}`);
    expect(again.body.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const stale = await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${s.id}/submit`, form);
    expect(stale.status).toBeLessThan(500);
    if (stale.status === 200) expect(stale.body.checkoutSession).toMatchObject({ status: 'complete' });
    // The wallet approving the same session afterwards is refused.
    const connect = getConnectAction('payment')!;
    await expect(
      sb.ctx.db.transaction((tx) =>
        connect.approve({ checkoutSessionId: s.id }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CASEY.did }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(before - BigInt(await balance())).toBe(10n * 10n ** 18n);
    expect(await invoicesOf(s.id)).toBe(1);
  });
});
