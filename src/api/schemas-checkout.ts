/** Response schemas of the checkout calls (loaded with the lazy checkout resource; see schemas.ts). */
import { array, boolean, enums, nullable, number, optional, record, string, type, unknown } from 'superstruct';
import { Amount, opt, PaymentMethodStruct } from './schemas.ts';

const RecurringStruct = type({
  interval: string(),
  interval_count: opt(number()),
  usage_type: opt(string()),
});

const ProductStruct = type({
  id: string(),
  name: string(),
  images: opt(array(string())),
  features: opt(array(type({ name: string() }))),
  type: opt(string()),
});

const BasePrice = {
  id: string(),
  type: string(),
  unit_amount: Amount,
  currency_id: string(),
  recurring: opt(RecurringStruct),
  currency_options: opt(array(type({ currency_id: string(), unit_amount: Amount }))),
  product: optional(ProductStruct),
};

export const PriceStruct = type({
  ...BasePrice,
  upsell: opt(type({ upsells_to_id: opt(string()), upsells_to: opt(type(BasePrice)) })),
});

export const LineItemStruct = type({
  price_id: string(),
  price: PriceStruct,
  quantity: number(),
  upsell_price_id: opt(string()),
  upsell_price: opt(PriceStruct),
  custom_amount: opt(Amount),
  adjustable_quantity: opt(type({ enabled: boolean(), minimum: opt(number()), maximum: opt(number()) })),
});

export const CheckoutSessionStruct = type({
  id: string(),
  livemode: boolean(),
  mode: enums(['payment', 'subscription', 'setup']),
  status: string(),
  payment_status: string(),
  expires_at: number(),
  line_items: array(LineItemStruct),
  currency_id: string(),
  amount_total: opt(Amount),
  amount_subtotal: opt(Amount),
  discounts: opt(array(type({ discount_amount: opt(Amount), promotion_code: opt(string()), coupon: opt(string()) }))),
  submit_type: opt(string()),
  subscription_data: opt(record(string(), unknown())),
  metadata: opt(record(string(), unknown())),
});

export const PaymentIntentStruct = type({
  id: string(),
  status: string(),
  last_payment_error: opt(type({ message: opt(string()) })),
});

export const CustomerStruct = type({
  /** null for the `fallback=1` profile of a user who is not a customer yet. */
  id: nullable(string()),
  name: opt(string()),
  email: opt(string()),
  phone: opt(string()),
  address: opt(record(string(), unknown())),
});

export const CheckoutContextStruct = type({
  checkoutSession: CheckoutSessionStruct,
  paymentMethods: array(PaymentMethodStruct),
  paymentLink: opt(type({ id: string() })),
  paymentIntent: opt(PaymentIntentStruct),
  customer: opt(CustomerStruct),
});

export const SubmitResponseStruct = type({
  paymentIntent: opt(PaymentIntentStruct),
  stripeContext: opt(type({ client_secret: opt(string()), intent_type: opt(string()), status: opt(string()) })),
  customer: opt(CustomerStruct),
  creditSufficient: opt(boolean()),
  balance: opt(type({ sufficient: opt(boolean()) })),
  delegation: opt(type({ sufficient: opt(boolean()) })),
  fastPayInfo: opt(record(string(), unknown())),
});

export const VendorStatusStruct = type({
  vendors: array(type({ status: string(), progress: number(), error_message: opt(string()) })),
});

export const FastCheckoutConfirmStruct = type({ fastPaid: opt(boolean()) });
