/**
 * A staking checkout (subscription_data.min_stake_amount): the stake leaves the wallet with the first payment, as its
 * own paid `stake` invoice with a transaction, and the subscription records it; a wallet short of payment + stake
 * refuses the approval and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import {
  asUser,
  CHRIS,
  closeSandbox,
  openSandbox,
  signed,
  TBA,
  walletBalance,
  type Sandbox,
} from './payment-helpers.ts';

let sb: Sandbox;
let chris: string;
beforeAll(async () => ({ sb, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

const form = {
  customer_name: 'Chris Buyer',
  customer_email: 'chris@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
  billing_address: { country: 'us' },
};
const setBalance = (amount: string) =>
  signed(sb, 'POST', '/api/sandbox/wallet/fund', {
    body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount, set: true },
  });
const balance = () => walletBalance(sb, CHRIS.did);
const action = getConnectAction('subscription')!;
const approve = (checkoutSessionId: string) =>
  sb.ctx.db.transaction((tx) =>
    action.approve({ checkoutSessionId }, { ...sb.ctx, user: null, livemode: true, tx, userDid: CHRIS.did }),
  );

describe('staking checkout', () => {
  it('the wallet shows the stake; a short wallet refuses; then payment and stake both leave the wallet', async () => {
    const started = await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_staking');
    const id: string = started.body.checkoutSession.id;
    expect((await asUser(sb, chris, 'PUT', `/api/checkout-sessions/${id}/submit`, form)).status).toBe(200);
    // Submitted by Chris, the session is his: the wallet request is described to him (anyone else gets 403).
    const summary = await action.describe!({ checkoutSessionId: id }, {
      db: sb.ctx.db,
      user: CHRIS,
      livemode: true,
    } as never);
    expect(summary.lines).toEqual([
      { label: 'Sandbox Node Hosting × 1', value: '20 TBA / month' },
      { label: 'Stake (returned when the subscription ends)', value: '50 TBA' },
      { label: 'Total due now', value: '70 TBA' },
    ]);

    // 60 TBA pays the 20 TBA but not the 50 TBA stake: refused, nothing taken, the session stays open.
    expect((await setBalance('60')).status).toBe(200);
    await expect(approve(id)).rejects.toMatchObject({
      status: 400,
      message: 'Insufficient TBA balance in the sandbox wallet: the stake is 50 TBA',
    });
    expect(await balance()).toBe(TBA(60));
    expect((await asUser(sb, null, 'GET', `/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession.status).toBe(
      'open',
    );
    expect((await asUser(sb, chris, 'GET', '/api/subscriptions?pageSize=50')).body).toMatchObject({
      list: [],
      count: 0,
    });

    await setBalance('100');
    const result = await approve(id);
    expect(await balance()).toBe(TBA(30));
    const sub = (await asUser(sb, chris, 'GET', `/api/subscriptions/${result.subscriptionId}`)).body;
    expect(sub.latest_invoice_id).toBe(result.invoiceId);
    // The stake as the platform shows it (TSubscription): the amount in token units, the transaction under arcblock.
    expect(sub.billing_thresholds).toMatchObject({ stake_gte: 50 });
    expect(sub.payment_details.arcblock.staking).toMatchObject({
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      address: expect.any(String),
    });
    expect(sub.payment_details.staking).toBeUndefined();
    const invoices = (await asUser(sb, chris, 'GET', `/api/invoices?subscription_id=${sub.id}&include_staking=true`))
      .body.list;
    const stakeInvoice = invoices.find((i: { billing_reason: string }) => i.billing_reason === 'stake');
    expect(Object.values(stakeInvoice.metadata.payment_details)[0]).toMatchObject({
      tx_hash: sub.payment_details.arcblock.staking.tx_hash,
    });
    expect(stakeInvoice).toMatchObject({
      billing_reason: 'stake',
      status: 'paid',
      total: TBA(50),
      subscription_id: sub.id,
    });
    expect((await asUser(sb, chris, 'GET', `/api/invoices/${result.invoiceId}`)).body).toMatchObject({
      billing_reason: 'subscription_create',
      total: TBA(20),
    });
  });
});
