/**
 * Types of the entities the screens read (spec §3, payment-kit-api.md). Amounts are strings in the smallest unit;
 * times are unix seconds unless noted. Only what screens read is typed; responses may carry more (schemas allow it).
 */

export type LocaleText = string | Record<string, string>;

// ---- platform ----

export type ComponentMountPoint = {
  did: string;
  name?: string;
  title?: string;
  version?: string;
  mountPoint: string;
  status?: string | number;
  webEndpoint?: string;
  [k: string]: unknown;
};

export type NavigationItem = {
  id?: string;
  title?: LocaleText;
  description?: LocaleText;
  link?: LocaleText;
  icon?: string;
  role?: string | string[];
  section?: string | string[];
  component?: string;
  items?: NavigationItem[];
  visible?: boolean;
  private?: boolean;
};

export type BlockletTheme = {
  prefer?: 'light' | 'dark' | 'system' | string;
  preferKey?: string;
  background?: string | { header?: string; footer?: string; default?: string };
  [k: string]: unknown;
};

/** `window.blocklet` / `__blocklet__.js?type=json` (the fields this product reads; more exist). */
export type WindowBlocklet = {
  did?: string;
  appId?: string;
  appPid?: string;
  appName?: string;
  appDescription?: string;
  appUrl?: string;
  appLogo?: string;
  appLogoDark?: string;
  appLogoRect?: string;
  appLogoRectDark?: string;
  version?: string;
  serverVersion?: string;
  prefix?: string;
  groupPrefix?: string;
  componentId?: string;
  componentMountPoints?: ComponentMountPoint[];
  navigation?: NavigationItem[];
  languages?: Array<{ code: string; name: string }>;
  theme?: BlockletTheme;
  copyright?: string;
  description?: string;
  enableConnect?: boolean;
  enableLocale?: boolean;
  preferences?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  USE_ARCBLOCK_THEME?: string | number;
  USE_AIGNE_THEME?: string | number;
  [k: string]: unknown;
};

export type Passport = { role: string; name?: string; title?: string; [k: string]: unknown };

export type User = {
  did: string;
  role?: string;
  fullName?: string;
  email?: string;
  avatar?: string;
  passports?: Passport[];
  didSpace?: { endpoint: string; did: string };
  sourceAppPid?: string;
  [k: string]: unknown;
};

export type Session = { user: User | null };

// ---- payment ----

export type PaymentMethodType = 'arcblock' | 'bitcoin' | 'ethereum' | 'base' | 'stripe' | (string & {});

export type PaymentCurrency = {
  id: string;
  payment_method_id: string;
  active?: boolean;
  livemode?: boolean;
  name?: string;
  description?: string;
  logo?: string;
  symbol: string;
  decimal: number;
  maximum_precision?: number | null;
  minimum_payment_amount?: string;
  maximum_payment_amount?: string;
  is_base_currency?: boolean;
  type?: 'standard' | 'credit' | (string & {});
  metadata?: Record<string, unknown> | null;
  recharge_config?: {
    base_price_id?: string;
    payment_link_id?: string;
    checkout_url?: string;
    settings?: unknown;
  } | null;
  /** Some responses expand the method on the currency. */
  method?: PaymentMethod;
};

export type PaymentMethod = {
  id: string;
  type: PaymentMethodType;
  name: string;
  livemode?: boolean;
  active?: boolean;
  description?: string;
  logo?: string;
  default_currency_id?: string | null;
  settings?: {
    stripe?: { dashboard?: string; publishable_key?: string };
    arcblock?: { chain_id?: string; api_host?: string; explorer_host?: string };
    ethereum?: { explorer_host?: string; native_symbol?: string; [k: string]: unknown };
    base?: { explorer_host?: string; native_symbol?: string; [k: string]: unknown };
    bitcoin?: { explorer_host?: string; [k: string]: unknown };
    [k: string]: unknown;
  };
  features?: { recurring?: boolean; refund?: boolean; dispute?: boolean };
  payment_currencies: PaymentCurrency[];
};

export type PaymentSettings = {
  paymentMethods: PaymentMethod[];
  baseCurrency: PaymentCurrency | null;
  [k: string]: unknown;
};

export type Recurring = {
  interval: 'hour' | 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  usage_type?: 'licensed' | 'metered';
  aggregate_usage?: string;
  meter_id?: string;
};

