/** Customer, invoice, subscription and credit calls of the portal (spec §7). */
import type { Transport } from '../http.ts';
import {
  CreditGrantStruct,
  CustomerStruct,
  InvoiceStruct,
  OverdueStruct,
  paginated,
  SubscriptionStruct,
  AnyObject,
} from '../schemas.ts';
import type { CreditGrant, CreditTransaction, Customer, Invoice, OverdueInvoices, Paginated, PaymentIntent, Subscription } from '../types.ts';
import { type } from 'superstruct';

const enc = encodeURIComponent;

export type InvoiceListParams = {
  page?: number;
  pageSize?: number;
  status?: string;
  customer_id?: string;
  currency_id?: string;
  subscription_id?: string;
  include_staking?: boolean;
  include_return_staking?: boolean;
  include_recovered_from?: boolean;
  ignore_zero?: boolean;
};

export type CreditGrantListParams = { status?: string; customer_id?: string; subscription_id?: string; page?: number; pageSize?: number };

export type CreditTransactionListParams = {
  customer_id?: string;
  subscription_id?: string;
  credit_grant_id?: string;
  source?: string;
  include_grants?: boolean;
  /** Unix seconds (use core `dayRange`). */
  start?: number;
  end?: number;
  page?: number;
  pageSize?: number;
};

export function createCustomers(t: Transport) {
  return {
    /** GET /api/customers/me?skipSummary=1&fallback=1 (prefill). */
    me(): Promise<Customer> {
      return t.request({ path: 'api/customers/me', params: { skipSummary: 1, fallback: 1 }, schema: CustomerStruct });
    },
    /** GET /api/customers/:id/overdue/invoices. */
    overdueInvoices(customerId: string, opts: { authToken?: string } = {}): Promise<OverdueInvoices> {
      return t.request({ path: `api/customers/${enc(customerId)}/overdue/invoices`, params: { authToken: opts.authToken }, schema: OverdueStruct });
    },
    /** POST /api/customers/sync-to-space. */
    syncToSpace(): Promise<{ success?: boolean }> {
      return t.request({ method: 'POST', path: 'api/customers/sync-to-space' });
    },
  };
}

export function createInvoices(t: Transport) {
  return {
    /** GET /api/invoices → {count, list} (plus `subscription` when filtered by one). */
    list(params: InvoiceListParams = {}): Promise<Paginated<Invoice> & { subscription?: Subscription | null }> {
      return t.request({ path: 'api/invoices', params, schema: paginated(InvoiceStruct) });
    },
    /** GET /api/invoices/:id. */
    retrieve(id: string): Promise<Invoice> {
      return t.request({ path: `api/invoices/${enc(id)}`, schema: InvoiceStruct });
    },
  };
}

export function createSubscriptions(t: Transport) {
  return {
    /** GET /api/subscriptions (the signed-in customer's, or filtered). */
    list(params: { customer_id?: string; status?: string; page?: number; pageSize?: number } = {}): Promise<Paginated<Subscription>> {
      return t.request({ path: 'api/subscriptions', params, schema: paginated(SubscriptionStruct) });
    },
    /** GET /api/subscriptions/:id. */
    retrieve(id: string): Promise<Subscription> {
      return t.request({ path: `api/subscriptions/${enc(id)}`, schema: SubscriptionStruct });
    },
    /** GET /api/subscriptions/:id/overdue/invoices. */
    overdueInvoices(id: string, opts: { authToken?: string } = {}): Promise<OverdueInvoices> {
      return t.request({ path: `api/subscriptions/${enc(id)}/overdue/invoices`, params: { authToken: opts.authToken }, schema: OverdueStruct });
    },
    /** GET /api/subscriptions/:id/recover-info → {needStake}. */
    recoverInfo(id: string): Promise<{ needStake?: boolean }> {
      return t.request({ path: `api/subscriptions/${enc(id)}/recover-info`, schema: AnyObject });
    },
    /** PUT /api/subscriptions/:id/recover → `{subscription, needStake?}` (a bare subscription body is wrapped). */
    async recover(id: string): Promise<{ subscription: Subscription; needStake?: boolean }> {
      const data = await t.request<Record<string, unknown>>({ method: 'PUT', path: `api/subscriptions/${enc(id)}/recover`, schema: AnyObject });
      if (data.subscription && typeof data.subscription === 'object') {
        return { subscription: data.subscription as Subscription, ...(typeof data.needStake === 'boolean' ? { needStake: data.needStake } : {}) };
      }
      return { subscription: data as unknown as Subscription };
    },
    /**
     * PUT /api/subscriptions/:id/cancel `{at: 'current_period_end' | 'now' | 'custom', time?, feedback?, comment?, reason?}`
     * → the subscription (a trial is always cancelled now; a paid one at period end by default).
     */
    cancel(
      id: string,
      body: { at?: 'current_period_end' | 'now' | 'custom'; time?: number; feedback?: string; comment?: string; reason?: string } = {},
    ): Promise<Subscription> {
      return t.request({ method: 'PUT', path: `api/subscriptions/${enc(id)}/cancel`, data: body, schema: SubscriptionStruct });
    },
  };
}

export function createCredits(t: Transport) {
  return {
    /** GET /api/credit-grants. */
    grants(params: CreditGrantListParams = {}): Promise<Paginated<CreditGrant>> {
      return t.request({ path: 'api/credit-grants', params, schema: paginated(CreditGrantStruct) });
    },
    /** GET /api/credit-grants/:id. */
    grant(id: string): Promise<CreditGrant> {
      return t.request({ path: `api/credit-grants/${enc(id)}`, schema: CreditGrantStruct });
    },
    /** GET /api/credit-transactions (a mixed list of grant and usage rows). */
    transactions(params: CreditTransactionListParams = {}): Promise<Paginated<CreditTransaction>> {
      return t.request({ path: 'api/credit-transactions', params, schema: paginated(AnyObject) });
    },
  };
}

export function createPayments(t: Transport) {
  return {
    /** GET /api/payment-intents (payment history). */
    list(params: { customer_id?: string; page?: number; pageSize?: number } = {}): Promise<Paginated<PaymentIntent>> {
      return t.request({ path: 'api/payment-intents', params, schema: paginated(type({})) });
    },
    /** GET /api/meter-events/pending-amount → {[currencyId]: amount}. */
    pendingAmount(params: { customer_id?: string; currency_id?: string }): Promise<Record<string, string>> {
      return t.request({ path: 'api/meter-events/pending-amount', params, schema: AnyObject });
    },
  };
}
