import { Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { choice, DECIMAL_MAX, integer, isAbsent, QUANTITY_MAX } from '../../validate.ts';
import { requireMerchant } from '../auth.ts';
import { bodyOf, bool, int, obj, oneOf, paramOf, queryString, str, type Body } from '../http.ts';
import { LOGOS } from '../logos.ts';
import { paymentMethodsExpanded } from '../pricing.ts';
import { insert, mustFind, newDoc, save } from '../repo.ts';
import type { PaymentCurrencyRow, PaymentMethodRow } from '../schema.ts';

/**
 * Payment methods (`paymentMethods.*`) and currencies (`paymentCurrencies.*`). Lists are plain arrays.
 * The sandbox shares methods and currencies between live and test mode (documented in sandbox-merchant-api.md).
 */

const METHOD_TYPES = ['arcblock', 'ethereum', 'base', 'bitcoin', 'stripe'] as const;

/** `confirmation` of a new method: `{type: immediate|callback|block, block?}` (default immediate). */
function confirmationOf(body: Body): PaymentMethodRow['confirmation'] {
  const given = obj(body, 'confirmation');
  if (!given) return { type: 'immediate' };
  const type = choice(given.type, 'confirmation.type', ['immediate', 'callback', 'block'] as const);
  return isAbsent(given.block)
    ? { type }
    : { type, block: integer(given.block, 'confirmation.block', { min: 0, max: QUANTITY_MAX }) };
}

/** The name, description, logo and metadata of a method or currency write that the body carries, checked. */
function describedFields(body: Body): Partial<Pick<PaymentMethodRow, 'name' | 'description' | 'logo' | 'metadata'>> {
  const out: Partial<Pick<PaymentMethodRow, 'name' | 'description' | 'logo' | 'metadata'>> = {};
  if (body.name !== undefined) out.name = str(body, 'name', { required: true, max: 64 })!;
  if (body.description !== undefined) out.description = str(body, 'description') ?? '';
  if (body.logo !== undefined) out.logo = str(body, 'logo') ?? '';
  if (body.metadata !== undefined) out.metadata = obj(body, 'metadata') ?? {};
  return out;
}

export function createMethodRoutes({ db }: SandboxContext): Router {
  const r = Router();

  r.get('/payment-methods', async (_req, res) => {
    res.json(await paymentMethodsExpanded(db, { activeOnly: false }));
  });

  r.post('/payment-methods', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const type = oneOf(body, 'type', METHOD_TYPES);
    res.json(
      await insert(
        db,
        'payment_methods',
        newDoc(db, 'payment_methods', true, {
          object: 'payment_method',
          active: true,
          locked: false,
          type,
          name: str(body, 'name', { required: true, max: 64 })!,
          description: str(body, 'description') ?? '',
          logo: str(body, 'logo') ?? LOGOS[type],
          default_currency_id: null,
          confirmation: confirmationOf(body),
          settings: obj(body, 'settings') ?? {},
          features: { recurring: type !== 'bitcoin', refund: true, dispute: false },
          metadata: obj(body, 'metadata') ?? {},
        }),
      ),
    );
  });

  r.get('/payment-methods/:id', async (req, res) => {
    const method = await mustFind(db, 'payment_methods', paramOf(req, 'id'));
    const { rows } = await db.query<{ data: PaymentCurrencyRow }>(
      'SELECT data FROM payment_currencies WHERE payment_method_id = $1 ORDER BY created_at, id',
      [method.id],
    );
    res.json({ ...method, payment_currencies: rows.map((x) => x.data) });
  });

  r.put('/payment-methods/:id', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const method = await mustFind(db, 'payment_methods', paramOf(req, 'id'));
    const next = { ...method, ...describedFields(body) };
    if (body.settings !== undefined) next.settings = obj(body, 'settings') ?? {};
    if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
    res.json(await save(db, 'payment_methods', next));
  });

  r.get('/payment-currencies', async (req, res) => {
    const methodId = queryString(req, 'payment_method_id');
    const { rows } = await db.query<{ data: PaymentCurrencyRow }>(
      `SELECT data FROM payment_currencies ${methodId ? 'WHERE payment_method_id = $1' : ''} ORDER BY created_at, id`,
      methodId ? [methodId] : [],
    );
    res.json(rows.map((x) => x.data));
  });

  r.post('/payment-currencies', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const method = await mustFind(db, 'payment_methods', str(body, 'payment_method_id', { required: true }));
    const decimal = int(body, 'decimal', { min: 0, max: DECIMAL_MAX });
    if (decimal === undefined) throw new HttpError(400, `decimal is required (an integer from 0 to ${DECIMAL_MAX})`);
    const symbol = str(body, 'symbol', { required: true, max: 16 })!;
    res.json(
      await insert(
        db,
        'payment_currencies',
        newDoc(db, 'payment_currencies', true, {
          object: 'payment_currency',
          payment_method_id: method.id,
          active: true,
          locked: false,
          is_base_currency: false,
          name: str(body, 'name', { required: true, max: 64 })!,
          description: str(body, 'description') ?? '',
          logo: str(body, 'logo') ?? method.logo,
          symbol,
          decimal,
          maximum_precision: int(body, 'maximum_precision', { min: 0, max: decimal, fallback: Math.min(6, decimal) })!,
          minimum_payment_amount: '0',
          maximum_payment_amount: '0',
          contract: str(body, 'contract') ?? null,
          type: oneOf(body, 'type', ['standard', 'credit'] as const, 'standard'),
          metadata: obj(body, 'metadata') ?? {},
        }),
      ),
    );
  });

  r.get('/payment-currencies/:id', async (req, res) => {
    res.json(await mustFind(db, 'payment_currencies', paramOf(req, 'id')));
  });

  r.put('/payment-currencies/:id', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    const c = await mustFind(db, 'payment_currencies', paramOf(req, 'id'));
    const next = { ...c, ...describedFields(body) };
    if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
    if (body.maximum_precision !== undefined)
      next.maximum_precision =
        int(body, 'maximum_precision', { min: 0, max: Number(c.decimal) }) ?? Math.min(6, Number(c.decimal));
    res.json(await save(db, 'payment_currencies', next));
  });

  return r;
}
