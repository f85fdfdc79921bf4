/**
 * Invoices and payment intents (no HTTP; payment-js `invoices.*`, `paymentIntents.*`, the portal's invoice history).
 * routes/invoices-routes.ts is its router; invoices are made by billing.ts and the billing engine.
 *
 * - `expandInvoice`: an invoice as TInvoiceExpanded (a retrieve adds its discount details and checkout session).
 * - `expandPaymentIntent`: a payment intent with its customer, currency, method and invoice.
 * - `updateInvoiceMetadata`, `voidInvoice` (a paid invoice cannot be voided; nothing is left to pay on a void one).
 */
import type { Db, Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { expandPrice } from './pricing.ts';
import { find, mustFind, save, type Doc } from '../data/repo.ts';
import type { InvoiceRow } from '../data/schema.ts';
import { obj, type Body } from './fields.ts';
import { publicOf } from './stake-shape.ts';

/**
 * An invoice as TInvoiceExpanded (list rows too: `lines` with their prices). `retrieve` adds what payment-js's
 * InvoiceWithDiscount has: `discountDetails[{coupon, promotionCode}]` (one per discount amount) and the checkout session.
 */
export async function expandInvoice(q: Queryable, invoice: Doc, retrieve: boolean): Promise<Doc> {
  const lines = await Promise.all(
    (
      await q.query<{ data: Doc }>('SELECT data FROM invoice_items WHERE invoice_id = $1 ORDER BY created_at, id', [
        invoice.id,
      ])
    ).rows.map(async ({ data }) => ({
      ...data,
      discounts: data.discounts ?? [],
      price: data.price_id ? await expandPrice(q, await mustFind(q, 'prices', data.price_id)) : null,
    })),
  );
  const session =
    retrieve && invoice.checkout_session_id ? await find(q, 'checkout_sessions', invoice.checkout_session_id) : null;
  const amounts = (invoice.total_discount_amounts as Doc[] | undefined) ?? [];
  const discountDetails = retrieve
    ? await Promise.all(
        amounts.map(async (d) => ({
          coupon: d.coupon ? await find(q, 'coupons', d.coupon) : null,
          promotionCode: d.promotion_code ? await find(q, 'promotion_codes', d.promotion_code) : null,
        })),
      )
    : null;
  return {
    ...invoice,
    // Rows written before discounts were ids carry objects: send their ids only.
    discounts: ((invoice.discounts as unknown[] | undefined) ?? []).filter((d): d is string => typeof d === 'string'),
    customer: await find(q, 'customers', invoice.customer_id),
    paymentCurrency: await find(q, 'payment_currencies', invoice.currency_id),
    paymentMethod: await find(q, 'payment_methods', invoice.default_payment_method_id),
    paymentIntent: invoice.payment_intent_id ? await find(q, 'payment_intents', invoice.payment_intent_id) : null,
    subscription: invoice.subscription_id
      ? await publicOf(q, await find(q, 'subscriptions', invoice.subscription_id))
      : null,
    lines,
    ...(discountDetails ? { discountDetails } : {}),
    ...(session ? { checkoutSession: session } : {}),
  };
}

/** A payment intent with its customer, currency, method and invoice. */
export async function expandPaymentIntent(q: Queryable, pi: Doc): Promise<Doc> {
  return {
    ...pi,
    customer: await find(q, 'customers', pi.customer_id),
    paymentCurrency: await find(q, 'payment_currencies', pi.currency_id),
    paymentMethod: await find(q, 'payment_methods', pi.payment_method_id),
    invoice: pi.invoice_id ? await find(q, 'invoices', pi.invoice_id) : null,
  };
}

/** Merges the body's `metadata` (when it carries one) into the invoice's. */
export async function updateInvoiceMetadata(q: Queryable, id: string, body: Body): Promise<InvoiceRow> {
  const invoice = await mustFind(q, 'invoices', id);
  const metadata = obj(body, 'metadata');
  return save(q, 'invoices', {
    ...invoice,
    ...(metadata ? { metadata: { ...invoice.metadata, ...metadata } } : {}),
  });
}

/**
 * Voids an invoice in one transaction: nothing remains to pay and the time is recorded; 400 for a paid invoice, a
 * void one is answered as it is.
 */
export async function voidInvoice(db: Db, id: string): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    const doc = await mustFind(tx, 'invoices', id, { lock: true });
    if (doc.status === 'paid') throw new HttpError(400, 'A paid invoice cannot be voided');
    if (doc.status === 'void') return doc;
    return save(tx, 'invoices', {
      ...doc,
      status: 'void',
      amount_remaining: '0',
      status_transitions: { ...doc.status_transitions, voided_at: tx.clock.nowSeconds() },
    });
  });
}
