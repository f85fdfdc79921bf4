// The pricing table's stand-in (see stub-platform.ts): GET /payment/api/pricing-tables/:id and
// POST /payment/api/pricing-tables/:id/checkout/:priceId. The table is picked by its id:
//   prctbl_test       Basic, Pro (highlighted "popular"), Team (7-day trial), Scale monthly; the first three yearly;
//                     Lifetime one-time; in TBA and USD (and a currency no payment method accepts)
//   prctbl_one / prctbl_two / prctbl_three   the first 1, 2 or 3 monthly plans only (the third disabled)
//   prctbl_foreign    one plan priced only in a currency no payment method accepts
//   prctbl_empty      no items          prctbl_inactive   active: false          anything else: 404
//   prctbl_unsafe     one plan whose checkout answers a javascript: URL
// The checkout answers the checkout stub's session (cs_test_1) after 300 ms; GET /__stub/pricing-table/calls lists
// the checkout calls (path and query) since the last POST /__stub/pricing-table/reset.
import type { PricingTable, PricingTableItem, TableCheckout } from '../../src/api/resources/pricing-tables.ts';
import type { Price } from '../../src/api/types.ts';
import { fail, ok, record, wait, type Answer, type Handler } from './stub-common.ts';

const E18 = 10n ** 18n;
const tba = (n: number) => (BigInt(Math.round(n * 100)) * (E18 / 100n)).toString();
const usd = (n: number) => String(Math.round(n * 100));

function price(id: string, interval: 'month' | 'year' | null, tokens: number, dollars: number): Answer<Price> {
  return {
    id,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: tba(tokens),
    currency_id: 'pc_tba',
    recurring: interval ? { interval, interval_count: 1, usage_type: 'licensed' } : null,
    currency_options: [
      { currency_id: 'pc_tba', unit_amount: tba(tokens) },
      { currency_id: 'pc_usd', unit_amount: usd(dollars) },
      { currency_id: 'pc_not_accepted', unit_amount: '100' },
    ],
  };
}

function item(
  key: string,
  name: string,
  description: string,
  features: string[],
  p: Answer<Price>,
  extra: Partial<Answer<PricingTableItem>> = {},
): Answer<PricingTableItem> {
  return {
    price_id: p.id,
    price: p,
    product: { id: `prod_${key}`, name, description, unit_label: null, features: features.map((f) => ({ name: f })) },
    is_highlight: false,
    is_disabled: false,
    is_selected: false,
    ...extra,
  };
}

const PLANS = {
  basic: ['Basic', 'For one person getting started.', ['1 project', 'Community support'], 5, 4.99] as const,
  pro: [
    'Pro',
    'For teams that ship every week.',
    ['10 projects', 'Email support', 'Promotion codes'],
    15,
    14.99,
  ] as const,
  team: ['Team', 'For bigger teams.', ['50 projects', 'Priority support', 'Custom fields', 'SSO'], 40, 39.99] as const,
  scale: ['Scale', 'For companies with many apps.', ['Unlimited projects', 'A named contact'], 90, 89.99] as const,
};
type Plan = keyof typeof PLANS;
const extras: Record<Plan, Partial<Answer<PricingTableItem>>> = {
  basic: {},
  pro: { is_highlight: true, highlight_text: 'popular' },
  team: { subscription_data: { trial_period_days: 7 } },
  scale: {},
};
const monthly = (k: Plan) => {
  const [name, desc, features, t, d] = PLANS[k];
  return item(k, name, desc, [...features], price(`price_${k}_monthly`, 'month', t, d), extras[k]);
};
const yearly = (k: Plan) => {
  const [name, desc, features, t, d] = PLANS[k];
  return item(k, name, desc, [...features], price(`price_${k}_yearly`, 'year', t * 10, d * 10), extras[k]);
};

function table(id: string): Answer<PricingTable> | null {
  const all: Plan[] = ['basic', 'pro', 'team', 'scale'];
  const base = {
    id,
    name: 'Test plans',
    active: true,
    livemode: false,
    currency: {
      id: 'pc_tba',
      payment_method_id: 'pm_arcblock',
      symbol: 'TBA',
      decimal: 18,
      name: 'Test ABT',
    },
  };
  if (id === 'prctbl_test')
    return {
      ...base,
      items: [
        ...all.map(monthly),
        ...(['basic', 'pro', 'team'] as const).map(yearly),
        item('lifetime', 'Lifetime', 'Pay once.', ['Everything in Pro'], price('price_lifetime', null, 600, 599)),
      ],
    };
  const count = { prctbl_one: 1, prctbl_two: 2, prctbl_three: 3, prctbl_unsafe: 1 }[id];
  // prctbl_three: its third plan is disabled (its price was archived since).
  if (count)
    return {
      ...base,
      items: all.slice(0, count).map((k, i) => (i === 2 ? { ...monthly(k), is_disabled: true } : monthly(k))),
    };
  if (id === 'prctbl_foreign')
    return {
      ...base,
      items: [
        {
          ...monthly('basic'),
          price: {
            ...price('price_foreign', 'month', 1, 1),
            currency_id: 'pc_not_accepted',
            currency_options: [{ currency_id: 'pc_not_accepted', unit_amount: '100' }],
          },
        },
      ],
    };
  if (id === 'prctbl_empty') return { ...base, items: [] };
  if (id === 'prctbl_inactive') return { ...base, active: false, items: all.map(monthly) };
  return null;
}

let calls: Array<{ path: string; query: Record<string, string> }> = [];

export const handlePricingTableStub: Handler = async (_state, method, url) => {
  const p = url.pathname;
  if (p === '/__stub/pricing-table/calls') return record(calls);
  if (p === '/__stub/pricing-table/reset' && method === 'POST') {
    calls = [];
    return record(calls);
  }
  const checkout = /^\/payment\/api\/pricing-tables\/([^/]+)\/checkout\/([^/]+)$/.exec(p);
  if (checkout && method === 'POST') {
    calls.push({ path: p, query: Object.fromEntries(url.searchParams) });
    await wait(300);
    const t = table(decodeURIComponent(checkout[1]!));
    if (!t) return fail(404, 'No such pricing table');
    if (!t.items.some((i) => i.price_id === decodeURIComponent(checkout[2]!)))
      return fail(404, 'This price is not in the pricing table');
    const unsafe = checkout[1] === 'prctbl_unsafe';
    return ok<TableCheckout>({
      id: 'cs_test_1',
      url: unsafe ? "javascript:window.__pwned='redirect'" : 'https://pay.example/checkout/cs_test_1',
    });
  }
  const retrieve = /^\/payment\/api\/pricing-tables\/([^/]+)$/.exec(p);
  if (retrieve && method === 'GET') {
    const t = table(decodeURIComponent(retrieve[1]!));
    return t ? ok<PricingTable>(t) : fail(404, 'No such pricing table');
  }
  return null;
};
