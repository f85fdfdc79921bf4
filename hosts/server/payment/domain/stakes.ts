/**
 * Stake return and slash (spec §4 billing reasons `return_stake`, `slash_stake`; §3 refund type stake_return).
 *
 * Returning or slashing a stake revokes it (`staking.revoked_at`, `revoke_reason` return|slash, set by the
 * merchant's cancel). The next billing run settles each revoked, unsettled stake into a paid invoice of its
 * subscription with billing reason `return_stake` or `slash_stake` and the transaction (tx hash) of the
 * movement; a return puts a stake the sandbox wallet actually paid (a re-stake) back into that wallet. The stake
 * then carries `settlement: {invoice_id, tx_hash, settled_at}` so it is settled once. A return also records a refund
 * of type `stake_return` (refunds.ts) linked to the stake's invoice.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db.ts';
import { createInvoice, WALLET_METHODS } from './billing.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type { SubscriptionRow } from '../data/schema.ts';
import { recordStakeReturn } from './refunds.ts';
import { creditWallet } from './wallet.ts';

/**
 * Settles every revoked, unsettled stake at `now` (unix seconds, sandbox time); the refunds it records are added
 * to `out` as `refund.succeeded`.
 */
export async function settleRevokedStakes(
  q: Queryable,
  now: number,
  out: Array<{ type: string; object: Doc }> = [],
): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<{ data: SubscriptionRow }>(
    "SELECT data FROM subscriptions WHERE data->'payment_details'->'staking'->>'revoked_at' IS NOT NULL AND data->'payment_details'->'staking'->'settlement' IS NULL ORDER BY created_at, id FOR UPDATE",
  );
  const settled: SubscriptionRow[] = [];
  for (const { data: sub } of rows) {
    const stake = sub.payment_details.staking as Doc;
    const amount = String(stake.amount ?? '0');
    if (!/^\d+$/.test(amount) || BigInt(amount) <= 0n) continue;
    const customer = await mustFind(q, 'customers', sub.customer_id);
    const currency = await mustFind(q, 'payment_currencies', stake.currency_id ?? sub.currency_id);
    const method = await mustFind(q, 'payment_methods', currency.payment_method_id);
    const slash = stake.revoke_reason === 'slash';
    // Only a stake the wallet paid (a checkout's or a re-stake, with its invoice) goes back to it; a stake the merchant
    // API recorded without taking any money does not.
    if (!slash && stake.invoice_id && customer.did && WALLET_METHODS.has(method.type)) {
      await creditWallet(q, customer.did, currency.id, amount);
    }
    const txHash = `0x${randomBytes(32).toString('hex')}`;
    const details = { [method.type]: { tx_hash: txHash, type: slash ? 'slash' : 'stake_return', payer: customer.did } };
    const label = `${slash ? 'Stake slashed' : 'Stake returned'}: ${sub.description || sub.id}`;
    const { invoice } = await createInvoice(q, {
      livemode: sub.livemode,
      customer,
      currencyId: currency.id,
      methodId: method.id,
      lines: [{ price_id: '', quantity: 1, amount, description: label }],
      billingReason: slash ? 'slash_stake' : 'return_stake',
      status: 'paid',
      subscriptionId: sub.id,
      paymentDetails: details,
      description: label,
    });
    // A return is also a refund of type stake_return (spec §3), shown like any refund on the stake's invoice
    // (the return invoice when the stake had none).
    if (!slash) {
      const refund = await recordStakeReturn(q, {
        sub,
        amount,
        currencyId: currency.id,
        invoiceId: typeof stake.invoice_id === 'string' && stake.invoice_id ? stake.invoice_id : invoice.id,
        returnInvoiceId: invoice.id,
        paymentDetails: details,
      });
      out.push({ type: 'refund.succeeded', object: refund });
    }
    const latest = (await find(q, 'subscriptions', sub.id)) ?? sub;
    settled.push(
      await save(q, 'subscriptions', {
        ...latest,
        payment_details: {
          ...latest.payment_details,
          staking: { ...stake, settlement: { invoice_id: invoice.id, tx_hash: txHash, settled_at: now } },
        },
      }),
    );
  }
  return settled;
}

/** Whether resuming needs a new stake: the subscription had one and it was returned or slashed. */
export function needsStake(sub: Doc): boolean {
  const staking = sub.payment_details?.staking;
  return Boolean(staking && staking.revoked_at);
}
