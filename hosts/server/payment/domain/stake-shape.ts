/**
 * The stake as the platform shows it on a subscription (TSubscription, @blocklet/payment-types). The sandbox keeps its
 * own bookkeeping of a stake under `payment_details.staking` (amount, invoice, revocation, settlement: stakes.ts,
 * restake.ts); that never leaves the server. Outward a subscription carries only the real fields:
 * - `billing_thresholds.stake_gte`: the stake, a number in token units;
 * - `payment_details.arcblock.staking{tx_hash, address}`: the stake's transaction, once taken;
 * - `cancelation_details.return_stake` / `slash_stake`: the merchant's cancel returned or slashed it.
 * The stake's invoices (billing reasons `stake`, `return_stake`, `slash_stake`) are the subscription's invoices.
 */
import type { Queryable } from '../../db.ts';
import { fromUnit } from './money.ts';
import { find, type Doc } from '../data/repo.ts';

/** A subscription row as the platform sends it, unexpanded; null stays null. */
export async function publicOf(q: Queryable, sub: Doc | null): Promise<Doc | null> {
  if (!sub) return sub;
  const customer = await find(q, 'customers', sub.customer_id);
  return publicSubscription(sub, await find(q, 'payment_currencies', sub.currency_id), customer?.did);
}

/** `sub` as the platform sends it (any expansion kept); `currency` gives the decimals of the stake. */
export function publicSubscription(sub: Doc, currency: Doc | null | undefined, payerDid?: string | null): Doc {
  const { staking, ...details } = (sub.payment_details ?? {}) as Doc;
  if (!staking)
    return sub.payment_details && 'staking' in sub.payment_details ? { ...sub, payment_details: details } : sub;
  const amount = String(staking.amount ?? '0');
  const decimal = Number(currency?.decimal ?? 18);
  const out: Doc = { ...sub, payment_details: details };
  if (/^\d+$/.test(amount) && BigInt(amount) > 0n) {
    out.billing_thresholds = {
      amount_gte: 0,
      reset_billing_cycle_anchor: false,
      ...(sub.billing_thresholds ?? {}),
      stake_gte: Number(fromUnit(amount, decimal)),
    };
  }
  if (typeof staking.tx_hash === 'string' && staking.tx_hash) {
    const arcblock = (details.arcblock ?? {}) as Doc;
    out.payment_details = {
      ...details,
      arcblock: {
        tx_hash: staking.tx_hash,
        payer: payerDid ?? '',
        ...arcblock,
        staking: { tx_hash: staking.tx_hash, address: stakeAddress(sub.id) },
      },
    };
  }
  if (staking.revoked_at) {
    const slash = staking.revoke_reason === 'slash';
    out.cancelation_details = { ...(sub.cancelation_details ?? {}), return_stake: !slash, slash_stake: slash };
  }
  return out;
}

/** The sandbox's stand-in for the stake account's address (the platform's is the chain's stake address). */
function stakeAddress(subscriptionId: string): string {
  return `zstake${Buffer.from(String(subscriptionId)).toString('hex').slice(0, 32)}`;
}
