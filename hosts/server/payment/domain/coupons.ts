/**
 * Coupons and promotion codes (no HTTP; payment-js `coupons.*`, `promotionCodes.*`). routes/coupons-routes.ts is its
 * router; a code's use at checkout is discounts.ts.
 *
 * - Coupons: `createCoupon` (exactly one of percent_off or amount_off, the latter in token units of its currency and
 *   its currency_options; a duration; with its inline `promotion_codes`, in one transaction), `expandCoupon`,
 *   `updateCoupon` (name, description, metadata), `deleteCoupon` (with its codes, only while never redeemed).
 * - Promotion codes: `createPromotionCode` (letters, digits, - and _; one active code of a text per mode, any case),
 *   `updatePromotionCode`, `archivePromotionCode`, `deletePromotionCode` (only while never redeemed).
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { percent as percentOf, tokenAmount } from '../../validate.ts';
import { currency } from './pricing.ts';
import { find, insert, mustFind, newDoc, remove, save, type Doc } from '../data/repo.ts';
import type { CouponRow, PromotionCodeRow } from '../data/schema.ts';
import { arr, bool, int, obj, oneOf, str, strings, time, type Body } from './fields.ts';

/** A repeating coupon lasts at most 100 years; a coupon or code is redeemed at most a billion times. */
const MONTHS_MAX = 1200;
const REDEMPTIONS_MAX = 1_000_000_000;

async function couponDoc(q: Queryable, body: Body, livemode: boolean): Promise<CouponRow> {
  const hasPercent = body.percent_off !== undefined && body.percent_off !== null;
  const hasAmount = body.amount_off !== undefined && body.amount_off !== null && body.amount_off !== '';
  if (hasPercent === hasAmount) throw new HttpError(400, 'A coupon needs exactly one of percent_off or amount_off');
  const percent = hasPercent ? percentOf(body.percent_off, 'percent_off') : undefined;
  let amountOff = '0';
  let currencyId: string | null = null;
  const currencyOptions: CouponRow['currency_options'] = {};
  if (hasAmount) {
    const c = await currency(q, body.currency_id);
    currencyId = c.id;
    amountOff = tokenAmount(body.amount_off, c.decimal, 'amount_off');
    if (amountOff === '0') throw new HttpError(400, 'amount_off must be greater than 0');
    for (const [id, opt] of Object.entries(obj(body, 'currency_options') ?? {})) {
      const oc = await currency(q, id, `currency_options.${id}`);
      currencyOptions[id] = {
        amount_off: tokenAmount((opt as Body)?.amount_off, oc.decimal, `currency_options.${id}.amount_off`),
      };
    }
  }
  const duration = oneOf(body, 'duration', ['forever', 'once', 'repeating'] as const, 'once');
  const months = int(body, 'duration_in_months', { min: 1, max: MONTHS_MAX });
  if (duration === 'repeating' && !months)
    throw new HttpError(400, 'duration_in_months is required for a repeating coupon');
  return newDoc(q, 'coupons', livemode, {
    object: 'coupon',
    locked: false,
    name: str(body, 'name', { required: true, max: 100 })!,
    description: str(body, 'description') ?? '',
    percent_off: percent ?? 0,
    amount_off: amountOff,
    currency_id: currencyId,
    currency_options: currencyOptions,
    duration,
    duration_in_months: duration === 'repeating' ? months! : 0,
    max_redemptions: int(body, 'max_redemptions', { min: 1, max: REDEMPTIONS_MAX }) ?? null,
    redeem_by: time(body, 'redeem_by') ?? null,
    applies_to: appliesTo(body),
    times_redeemed: 0,
    valid: true,
    metadata: obj(body, 'metadata') ?? {},
  });
}

/** `applies_to: {products: string[]}` of a coupon (each an existing product id is not required), or null. */
function appliesTo(body: Body): CouponRow['applies_to'] {
  const given = obj(body, 'applies_to');
  if (!given) return null;
  return { products: strings({ 'applies_to.products': given.products ?? [] }, 'applies_to.products')! };
}

async function promotionCodeDoc(q: Queryable, body: Body, coupon: CouponRow): Promise<PromotionCodeRow> {
  const code = str(body, 'code', { required: true, max: 64 })!.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(code)) throw new HttpError(400, 'code may only contain letters, digits, - and _');
  const { rows } = await q.query(
    'SELECT 1 FROM promotion_codes WHERE lower(code) = lower($1) AND livemode = $2 AND active',
    [code, coupon.livemode],
  );
  if (rows.length) throw new HttpError(400, `An active promotion code ${code} already exists`);
  return newDoc(q, 'promotion_codes', coupon.livemode, {
    object: 'promotion_code',
    active: bool(body, 'active') ?? true,
    locked: false,
    code,
    description: str(body, 'description') ?? '',
    coupon_id: coupon.id,
    max_redemptions: int(body, 'max_redemptions', { min: 1, max: REDEMPTIONS_MAX }) ?? null,
    times_redeemed: 0,
    expires_at: time(body, 'expires_at') ?? null,
    restrictions: obj(body, 'restrictions') ?? {},
    customer_id: str(body, 'customer_id') ?? null,
    verification_type: 'code',
    metadata: obj(body, 'metadata') ?? {},
  });
}

