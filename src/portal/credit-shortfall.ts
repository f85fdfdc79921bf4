/**
 * When a credit balance cannot cover the pending (not yet billed) usage (spec §8 'notEnough' with amount, symbol
 * and quantity): the pending amount and the credit quantity still missing, rounded up to 2 decimals (spec §9).
 * Pure: BigInt on smallest-unit strings.
 */
import { compareAmounts, fromSmallestUnit, roundDecimal, subAmounts } from '../core/money.ts';

export type CreditShortfall = { amount: string; quantity: string };

export function creditShortfall(
  balance: string | null | undefined,
  pending: string | null | undefined,
  decimals: number,
): CreditShortfall | null {
  const b = /^-?\d+$/.test(String(balance ?? '')) ? String(balance) : '0';
  const p = /^\d+$/.test(String(pending ?? '')) ? String(pending) : '0';
  if (p === '0' || compareAmounts(p, b) <= 0) return null;
  const missing = subAmounts(p, b);
  return {
    amount: fromSmallestUnit(p, decimals),
    quantity: roundDecimal(fromSmallestUnit(missing, decimals), 2, 'up'),
  };
}
