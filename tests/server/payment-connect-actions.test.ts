/**
 * The DID Connect actions the portal opens beside the checkout: `collect` {invoiceId} (one unpaid invoice) and
 * `auto-recharge-auth` {autoRechargeConfigId} (the wallet authorizes the auto top-up: the payer is recorded where the
 * portal polls it), asked for as the page does and answered by the demo users' wallets through the protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAs, openConnect } from './connect-helpers.ts';
import {
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  makeCustomer,
  openSandbox,
  signed,
  TBA,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

let sb: Sandbox;
let casey: string;
let chris: string;
beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

describe('collect {invoiceId}', () => {
  it('pays one overdue invoice from the owner’s wallet; others are refused; then nothing is left to pay', async () => {
    const sub = await signed(sb, 'POST', '/api/subscriptions', {
      body: { customer_id: CHRIS.did, items: [{ price_id: 'price_sandbox_node_monthly', quantity: 1 }] },
    });
    expect(sub.status).toBe(200);
    await signed(sb, 'POST', '/api/sandbox/clock/advance', {
      body: { seconds: sub.body.current_period_end - sb.ctx.clock.nowSeconds() + 1 },
    });
    const invoiceId = (await asUser(sb, chris, 'GET', `/api/subscriptions/${sub.body.id}`)).body.latest_invoice_id;
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${invoiceId}`)).body.status).toBe('open');

    expect((await openConnect(sb, chris, 'collect', {})).status).toBe(400);
    expect((await openConnect(sb, casey, 'collect', { invoiceId })).status).toBe(403);
    expect((await openConnect(sb, null, 'collect', { invoiceId })).status).toBe(401);
    // The `collect` call of payment-react passes no prefix: the component root's /api/did answers too.
    const opened = await openConnect(sb, chris, 'collect', { invoiceId }, '/api/did');
    expect(opened.status).toBe(200);
    const state0 = await (await fetch(`${sb.url}/api/did/collect/status?_t_=${opened.body.token}`)).json();
    expect(state0.summary).toMatchObject({ title: expect.stringMatching(/^Pay invoice /) });

    await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
      body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '100', set: true },
    });
    const other = await answerAs(sb, opened, CASEY.did);
    expect(other.state.status).toBe('error');
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${invoiceId}`)).body.status).toBe('open');

    const ok = await answerAs(sb, await openConnect(sb, chris, 'collect', { invoiceId }), CHRIS.did);
    expect(ok.state).toMatchObject({ status: 'succeed', result: { invoiceId, amount: TBA(20) } });
    expect(await walletBalance(sb, CHRIS.did)).toBe(TBA(80));
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${invoiceId}`)).body.status).toBe('paid');
    expect((await openConnect(sb, chris, 'collect', { invoiceId })).status).toBe(400);
  });
});

describe('auto-recharge-auth {autoRechargeConfigId}', () => {
  it('records the authorizing wallet as the payer; another customer cannot open or answer it', async () => {
    const customerId = await makeCustomer(sb, CASEY.did, '5');
    const cfg = (
      await asUser(sb, casey, 'GET', `/api/auto-recharge-configs/customer/${customerId}?currency_id=pc_sandbox_credit`)
    ).body;
    expect(cfg.id).toMatch(/^arc_/);
    expect((await openConnect(sb, chris, 'auto-recharge-auth', { autoRechargeConfigId: cfg.id })).status).toBe(403);
    expect((await openConnect(sb, casey, 'auto-recharge-auth', { autoRechargeConfigId: 'arc_nope' })).status).toBe(404);
    const open = () => openConnect(sb, casey, 'auto-recharge-auth', { autoRechargeConfigId: cfg.id });
    const first = await open();
    expect(first.status).toBe(200);
    const refused = await answerAs(sb, first, CHRIS.did);
    expect(refused.state.status).toBe('error');

    const ok = await answerAs(sb, await open(), CASEY.did);
    expect(ok.outcome.status).toBe('ok');
    expect(ok.state).toMatchObject({
      status: 'succeed',
      summary: { title: 'Authorize auto top-up of CRD' },
      result: { autoRechargeConfigId: cfg.id, payer: CASEY.did },
    });
    const retrieved = await asUser(sb, casey, 'GET', `/api/auto-recharge-configs/retrieve/${cfg.id}`);
    expect(retrieved.body).toMatchObject({
      id: cfg.id,
      payment_settings: { payment_method_options: { arcblock: { payer: CASEY.did } } },
      paymentMethod: { type: 'arcblock' },
    });
    expect((await asUser(sb, chris, 'GET', `/api/auto-recharge-configs/retrieve/${cfg.id}`)).status).toBe(403);
  });
});