export type CustomUnitAmount = { preset?: string; presets?: string[]; minimum?: string; maximum?: string };

export type CurrencyOption = {
  currency_id: string;
  unit_amount: string;
  custom_unit_amount?: CustomUnitAmount | null;
  tiers?: unknown;
};

/** `credit_amount` is in token units of the credit currency on the platform (core/money.ts tokenUnitsToSmallest). */
export type CreditConfig = {
  credit_amount?: string | number;
  currency_id?: string;
  valid_duration_value?: number;
  valid_duration_unit?: string;
};

export type ProductFeature = { name: string; [k: string]: unknown };

export type Product = {
  id: string;
  name: string;
  description?: string;
  type?: 'service' | 'good' | 'credit' | (string & {});
  images?: string[];
  features?: ProductFeature[];
  statement_descriptor?: string;
  unit_label?: string | null;
  default_price_id?: string | null;
  quantity_available?: number;
  quantity_sold?: number;
  quantity_limit_per_checkout?: number;
  vendor_config?: unknown[];
  metadata?: Record<string, unknown> | null;
  prices?: Price[];
};

export type Price = {
  id: string;
  product_id?: string;
  type: 'one_time' | 'recurring';
  nickname?: string;
  active?: boolean;
  unit_amount: string;
  currency_id: string;
  recurring?: Recurring | null;
  custom_unit_amount?: CustomUnitAmount | null;
  currency_options?: CurrencyOption[];
  upsell?: { upsells_to_id?: string; upsells_to?: Price } | null;
  quantity_available?: number;
  quantity_sold?: number;
  quantity_limit_per_checkout?: number;
  metadata?: { credit_config?: CreditConfig; [k: string]: unknown } | null;
  product?: Product;
  currency?: PaymentCurrency;
};

export type Coupon = {
  id: string;
  name?: string;
  percent_off?: number | null;
  amount_off?: string | null;
  currency_id?: string | null;
  currency_options?: Record<string, { amount_off?: string }> | null;
  duration?: 'forever' | 'once' | 'repeating';
  duration_in_months?: number | null;
  valid?: boolean;
};

export type PromotionCode = { id: string; code: string; coupon_id?: string; [k: string]: unknown };

export type Discount = {
  promotion_code?: string | null;
  coupon?: string | null;
  discount_amount?: string;
  verification_method?: string;
  verification_data?: { code?: string; [k: string]: unknown };
  promotion_code_details?: PromotionCode;
  coupon_details?: Coupon;
};

export type LineItem = {
  price_id: string;
  price: Price;
  quantity: number;
  upsell_price_id?: string | null;
  upsell_price?: Price | null;
  custom_amount?: string | null;
  adjustable_quantity?: { enabled: boolean; minimum?: number; maximum?: number } | null;
  discount_amounts?: Array<{
    amount: string;
    promotion_code?: { code?: string } | string | null;
    [k: string]: unknown;
  }>;
  cross_sell?: boolean | null;
  [k: string]: unknown;
};

export type FieldValidation = { pattern?: string; pattern_message?: Record<string, string> };

export type SubscriptionData = {
  trial_period_days?: number;
  trial_end?: number;
  trial_currency?: string;
  /** In token units (a number on the platform): core/billing.ts stakeAmount converts it. */
  billing_threshold_amount?: string | number;
  /** In token units (a number on the platform): core/billing.ts stakeAmount converts it. */
  min_stake_amount?: string | number;
  no_stake?: boolean;
  [k: string]: unknown;
};

