import type {
  AfterPayment,
  CreditGrantApplicabilityConfig,
  CustomerAddress,
  CustomerShipping,
  CustomField,
  DonationSettings,
  MeterEventPayload,
  PaymentBeneficiary,
  PaymentError,
  RechargeConfig,
  ServiceAction,
  SubscriptionData,
} from '@blocklet/payment-types';

/**
 * One table per resource: `id` (prefixed), `livemode`, `created_at`, the columns lists filter on, and the
 * whole resource document in `data` (JSONB, exactly what the API returns before expansion). The filter
 * columns are copies of fields of `data`, kept in step by repo.ts.
 */
type ColumnType = 'text' | 'bool';
export type TableSpec = { prefix: string; columns: Record<string, ColumnType> };

export const TABLES = {
  payment_methods: { prefix: 'pm', columns: { type: 'text', active: 'bool' } },
  payment_currencies: { prefix: 'pc', columns: { payment_method_id: 'text', symbol: 'text', active: 'bool' } },
  products: { prefix: 'prod', columns: { active: 'bool', type: 'text', name: 'text' } },
  prices: {
    prefix: 'price',
    columns: { product_id: 'text', active: 'bool', type: 'text', currency_id: 'text', lookup_key: 'text' },
  },
  payment_links: { prefix: 'plink', columns: { active: 'bool' } },
  checkout_sessions: {
    prefix: 'cs',
    columns: {
      status: 'text',
      payment_status: 'text',
      customer_id: 'text',
      customer_did: 'text',
      payment_link_id: 'text',
      payment_intent_id: 'text',
      subscription_id: 'text',
      invoice_id: 'text',
    },
  },
  payment_intents: { prefix: 'pi', columns: { status: 'text', customer_id: 'text', invoice_id: 'text' } },
  customers: { prefix: 'cus', columns: { did: 'text', email: 'text', name: 'text' } },
  subscriptions: { prefix: 'sub', columns: { status: 'text', customer_id: 'text', currency_id: 'text' } },
  subscription_items: { prefix: 'si', columns: { subscription_id: 'text', price_id: 'text' } },
  invoices: {
    prefix: 'in',
    columns: {
      status: 'text',
      customer_id: 'text',
      subscription_id: 'text',
      currency_id: 'text',
      billing_reason: 'text',
    },
  },
  invoice_items: { prefix: 'ii', columns: { invoice_id: 'text', price_id: 'text' } },
  coupons: { prefix: 'co', columns: { valid: 'bool', name: 'text' } },
  promotion_codes: { prefix: 'promo', columns: { coupon_id: 'text', code: 'text', active: 'bool' } },
  credit_grants: { prefix: 'cg', columns: { customer_id: 'text', currency_id: 'text', status: 'text' } },
  meters: { prefix: 'mtr', columns: { event_name: 'text', status: 'text' } },
  meter_events: {
    prefix: 'mevt',
    columns: { event_name: 'text', customer_id: 'text', status: 'text', identifier: 'text' },
  },
} satisfies Record<string, TableSpec>;

export type Table = keyof typeof TABLES;

function createTable(name: string, spec: TableSpec): string {
  const cols = Object.entries(spec.columns).map(([c, t]) => `  ${c} ${t === 'bool' ? 'BOOLEAN' : 'TEXT'},`);
  const indexes = Object.keys(spec.columns)
    .filter((c) => c.endsWith('_id') || c === 'status')
    .map((c) => `CREATE INDEX ${name}_${c}_idx ON ${name} (${c});`);
  return [
    `CREATE TABLE ${name} (`,
    '  id TEXT PRIMARY KEY,',
    '  livemode BOOLEAN NOT NULL,',
    ...cols,
    '  created_at TIMESTAMPTZ NOT NULL,',
    '  data JSONB NOT NULL',
    ');',
    `CREATE INDEX ${name}_created_idx ON ${name} (livemode, created_at DESC, id DESC);`,
    ...indexes,
  ].join('\n');
}

const tables = Object.entries(TABLES)
  .map(([name, spec]) => createTable(name, spec))
  .join('\n');

