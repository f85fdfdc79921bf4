/**
 * Payment methods and currencies (no HTTP; payment-js `paymentMethods.*`, `paymentCurrencies.*`).
 * routes/methods-routes.ts is its router. The sandbox shares methods and currencies between live and test mode
 * (documented in sandbox-merchant-api.md), so new ones are live rows.
 *
 * - `createPaymentMethod`: a type of METHOD_TYPES, its confirmation, the logo of its type unless given; recurring
 *   payments for every type but bitcoin.
 * - `updatePaymentMethod`, `methodWithCurrencies`.
 * - `createPaymentCurrency` (of an existing method: decimals, a precision within them), `updatePaymentCurrency`,
 *   `listCurrencies`.
 */
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { choice, DECIMAL_MAX, integer, isAbsent, QUANTITY_MAX } from '../../validate.ts';
import { LOGOS } from '../data/logos.ts';
import { insert, mustFind, newDoc, save, type Doc } from '../data/repo.ts';
import type { PaymentCurrencyRow, PaymentMethodRow } from '../data/schema.ts';
import { bool, int, obj, oneOf, str, type Body } from './fields.ts';

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

/** A new payment method (live; methods serve both modes). */
export async function createPaymentMethod(q: Queryable, body: Body): Promise<PaymentMethodRow> {
  const type = oneOf(body, 'type', METHOD_TYPES);
  return insert(
    q,
    'payment_methods',
    newDoc(q, 'payment_methods', true, {
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
  );
}

/** A payment method with its currencies (oldest first). */
export async function methodWithCurrencies(q: Queryable, id: string): Promise<Doc> {
  const method = await mustFind(q, 'payment_methods', id);
  const { rows } = await q.query<{ data: PaymentCurrencyRow }>(
    'SELECT data FROM payment_currencies WHERE payment_method_id = $1 ORDER BY created_at, id',
    [method.id],
  );
  return { ...method, payment_currencies: rows.map((x) => x.data) };
}

/** Changes the name, description, logo, metadata, settings and active the body carries. */
export async function updatePaymentMethod(q: Queryable, id: string, body: Body): Promise<PaymentMethodRow> {
  const method = await mustFind(q, 'payment_methods', id);
  const next = { ...method, ...describedFields(body) };
  if (body.settings !== undefined) next.settings = obj(body, 'settings') ?? {};
  if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
  return save(q, 'payment_methods', next);
}

/** Every currency (oldest first), or those of method `methodId`. */
export async function listCurrencies(q: Queryable, methodId: string | undefined): Promise<PaymentCurrencyRow[]> {
  const { rows } = await q.query<{ data: PaymentCurrencyRow }>(
    `SELECT data FROM payment_currencies ${methodId ? 'WHERE payment_method_id = $1' : ''} ORDER BY created_at, id`,
    methodId ? [methodId] : [],
  );
  return rows.map((x) => x.data);
}

/** A new currency of method `body.payment_method_id` (live; currencies serve both modes). */
export async function createPaymentCurrency(q: Queryable, body: Body): Promise<PaymentCurrencyRow> {
  const method = await mustFind(q, 'payment_methods', str(body, 'payment_method_id', { required: true }));
  const decimal = int(body, 'decimal', { min: 0, max: DECIMAL_MAX });
  if (decimal === undefined) throw new HttpError(400, `decimal is required (an integer from 0 to ${DECIMAL_MAX})`);
  const symbol = str(body, 'symbol', { required: true, max: 16 })!;
  return insert(
    q,
    'payment_currencies',
    newDoc(q, 'payment_currencies', true, {
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
  );
}

/** Changes the name, description, logo, metadata, active and maximum_precision (within its decimals) the body carries. */
export async function updatePaymentCurrency(q: Queryable, id: string, body: Body): Promise<PaymentCurrencyRow> {
  const c = await mustFind(q, 'payment_currencies', id);
  const next = { ...c, ...describedFields(body) };
  if (body.active !== undefined) next.active = bool(body, 'active') ?? next.active;
  if (body.maximum_precision !== undefined)
    next.maximum_precision =
      int(body, 'maximum_precision', { min: 0, max: Number(c.decimal) }) ?? Math.min(6, Number(c.decimal));
  return save(q, 'payment_currencies', next);
}