export type CheckoutSession = {
  id: string;
  object?: 'checkout_session';
  livemode: boolean;
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired' | (string & {});
  payment_status: 'paid' | 'unpaid' | 'no_payment_required' | (string & {});
  expires_at: number;
  line_items: LineItem[];
  currency_id: string;
  amount_subtotal?: string;
  amount_total?: string;
  discounts?: Discount[];
  allow_promotion_codes?: boolean;
  total_details?: { amount_discount?: string; amount_shipping?: string; amount_tax?: string } | null;
  cross_sell_behavior?: 'auto' | 'required' | (string & {});
  submit_type?: 'auto' | 'book' | 'donate' | 'pay';
  success_url?: string | null;
  cancel_url?: string | null;
  phone_number_collection?: { enabled: boolean } | null;
  /** Consent the session asks for: `terms_of_service: 'required'` shows the app's terms and privacy links. */
  consent_collection?: { promotions?: string; terms_of_service?: string } | null;
  billing_address_collection?: 'auto' | 'required' | null;
  invoice_id?: string | null;
  subscription_id?: string | null;
  subscriptions?: Array<Subscription | string>;
  payment_link_id?: string | null;
  customer_id?: string | null;
  /** The customer who submitted the session (shown to that customer, or the merchant). */
  customer_did?: string | null;
  metadata?: {
    page_info?: {
      field_validation?: Record<string, FieldValidation>;
      form_purpose_description?: { en?: string; zh?: string };
      success_message?: Record<string, string>;
    };
    /** A session of a pricing table plan: the table, and the plan's after_completion (its confirmation message). */
    pricing_table_id?: string;
    after_completion?: PaymentLink['after_completion'];
    [k: string]: unknown;
  } | null;
  subscription_data?: SubscriptionData | null;
  created_at?: string | number;
};

export type PaymentIntent = {
  id: string;
  status: string;
  amount?: string;
  amount_received?: string;
  currency_id?: string;
  last_payment_error?: { message?: string; [k: string]: unknown } | null;
  payment_details?: Record<
    string,
    { tx_hash?: string; gas_price?: string; gas_used?: string; payment_intent_id?: string }
  >;
  paymentCurrency?: PaymentCurrency;
  paymentMethod?: PaymentMethod;
  created_at?: string | number;
};

export type DonationSettings = {
  title?: string;
  description?: string;
  amount?: { presets?: string[]; preset?: string; custom?: boolean; minimum?: string; maximum?: string };
  [k: string]: unknown;
};

export type PaymentLink = {
  id: string;
  name?: string;
  donation_settings?: DonationSettings | null;
  after_completion?: {
    type?: string;
    hosted_confirmation?: { custom_message?: string };
    redirect?: { url?: string };
  } | null;
  metadata?: { show_product_features?: boolean; [k: string]: unknown } | null;
};

export type Address = {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
};

export type Customer = {
  /** null in the `customers.me()` fallback (a signed-in user who is not a customer yet). */
  id: string | null;
  did?: string;
  name?: string;
  fullName?: string;
  email?: string;
  phone?: string;
  address?: Address | null;
  livemode?: boolean;
  metadata?: { phone?: { country?: string; phoneNumber?: string }; [k: string]: unknown } | null;
};

/** What `retrieve` / `start` return. */
export type CheckoutContext = {
  checkoutSession: CheckoutSession;
  paymentMethods: PaymentMethod[];
  paymentLink?: PaymentLink | null;
  paymentIntent?: PaymentIntent | null;
  customer?: Customer | null;
};

export type CheckoutFormData = {
  customer_name: string;
  customer_email: string;
  customer_phone?: string;
  payment_method: string;
  payment_currency: string;
  billing_address?: Address;
  [k: string]: unknown;
};

export type FastPayInfo = { type?: string; amount?: string; payer?: string; token?: { balance?: string } };

export type SubmitResponse = {
  paymentIntent?: PaymentIntent | null;
  stripeContext?: { client_secret?: string; intent_type?: string; status?: string } | null;
  customer?: Customer | null;
  creditSufficient?: boolean;
  balance?: { sufficient?: boolean } | null;
  delegation?: { sufficient?: boolean } | null;
  fastPayInfo?: FastPayInfo | null;
  checkoutSession?: CheckoutSession;
};

export type VendorStatus = {
  name?: string;
  title?: string;
  status: 'delivered' | 'processing' | 'failed' | (string & {});
  progress: number;
  error?: unknown;
  error_message?: string | null;
  vendorType?: 'didnames' | 'launcher' | (string & {});
};

export type Beneficiary = {
  name?: string;
  address?: string;
  avatar?: string;
  percent?: number | string;
  amount?: string;
  url?: string;
  type?: string;
};