/** The first migration of area 'payment' (payment/index.ts registers it, followed by the seed). */
export const schemaMigration = {
  id: '001-schema',
  up: `${tables}
      -- A customer per (did, mode); a meter event identifier is an idempotency key.
      CREATE UNIQUE INDEX customers_did_unique ON customers (did, livemode) WHERE did IS NOT NULL;
      CREATE UNIQUE INDEX meter_events_identifier_unique ON meter_events (identifier, livemode) WHERE identifier IS NOT NULL;
      CREATE UNIQUE INDEX promotion_codes_code_unique ON promotion_codes (lower(code), livemode) WHERE active;
      CREATE SEQUENCE invoice_number_seq;
      -- The sandbox stand-in for on-chain balances: what a wallet (user DID) holds of a currency, smallest unit.
      CREATE TABLE wallet_balances (
        user_did TEXT NOT NULL,
        currency_id TEXT NOT NULL,
        balance NUMERIC(78, 0) NOT NULL CHECK (balance >= 0),
        PRIMARY KEY (user_did, currency_id)
      );`,
};

// --- Row types: what `data` holds for each main table (repo.ts returns them by table) ---

/** Free-form JSON objects of a document (metadata, settings, payment details). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form JSON, read field by field
type Json = Record<string, any>;

/**
 * A stored resource document: id, mode and timestamps, then its own fields (amounts are smallest-unit strings, times
 * unix seconds). Each row (`Stored & …Fields`) is closed: it declares every field its table stores, so reading or
 * writing another is a type error, and tests/contract/row-types.test.ts holds the declared fields to the platform's
 * types.
 */
type Stored = {
  id: string;
  livemode: boolean;
  /** ISO timestamps, sandbox time. */
  created_at: string;
  updated_at: string;
  metadata: Json;
};

/** A unix time in seconds (sandbox time). */
type Seconds = number;

/** Free-form JSON the platform keeps as the merchant gave it. */
type AsGiven = Json;

export type PaymentMethodType = 'arcblock' | 'ethereum' | 'base' | 'bitcoin' | 'stripe';

export type PaymentMethodRow = Stored & PaymentMethodFields;
type PaymentMethodFields = {
  object: 'payment_method';
  active: boolean;
  locked: boolean;
  /** Wallet methods (arcblock, ethereum, base, bitcoin) pay from the payer's sandbox wallet; stripe by card. */
  type: PaymentMethodType;
  name: string;
  description: string;
  logo: string;
  default_currency_id: string | null;
  confirmation: { type: 'immediate' | 'callback' | 'block'; block?: number };
  /** TPaymentMethod.settings per type (`stripe.publishable_key`, `arcblock.explorer_host`, …); `stripe.sandbox` marks the stand-in. */
  settings: AsGiven;
  features: { recurring: boolean; refund: boolean; dispute: boolean };
};

export type PaymentCurrencyRow = Stored & PaymentCurrencyFields;
type PaymentCurrencyFields = {
  object: 'payment_currency';
  payment_method_id: string;
  active: boolean;
  locked: boolean;
  is_base_currency: boolean;
  name: string;
  description: string;
  logo: string;
  symbol: string;
  decimal: number;
  maximum_precision: number;
  minimum_payment_amount: string;
  maximum_payment_amount: string;
  /** The token contract, for a currency of a chain that has one. */
  contract: string | null;
  /** 'credit' currencies are granted, never paid with. */
  type: 'standard' | 'credit';
  /** The top-up package of a credit currency (auto top-up buys `base_price_id`). */
  recharge_config?: RechargeConfig;
};

export type ProductRow = Stored & ProductFields;
type ProductFields = {
  object: 'product';
  active: boolean;
  locked: boolean;
  type: 'service' | 'good' | 'credit';
  name: string;
  description: string;
  images: string[];
  features: Array<{ name: string }>;
  unit_label: string | null;
  default_price_id: string | null;
  statement_descriptor: string;
  cross_sell: { cross_sells_to_id: string } | null;
  /** The vendors that deliver the product after payment (domain/vendors.ts). */
  vendor_config: Array<{ vendor_id: string; vendor_type: string; name?: string; title?: string }>;
  created_via: 'api' | 'portal' | 'donation';
};

