/** Response schemas of the invoice, subscription and credit calls (loaded with the lazy customer resources). */
import { array, number, optional, record, string, type } from 'superstruct';
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

export const OverdueStruct = type({
  summary: record(
    string(),
    type({ amount: Amount, currency: PaymentCurrencyStruct, method: type({ id: string(), type: string() }) }),
  ),
  invoices: array(InvoiceStruct),
  subscriptionCount: opt(number()),
});
