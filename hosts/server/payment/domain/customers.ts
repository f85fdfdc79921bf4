/**
 * Customers and their subscriptions (no HTTP): lookups, expansion, checks of who may act on them, a customer's
 * update (`updateCustomer`), address and email rules. Subscriptions are created, cancelled and recovered in
 * subscriptions.ts; routes/customers-routes.ts is the router of both.
 */
import type { CustomerAddress, CustomerShipping } from '@blocklet/payment-types';
import type { Queryable } from '../../db.ts';
import { isAbsent, text } from '../../validate.ts';
import { HttpError, type ConnectContext } from '../../platform.ts';
import { expandPrice } from './pricing.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type { CustomerRow } from '../data/schema.ts';
import { obj, str, type Body } from './fields.ts';
import { publicSubscription } from './stake-shape.ts';

/**
 * The router's check that the caller may act on a customer's document (routes/scope.ts `assertOwner`: the
 * merchant or the document's own customer), which a domain write runs inside its transaction once the row is locked.
 */
export type OwnerCheck = (q: Queryable, doc: Doc) => Promise<void>;

/** A customer by id, or by DID in the request's mode. */
export async function customerByIdOrDid(q: Queryable, idOrDid: string, livemode: boolean): Promise<CustomerRow> {
  if (idOrDid.startsWith('cus_')) return mustFind(q, 'customers', idOrDid);
  const did = idOrDid.replace(/^did:abt:/, '');
  const { rows } = await q.query<{ data: CustomerRow }>('SELECT data FROM customers WHERE did = $1 AND livemode = $2', [
    did,
    livemode,
  ]);
  if (!rows[0]) throw new HttpError(404, `No such customer: ${idOrDid}`);
  return rows[0].data;
}

/**
 * Changes the fields the body carries of the customer named by id or DID (`livemode` for a DID): email (valid or
 * empty), name, phone, description, address, shipping, metadata and preference.
 */
export async function updateCustomer(
  q: Queryable,
  idOrDid: string,
  livemode: boolean,
  body: Body,
): Promise<CustomerRow> {
  const customer = await customerByIdOrDid(q, idOrDid, livemode);
  const next = { ...customer };
  if (body.email !== undefined) {
    const email = str(body, 'email') ?? '';
    if (email && emailError(email)) throw new HttpError(400, emailError(email)!.replace('customer_email', 'email'));
    next.email = email;
  }
  if (body.name !== undefined) next.name = str(body, 'name', { required: true, max: 255 })!;
  if (body.phone !== undefined) next.phone = str(body, 'phone', { max: 40 }) ?? '';
  if (body.description !== undefined) next.description = str(body, 'description') ?? '';
  if (body.address !== undefined) next.address = isAbsent(body.address) ? null : addressOf(body.address, 'address');
  if (body.shipping !== undefined) next.shipping = isAbsent(body.shipping) ? null : shippingOf(obj(body, 'shipping')!);
  if (body.metadata !== undefined) next.metadata = obj(body, 'metadata') ?? {};
  if (body.preference !== undefined) next.preference = obj(body, 'preference') ?? {};
  return save(q, 'customers', next);
}

/** `shipping: {name, phone, address}` of a customer update (TCustomer.shipping). */
function shippingOf(given: Body): CustomerShipping {
  return {
    name: text(given.name, 'shipping.name', { max: 255 }) ?? '',
    phone: text(given.phone, 'shipping.phone', { max: 40 }) ?? '',
    address: addressOf(given.address ?? {}, 'shipping.address'),
  };
}

/** A subscription with its items (prices expanded), customer, currency and method, as the API answers it. */
export async function expandSubscription(q: Queryable, sub: Doc): Promise<Doc> {
  const { rows } = await q.query<{ data: Doc }>(
    'SELECT data FROM subscription_items WHERE subscription_id = $1 ORDER BY created_at, id',
    [sub.id],
  );
  const items = await Promise.all(
    rows.map(async ({ data }) => ({
      ...data,
      price: await expandPrice(q, await mustFind(q, 'prices', data.price_id)),
    })),
  );
  const currency = await find(q, 'payment_currencies', sub.currency_id);
  const customer = await find(q, 'customers', sub.customer_id);
  return {
    ...publicSubscription(sub, currency, customer?.did),
    customer,
    paymentCurrency: currency,
    paymentMethod: await find(q, 'payment_methods', sub.default_payment_method_id),
    items,
    serviceType: items.some((i) => i.price.product?.type === 'credit') ? 'credit' : 'standard',
  };
}

/**
 * A wallet-connect request about a customer's documents (overdue invoices, a subscription's stake): only that
 * customer (the signed-in user whose DID the customer has) or an owner/admin may open it. 401 without a session,
 * 404 for an unknown id, 403 for another customer's — never a description of their documents.
 */
export async function assertConnectOwner(
  ctx: ConnectContext,
  customer: Doc | null,
  subscription: Doc | null,
): Promise<void> {
  if (!ctx.user) throw new HttpError(401, 'Sign in to pay for your own invoices', 'LOGIN_REQUIRED');
  const subCustomer = subscription ? await find(ctx.db, 'customers', subscription.customer_id) : null;
  const owners = [customer, subCustomer].filter((c): c is Doc => !!c);
  if (!owners.length) throw new HttpError(404, 'No such customer or subscription');
  if (ctx.user.role === 'owner' || ctx.user.role === 'admin') return;
  if (owners.some((c) => !c.did || c.did !== ctx.user!.did))
    throw new HttpError(403, 'You are not allowed to pay for another customer', 'NOT_YOUR_INVOICES');
}

// --- form validation (product-spec section 5) ---------------------------------------------------------

const ADDRESS_KEYS = ['country', 'state', 'city', 'line1', 'line2', 'postal_code'] as const;

/** A customer address (TCustomer.address): its six text fields, each at most 200 characters; other keys are dropped. */
export function addressOf(value: unknown, name: string): CustomerAddress {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new HttpError(400, `${name} must be an object`);
  const out: CustomerAddress = {};
  for (const k of ADDRESS_KEYS) {
    const v = text((value as Record<string, unknown>)[k], `${name}.${k}`, { max: 200 });
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export function emailError(email: string): string | null {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (email.length > 254) return 'customer_email must be at most 254 characters';
  if (at < 1 || !domain) return 'customer_email is not a valid email address';
  if (local.length > 64) return 'customer_email: the part before @ must be at most 64 characters';
  if (
    !/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return 'customer_email is not a valid email address';
  }
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((l) => !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/.test(l)))
    return 'customer_email is not a valid email address';
  if (labels.some((l) => l.length > 63)) return 'customer_email: each part of the domain must be at most 63 characters';
  return null;
}