export type Recurring = {
  interval: 'hour' | 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  usage_type: 'licensed' | 'metered';
  /** 'sum' for a metered price, else null. */
  aggregate_usage: string | null;
  meter_id: string | null;
};

/** A price the payer chooses (a donation): smallest units, presets to pick from and bounds. */
export type CustomUnitAmount = {
  preset: string | null;
  presets: string[];
  minimum: string | null;
  maximum: string | null;
  enabled: boolean;
};

/** The amount of a price in one currency (its own is the first). */
export type PriceCurrencyOption = {
  currency_id: string;
  unit_amount: string;
  custom_unit_amount: CustomUnitAmount | null;
  tiers: null;
};

export type PriceRow = Stored & PriceFields;
type PriceFields = {
  object: 'price';
  product_id: string;
  active: boolean;
  locked: boolean;
  type: 'one_time' | 'recurring';
  billing_scheme: 'per_unit';
  currency_id: string;
  /** Smallest unit, in `currency_id`; `currency_options` give it in other currencies. */
  unit_amount: string;
  currency_options: PriceCurrencyOption[];
  custom_unit_amount: CustomUnitAmount | null;
  recurring: Recurring | null;
  tiers_mode: null;
  tiers: null;
  transform_quantity: null;
  lookup_key: string | null;
  nickname: string;
  upsell: { upsells_to_id: string } | null;
  quantity_available: number;
  quantity_sold: number;
  quantity_limit_per_checkout: number;
  pricing_type: 'fixed';
};

export type CustomerRow = Stored & CustomerFields;
type CustomerFields = {
  object: 'customer';
  /** The user's DID (without `did:abt:`); null for a customer created without one. */
  did: string | null;
  name: string;
  email: string;
  phone: string;
  description: string;
  address: CustomerAddress | null;
  shipping: CustomerShipping | null;
  balance: string;
  token_balance: Record<string, string>;
  delinquent: boolean;
  invoice_prefix: string;
  /** TCustomer.preference (notification settings), kept as given. */
  preference: AsGiven;
};

export type PaymentIntentRow = Stored & PaymentIntentFields;
type PaymentIntentFields = {
  object: 'payment_intent';
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  amount: string;
  amount_received: string;
  amount_capturable: string;
  currency_id: string;
  payment_method_id: string;
  customer_id: string;
  invoice_id: string | null;
  /** Sandbox: the checkout session it pays, if any. */
  checkout_session_id: string | null;
  description: string;
  statement_descriptor: string;
  capture_method: 'automatic';
  last_payment_error: PaymentError | null;
  /** `{[method type]: {tx_hash, payer, type}}` for wallet methods, `{stripe: {payment_intent_id}}` for cards. */
  payment_details: Json;
};

export type CheckoutSessionRow = Stored & CheckoutSessionFields;
type CheckoutSessionFields = {
  object: 'checkout_session';
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  line_items: LineItem[];
  currency_id: string;
  /** Smallest units of `currency_id`: the items, and what is due now (after a trial and the discount). */
  amount_subtotal: string;
  amount_total: string;
  total_details: { amount_discount: string; amount_shipping: string; amount_tax: string };
  /** At most one: the promotion code applied (domain/checkout-adjust.ts). */
  discounts: SessionDiscount[];
  expires_at: Seconds;
  url: string;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  submit_type: 'auto' | 'book' | 'donate' | 'pay';
  allow_promotion_codes: boolean;
  billing_address_collection: 'auto' | 'required';
  phone_number_collection: { enabled: boolean };
  /** Consent asked at checkout (TCheckoutSession / TPaymentLink); absent asks none. */
  consent_collection?: { promotions?: 'auto' | 'none'; terms_of_service?: 'required' | 'none' };
  cross_sell_behavior: 'auto' | 'required';
  custom_fields: CustomField[];
  payment_method_types: string[];
  invoice_creation?: { enabled: boolean };
  customer_creation?: 'if_required' | 'always';
  subscription_data: CheckoutSubscriptionData | null;
  payment_link_id: string | null;
  customer_id: string | null;
  customer_did: string | null;
  customer_details: { name: string; email: string; phone: string; address: CustomerAddress | null } | null;
  payment_intent_id: string | null;
  invoice_id: string | null;
  subscription_id: string | null;
  /** The subscriptions it started, by id (TCheckoutSessionExpanded expands them). */
  subscriptions?: string[];
  /** How it was paid, once complete (`{[method type]: {tx_hash, payer, type}}`). */
  payment_details?: Json;
  created_via: 'api' | 'portal';
};

