/**
 * Credit grants (no HTTP; payment-js `creditGrants.*`). A grant's status follows the clock (credit-ledger.ts
 * `grantStatusAt`): the stored one is brought up to date before a list and whenever a grant is consumed.
 *
 * - `createCreditGrant`: a grant of a credit currency to a customer (amount in token units), pending until
 *   `effective_at`.
 * - `listCreditGrants`, `expandGrant`: TCreditGrantExpanded (customer, paymentCurrency, paymentMethod).
 * - `verifyAvailability`: whether the usable credit covers the usage not yet settled plus an amount.
 * - `updateCreditGrant` (metadata, or expire now), `voidCreditGrant`.
 */
import type { CreditGrantApplicabilityConfig } from '@blocklet/payment-types';
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { choice, isAbsent, tokenAmount, unitAmount } from '../../validate.ts';
import { grantStatusAt } from './credit-ledger.ts';
import { sum } from './money.ts';
import { creditBalance } from './pay.ts';
import { currency } from './pricing.ts';
import { find, insert, list, mustFind, newDoc, save, type Doc, type Paging, type Where } from '../data/repo.ts';
import type { CreditGrantRow } from '../data/schema.ts';
import { customerByIdOrDid } from './customers.ts';
import { bool, int, obj, oneOf, str, strings, time, type Body } from './fields.ts';
import { pendingUsage } from './meters.ts';

/** Brings the stored status of a scope's grants up to date with the clock (pending → granted, → expired). */
async function syncGrantStatuses(q: Queryable, customerId: string | undefined, livemode: boolean): Promise<void> {
  const params: unknown[] = [livemode];
  const where = `livemode = $1 AND status IN ('granted', 'pending')${customerId ? ` AND customer_id = $${params.push(customerId)}` : ''}`;
  const { rows } = await q.query<{ data: CreditGrantRow }>(`SELECT data FROM credit_grants WHERE ${where}`, params);
  for (const { data } of rows) {
    const status = grantStatusAt(data, q.clock.nowSeconds());
    if (status !== data.status) await save(q, 'credit_grants', { ...data, status });
  }
}

/** TCreditGrantExpanded: the grant (status as of now) with its customer, currency and payment method. */
export async function expandGrant(q: Queryable, grant: CreditGrantRow): Promise<Doc> {
  const paymentCurrency = await find(q, 'payment_currencies', grant.currency_id);
  return {
    ...grant,
    status: grantStatusAt(grant, q.clock.nowSeconds()),
    customer: await find(q, 'customers', grant.customer_id),
    paymentCurrency,
    paymentMethod: paymentCurrency ? await find(q, 'payment_methods', paymentCurrency.payment_method_id) : null,
  };
}

/**
 * `applicability_config` of a grant (CreditGrantApplicabilityConfig): `{scope: {prices?: string[], price_type?:
 * 'metered'}}`, or null when absent.
 */
function applicabilityOf(body: Body): CreditGrantApplicabilityConfig | null {
  const config = obj(body, 'applicability_config');
  if (!config) return null;
  const scope = isAbsent(config.scope)
    ? {}
    : obj({ 'applicability_config.scope': config.scope }, 'applicability_config.scope')!;
  const prices = isAbsent(scope.prices)
    ? undefined
    : strings({ 'applicability_config.scope.prices': scope.prices }, 'applicability_config.scope.prices');
  const priceType = isAbsent(scope.price_type)
    ? undefined
    : choice(scope.price_type, 'applicability_config.scope.price_type', ['metered'] as const);
  return { scope: { ...(prices ? { prices } : {}), ...(priceType ? { price_type: priceType } : {}) } };
}

/**
 * A new grant `{customer_id (id or DID), currency_id, amount (token units), name?, category?, priority?,
 * effective_at?, expires_at?, applicability_config?, metadata?}`.
 */
