import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { requireMerchant } from './auth.ts';
import {
  archivePromotionCode,
  createCoupon,
  createPromotionCode,
  deleteCoupon,
  deletePromotionCode,
  expandCoupon,
  expandPromotionCode,
  updateCoupon,
  updatePromotionCode,
  wasRedeemed,
} from '../domain/coupons.ts';
import { bodyOf, listWhere, livemodeOf, pagingOf, paramOf, queryBool, queryString } from './http.ts';
import { list, mustFind } from '../data/repo.ts';

/**
 * Coupons (`coupons.*`, create returns {coupon, promotion_codes}) and promotion codes (`promotionCodes.*`): parse,
 * authorize (all of it is the merchant's), call the domain (domain/coupons.ts), answer.
 */

export function createCouponRoutes({ db }: SandboxContext): Router {
  const r = Router();
  r.use(['/coupons', '/promotion-codes'], requireMerchant);

  r.post('/coupons', async (req, res) => {
    res.json(await createCoupon(db, bodyOf(req), livemodeOf(req)));
  });

  r.get('/coupons', async (req, res) => {
    const where = listWhere(req).eq('valid', queryBool(req, 'valid'));
    const name = queryString(req, 'name');
    if (name) where.add(`name ILIKE ${where.param(`%${name}%`)}`);
    res.json(await list(db, 'coupons', where, pagingOf(req)));
  });

  r.get('/coupons/:id', async (req, res) => {
    res.json(await expandCoupon(db, await mustFind(db, 'coupons', paramOf(req, 'id'))));
  });

  r.put('/coupons/:id', async (req, res) => {
    res.json(await updateCoupon(db, paramOf(req, 'id'), bodyOf(req)));
  });

  r.get('/coupons/:id/used', async (req, res) => {
    res.json({ used: wasRedeemed(await mustFind(db, 'coupons', paramOf(req, 'id'))) });
  });

  r.delete('/coupons/:id', async (req, res) => {
    res.json(await deleteCoupon(db, paramOf(req, 'id')));
  });

  r.post('/promotion-codes', async (req, res) => {
    res.json(await createPromotionCode(db, bodyOf(req)));
  });

  r.get('/promotion-codes', async (req, res) => {
    const where = listWhere(req).eq('coupon_id', queryString(req, 'coupon_id')).eq('active', queryBool(req, 'active'));
    res.json(await list(db, 'promotion_codes', where, pagingOf(req)));
  });

  r.get('/promotion-codes/:id', async (req, res) => {
    res.json(await expandPromotionCode(db, await mustFind(db, 'promotion_codes', paramOf(req, 'id'))));
  });

  r.put('/promotion-codes/:id', async (req, res) => {
    res.json(await expandPromotionCode(db, await updatePromotionCode(db, paramOf(req, 'id'), bodyOf(req))));
  });

  r.put('/promotion-codes/:id/archive', async (req, res) => {
    res.json(await archivePromotionCode(db, paramOf(req, 'id')));
  });

  r.get('/promotion-codes/:id/used', async (req, res) => {
    res.json({ used: wasRedeemed(await mustFind(db, 'promotion_codes', paramOf(req, 'id'))) });
  });

  r.delete('/promotion-codes/:id', async (req, res) => {
    res.json(await deletePromotionCode(db, paramOf(req, 'id')));
  });

  return r;
}