/** The promotion applied to a checkout session (TCheckoutSession.discounts[]). */
export type SessionDiscount = {
  promotion_code: string;
  coupon: string;
  /** Smallest unit of the session's currency, kept in step with its amounts (sessions.ts sessionAmounts). */
  discount_amount: string;
  verification_data: { code: string };
  /** Sandbox: the code and its coupon, for the checkout to show. */
  promotion_code_details: { id: string; code: string };
  coupon_details: CouponRow;
};

/**
 * Why and by whom a subscription was canceled (TSubscription.cancelation_details): the canceler's feedback, comment and
 * reason when given; return_stake or slash_stake are added to the answer when the merchant's cancel settled the stake
 * (stake-shape.ts).
 */
export type CancelationDetails = {
  feedback?: string;
  comment?: string;
  reason?: string;
  /** Sandbox: 'customer', or what the merchant said (default 'admin'). */
  cancel_from: string;
  return_stake?: boolean;
  slash_stake?: boolean;
};

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export type SubscriptionRow = Stored & SubscriptionFields;
type SubscriptionFields = {
  object: 'subscription';
  status: SubscriptionStatus;
  customer_id: string;
  currency_id: string;
  default_payment_method_id: string;
  description: string;
  current_period_start: Seconds;
  current_period_end: Seconds;
  trial_start: Seconds | null;
  trial_end: Seconds | null;
  cancel_at_period_end: boolean;
  cancel_at: Seconds | null;
  canceled_at: Seconds | null;
  ended_at: Seconds | null;
  latest_invoice_id: string | null;
  billing_cycle_anchor: Seconds;
  start_date: Seconds;
  collection_method: 'charge_automatically';
  pending_invoice_item_interval: { interval: Recurring['interval']; interval_count: number };
  cancelation_details: CancelationDetails | null;
  service_actions: ServiceAction[];
  /**
   * The platform's payment details (`arcblock.staking` once a stake is taken, stake-shape.ts), and the sandbox's own
   * bookkeeping of a stake under `staking`, which never leaves the server.
   */
  payment_details: Json;
};

export type SubscriptionItemRow = Stored & SubscriptionItemFields;
type SubscriptionItemFields = {
  object: 'subscription_item';
  subscription_id: string;
  price_id: string;
  quantity: number;
};

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type InvoiceRow = Stored & InvoiceFields;
type InvoiceFields = {
  object: 'invoice';
  number: string;
  status: InvoiceStatus;
  billing_reason: string;
  description: string;
  currency_id: string;
  customer_id: string;
  payment_intent_id: string | null;
  subscription_id: string | null;
  checkout_session_id: string | null;
  default_payment_method_id: string;
  subtotal: string;
  total: string;
  amount_due: string;
  amount_paid: string;
  amount_remaining: string;
  attempt_count: number;
  attempted: boolean;
  paid: boolean;
  period_start: Seconds;
  period_end: Seconds;
  due_date: Seconds | null;
  /** Discount ids (TInvoice.discounts); the amounts are in total_discount_amounts. */
  discounts: string[];
  total_discount_amounts: Array<{
    amount: string;
    discount: string | null;
    promotion_code: string | null;
    coupon: string | null;
  }>;
  status_transitions: { paid_at?: Seconds; finalized_at?: Seconds; voided_at?: Seconds };
  statement_descriptor: string;
  subtotal_excluding_tax: string;
  tax: string;
  amount_shipping: string;
  starting_balance: string;
  ending_balance: string;
  paid_out_of_band: boolean;
  auto_advance: boolean;
  collection_method: 'charge_automatically';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: CustomerAddress | null;
};

