/**
 * Response schemas (superstruct) checked at the boundary. `type()` structs: extra keys are allowed and kept.
 * They check what screens read; everything else stays open. A mismatch becomes ApiError BAD_RESPONSE naming the path.
 */
import {
  array,
  boolean,
  coerce,
  create,
  enums,
  integer,
  literal,
  nullable,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
  StructError,
  type Struct,
} from 'superstruct';

type AnyStruct = Struct<any, any>;
/** Optional and nullable. */
const opt = <T, S>(s: Struct<T, S>) => optional(nullable(s));

/** An amount in the smallest unit: a string of digits (an integer number is accepted and turned into a string). */
export const Amount = coerce(string(), integer(), (n) => String(n));
/** Unix seconds, or an ISO date string. */
const Time = union([number(), string()]);

export const PaymentCurrencyStruct = type({
  id: string(),
  symbol: string(),
  decimal: number(),
  payment_method_id: opt(string()),
  name: opt(string()),
  logo: opt(string()),
  active: opt(boolean()),
  maximum_precision: opt(number()),
  type: opt(string()),
});

export const PaymentMethodStruct = type({
  id: string(),
  type: string(),
  name: string(),
  logo: opt(string()),
  livemode: opt(boolean()),
  payment_currencies: array(PaymentCurrencyStruct),
  settings: opt(record(string(), unknown())),
});

export const SettingsStruct = type({
  paymentMethods: array(PaymentMethodStruct),
  baseCurrency: opt(PaymentCurrencyStruct),
});

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

export const InvoiceStruct = type({
  id: string(),
  status: string(),
  total: Amount,
  created_at: Time,
  billing_reason: opt(string()),
  paymentCurrency: optional(PaymentCurrencyStruct),
});

export const paginated = <T, S>(item: Struct<T, S>) => type({ count: number(), list: array(item) });

export const SubscriptionStruct = type({ id: string(), status: string() });

export const CreditGrantStruct = type({ id: string(), status: string(), remaining_amount: Amount });

export const OverdueStruct = type({
  summary: record(string(), type({ amount: Amount, currency: PaymentCurrencyStruct, method: type({ id: string(), type: string() }) })),
  invoices: array(InvoiceStruct),
  subscriptionCount: opt(number()),
});

export const VendorStatusStruct = type({
  vendors: array(type({ status: string(), progress: number(), error_message: opt(string()) })),
});

export const UserStruct = type({
  did: string(),
  role: opt(string()),
  fullName: opt(string()),
  email: opt(string()),
  passports: opt(array(type({ role: string() }))),
});

export const SessionStruct = type({ user: nullable(optional(UserStruct)) });

export const ConnectSessionStruct = type({ token: string(), url: string(), expiresAt: opt(Time) });

export const ConnectStatusStruct = type({
  status: enums(['created', 'scanned', 'succeed', 'error', 'declined', 'expired']),
  error: opt(string()),
  result: opt(record(string(), unknown())),
});

export const ComponentMountPointStruct = type({ did: string(), mountPoint: string() });

export const WindowBlockletStruct = type({
  appPid: opt(string()),
  appId: opt(string()),
  appName: opt(string()),
  prefix: opt(string()),
  componentMountPoints: opt(array(ComponentMountPointStruct)),
  navigation: opt(array(record(string(), unknown()))),
  languages: opt(array(type({ code: string(), name: string() }))),
});

export const StoreBlockletStruct = type({ did: string() });
export const StoreListStruct = type({ dataList: array(StoreBlockletStruct), total: number() });
export const StoreCategoriesStruct = array(type({ locales: record(string(), string()) }));
export const StoreExploreStruct = array(type({ type: string(), blocklets: array(StoreBlockletStruct) }));

export const FastCheckoutConfirmStruct = type({ fastPaid: opt(boolean()) });
export const DiscountsStruct = type({ discounts: opt(array(record(string(), unknown()))) });
export const AnyObject = record(string(), unknown());
export const Anything = unknown();
export const LiteralTrue = literal(true);

/** A failed check: path like `checkoutSession.line_items.0.price` and the struct's message. */
export class SchemaError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = 'SchemaError';
    this.path = path;
  }
}

/** Validates (with amount coercion) and returns the value typed as `T`; throws SchemaError naming the path. */
export function check<T>(data: unknown, struct: AnyStruct): T {
  try {
    return create(data, struct) as T;
  } catch (err) {
    if (err instanceof StructError) {
      const failure = err.failures()[0] ?? err;
      const path = failure.path.length ? failure.path.join('.') : '(root)';
      const raw = 'refinement' in failure && failure.explanation ? failure.explanation : failure.message;
      const detail = raw.replace(/^At path: .*? -- /, '');
      throw new SchemaError(path, `at ${path}: ${detail}`);
    }
    throw err;
  }
}
