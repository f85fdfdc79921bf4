import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { requireMerchant } from './auth.ts';
import {
  createPaymentCurrency,
  createPaymentMethod,
  listCurrencies,
  methodWithCurrencies,
  updatePaymentCurrency,
  updatePaymentMethod,
} from '../domain/methods.ts';
import { bodyOf, paramOf, queryString } from './http.ts';
import { paymentMethodsExpanded } from '../domain/pricing.ts';
import { mustFind } from '../data/repo.ts';

/**
 * Payment methods (`paymentMethods.*`) and currencies (`paymentCurrencies.*`): parse, authorize (reads are public,
 * writes the merchant's), call the domain (domain/methods.ts), answer. Lists are plain arrays.
 */

export function createMethodRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.get('/payment-methods', async (_req, res) => {
    res.json(await paymentMethodsExpanded(db, { activeOnly: false }));
  });

  r.post('/payment-methods', requireMerchant, async (req, res) => {
    res.json(await createPaymentMethod(db, bodyOf(req)));
  });

  r.get('/payment-methods/:id', async (req, res) => {
    res.json(await methodWithCurrencies(db, paramOf(req, 'id')));
  });

  r.put('/payment-methods/:id', requireMerchant, async (req, res) => {
    res.json(await updatePaymentMethod(db, paramOf(req, 'id'), bodyOf(req)));
  });

  r.get('/payment-currencies', async (req, res) => {
    res.json(await listCurrencies(db, queryString(req, 'payment_method_id')));
  });

  r.post('/payment-currencies', requireMerchant, async (req, res) => {
    res.json(await createPaymentCurrency(db, bodyOf(req)));
  });

  r.get('/payment-currencies/:id', async (req, res) => {
    res.json(await mustFind(db, 'payment_currencies', paramOf(req, 'id')));
  });

  r.put('/payment-currencies/:id', requireMerchant, async (req, res) => {
    res.json(await updatePaymentCurrency(db, paramOf(req, 'id'), bodyOf(req)));
  });

  return r;
}