export type InvoiceItemRow = Stored & InvoiceItemFields;
type InvoiceItemFields = {
  object: 'invoice_item';
  invoice_id: string;
  price_id: string;
  quantity: number;
  amount: string;
  currency_id: string;
  description: string;
  customer_id: string;
  subscription_id: string | null;
  period: { start: Seconds; end: Seconds };
};

export type PaymentLinkRow = Stored & PaymentLinkFields;
type PaymentLinkFields = {
  object: 'payment_link';
  active: boolean;
  name: string;
  currency_id: string;
  line_items: LineItem[];
  after_completion: AfterPayment;
  allow_promotion_codes: boolean;
  billing_address_collection: 'auto' | 'required';
  phone_number_collection: { enabled: boolean };
  /** Consent asked at checkout (TCheckoutSession / TPaymentLink); absent asks none. */
  consent_collection?: { promotions?: 'auto' | 'none'; terms_of_service?: 'required' | 'none' };
  submit_type: 'auto' | 'book' | 'donate' | 'pay';
  subscription_data: CheckoutSubscriptionData | null;
  cross_sell_behavior: 'auto' | 'required';
  /**
   * TPaymentLink.donation_settings: amounts are token units (decimal strings) of the link's currency. A link the
   * merchant made over the API may carry only some of the fields (its `amount`, say): the rest is as given.
   */
  donation_settings: LinkDonationSettings | null;
  customer_creation: 'if_required' | 'always';
  invoice_creation: { enabled: boolean };
  payment_method_types: string[];
  custom_fields: CustomField[];
  lookup_key: string | null;
};

/**
 * The subscription_data of a link or session (payment-types SubscriptionData): what the merchant set, the numbers
 * checked (sessions.ts subscriptionDataOf), the rest as given.
 */
export type CheckoutSubscriptionData = Partial<SubscriptionData> & AsGiven;

export type LinkDonationSettings = Partial<Omit<DonationSettings, 'beneficiaries' | 'message' | 'amount'>> &
  AsGiven & {
    /** Decimal token amounts (null: not set). */
    amount?: {
      presets?: string[];
      preset?: string | null;
      minimum?: string | null;
      maximum?: string | null;
      custom?: boolean;
    };
    /** Sandbox: a beneficiary may be an app (`type: 'dapp'`), as the benefits answer (TBeneficiary) says. */
    beneficiaries?: Array<PaymentBeneficiary & { type?: 'user' | 'dapp' }>;
    /**
     * The platform's is `{success?, summary?}`; the donate widget's POST /api/donations sends a plain string (src/api
     * DonationSettingsInput), which the sandbox keeps.
     */
    message?: DonationSettings['message'] | string;
  };

/** A checkout line item (payment-types LineItem): the price, how many, and what the payer may change. */
export type LineItem = {
  price_id: string;
  quantity: number;
  adjustable_quantity?: { enabled: boolean; minimum: number; maximum: number };
  upsell_price_id?: string;
  cross_sell?: boolean;
  /** A custom amount (smallest unit) the payer chose, for a price with `custom_unit_amount`. */
  custom_amount?: string;
};

export type CouponRow = Stored & CouponFields;
type CouponFields = {
  object: 'coupon';
  locked: boolean;
  name: string;
  description?: string;
  /** 0 for an amount coupon (then `amount_off` in `currency_id`, `currency_options` in others). */
  percent_off: number;
  amount_off: string;
  currency_id: string | null;
  currency_options: Record<string, { amount_off: string }>;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number;
  max_redemptions: number | null;
  redeem_by: Seconds | null;
  applies_to: { products: string[] } | null;
  times_redeemed: number;
  valid: boolean;
};

