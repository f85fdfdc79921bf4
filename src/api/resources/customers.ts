/** Customer, invoice, subscription and credit calls of the portal (spec §7). */
import { provideResource } from '../lazy.ts';
import type { Transport } from '../http.ts';
import { AnyObject, paginated } from '../schemas.ts';
import {
  AutoRechargeConfigStruct,
  CreditGrantStruct,
  CreditSummaryStruct,
  InvoiceStruct,
  OverdueStruct,
  SubscriptionStruct,
} from '../schemas-billing.ts';
import { CustomerStruct } from '../schemas-checkout.ts';
import type {
  CreditGrant,
  CreditTransaction,
  Customer,
  Invoice,
  OverdueInvoices,
  Paginated,
  PaymentCurrency,
  PaymentIntent,
  PaymentMethod,
  Price,
  Subscription,
} from '../types.ts';
import { type } from 'superstruct';

const enc = encodeURIComponent;

/** The wallet-connect action that authorizes an auto top-up configuration's payments (`{autoRechargeConfigId}`). */
export const AUTO_RECHARGE_AUTH_ACTION = 'auto-recharge-auth';
/** The wallet-connect action that stakes again for a subscription whose stake was revoked (`{subscriptionId}`). */
export const RESTAKE_ACTION = 're-stake';

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

export type CreditGrantListParams = {
  status?: string;
  customer_id?: string;
  subscription_id?: string;
  page?: number;
  pageSize?: number;
};

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
      return t.request({
        path: `api/customers/${enc(customerId)}/overdue/invoices`,
        params: { authToken: opts.authToken },
        schema: OverdueStruct,
      });
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

/** A plan a subscription item may switch to: the price and the renewal amount after the switch (smallest unit). */
export type PlanOption = { item_id: string; price: Price; amount: string };
/** What a subscription can switch to; changes apply from the next renewal (`effective_at`, unix seconds). */
export type PlanOptions = {
  subscription_id: string;
  effective_at: number;
  current_amount: string;
  plans: PlanOption[];
};
/** A currency the subscription's prices accept, with the renewal amount in it. */
export type PaymentOption = {
  currency: PaymentCurrency;
  method: Pick<PaymentMethod, 'id' | 'type' | 'name'>;
  amount: string;
  current: boolean;
};
export type PaymentOptions = { subscription_id: string; effective_at: number; options: PaymentOption[] };

export function createSubscriptions(t: Transport) {
  return {
    /** GET /api/subscriptions (the signed-in customer's, or filtered). */
    list(
      params: { customer_id?: string; status?: string; page?: number; pageSize?: number } = {},
    ): Promise<Paginated<Subscription>> {
      return t.request({ path: 'api/subscriptions', params, schema: paginated(SubscriptionStruct) });
    },
    /** GET /api/subscriptions/:id. */
    retrieve(id: string): Promise<Subscription> {
      return t.request({ path: `api/subscriptions/${enc(id)}`, schema: SubscriptionStruct });
    },
    /** GET /api/subscriptions/:id/overdue/invoices. */
    overdueInvoices(id: string, opts: { authToken?: string } = {}): Promise<OverdueInvoices> {
      return t.request({
        path: `api/subscriptions/${enc(id)}/overdue/invoices`,
        params: { authToken: opts.authToken },
        schema: OverdueStruct,
      });
    },
    /** GET /api/subscriptions/:id/recover-info → {needStake}. */
    recoverInfo(id: string): Promise<{ needStake?: boolean }> {
      return t.request({ path: `api/subscriptions/${enc(id)}/recover-info`, schema: AnyObject });
    },
    /** PUT /api/subscriptions/:id/recover → `{subscription, needStake?}` (a bare subscription body is wrapped). */
    async recover(id: string): Promise<{ subscription: Subscription; needStake?: boolean }> {
      const data = await t.request<Record<string, unknown>>({
        method: 'PUT',
        path: `api/subscriptions/${enc(id)}/recover`,
        schema: AnyObject,
      });
      if (data.subscription && typeof data.subscription === 'object') {
        return {
          subscription: data.subscription as Subscription,
          ...(typeof data.needStake === 'boolean' ? { needStake: data.needStake } : {}),
        };
      }
      return { subscription: data as unknown as Subscription };
    },
    /**
     * PUT /api/subscriptions/:id/cancel `{at: 'current_period_end' | 'now' | 'custom', time?, feedback?, comment?, reason?}`
     * → the subscription (a trial is always cancelled now; a paid one at period end by default).
     */
    cancel(
      id: string,
      body: {
        at?: 'current_period_end' | 'now' | 'custom';
        time?: number;
        feedback?: string;
        comment?: string;
        reason?: string;
      } = {},
    ): Promise<Subscription> {
      return t.request({
        method: 'PUT',
        path: `api/subscriptions/${enc(id)}/cancel`,
        data: body,
        schema: SubscriptionStruct,
      });
    },
    /** GET /api/subscriptions/:id/change-plan (sandbox) → the plans the customer can switch to. */
    planOptions(id: string): Promise<PlanOptions> {
      return t.request({ path: `api/subscriptions/${enc(id)}/change-plan`, schema: AnyObject }) as Promise<PlanOptions>;
    },
    /** PUT /api/subscriptions/:id/change-plan `{item_id, price_id}` (sandbox) → the subscription; applies from the next renewal. */
    changePlan(id: string, body: { item_id: string; price_id: string }): Promise<Subscription> {
      return t.request({
        method: 'PUT',
        path: `api/subscriptions/${enc(id)}/change-plan`,
        data: body,
        schema: SubscriptionStruct,
      });
    },
    /** GET /api/subscriptions/:id/change-payment (sandbox) → the currencies the subscription can be paid in. */
    paymentOptions(id: string): Promise<PaymentOptions> {
      return t.request({
        path: `api/subscriptions/${enc(id)}/change-payment`,
        schema: AnyObject,
      }) as Promise<PaymentOptions>;
    },
    /** PUT /api/subscriptions/:id/change-payment `{currency_id}` (sandbox) → the subscription, renewing in that currency. */
    changePayment(id: string, body: { currency_id: string }): Promise<Subscription> {
      return t.request({
        method: 'PUT',
        path: `api/subscriptions/${enc(id)}/change-payment`,
        data: body,
        schema: SubscriptionStruct,
      });
    },
  };
}

