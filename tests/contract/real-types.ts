/**
 * The response type of every Payment Kit call the elements (and the merchant steps) read, named from
 * @blocklet/payment-types 1.27.x (payment-js-client.md §6-7, payment-kit-api.md). `npx tsx scripts/contract-schemas.ts`
 * turns each exported alias into a JSON Schema in schemas.json; tests/contract/contract.test.ts validates the sandbox
 * against them. Only types the packages do not publish are written out here, each marked with where it comes from.
 */
import type {
  CreditGrantSummary,
  TAutoRechargeConfig,
  TCheckoutSession,
  TCheckoutSessionExpanded,
  TCoupon,
  TCreditGrantExpanded,
  TCreditTransactionExpanded,
  TCustomer,
  TCustomerExpanded,
  TInvoice,
  TInvoiceExpanded,
  TMeter,
  TPaymentCurrency,
  TPaymentIntent,
  TPaymentIntentExpanded,
  TPaymentLink,
  TPaymentLinkExpanded,
  TPaymentMethod,
  TPaymentMethodExpanded,
  TPrice,
  TPriceExpanded,
  TPricingTableExpanded,
  TProductExpanded,
  TPromotionCode,
  TPromotionCodeExpanded,
  TRefundExpanded,
  TSetting,
  TSubscription,
  TSubscriptionExpanded,
} from '@blocklet/payment-types';

/** payment-types `Paginated<T>` (payment-js lib/resources): the list shape of every list/search call. */
export type Paginated<T> = { count: number; list: T[] };

// ---- customer-facing calls (payment-kit-api.md) ----
/** GET /api/settings */
export type Settings = { paymentMethods: TPaymentMethodExpanded[]; baseCurrency: TPaymentCurrency };
/** POST /api/checkout-sessions/start/:plinkId, GET /api/checkout-sessions/retrieve/:id (CheckoutContext). */
export type CheckoutContext = {
  checkoutSession: TCheckoutSessionExpanded;
  paymentMethods: TPaymentMethodExpanded[];
  paymentLink?: TPaymentLinkExpanded | null;
  paymentIntent?: TPaymentIntent | null;
  customer?: TCustomer | null;
};
/** GET /api/customers/me */
export type Customer = TCustomer;
/** GET /api/invoices */
export type InvoiceList = Paginated<TInvoiceExpanded>;
/** GET /api/invoices/:id: payment-js `InvoiceWithDiscount` (lib/resources/invoices.d.ts). */
export type InvoiceWithDiscount = TInvoiceExpanded & {
  discountDetails?: { coupon: TCoupon; promotionCode: TPromotionCode }[];
  relatedInvoice?: TInvoice;
  paymentLink?: TPaymentLink;
  checkoutSession?: TCheckoutSession;
};
/** GET /api/subscriptions */
export type SubscriptionList = Paginated<TSubscriptionExpanded>;
/** GET /api/subscriptions/:id */
export type SubscriptionExpanded = TSubscriptionExpanded;
/** PUT /api/subscriptions/:id/cancel · /recover (merchant) · PUT /api/subscriptions/:id */
export type Subscription = TSubscription;
/** GET /api/subscriptions/:id/overdue/invoices (payment-js `subscriptions.overdueInvoices`). */
export type SubscriptionOverdue = {
  subscription: TSubscription;
  invoices: TInvoice[];
  summary: Record<string, { amount: string; currency: TPaymentCurrency; method: TPaymentMethod }>;
};
/** GET /api/customers/:id/overdue/invoices (payment-js `customers.overdueInvoices`). */
export type CustomerOverdue = {
  customer: TCustomer;
  invoices: TInvoice[];
  summary: Record<string, { amount: string; currency: TPaymentCurrency; method: TPaymentMethod }>;
};
/** GET /api/credit-grants */
export type CreditGrantList = Paginated<TCreditGrantExpanded>;
/** GET /api/credit-grants/summary: payment-js `CreditSummary` (payment-types `CreditGrantSummary` per currency). */
export type CreditSummary = Record<string, CreditGrantSummary>;
/** One currency of it (what the elements read, checked field by field). */
export type CreditSummaryEntry = CreditGrantSummary;
/** GET /api/credit-grants/:id */
export type CreditGrantExpanded = TCreditGrantExpanded;
/** GET /api/credit-transactions (the portal reads usage rows as TCreditTransactionExpanded). */
export type CreditTransactionList = Paginated<TCreditTransactionExpanded>;
/** GET /api/payment-intents: the portal's payment history. */
export type PaymentIntentList = Paginated<TPaymentIntentExpanded>;
/** GET /api/refunds */
export type RefundList = Paginated<TRefundExpanded>;
/** GET /api/refunds/:id */
export type RefundExpanded = TRefundExpanded;
/** GET /api/meter-events/pending-amount: payment-types `GroupedBN`. */
export type GroupedBN = { [currencyId: string]: string };
/**
 * GET /api/auto-recharge-configs/customer/:id, POST …/submit's config: payment-js `TAutoRechargeConfigExpanded`
 * (payment-js lib/resources/auto-recharge-config.d.ts, not in payment-types): the flat config with its currency,
 * recharge currency, price and payment method (payment-kit-api.md "AutoRechargeConfig plus expanded
 * currency/price/paymentMethod"). Its price is a `TPrice`: the product is not expanded.
 */
export type AutoRechargeConfigExpanded = TAutoRechargeConfig & {
  currency?: TPaymentCurrency;
  rechargeCurrency?: TPaymentCurrency;
  price?: TPrice;
  paymentMethod?: TPaymentMethod;
};
/** GET/POST/PUT /api/settings (type donate): the donate widget's setting. */
export type Setting = TSetting;

// ---- merchant calls (payment-js-client.md §6) ----
export type ProductExpanded = TProductExpanded;
export type ProductList = Paginated<TProductExpanded>;
export type PriceExpanded = TPriceExpanded;
export type CheckoutSession = TCheckoutSession;
export type CheckoutSessionExpanded = TCheckoutSessionExpanded;
export type PaymentLinkExpanded = TPaymentLinkExpanded;
export type PaymentLink = TPaymentLink;
export type CouponCreate = { coupon: TCoupon; promotion_codes: TPromotionCode[] };
export type PromotionCodeExpanded = TPromotionCodeExpanded;
export type CustomerExpanded = TCustomerExpanded;
export type CustomerList = Paginated<TCustomerExpanded>;
export type PaymentIntentExpanded = TPaymentIntentExpanded;
export type Meter = TMeter;
export type PaymentCurrencyList = TPaymentCurrency[];

// ---- pricing tables (pricing-table.md §1; the merchant's list as payment-js `pricingTables.list`) ----
/** GET /api/pricing-tables/:id (public), POST/PUT /api/pricing-tables[/:id] (merchant). */
export type PricingTableExpanded = TPricingTableExpanded;
/** GET /api/pricing-tables (merchant). */
export type PricingTableList = Paginated<TPricingTableExpanded>;