export type PromotionCodeRow = Stored & PromotionCodeFields;
type PromotionCodeFields = {
  object: 'promotion_code';
  active: boolean;
  locked: boolean;
  code: string;
  description?: string;
  coupon_id: string;
  max_redemptions: number | null;
  times_redeemed: number;
  expires_at: Seconds | null;
  /** TPromotionCode.restrictions, kept as given (the sandbox applies none). */
  restrictions: AsGiven;
  /** The one customer who may use the code, if any. */
  customer_id?: string | null;
  verification_type: 'code';
};

export type CreditGrantStatus = 'pending' | 'granted' | 'depleted' | 'expired' | 'voided';

export type CreditGrantRow = Stored & CreditGrantFields;
type CreditGrantFields = {
  object: 'credit_grant';
  name: string;
  /** Smallest unit of the credit currency. */
  amount: string;
  remaining_amount: string;
  currency_id: string;
  customer_id: string;
  category: 'paid' | 'promotional';
  /** Lower first (0…100, default 50). */
  priority: number;
  status: CreditGrantStatus;
  effective_at: Seconds;
  expires_at: Seconds | null;
  applicability_config: CreditGrantApplicabilityConfig | null;
  voided_at: Seconds | null;
  created_via: 'api' | 'auto_recharge';
};

export type MeterRow = Stored & MeterFields;
type MeterFields = {
  object: 'meter';
  name: string;
  event_name: string;
  aggregation_method: 'sum';
  unit: string;
  /** The credit currency its usage is billed in (settled from credit grants), or null. */
  currency_id: string | null;
  /** Sandbox: the decimals of a usage value (the currency's, when it has one). */
  decimal: number;
  status: 'active' | 'inactive';
  description: string;
};

export type MeterEventRow = Stored & MeterEventFields;
type MeterEventFields = {
  object: 'meter_event';
  event_name: string;
  /** The payload as given, with `customer_id` resolved to the customer's id and `value` in smallest units. */
  payload: MeterEventPayload & AsGiven;
  /** An idempotency key: an event with a known identifier is not recorded twice. */
  identifier: string | null;
  timestamp: Seconds;
  /** `pending` until the billing clock settles its usage from credit grants (`completed`). */
  status: 'pending' | 'completed';
  /** Smallest units of credit taken and still owed, once the clock has settled some of it. */
  credit_consumed?: string;
  credit_pending?: string;
  /** TMeterEvent.source_data, kept as given (an object). */
  source_data: AsGiven | null;
  /** Sandbox: copies of the payload and the meter, which the lists filter on. */
  meter_id: string;
  customer_id: string;
  subscription_id: string | null;
  value: string;
};

/** The row type of each table. */
export type Rows = {
  payment_methods: PaymentMethodRow;
  payment_currencies: PaymentCurrencyRow;
  products: ProductRow;
  prices: PriceRow;
  customers: CustomerRow;
  payment_intents: PaymentIntentRow;
  checkout_sessions: CheckoutSessionRow;
  subscriptions: SubscriptionRow;
  subscription_items: SubscriptionItemRow;
  invoices: InvoiceRow;
  invoice_items: InvoiceItemRow;
  payment_links: PaymentLinkRow;
  coupons: CouponRow;
  promotion_codes: PromotionCodeRow;
  credit_grants: CreditGrantRow;
  meters: MeterRow;
  meter_events: MeterEventRow;
};

/** The fields a new row of each table is made of (repo.ts `newDoc` adds id, mode and timestamps). */
export type NewRows = {
  payment_methods: PaymentMethodFields;
  payment_currencies: PaymentCurrencyFields;
  products: ProductFields;
  prices: PriceFields;
  customers: CustomerFields;
  payment_intents: PaymentIntentFields;
  checkout_sessions: CheckoutSessionFields;
  subscriptions: SubscriptionFields;
  subscription_items: SubscriptionItemFields;
  invoices: InvoiceFields;
  invoice_items: InvoiceItemFields;
  payment_links: PaymentLinkFields;
  coupons: CouponFields;
  promotion_codes: PromotionCodeFields;
  credit_grants: CreditGrantFields;
  meters: MeterFields;
  meter_events: MeterEventFields;
};