export type Invoice = {
  id: string;
  number?: string;
  status: 'draft' | 'open' | 'void' | 'paid' | 'uncollectible' | (string & {});
  total: string;
  amount_due?: string;
  amount_paid?: string;
  amount_remaining?: string;
  billing_reason?: string;
  description?: string | null;
  currency_id?: string;
  customer_id?: string;
  subscription_id?: string | null;
  checkout_session_id?: string | null;
  /** The purchase the invoice is for (expanded), when it came from a checkout. */
  checkoutSession?: { id: string; mode?: CheckoutSession['mode'] } | null;
  period_start?: number;
  period_end?: number;
  created_at: string | number;
  paymentCurrency?: PaymentCurrency;
  paymentMethod?: PaymentMethod | { name?: string; logo?: string; type?: string };
  paymentIntent?: PaymentIntent | null;
  subscription?: Subscription | null;
  lines?: Array<Record<string, unknown>>;
  metadata?: { payment_details?: Record<string, unknown>; [k: string]: unknown } | null;
  subtotal?: string;
  /** TInvoice.discounts: the ids of the discounts applied (spec §3 Discount). */
  discounts?: string[];
  total_discount_amounts?: Array<{
    amount: string;
    discount?: string | null;
    promotion_code?: string | null;
    coupon?: string | null;
  }>;
  /** Only on retrieve (payment-js InvoiceWithDiscount): each discount's coupon and promotion code. */
  discountDetails?: InvoiceDiscountDetail[];
  /** TInvoiceExpanded: the customer billed; the invoice's own copies of name, email and address come first. */
  customer?: Customer | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_address?: Address | null;
  tax?: string;
  due_date?: number | null;
  /** When the invoice was paid, finalized or voided (unix seconds). */
  status_transitions?: { paid_at?: number | null; finalized_at?: number | null; voided_at?: number | null } | null;
};

export type InvoiceDiscountDetail = { coupon?: Coupon | null; promotionCode?: PromotionCode | null };

export type Paginated<T> = { count: number; list: T[] };

export type SubscriptionItem = { id: string; price_id?: string; price?: Price; quantity?: number };

export type Subscription = {
  id: string;
  status:
    'active' | 'past_due' | 'paused' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'trialing' | (string & {});
  description?: string | null;
  currency_id?: string;
  customer_id?: string;
  current_period_start?: number;
  current_period_end?: number;
  cancel_at_period_end?: boolean;
  cancel_at?: number | null;
  canceled_at?: number | null;
  /** When a cancelled subscription ended (unix seconds). */
  ended_at?: number | null;
  trial_start?: number | null;
  trial_end?: number | null;
  start_date?: number;
  default_payment_method_id?: string;
  items?: SubscriptionItem[];
  paymentCurrency?: PaymentCurrency;
  paymentMethod?: PaymentMethod;
  customer?: Customer;
  serviceType?: 'credit' | 'standard';
  metadata?: Record<string, unknown> | null;
  created_at?: string | number;
  /** TSubscription: `stake_gte` is the stake, a number in token units (core `subscriptionStake` converts it). */
  billing_thresholds?: {
    amount_gte?: number;
    stake_gte?: number | string;
    no_stake?: boolean;
    [k: string]: unknown;
  } | null;
  /** TSubscription: `arcblock.staking` is the stake's transaction and address, once taken. */
  payment_details?: {
    arcblock?: {
      tx_hash?: string;
      payer?: string;
      staking?: { tx_hash?: string; address?: string } | null;
      [k: string]: unknown;
    } | null;
    [k: string]: unknown;
  } | null;
  /** TSubscription: `return_stake` / `slash_stake` once the merchant's cancel returned or slashed the stake. */
  cancelation_details?: { return_stake?: boolean; slash_stake?: boolean; [k: string]: unknown } | null;
};

export type OverdueInvoices = {
  summary: Record<string, { amount: string; currency: PaymentCurrency; method: PaymentMethod }>;
  /** Plain TInvoice: the currency of each is `summary[currency_id].currency`. */
  invoices: Array<
    Omit<Invoice, 'paymentCurrency' | 'paymentMethod' | 'paymentIntent' | 'subscription' | 'lines'> & {
      currency_id: string;
    }
  >;
  subscription?: Subscription | null;
  subscriptionCount?: number;
  customer?: { id: string; [k: string]: unknown } | null;
};