/**
 * payment-js TAutoRechargeConfigExpanded: a customer's auto top-up of one credit currency (amounts in the smallest
 * unit; 0 daily limits mean unlimited), with its credit currency, recharge currency, price and payment method.
 */
export type AutoRechargeConfig = {
  id: string;
  customer_id: string;
  currency_id: string;
  enabled: boolean;
  threshold: string;
  price_id: string;
  quantity: number;
  recharge_currency_id?: string | null;
  payment_method_id?: string | null;
  daily_limits?: { max_amount: string; max_attempts: number } | null;
  /** Today's top-ups (TAutoRechargeConfig): they count for `last_recharge_date` only. */
  daily_stats?: { attempt_count: number; total_amount: string } | null;
  /** The day of the last top-up, YYYY-MM-DD. */
  last_recharge_date?: string | null;
  /**
   * Who pays the top-ups, per payment method type: a wallet method has a payer once the customer's wallet authorized
   * the configuration (DID Connect `auto-recharge-auth` {autoRechargeConfigId}).
   */
  payment_settings?: { payment_method_options?: Record<string, { payer?: string | null } | null> | null } | null;
  /** Sandbox extra (not on TAutoRechargeConfig): why the last top-up failed. */
  last_error?: string | null;
  currency: PaymentCurrency;
  rechargeCurrency?: PaymentCurrency | null;
  price: Price;
  paymentMethod?: PaymentMethod | null;
};
/** What the portal saves (payment-js SubmitAutoRechargeConfigData): the configuration's own fields and its daily limits. */
export type AutoRechargeInput = Pick<
  AutoRechargeConfig,
  'customer_id' | 'currency_id' | 'enabled' | 'threshold' | 'price_id' | 'quantity'
> & { recharge_currency_id: string; daily_limits: { max_amount: string; max_attempts: number } };
/** payment-js CreditSummary (payment-types CreditGrantSummary per currency id): usable credit per currency. */
export type CreditSummary = Record<
  string,
  { paymentCurrency?: PaymentCurrency; totalAmount?: string; remainingAmount: string; grantCount: number }
>;

export function createCredits(t: Transport) {
  return {
    /** GET /api/auto-recharge-configs/customer/:customer (id or DID) ?currency_id= → TAutoRechargeConfigExpanded. */
    autoRecharge(customer: string, currencyId: string): Promise<AutoRechargeConfig> {
      return t.request({
        path: `api/auto-recharge-configs/customer/${enc(customer)}`,
        params: { currency_id: currencyId },
        schema: AutoRechargeConfigStruct,
      }) as Promise<AutoRechargeConfig>;
    },
    /** POST /api/auto-recharge-configs/submit → the stored TAutoRechargeConfigExpanded. */
    saveAutoRecharge(body: AutoRechargeInput): Promise<AutoRechargeConfig> {
      return t.request({
        method: 'POST',
        path: 'api/auto-recharge-configs/submit',
        data: body,
        schema: AutoRechargeConfigStruct,
      }) as Promise<AutoRechargeConfig>;
    },
    /** GET /api/credit-grants/summary?customer_id= (id or DID) → usable credit per credit currency. */
    summary(customer: string): Promise<CreditSummary> {
      return t.request({
        path: 'api/credit-grants/summary',
        params: { customer_id: customer },
        schema: CreditSummaryStruct,
      }) as Promise<CreditSummary>;
    },
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

/**
 * One row of the portal's payment history: `TPaymentIntentExpanded`, the payment intent with its currency, method
 * and linked invoice (`invoice?: TInvoice`).
 */
export type PaymentHistoryItem = PaymentIntent & {
  customer_id?: string;
  invoice_id?: string | null;
  description?: string | null;
  invoice?: { id: string; number?: string | null; status?: string; billing_reason?: string | null } | null;
};
/** `query` is a sandbox extension of the list (the real platform ignores it and lists every payment). */
export type PaymentHistoryParams = {
  customer_id?: string;
  query?: string;
  status?: string;
  page?: number;
  pageSize?: number;
};

export function createPayments(t: Transport) {
  return {
    /** GET /api/payment-intents: the payment history (the signed-in customer's own; 403 for another customer's). */
    list(params: PaymentHistoryParams = {}): Promise<Paginated<PaymentHistoryItem>> {
      const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
      return t.request({ path: 'api/payment-intents', params: clean, schema: paginated(type({})) }) as Promise<
        Paginated<PaymentHistoryItem>
      >;
    },
    /** GET /api/meter-events/pending-amount → {[currencyId]: amount}. */
    pendingAmount(params: { customer_id?: string; currency_id?: string }): Promise<Record<string, string>> {
      return t.request({ path: 'api/meter-events/pending-amount', params, schema: AnyObject });
    },
  };
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('customers', { createCustomers, createInvoices, createSubscriptions, createCredits, createPayments });