/** Whether a coupon or promotion code has been redeemed (then it cannot be deleted). */
export function wasRedeemed(doc: CouponRow | PromotionCodeRow): boolean {
  return Number(doc.times_redeemed ?? 0) > 0;
}

// --- coupons ----------------------------------------------------------------------------------------------------

/** A new coupon with its inline `promotion_codes`, in one transaction. */
export async function createCoupon(
  db: Db,
  body: Body,
  livemode: boolean,
): Promise<{ coupon: CouponRow; promotion_codes: PromotionCodeRow[] }> {
  return db.transaction(async (tx) => {
    const coupon = await insert(tx, 'coupons', await couponDoc(tx, body, livemode));
    const codes: PromotionCodeRow[] = [];
    for (const [i, c] of (arr(body, 'promotion_codes') ?? []).entries()) {
      if (!c || typeof c !== 'object') throw new HttpError(400, `promotion_codes[${i}] must be an object`);
      codes.push(await insert(tx, 'promotion_codes', await promotionCodeDoc(tx, c as Body, coupon)));
    }
    return { coupon, promotion_codes: codes };
  });
}

/** A coupon with its promotion codes (oldest first) and its currency. */
export async function expandCoupon(q: Queryable, coupon: CouponRow): Promise<Doc> {
  const { rows } = await q.query<{ data: PromotionCodeRow }>(
    'SELECT data FROM promotion_codes WHERE coupon_id = $1 ORDER BY created_at',
    [coupon.id],
  );
  return {
    ...coupon,
    promotion_codes: rows.map((x) => x.data),
    currency: coupon.currency_id ? await find(q, 'payment_currencies', coupon.currency_id) : null,
  };
}

/** Changes the name, description and metadata the body carries. */
export async function updateCoupon(q: Queryable, id: string, body: Body): Promise<CouponRow> {
  const coupon = await mustFind(q, 'coupons', id);
  const next = { ...coupon };
  if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 100 })!;
  if (body.description !== undefined) next.description = str(body, 'description') ?? '';
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  return save(q, 'coupons', next);
}

/** Deletes a coupon never redeemed (400 otherwise) and its promotion codes, in one transaction. */
export async function deleteCoupon(db: Db, id: string): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'coupons', id, { lock: true });
    if (wasRedeemed(doc)) throw new HttpError(400, 'A coupon that has been redeemed cannot be deleted');
    await tx.query('DELETE FROM promotion_codes WHERE coupon_id = $1', [doc.id]);
    await remove(tx, 'coupons', doc.id);
    return doc;
  });
}

// --- promotion codes --------------------------------------------------------------------------------------------

/** A new promotion code of coupon `body.coupon_id`, with that coupon. */
export async function createPromotionCode(q: Queryable, body: Body): Promise<PromotionCodeRow & { coupon: CouponRow }> {
  const coupon = await mustFind(q, 'coupons', str(body, 'coupon_id', { required: true }));
  const code = await insert(q, 'promotion_codes', await promotionCodeDoc(q, body, coupon));
  return { ...code, coupon };
}

/** A promotion code with its coupon. */
export async function expandPromotionCode(
  q: Queryable,
  code: PromotionCodeRow,
): Promise<PromotionCodeRow & { coupon: CouponRow | null }> {
  return { ...code, coupon: await find(q, 'coupons', code.coupon_id) };
}

/** Changes the description, metadata, restrictions, active, max_redemptions and expires_at the body carries. */
export async function updatePromotionCode(q: Queryable, id: string, body: Body): Promise<PromotionCodeRow> {
  const code = await mustFind(q, 'promotion_codes', id);
  const next = { ...code };
  if (body.description !== undefined) next.description = str(body, 'description') ?? '';
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  if (body.restrictions !== undefined) next.restrictions = obj(body, 'restrictions') ?? {};
  if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
  if (body.max_redemptions !== undefined)
    next.max_redemptions = int(body, 'max_redemptions', { min: 1, max: REDEMPTIONS_MAX }) ?? null;
  if (body.expires_at !== undefined) next.expires_at = time(body, 'expires_at') ?? null;
  return save(q, 'promotion_codes', next);
}

export async function archivePromotionCode(q: Queryable, id: string): Promise<PromotionCodeRow> {
  const code = await mustFind(q, 'promotion_codes', id);
  return save(q, 'promotion_codes', { ...code, active: false });
}

/** Deletes a promotion code never redeemed (400 otherwise). */
export async function deletePromotionCode(q: Queryable, id: string): Promise<PromotionCodeRow> {
  const code = await mustFind(q, 'promotion_codes', id);
  if (wasRedeemed(code)) throw new HttpError(400, 'A promotion code that has been redeemed cannot be deleted');
  await remove(q, 'promotion_codes', code.id);
  return code;
}