export type CreditGrant = {
  id: string;
  name?: string | null;
  customer_id?: string;
  /** Paid or promotional credit (shown on the grant's page). */
  category?: string;
  status: 'granted' | 'pending' | 'expired' | 'depleted' | 'voided' | (string & {});
  amount?: string;
  remaining_amount: string;
  currency_id?: string;
  paymentCurrency?: PaymentCurrency;
  applicability_config?: { scope?: { prices?: string[]; price_type?: string } } | null;
  effective_at?: number | null;
  expires_at?: number | null;
  created_at?: string | number;
};

export type CreditTransaction = {
  id?: string;
  activity_type?: 'grant' | 'usage' | (string & {});
  amount?: string;
  credit_amount?: string;
  credit_grant_id?: string;
  creditGrant?: { name?: string } | null;
  meter?: { unit?: string; event_name?: string; id?: string } | null;
  meterEvent?: { id?: string; event_name?: string; source_data?: unknown } | null;
  paymentCurrency?: PaymentCurrency;
  metadata?: { invoice_id?: string; [k: string]: unknown } | null;
  description?: string | null;
  created_at?: string | number;
  [k: string]: unknown;
};

// ---- wallet connect ----

/** A wallet request (GET {prefix}/{action}/token): `url` is the DID Wallet deep link (the QR code's content). */
export type ConnectSession = {
  token: string;
  url: string;
  status?: string | undefined;
  appInfo?: Record<string, unknown> | undefined;
};
export type ConnectStatusValue = 'created' | 'scanned' | 'succeed' | 'error' | 'busy' | 'forbidden';
/** A request's state (GET …/status, or the relay's `updated`): plus whatever the action stored (`sessionToken`, …). */
export type ConnectStatus = {
  token?: string | undefined;
  status: ConnectStatusValue;
  error?: string | undefined;
  did?: string | undefined;
  [key: string]: unknown;
};

// ---- store ----

export type StoreBlocklet = {
  id?: string;
  did: string;
  name?: string;
  title?: string;
  description?: string;
  version?: string;
  logo?: string;
  owner?: { did?: string; fullName?: string; avatar?: string };
  author?: { name?: string };
  stats?: { downloads?: number };
  category?: { id?: string; _id?: string; locales?: Record<string, string> } | string | null;
  isOfficial?: boolean;
  lastPublishedAt?: string;
  /** Paid when a price has a non-zero value. */
  payment?: { price?: Array<{ value?: number | string; symbol?: string }> };
  screenshots?: string[];
  requirements?: Record<string, string>;
  capabilities?: Record<string, unknown>;
  _formatted?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  [k: string]: unknown;
};

export type StoreCategory = {
  _id?: string;
  id?: string;
  name?: string;
  locales: Record<string, string>;
  createdAt?: string;
  updatedAt?: string;
};

export type StoreListParams = {
  keyword?: string;
  category?: string;
  price?: 'free' | 'payment';
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  showResources?: boolean;
  isOfficial?: boolean;
  owner?: string;
  resourceDid?: string;
  resourceType?: string;
  page?: number;
  pageSize?: number;
  versionCount?: number;
  didList?: string;
};

export type StoreList = { dataList: StoreBlocklet[]; total: number };
export type StoreExploreSection = {
  type: 'trending' | 'topRated' | 'recentlyUpdated' | (string & {});
  blocklets: StoreBlocklet[];
};

/** A refund (spec §3 "Refund type: refund or stake_return"; payment-js TRefund): amounts in the smallest unit. */
export type Refund = {
  id: string;
  object?: 'refund';
  livemode?: boolean;
  type: 'refund' | 'stake_return' | (string & {});
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action' | (string & {});
  amount: string;
  currency_id: string;
  customer_id?: string;
  payment_intent_id?: string | null;
  invoice_id?: string | null;
  subscription_id?: string | null;
  reason?: string | null;
  description?: string | null;
  /** Per method type, like a payment's: `{arcblock: {tx_hash}}`, `{ethereum: {tx_hash}}`, `{stripe: {refund_id}}`. */
  payment_details?: Record<string, { tx_hash?: string; refund_id?: string; [k: string]: unknown }>;
  metadata?: Record<string, unknown> | null;
  created_at: string | number;
  paymentCurrency?: PaymentCurrency | null;
  paymentMethod?: PaymentMethod | null;
};

export type RefundListParams = {
  invoice_id?: string;
  subscription_id?: string;
  customer_id?: string;
  currency_id?: string;
  status?: string;
  page?: number;
  pageSize?: number;
};
