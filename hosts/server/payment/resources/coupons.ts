import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { requireMerchant } from '../auth.ts';
import {
  arr,
  bodyOf,
  bool,
  int,
  listWhere,
  livemodeOf,
  obj,
  oneOf,
  pagingOf,
  paramOf,
  queryBool,
  queryString,
  str,
  strings,
  time,
  type Body,
} from '../http.ts';
import { percent as percentOf, tokenAmount } from '../../validate.ts';
import { currency } from '../pricing.ts';
import { find, insert, list, mustFind, newDoc, remove, save } from '../repo.ts';
import type { CouponRow, PromotionCodeRow } from '../schema.ts';

/** Coupons (`coupons.*`, create returns {coupon, promotion_codes}) and promotion codes (`promotionCodes.*`). */

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

export function createCouponRoutes({ db }: SandboxContext): Router {
  const r = Router();
  r.use(['/coupons', '/promotion-codes'], requireMerchant);

  r.post('/coupons', async (req, res) => {
    const body = bodyOf(req);
    const result = await db.transaction(async (tx) => {
      const coupon = await insert(tx, 'coupons', await couponDoc(tx, body, livemodeOf(req)));
      const codes: PromotionCodeRow[] = [];
      for (const [i, c] of (arr(body, 'promotion_codes') ?? []).entries()) {
        if (!c || typeof c !== 'object') throw new HttpError(400, `promotion_codes[${i}] must be an object`);
        codes.push(await insert(tx, 'promotion_codes', await promotionCodeDoc(tx, c as Body, coupon)));
      }
      return { coupon, promotion_codes: codes };
    });
    res.json(result);
  });

  r.get('/coupons', async (req, res) => {
    const where = listWhere(req).eq('valid', queryBool(req, 'valid'));
    const name = queryString(req, 'name');
    if (name) where.add(`name ILIKE ${where.param(`%${name}%`)}`);
    res.json(await list(db, 'coupons', where, pagingOf(req)));
  });

  r.get('/coupons/:id', async (req, res) => {
    const coupon = await mustFind(db, 'coupons', paramOf(req, 'id'));
    const { rows } = await db.query<{ data: PromotionCodeRow }>(
      'SELECT data FROM promotion_codes WHERE coupon_id = $1 ORDER BY created_at',
      [coupon.id],
    );
    res.json({
      ...coupon,
      promotion_codes: rows.map((x) => x.data),
      currency: coupon.currency_id ? await find(db, 'payment_currencies', coupon.currency_id) : null,
    });
  });

  r.put('/coupons/:id', async (req, res) => {
    const body = bodyOf(req);
    const coupon = await mustFind(db, 'coupons', paramOf(req, 'id'));
    const next = { ...coupon };
    if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 100 })!;
    if (body.description !== undefined) next.description = str(body, 'description') ?? '';
    if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
    res.json(await save(db, 'coupons', next));
  });

  r.get('/coupons/:id/used', async (req, res) => {
    const coupon = await mustFind(db, 'coupons', paramOf(req, 'id'));
    res.json({ used: Number(coupon.times_redeemed ?? 0) > 0 });
  });

  r.delete('/coupons/:id', async (req, res) => {
    const coupon = await db.transaction(async (tx) => {
      const doc = await mustFind(tx, 'coupons', paramOf(req, 'id'), { lock: true });
      if (Number(doc.times_redeemed ?? 0) > 0)
        throw new HttpError(400, 'A coupon that has been redeemed cannot be deleted');
      await tx.query('DELETE FROM promotion_codes WHERE coupon_id = $1', [doc.id]);
      await remove(tx, 'coupons', doc.id);
      return doc;
    });
    res.json(coupon);
  });

  r.post('/promotion-codes', async (req, res) => {
    const body = bodyOf(req);
    const coupon = await mustFind(db, 'coupons', str(body, 'coupon_id', { required: true }));
    const code = await insert(db, 'promotion_codes', await promotionCodeDoc(db, body, coupon));
    res.json({ ...code, coupon });
  });

  r.get('/promotion-codes', async (req, res) => {
    const where = listWhere(req).eq('coupon_id', queryString(req, 'coupon_id')).eq('active', queryBool(req, 'active'));
    res.json(await list(db, 'promotion_codes', where, pagingOf(req)));
  });

  r.get('/promotion-codes/:id', async (req, res) => {
    const code = await mustFind(db, 'promotion_codes', paramOf(req, 'id'));
    res.json({ ...code, coupon: await find(db, 'coupons', code.coupon_id) });
  });

  r.put('/promotion-codes/:id', async (req, res) => {
    const body = bodyOf(req);
    const code = await mustFind(db, 'promotion_codes', paramOf(req, 'id'));
    const next = { ...code };
    if (body.description !== undefined) next.description = str(body, 'description') ?? '';
    if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
    if (body.restrictions !== undefined) next.restrictions = obj(body, 'restrictions') ?? {};
    if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
    if (body.max_redemptions !== undefined)
      next.max_redemptions = int(body, 'max_redemptions', { min: 1, max: REDEMPTIONS_MAX }) ?? null;
    if (body.expires_at !== undefined) next.expires_at = time(body, 'expires_at') ?? null;
    const saved = await save(db, 'promotion_codes', next);
    res.json({ ...saved, coupon: await find(db, 'coupons', saved.coupon_id) });
  });

  r.put('/promotion-codes/:id/archive', async (req, res) => {
    const code = await mustFind(db, 'promotion_codes', paramOf(req, 'id'));
    res.json(await save(db, 'promotion_codes', { ...code, active: false }));
  });

  r.get('/promotion-codes/:id/used', async (req, res) => {
    const code = await mustFind(db, 'promotion_codes', paramOf(req, 'id'));
    res.json({ used: Number(code.times_redeemed ?? 0) > 0 });
  });

  r.delete('/promotion-codes/:id', async (req, res) => {
    const code = await mustFind(db, 'promotion_codes', paramOf(req, 'id'));
    if (Number(code.times_redeemed ?? 0) > 0)
      throw new HttpError(400, 'A promotion code that has been redeemed cannot be deleted');
    await remove(db, 'promotion_codes', code.id);
    res.json(code);
  });

  return r;
}
