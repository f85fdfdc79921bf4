/**
 * Pricing tables (pricing-table.md §1): GET /api/pricing-tables/:id (TPricingTableExpanded) and
 * POST /api/pricing-tables/:id/checkout/:priceId (a new checkout session for one plan, `{id, url}` read). Loaded only
 * by <pay-pricing-table>, so it takes the element's api (its `request`) instead of being part of createApi.
 */
import { array, boolean, nullable, number, optional, string, type } from 'superstruct';
import type { ResourceApi } from '../http.ts';
import { Amount, opt, PaymentCurrencyStruct } from '../schemas.ts';
import type { PaymentCurrency, Price, Product } from '../types.ts';

const CustomAmount = opt(type({ preset: opt(Amount), presets: opt(array(Amount)) }));

const TablePriceStruct = type({
  id: string(),
  type: string(),
  active: opt(boolean()),
  currency_id: string(),
  unit_amount: Amount,
  recurring: opt(type({ interval: string(), interval_count: opt(number()), usage_type: opt(string()) })),
  custom_unit_amount: CustomAmount,
  currency_options: opt(array(type({ currency_id: string(), unit_amount: Amount, custom_unit_amount: CustomAmount }))),
});

const TableProductStruct = type({
  id: string(),
  name: string(),
  description: opt(string()),
  unit_label: opt(string()),
  features: opt(array(type({ name: string() }))),
});

const PricingTableItemStruct = type({
  price_id: string(),
  price: TablePriceStruct,
  product: TableProductStruct,
  is_highlight: opt(boolean()),
  highlight_text: opt(string()),
  is_selected: opt(boolean()),
  is_disabled: opt(boolean()),
  subscription_data: opt(type({ trial_period_days: opt(number()) })),
});

export const PricingTableStruct = type({
  id: string(),
  name: opt(string()),
  active: boolean(),
  livemode: boolean(),
  items: array(PricingTableItemStruct),
  currency: optional(nullable(PaymentCurrencyStruct)),
});

const TableCheckoutStruct = type({ id: string(), url: opt(string()) });

/** TPricingTableItem: the fields the element reads. */
export type PricingTableItem = {
  price_id: string;
  price: Price;
  product: Product;
  is_highlight?: boolean | null;
  highlight_text?: string | null;
  is_selected?: boolean | null;
  is_disabled?: boolean | null;
  subscription_data?: { trial_period_days?: number | null } | null;
};

/** TPricingTableExpanded: the fields the element reads. */
export type PricingTable = {
  id: string;
  name?: string | null;
  active: boolean;
  livemode: boolean;
  items: PricingTableItem[];
  currency?: PaymentCurrency | null;
};

/** The new session of a chosen plan (its id `cs_…` and hosted page). */
export type TableCheckout = { id: string; url?: string | null };

export function createPricingTables(api: Pick<ResourceApi, 'request'>) {
  return {
    /** GET /api/pricing-tables/:id. */
    retrieve(id: string): Promise<PricingTable> {
      return api.request({ path: `api/pricing-tables/${encodeURIComponent(id)}`, schema: PricingTableStruct });
    },
    /** POST /api/pricing-tables/:id/checkout/:priceId with `query` (the page's, the extra params, `currencyId`). */
    checkout(id: string, priceId: string, query: Record<string, string>): Promise<TableCheckout> {
      return api.request({
        method: 'POST',
        path: `api/pricing-tables/${encodeURIComponent(id)}/checkout/${encodeURIComponent(priceId)}`,
        params: query,
        schema: TableCheckoutStruct,
      });
    },
  };
}
