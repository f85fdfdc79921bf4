/** Response schemas of the invoice, subscription and credit calls (loaded with the lazy customer resources). */
import { array, boolean, number, optional, record, string, type } from 'superstruct';
import { Amount, opt, PaymentCurrencyStruct, Time } from './schemas.ts';

export const InvoiceStruct = type({
  id: string(),
  status: string(),
  total: Amount,
  created_at: Time,
  billing_reason: opt(string()),
  paymentCurrency: optional(PaymentCurrencyStruct),
});

export const SubscriptionStruct = type({ id: string(), status: string() });

export const CreditGrantStruct = type({ id: string(), status: string(), remaining_amount: Amount });

/**
 * GET …/overdue/invoices: `invoices` are plain TInvoice (no relations); the currency and method of each currency's
 * invoices are in `summary`, keyed by the invoices' `currency_id`.
 */
export const OverdueStruct = type({
  summary: record(
    string(),
    type({ amount: Amount, currency: PaymentCurrencyStruct, method: type({ id: string(), type: string() }) }),
  ),
  invoices: array(type({ id: string(), status: string(), total: Amount, currency_id: string() })),
  subscriptionCount: opt(number()),
});

/**
 * GET /api/auto-recharge-configs/customer/:id and POST …/submit: payment-js TAutoRechargeConfigExpanded, the flat
 * config (amounts in the smallest unit) with its credit currency, recharge currency and price (a TPrice: its product
 * is not expanded).
 */
export const AutoRechargeConfigStruct = type({
  id: string(),
  currency_id: string(),
  enabled: boolean(),
  threshold: Amount,
  price_id: string(),
  quantity: number(),
  recharge_currency_id: opt(string()),
  daily_limits: opt(type({ max_amount: Amount, max_attempts: number() })),
  last_recharge_date: opt(string()),
  currency: PaymentCurrencyStruct,
  rechargeCurrency: opt(PaymentCurrencyStruct),
  price: type({
    id: string(),
    currency_id: string(),
    unit_amount: Amount,
    currency_options: opt(array(type({ currency_id: string(), unit_amount: Amount }))),
    nickname: opt(string()),
  }),
});

/** GET /api/credit-grants/summary: payment-js CreditSummary, per credit currency id. */
export const CreditSummaryEntryStruct = type({ remainingAmount: Amount, grantCount: number() });
export const CreditSummaryStruct = record(string(), CreditSummaryEntryStruct);
