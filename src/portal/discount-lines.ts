import type { Invoice } from '../api/types.ts';

export type DiscountLine = { amount: string; code: string | null; coupon: string | null };

/**
 * The discounts of an invoice (spec §3 Discount), one line per positive amount of `total_discount_amounts`, with the
 * promotion code and coupon name of its `discountDetails` (the retrieve's, in the order of the amounts; matched by
 * coupon or promotion code when it can be). The invoice page and its printable document both list them.
 */
export function discountLines(invoice: Invoice): DiscountLine[] {
  const details = invoice.discountDetails ?? [];
  return (invoice.total_discount_amounts ?? [])
    .filter((d) => d && /^\d+$/.test(String(d.amount)) && BigInt(d.amount) > 0n)
    .map((d, i) => {
      const info =
        details.find(
          (x) =>
            (d.promotion_code && x.promotionCode?.id === d.promotion_code) || (d.coupon && x.coupon?.id === d.coupon),
        ) ?? details[i];
      return { amount: String(d.amount), code: info?.promotionCode?.code ?? null, coupon: info?.coupon?.name ?? null };
    });
}