export async function createCreditGrant(q: Queryable, body: Body, livemode: boolean): Promise<CreditGrantRow> {
  const customer = await customerByIdOrDid(q, str(body, 'customer_id', { required: true })!, livemode);
  const c = await currency(q, body.currency_id);
  const amount = tokenAmount(body.amount, c.decimal, 'amount');
  if (amount === '0') throw new HttpError(400, 'amount must be greater than 0');
  const now = q.clock.nowSeconds();
  const effectiveAt = time(body, 'effective_at') ?? now;
  const expiresAt = time(body, 'expires_at', { min: now + 1 }) ?? null;
  return insert(
    q,
    'credit_grants',
    newDoc(q, 'credit_grants', livemode, {
      object: 'credit_grant',
      name: str(body, 'name') ?? '',
      amount,
      remaining_amount: amount,
      currency_id: c.id,
      customer_id: customer.id,
      category: oneOf(body, 'category', ['paid', 'promotional'] as const, 'promotional'),
      priority: int(body, 'priority', { min: 0, max: 100, fallback: 50 })!,
      status: effectiveAt > now ? 'pending' : 'granted',
      effective_at: effectiveAt,
      expires_at: expiresAt,
      applicability_config: applicabilityOf(body),
      metadata: obj(body, 'metadata') ?? {},
      voided_at: null,
      created_via: 'api',
    }),
  );
}

/**
 * A page of the grants matching `where` (a customer's when `customerId` is given, every customer's otherwise),
 * their stored status brought up to date first, each expanded.
 */
export async function listCreditGrants(
  db: Db,
  scope: { customerId: string | undefined; livemode: boolean },
  where: Where,
  paging: Paging,
): Promise<{ count: number; list: Doc[] }> {
  await db.transaction((tx) => syncGrantStatuses(tx, scope.customerId, scope.livemode));
  const page = await list(db, 'credit_grants', where, paging);
  return { count: page.count, list: await Promise.all(page.list.map((g) => expandGrant(db, g))) };
}

/**
 * creditGrants.verifyAvailability: whether the customer's usable credit in a currency covers the usage not yet
 * settled (in the request's mode) plus `pendingAmount` (smallest units, as meterEvents.pendingAmount answers).
 */
export async function verifyAvailability(
  q: Queryable,
  input: { customerId: string; currencyId: unknown; pendingAmount: unknown; livemode: boolean },
): Promise<{ can_continue: boolean; reason?: string }> {
  const c = await currency(q, input.currencyId);
  const balance = await creditBalance(q, input.customerId, c.id);
  const pending = await pendingUsage(q, input.customerId, input.livemode);
  const needed = sum([pending[c.id] ?? '0', unitAmount(input.pendingAmount, 'pending_amount')]);
  if (BigInt(balance) > 0n && BigInt(balance) >= BigInt(needed)) return { can_continue: true };
  return { can_continue: false, reason: `Insufficient credit: ${balance} available, ${needed} needed` };
}

/** creditGrants.update: `metadata` (merged), or `expired: true` to end a pending or granted grant now. */
export async function updateCreditGrant(db: Db, id: string, body: Body): Promise<void> {
  const metadata = obj(body, 'metadata');
  const expire = bool(body, 'expired') === true;
  await db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'credit_grants', id, { lock: true });
    const now = tx.clock.nowSeconds();
    const status = grantStatusAt(doc, now);
    if (expire && status !== 'pending' && status !== 'granted')
      throw new HttpError(400, `Only a pending or granted credit grant can be expired; this one is ${status}`);
    await save(tx, 'credit_grants', {
      ...doc,
      metadata: metadata ? { ...doc.metadata, ...metadata } : doc.metadata,
      ...(expire ? { status: 'expired', expires_at: now } : {}),
    });
  });
}

/** Voids a grant: what remains can no longer be used. 400 when it is voided already. */
export async function voidCreditGrant(db: Db, id: string): Promise<CreditGrantRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'credit_grants', id, { lock: true });
    if (doc.status === 'voided') throw new HttpError(400, 'This credit grant is already voided');
    return save(tx, 'credit_grants', { ...doc, status: 'voided', voided_at: tx.clock.nowSeconds() });
  });
}
