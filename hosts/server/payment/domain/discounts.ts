import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { find } from '../data/repo.ts';
import type { CheckoutSessionRow, CouponRow, PromotionCodeRow } from '../data/schema.ts';

/**
 * Promotion codes on a checkout session (spec §3 Discount, §5 promotion rules, §7 apply/remove/recalculate).
 * A session carries at most one discount: `{promotion_code, coupon, discount_amount, verification_data: {code}}`.
 */

export type DiscountError =
  'PROMOTION_CODE_INVALID' | 'PROMOTION_CODE_EXPIRED' | 'PROMOTION_CODE_USED' | 'PROMOTION_CODE_NOT_APPLICABLE';

const MESSAGES: Record<DiscountError, string> = {
  PROMOTION_CODE_INVALID: 'This promotion code is invalid',
  PROMOTION_CODE_EXPIRED: 'This promotion code has expired',
  PROMOTION_CODE_USED: 'This promotion code has already been used up',
  PROMOTION_CODE_NOT_APPLICABLE: 'This promotion code does not apply to this purchase',
};

const refuse = (code: DiscountError): never => {
  throw new HttpError(400, MESSAGES[code], code);
};

/** The promotion code and its coupon for `code` (case-insensitive), checked for use on this session. */
export async function checkPromotion(
  q: Queryable,
  session: CheckoutSessionRow,
  code: string,
): Promise<{ promo: PromotionCodeRow; coupon: CouponRow }> {
  const { rows } = await q.query<{ data: PromotionCodeRow }>(
    'SELECT data FROM promotion_codes WHERE lower(code) = lower($1) AND livemode = $2 ORDER BY active DESC LIMIT 1',
    [code, session.livemode],
  );
  const promo = rows[0]?.data;
  if (!promo || !promo.active) return refuse('PROMOTION_CODE_INVALID');
  const coupon = await find(q, 'coupons', promo.coupon_id);
  if (!coupon || coupon.valid === false) return refuse('PROMOTION_CODE_INVALID');
  const now = q.clock.nowSeconds();
  if ((promo.expires_at && promo.expires_at <= now) || (coupon.redeem_by && coupon.redeem_by <= now))
    return refuse('PROMOTION_CODE_EXPIRED');
  const used = (n: unknown, max: unknown) => typeof max === 'number' && max > 0 && Number(n ?? 0) >= max;
  if (used(promo.times_redeemed, promo.max_redemptions) || used(coupon.times_redeemed, coupon.max_redemptions))
    return refuse('PROMOTION_CODE_USED');
  if (promo.customer_id && session.customer_id && promo.customer_id !== session.customer_id)
    return refuse('PROMOTION_CODE_NOT_APPLICABLE');
  const products: string[] | undefined = coupon.applies_to?.products;
  if (Array.isArray(products) && products.length) {
    const ids = await Promise.all(
      session.line_items.map(async (i) => (await find(q, 'prices', i.upsell_price_id ?? i.price_id))?.product_id),
    );
    if (!ids.some((id) => id !== undefined && products.includes(id))) return refuse('PROMOTION_CODE_NOT_APPLICABLE');
  }
  return { promo, coupon };
}

/** The discount of a coupon on `due` (smallest unit) in a currency: percent (floored) or a fixed amount (capped). */
export function couponDiscount(coupon: CouponRow, due: string, currencyId: string): string {
  const total = BigInt(due);
  if (total <= 0n) return '0';
  if (Number(coupon.percent_off) > 0) {
    // percent_off may have decimals (e.g. 12.5): scale to basis points × 100 to stay in integers.
    const bp = BigInt(Math.round(Number(coupon.percent_off) * 10_000));
    return ((total * bp) / 1_000_000n).toString();
  }
  const fixed =
    coupon.currency_id === currencyId ? coupon.amount_off : coupon.currency_options?.[currencyId]?.amount_off;
  if (!fixed) return '0';
  const off = BigInt(fixed);
  return (off > total ? total : off).toString();
}

/** The session's discount in a currency (0 with no discount), recomputed from its coupon. */
export async function sessionDiscount(
  q: Queryable,
  session: Pick<CheckoutSessionRow, 'discounts'>,
  due: string,
  currencyId: string,
): Promise<string> {
  const d = session.discounts?.[0];
  if (!d?.coupon) return '0';
  const coupon = await find(q, 'coupons', d.coupon);
  return coupon ? couponDiscount(coupon, due, currencyId) : '0';
}
