/**
 * The sandbox's row types (hosts/server/payment/data/schema.ts) against the real platform's types (@blocklet/payment-types),
 * checked by the compiler: `npm run typecheck` fails naming the fields; the test itself only says what is checked.
 *
 * - `Mismatched`: the declared fields whose type the real field does not accept (a status outside the real union, an
 *   amount that is not a string, a missing required part, …). A Date column is an ISO string here, as on the wire,
 *   and any field may be null (the types do not say which allow null; the contract checker accepts null likewise).
 *   Each table names the deliberate ones, with the reason.
 * - `SandboxOnly`: the declared fields the real type does not have, named per table.
 */
import type {
  TCheckoutSession,
  TCoupon,
  TCreditGrant,
  TCustomer,
  TInvoice,
  TInvoiceItem,
  TMeter,
  TMeterEvent,
  TPaymentCurrency,
  TPaymentIntent,
  TPaymentLink,
  TPaymentMethod,
  TPrice,
  TProduct,
  TPromotionCode,
  TSubscription,
  TSubscriptionItem,
} from '@blocklet/payment-types';
import { describe, it } from 'vitest';
import type {
  CheckoutSessionRow,
  CouponRow,
  CreditGrantRow,
  CustomerRow,
  InvoiceItemRow,
  InvoiceRow,
  MeterEventRow,
  MeterRow,
  PaymentCurrencyRow,
  PaymentIntentRow,
  PaymentLinkRow,
  PaymentMethodRow,
  PriceRow,
  ProductRow,
  PromotionCodeRow,
  SubscriptionItemRow,
  SubscriptionRow,
} from '../../hosts/server/payment/data/schema.ts';

/** The real type as the wire may carry it: a Date as an ISO string, and null for any field, at any depth. */
type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer E)[]
    ? Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> | null }
      : T;
/** The declared fields of `Row` whose type the real field does not accept. */
type Mismatched<Row, Real> = {
  [K in keyof Row & keyof Real]-?: NonNullable<Row[K]> extends Wire<NonNullable<Real[K]>> ? never : K;
}[keyof Row & keyof Real];
/** The declared fields of `Row` the real type does not have. */
type SandboxOnly<Row, Real> = Exclude<keyof Row, keyof Real>;

/** Compiles only when `keys` names exactly the keys `K` (none: `{}`); a missing or extra key is named by the error. */
function exactly<K extends PropertyKey>(_keys: Record<K, true>): void {}

describe('the row types of the sandbox', () => {
  it('give the fields the platform has the real types (checked by npm run typecheck)', () => {
    exactly<Mismatched<PaymentMethodRow, TPaymentMethod>>({});
    exactly<Mismatched<PaymentCurrencyRow, TPaymentCurrency>>({});
    exactly<Mismatched<ProductRow, TProduct>>({
      // The sandbox's vendors (vendors.ts) are named by vendor_id and name: they have no vendor_key.
      vendor_config: true,
    });
    exactly<Mismatched<PriceRow, TPrice>>({});
    exactly<Mismatched<CustomerRow, TCustomer>>({});
    exactly<Mismatched<PaymentIntentRow, TPaymentIntent>>({});
    exactly<Mismatched<SubscriptionRow, TSubscription>>({
      // A cancel carries the canceler's feedback, comment and reason only when given.
      cancelation_details: true,
    });
    exactly<Mismatched<SubscriptionItemRow, TSubscriptionItem>>({});
    exactly<Mismatched<InvoiceRow, TInvoice>>({});
    exactly<Mismatched<InvoiceItemRow, TInvoiceItem>>({});
    // As its link's (below): what the merchant set.
    exactly<Mismatched<CheckoutSessionRow, TCheckoutSession>>({ subscription_data: true });
    exactly<Mismatched<CouponRow, TCoupon>>({});
    exactly<Mismatched<PromotionCodeRow, TPromotionCode>>({});
    exactly<Mismatched<CreditGrantRow, TCreditGrant>>({});
    exactly<Mismatched<MeterRow, TMeter>>({});
    exactly<Mismatched<MeterEventRow, TMeterEvent>>({});
    exactly<Mismatched<PaymentLinkRow, TPaymentLink>>({
      // A link the merchant made over the API may carry only some donation settings (its amount, say).
      donation_settings: true,
      // Only what the merchant set: a link without a description or trial leaves them out (as the contract test's
      // SANDBOX_UNMODELED accepts).
      subscription_data: true,
    });
  });

  it('add only the sandbox fields named here', () => {
    exactly<SandboxOnly<PaymentMethodRow, TPaymentMethod>>({ object: true });
    exactly<SandboxOnly<PaymentCurrencyRow, TPaymentCurrency>>({ object: true });
    exactly<SandboxOnly<ProductRow, TProduct>>({ object: true });
    exactly<SandboxOnly<PriceRow, TPrice>>({ object: true });
    exactly<SandboxOnly<CustomerRow, TCustomer>>({ object: true });
    // The checkout session an intent pays (TPaymentIntentExpanded has it as checkoutSession).
    exactly<SandboxOnly<PaymentIntentRow, TPaymentIntent>>({ object: true, checkout_session_id: true });
    exactly<SandboxOnly<SubscriptionRow, TSubscription>>({ object: true });
    exactly<SandboxOnly<SubscriptionItemRow, TSubscriptionItem>>({ object: true });
    exactly<SandboxOnly<InvoiceRow, TInvoice>>({ object: true });
    exactly<SandboxOnly<InvoiceItemRow, TInvoiceItem>>({ object: true });
    // The ids of the subscriptions it started (TCheckoutSessionExpanded has them as objects).
    exactly<SandboxOnly<CheckoutSessionRow, TCheckoutSession>>({ object: true, subscriptions: true });
    exactly<SandboxOnly<CouponRow, TCoupon>>({ object: true });
    exactly<SandboxOnly<PromotionCodeRow, TPromotionCode>>({ object: true });
    exactly<SandboxOnly<CreditGrantRow, TCreditGrant>>({});
    exactly<SandboxOnly<MeterRow, TMeter>>({ decimal: true });
    // Copies of the payload and the meter the lists filter on.
    exactly<SandboxOnly<MeterEventRow, TMeterEvent>>({
      object: true,
      meter_id: true,
      customer_id: true,
      subscription_id: true,
      value: true,
    });
    exactly<SandboxOnly<PaymentLinkRow, TPaymentLink>>({ object: true });
  });
});
