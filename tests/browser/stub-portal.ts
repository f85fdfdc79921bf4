// Stand-in for the payment endpoints <pay-portal> calls (see stub-platform.ts). `state.portal` holds this
// module's switches (set through POST /__stub/state { portal: { … } }):
//   count: how many invoices the customer has (default 23)   spread: four invoices a month (Nov, Oct, … 2026)   fails: HTTP status for every portal call
//   subscriptions: false → the customer has none   recoverFails: true → PUT …/recover answers 400
//   collect: 'succeed' (default) | 'declined' | 'wait' | 'changed' → the collect-batch wallet request's outcome
//   (succeed marks that currency paid: state.portal.paid); stripe: true → a Stripe (USD) balance is due too;
//   eth: false → no ETH balance; noCustomer: the overdue call answers 404. Overdue: TBA (the open/uncollectible
//   invoices) and ETH (one invoice). GET /__stub/portal/state → state.portal (e.g. collectCalls).
//   restake: 'succeed' (default) | 'declined' | 'wait' | 'short' → the re-stake wallet request's outcome (succeed
//   stakes again and resumes the subscription; restakeCalls keeps the params).
//   pending: {[currencyId]: amount} → GET /meter-events/pending-amount (pending usage; the query in pendingQuery).
//   pastDueSub: true → a past-due subscription too (sub_past_due). subscriptionsDelayMs: the list answers that late.
//   refunds: true → GET /refunds has refunds for in_0005 (refund, pending + succeeded) and in_0010 (stake_return); refundCalls.
// Subscriptions: sub_active (paid, 10 TBA/month + a metered item), sub_trial (trialing), sub_stake (scheduled to
// cancel, stake revoked: resume needs a new stake), sub_ending (scheduled to cancel). Cancel/recover change them
// for the rest of the test (state.portal.subs).

import type {
  AutoRechargeConfig,
  CreditSummary,
  PaymentHistoryItem,
  PaymentOptions,
  PlanOptions,
} from '../../src/api/resources/customers.ts';
import type {
  ConnectStatus,
  CreditGrant,
  CreditTransaction,
  Invoice,
  OverdueInvoices,
  Paginated,
  PaymentCurrency,
  PaymentMethod,
  Price,
  Refund,
  Subscription,
  VendorStatus,
} from '../../src/api/types.ts';
import {
  connectAnswer,
  connectParams,
  DECLINED,
  fail,
  ok,
  readJson,
  record,
  type Answer,
  type Discarded,
  type ErrorStatus,
  type Handler,
  type ReadBody,
  type Reply,
  type StubState,
  wait,
} from './stub-common.ts';

export type PortalSwitches = {
  count?: number;
  spread?: boolean;
  fails?: ErrorStatus;
  subscriptions?: false;
  /** GET /subscriptions (the list) answers this much later: the portal's summary is still loading meanwhile. */
  subscriptionsDelayMs?: number;
  recoverFails?: boolean;
  collect?: 'succeed' | 'declined' | 'wait' | 'changed';
  stripe?: boolean;
  eth?: false;
  noCustomer?: boolean;
  restake?: 'succeed' | 'declined' | 'wait' | 'short';
  pending?: Record<string, string>;
  pastDueSub?: boolean;
  refunds?: boolean;
  grants?: false;
  noRechargeConfig?: boolean;
  payments?: number;
  changeFails?: boolean;
  autoRechargeFails?: boolean;
  /** The auto top-up's wallet authorization (DID Connect auto-recharge-auth): its outcome (default succeed). */
  autoRechargeAuth?: 'succeed' | 'declined' | 'wait';
  // Recorded (GET /__stub/portal/state) and the changes a test made (the subscriptions, the paid currencies …).
  subs?: Array<Answer<Subscription>>;
  paid?: string[];
  restaked?: string[];
  lastCancel?: unknown;
  changes?: Array<{ what: string; id: string; body: unknown }>;
  collectCalls?: Array<Record<string, unknown>>;
  restakeCalls?: Array<Record<string, unknown>>;
  vendorCalls?: string[];
  refundCalls?: Array<string | null>;
  pendingQuery?: Record<string, string>;
  summaryQuery?: Record<string, string>;
  txQuery?: Record<string, string>;
  /** Every credit-transactions query, in the order they reached the stub (two in flight may arrive either way). */
  txQueries?: Array<Record<string, string>>;
  historyQueries?: string[];
  autoRecharge?: Answer<AutoRechargeConfig>;
  autoRechargeReads?: number;
  autoRechargeSaves?: number;
  autoRechargeBodies?: unknown[];
  autoRechargeAuthCalls?: Array<Record<string, unknown>>;
};

const TBA: Answer<PaymentCurrency> = {
  id: 'pc_tba',
  payment_method_id: 'pm_arc',
  symbol: 'TBA',
  decimal: 18,
  name: 'ArcBlock Token',
};
const METHOD: Answer<PaymentMethod> = {
  id: 'pm_arc',
  type: 'arcblock',
  name: 'ArcBlock',
  settings: { arcblock: { explorer_host: 'https://explorer.example' } },
  payment_currencies: [TBA],
};
const REASONS = ['manual', 'subscription_create', 'subscription_cycle', 'stake', 'return_stake', 'auto_recharge'];
const STATUSES = ['paid', 'open', 'uncollectible', 'void', 'draft'] as const;
const E18 = 10n ** 18n;

function invoice(i: number): Answer<Invoice> {
  const status = i === 0 ? 'paid' : STATUSES[i % STATUSES.length]!;
  const total = String(BigInt(10 + i) * E18 + 5n * 10n ** 17n);
  return {
    id: `in_${String(i).padStart(4, '0')}`,
    number: `SBX-${String(i + 1).padStart(4, '0')}`,
    status,
    total,
    amount_paid: status === 'paid' ? total : '0',
    amount_remaining: status === 'paid' || status === 'void' ? '0' : total,
    billing_reason: REASONS[i % REASONS.length],
    description: `Sandbox Pro License × 1`,
    currency_id: 'pc_tba',
    customer_id: 'cus_1',
    customer_name: 'Casey Customer',
    customer_email: 'casey@example.com',
    customer: {
      id: 'cus_1',
      name: 'Casey Customer',
      email: 'casey@example.com',
      address: { line1: '1 Sandbox Way', city: 'Springfield', postal_code: '12345', country: 'US' },
    },
    created_at: new Date(Date.UTC(2026, 10, 20 - (i % 20), 9, 30)).toISOString(),
    ...(status === 'paid' ? { status_transitions: { paid_at: Date.UTC(2026, 10, 20 - (i % 20), 9, 31) / 1000 } } : {}),
    paymentCurrency: TBA,
    paymentMethod: METHOD,
    paymentIntent: { id: `pi_${i}`, status: 'succeeded' },
    metadata: { payment_details: { arcblock: { tx_hash: `0xabc${i}def`, payer: 'z1casey' } } },
    lines: [
      {
        id: `ii_${i}`,
        description: 'Sandbox Pro License × 1',
        quantity: 1,
        amount: total,
        price: { id: 'price_pro', product: { name: 'Sandbox Pro License' } },
      },
    ],
    // in_0000 is a purchase with vendors (cs_vendor); in_0005 a purchase without.
    ...(i === 0 ? { checkout_session_id: 'cs_vendor', checkoutSession: { id: 'cs_vendor', mode: 'payment' } } : {}),
    ...(i === 5 ? { checkout_session_id: 'cs_plain', checkoutSession: { id: 'cs_plain', mode: 'payment' } } : {}),
    // Stake (i % 6 = 3) and stake return (4) invoices carry their subscription (the platform's fields, no stake
    // bookkeeping): in_0003 and in_0004 are sub_staked's; in_0002 has a promotion.
    ...(i % 6 === 3 || i % 6 === 4
      ? { subscription_id: i < 6 ? 'sub_staked' : `sub_staked_${i}`, subscription: stakedSub(i % 6 === 4) }
      : {}),
    ...(i === 2
      ? {
          subtotal: String(BigInt(total) + E18),
          discounts: ['di_10'],
          discountDetails: [
            { promotionCode: { id: 'promo_10', code: 'SANDBOX10' }, coupon: { id: 'co_10', name: '10% off' } },
          ],
          total_discount_amounts: [
            { amount: String(E18), discount: 'di_10', promotion_code: 'promo_10', coupon: 'co_10' },
          ],
        }
      : {}),
  };
}
const stakedSub = (returned: boolean): Answer<Subscription> => ({
  id: 'sub_staked',
  status: returned ? 'canceled' : 'active',
  description: 'Sandbox Node Hosting',
  currency_id: 'pc_tba',
  billing_thresholds: { amount_gte: 0, stake_gte: 50 },
  payment_details: {
    arcblock: { tx_hash: '0xstake0', payer: 'z1casey', staking: { tx_hash: '0xstake0', address: 'zstake0' } },
  },
  ...(returned
    ? { canceled_at: Date.UTC(2026, 10, 1) / 1000, cancelation_details: { return_stake: true, slash_stake: false } }
    : {}),
});

const DAY = 86400;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 9, 30) / 1000);
const price = (
  id: string,
  name: string,
  tokens: number,
  usage: 'licensed' | 'metered' = 'licensed',
): Answer<Price> => ({
  id,
  type: 'recurring',
  currency_id: 'pc_tba',
  unit_amount: String((BigInt(tokens * 100) * E18) / 100n),
  recurring: { interval: 'month', interval_count: 1, usage_type: usage },
  product: { id: `prod_${id}`, name },
  currency_options: [{ currency_id: 'pc_usd', unit_amount: String(Math.max(0, Math.round(tokens * 100) - 1)) }],
});
function subscriptions(): Array<Answer<Subscription>> {
  const base = {
    currency_id: 'pc_tba',
    customer_id: 'cus_1',
    paymentCurrency: TBA,
    paymentMethod: METHOD,
    default_payment_method_id: 'pm_arc',
    current_period_start: NOW - 5 * DAY,
    current_period_end: NOW + 25 * DAY,
    start_date: NOW - 35 * DAY,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    trial_start: null,
    trial_end: null,
    created_at: new Date((NOW - 35 * DAY) * 1000).toISOString(),
  } satisfies Partial<Answer<Subscription>>;
  return [
    {
      ...base,
      id: 'sub_active',
      status: 'active',
      description: 'Sandbox Team',
      items: [
        { id: 'si_1', quantity: 2, price: price('price_team', 'Sandbox Team', 5) },
        { id: 'si_2', quantity: 1, price: price('price_api', 'API calls', 0.01, 'metered') },
      ],
    },
    {
      ...base,
      id: 'sub_trial',
      status: 'trialing',
      description: 'Sandbox Studio',
      trial_start: NOW - DAY,
      trial_end: NOW + 6 * DAY,
      current_period_end: NOW + 6 * DAY,
      items: [{ id: 'si_3', quantity: 1, price: price('price_studio', 'Sandbox Studio', 3) }],
    },
    {
      ...base,
      id: 'sub_stake',
      status: 'active',
      description: 'Sandbox Node Hosting',
      cancel_at: NOW + 25 * DAY,
      cancel_at_period_end: true,
      canceled_at: NOW - DAY,
      billing_thresholds: { amount_gte: 0, stake_gte: 50 },
      cancelation_details: { slash_stake: true },
      items: [{ id: 'si_4', quantity: 1, price: price('price_node', 'Sandbox Node Hosting', 20) }],
    },
    {
      ...base,
      id: 'sub_ending',
      status: 'active',
      description: 'Sandbox Support',
      cancel_at: NOW + 25 * DAY,
      cancel_at_period_end: true,
      canceled_at: NOW - DAY,
      items: [{ id: 'si_5', quantity: 1, price: price('price_support', 'Sandbox Support', 1) }],
    },
  ];
}

// pastDueSub: true adds sub_past_due (an unpaid renewal) to the subscriptions.
const pastDueSub = (): Answer<Subscription> => ({
  ...subscriptions()[0]!,
  id: 'sub_past_due',
  status: 'past_due',
  description: 'Sandbox Past Due',
});
const subsOf = (cfg: PortalSwitches) =>
  (cfg.subs ??= cfg.subscriptions === false ? [] : [...subscriptions(), ...(cfg.pastDueSub ? [pastDueSub()] : [])]);

async function handleSubscriptions(cfg: PortalSwitches, method: string, p: string, readBody: ReadBody) {
  const subs = subsOf(cfg);
  if (p === '/payment/api/subscriptions') {
    if (cfg.subscriptionsDelayMs) await wait(cfg.subscriptionsDelayMs);
    return ok<Paginated<Subscription>>({ count: subs.length, list: subs });
  }
  const m = p.match(/^\/payment\/api\/subscriptions\/([^/]+)(?:\/([a-z-]+))?$/);
  if (!m) return null;
  const sub = subs.find((s) => s.id === m[1]);
  if (!sub) return fail(404, `No such subscription: ${m[1]}`);
  const needStake = Boolean(sub.cancelation_details?.return_stake || sub.cancelation_details?.slash_stake);
  if (!m[2] && method === 'GET') return ok<Subscription>(sub);
  if (m[2] === 'recover-info') return ok<{ needStake?: boolean }>({ needStake });
  if (m[2] === 'cancel' && method === 'PUT') {
    cfg.lastCancel = JSON.parse((await readBody()) || '{}');
    if (sub.status === 'trialing')
      Object.assign(sub, { status: 'canceled', canceled_at: NOW, ended_at: NOW, cancel_at: NOW });
    else Object.assign(sub, { cancel_at: sub.current_period_end, cancel_at_period_end: true, canceled_at: NOW });
    return ok<Subscription>(sub);
  }
  if (m[2] === 'change-plan' || m[2] === 'change-payment') return changeSubscription(cfg, sub, method, m[2], readBody);
  if (m[2] === 'recover' && method === 'PUT') {
    if (cfg.recoverFails) return fail(400, 'Wallet unreachable');
    if (needStake)
      return ok<{ subscription: Subscription; needStake?: boolean }>({ subscription: sub, needStake: true });
    Object.assign(sub, { cancel_at: null, cancel_at_period_end: false, canceled_at: null });
    return ok<{ subscription: Subscription; needStake?: boolean }>({ subscription: sub, needStake: false });
  }
  return null;
}

const ETH: Answer<PaymentCurrency> = {
  id: 'pc_eth',
  payment_method_id: 'pm_eth',
  symbol: 'ETH',
  decimal: 18,
  name: 'Ether',
};
const ETH_METHOD: Answer<PaymentMethod> = {
  id: 'pm_eth',
  type: 'ethereum',
  name: 'Ethereum',
  settings: {},
  payment_currencies: [ETH],
};
const USD: Answer<PaymentCurrency> = {
  id: 'pc_usd',
  payment_method_id: 'pm_stripe',
  symbol: 'USD',
  decimal: 2,
  name: 'US Dollar',
};
const STRIPE: Answer<PaymentMethod> = {
  id: 'pm_stripe',
  type: 'stripe',
  name: 'Stripe',
  settings: {},
  payment_currencies: [USD],
};
/** The method each currency is paid with. */
const METHOD_OF: Record<string, Answer<PaymentMethod>> = { pc_tba: METHOD, pc_eth: ETH_METHOD, pc_usd: STRIPE };

// Change plan: sub_active's team item may go yearly (50 TBA/year each); the other subscriptions have no other plan.
// Change payment: every subscription may also renew in USD (Stripe). changeFails: PUTs answer 400.
const yearly = (): Answer<Price> => ({
  ...price('price_team_yearly', 'Sandbox Team', 50),
  recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
});
async function changeSubscription(
  cfg: PortalSwitches,
  sub: Answer<Subscription>,
  method: string,
  what: 'change-plan' | 'change-payment',
  readBody: ReadBody,
): Promise<Reply | null> {
  const team = sub.items?.[0]?.price?.id === 'price_team';
  const plans =
    sub.id === 'sub_active' && !sub.cancel_at
      ? [
          {
            item_id: 'si_1',
            price: team ? yearly() : price('price_team', 'Sandbox Team', 5),
            amount: String((team ? 100n : 10n) * E18),
          },
        ]
      : [];
  const usd = sub.currency_id === 'pc_usd';
  const options = [
    {
      currency: TBA,
      method: { id: 'pm_arc', type: 'arcblock', name: 'ArcBlock' },
      amount: String(10n * E18),
      current: !usd,
    },
    { currency: USD, method: { id: 'pm_stripe', type: 'stripe', name: 'Stripe' }, amount: '998', current: usd },
  ] satisfies PaymentOptions['options'];
  if (method === 'GET')
    return what === 'change-plan'
      ? ok<PlanOptions>({
          subscription_id: sub.id,
          effective_at: sub.current_period_end ?? NOW,
          current_amount: String(10n * E18),
          plans,
        })
      : ok<PaymentOptions>({ subscription_id: sub.id, effective_at: sub.current_period_end ?? NOW, options });
  if (method !== 'PUT') return null;
  const body = await readJson<{ item_id: string; price_id: string; currency_id: string }>(readBody);
  (cfg.changes ??= []).push({ what, id: sub.id, body });
  if (cfg.changeFails) return fail(400, 'Wallet unreachable');
  if (what === 'change-plan') {
    const plan = plans.find((p) => p.item_id === body.item_id && p.price.id === body.price_id);
    if (!plan) return fail(400, `This subscription cannot switch to price ${body.price_id}`);
    sub.items = sub.items?.map((i) => (i.id === plan.item_id ? { ...i, price: plan.price } : i));
    return ok<Subscription>(sub);
  }
  const option = options.find((o) => o.currency.id === body.currency_id);
  if (!option) return fail(400, `This subscription cannot be paid in currency ${body.currency_id}`);
  Object.assign(sub, {
    currency_id: option.currency.id,
    paymentCurrency: option.currency,
    default_payment_method_id: option.method.id,
    paymentMethod: option.currency.id === 'pc_usd' ? STRIPE : METHOD,
  });
  return ok<Subscription>(sub);
}

// Invoices paid on other chains, for the transaction details: in_gas (ethereum: tx hash, gas used × gas price),
// in_card (Stripe: the payment intent, no tx hash).
const ETH_EXPLORER: Answer<PaymentMethod> = {
  ...ETH_METHOD,
  settings: { ethereum: { explorer_host: 'https://etherscan.example' } },
};
const EXTRA_INVOICES: Record<string, Answer<Invoice>> = {
  in_gas: {
    ...invoice(0),
    id: 'in_gas',
    number: 'SBX-GAS1',
    total: String(3n * 10n ** 16n),
    amount_paid: String(3n * 10n ** 16n),
    currency_id: 'pc_eth',
    paymentCurrency: ETH,
    paymentMethod: ETH_EXPLORER,
    checkout_session_id: null,
    checkoutSession: undefined,
    paymentIntent: { id: 'pi_gas', status: 'succeeded' },
    metadata: { payment_details: { ethereum: { tx_hash: '0xe7h9a5', gas_used: '21000', gas_price: '1500000000' } } },
  },
  in_card: {
    ...invoice(0),
    id: 'in_card',
    number: 'SBX-CARD1',
    total: '1999',
    amount_paid: '1999',
    currency_id: 'pc_usd',
    paymentCurrency: USD,
    paymentMethod: STRIPE,
    checkout_session_id: null,
    checkoutSession: undefined,
    paymentIntent: { id: 'pi_card_1', status: 'succeeded' },
    metadata: { payment_details: { stripe: { payment_intent_id: 'pi_3Stripe42' } } },
  },
};

function overdue(cfg: PortalSwitches, all: Array<Answer<Invoice>>): Answer<OverdueInvoices> {
  const paid = new Set(cfg.paid ?? []);
  const invoices = all.filter((i) => i.status === 'open' || i.status === 'uncollectible');
  if (cfg.eth !== false && !paid.has('pc_eth')) {
    invoices.push({
      ...invoice(1),
      id: 'in_eth',
      number: 'SBX-ETH1',
      status: 'open',
      total: String(2n * 10n ** 16n),
      amount_remaining: String(2n * 10n ** 16n),
      currency_id: 'pc_eth',
      paymentCurrency: ETH,
      paymentMethod: ETH_METHOD,
    });
  }
  if (cfg.stripe)
    invoices.push({
      ...invoice(1),
      id: 'in_usd',
      number: 'SBX-USD1',
      status: 'open',
      total: '1250',
      amount_remaining: '1250',
      currency_id: 'pc_usd',
      paymentCurrency: USD,
      paymentMethod: STRIPE,
    });
  const summary: Answer<OverdueInvoices>['summary'] = {};
  for (const inv of invoices) {
    const id = inv.currency_id ?? 'pc_tba';
    summary[id] = {
      amount: String(BigInt(summary[id]?.amount ?? '0') + BigInt(inv.amount_remaining ?? '0')),
      currency: inv.paymentCurrency ?? TBA,
      method: METHOD_OF[id] ?? METHOD,
    };
  }
  // As the platform answers: plain TInvoice (no relations); each currency is in the summary.
  const plain = invoices.map(
    ({ paymentCurrency: _c, paymentMethod: _m, paymentIntent: _i, subscription: _s, lines: _l, ...rest }) => ({
      ...rest,
      currency_id: rest.currency_id ?? 'pc_tba',
    }),
  );
  return { summary, invoices: plain, subscription: null, subscriptionCount: 0, customer: { id: 'cus_1' } };
}

// A wallet request (collect-batch or re-stake): the token call names the request after what it is for.
type Params = Record<string, unknown> & { currencyId?: string; subscriptionId?: string };

async function collect(cfg: PortalSwitches, p: string, url: URL): Promise<Reply> {
  cfg.collectCalls ??= [];
  if (p.endsWith('/timeout')) return ok<Discarded>({});
  if (p.endsWith('/token')) {
    const params: Params = connectParams(url);
    cfg.collectCalls.push(params);
    return connectAnswer(url, 'collect-batch', `tok_${params.currencyId}`);
  }
  const currencyId = (url.searchParams.get('_t_') ?? '').replace(/^tok_/, '');
  const mode = cfg.collect ?? 'succeed';
  if (mode === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
  if (mode === 'wait') return ok<ConnectStatus>({ status: 'scanned' });
  if (mode === 'changed') return ok<ConnectStatus>({ status: 'error', error: 'Account changed, please pay manually.' });
  cfg.paid = [...new Set([...(cfg.paid ?? []), currencyId])];
  return ok<ConnectStatus>({ status: 'succeed' });
}

async function restake(cfg: PortalSwitches, p: string, url: URL): Promise<Reply> {
  const subs = (cfg.subs ??= cfg.subscriptions === false ? [] : subscriptions());
  cfg.restakeCalls ??= [];
  if (p.endsWith('/timeout')) return ok<Discarded>({});
  if (p.endsWith('/token')) {
    const params: Params = connectParams(url);
    cfg.restakeCalls.push(params);
    return connectAnswer(url, 're-stake', `tok_${params.subscriptionId}`);
  }
  const sub = subs.find((s) => s.id === (url.searchParams.get('_t_') ?? '').replace(/^tok_/, ''));
  const mode = cfg.restake ?? 'succeed';
  if (mode === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
  if (mode === 'wait') return ok<ConnectStatus>({ status: 'scanned' });
  if (mode === 'short' || !sub)
    return ok<ConnectStatus>({
      status: 'error',
      error: 'Insufficient TBA balance in the sandbox wallet: the stake is 1 TBA',
    });
  Object.assign(sub, {
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancelation_details: null,
    payment_details: {
      arcblock: { tx_hash: '0xstake1', payer: 'z1casey', staking: { tx_hash: '0xstake1', address: 'zstake1' } },
    },
  });
  cfg.restaked = [...(cfg.restaked ?? []), sub.id];
  return ok<ConnectStatus>({ status: 'succeed' });
}

// Credits: one grant per status (cg_granted, cg_pending, cg_expired, cg_depleted, cg_voided; cfg.grants: false → none)
// and 14 transactions, one a day Nov 1–14 2026 at 12:00 UTC (odd days usage of cg_granted with a meter event, even
// days grants); start/end (unix seconds) and credit_grant_id filter them; the last query is kept in cfg.txQuery.
const CRD: Answer<PaymentCurrency> = {
  id: 'pc_crd',
  payment_method_id: 'pm_arc',
  symbol: 'CRD',
  decimal: 2,
  name: 'Credits',
  type: 'credit',
  recharge_config: { base_price_id: 'price_crd' },
};
const GRANT_STATUSES = ['granted', 'pending', 'expired', 'depleted', 'voided'] as const;
// cfg.noRechargeConfig: CRD has no top-up package (no recharge_config), so it has no auto top-up.
const grants = (cfg: PortalSwitches): Array<Answer<CreditGrant>> =>
  GRANT_STATUSES.map((status, i) => ({
    id: `cg_${status}`,
    name: `${status[0]!.toUpperCase()}${status.slice(1)} grant`,
    status,
    customer_id: 'cus_1',
    category: i % 2 ? 'paid' : 'promotional',
    amount: String(1000 * (i + 1)),
    remaining_amount: status === 'granted' ? '750' : status === 'pending' ? String(1000 * (i + 1)) : '0',
    currency_id: 'pc_crd',
    paymentCurrency: cfg.noRechargeConfig ? { ...CRD, recharge_config: null } : CRD,
    effective_at: Date.UTC(2026, 10, 1 + i) / 1000,
    expires_at: status === 'granted' ? Date.UTC(2026, 11, 31) / 1000 : null,
    created_at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
    applicability_config: null,
  }));
const transactions = (): Array<Answer<CreditTransaction>> =>
  Array.from({ length: 14 }, (_, i): Answer<CreditTransaction> => {
    const usage = i % 2 === 0;
    const created = new Date(Date.UTC(2026, 10, 1 + i, 12)).toISOString();
    return usage
      ? {
          id: `ctxn_${i}`,
          activity_type: 'usage',
          amount: '25',
          credit_amount: '25',
          credit_grant_id: 'cg_granted',
          creditGrant: { name: 'Granted grant' },
          description: 'Image renders',
          meter: { id: 'mtr_1', unit: 'render', event_name: 'renders' },
          meterEvent: { id: `mevt_${i}`, event_name: 'renders', source_data: { prompt: 'a cat' } },
          paymentCurrency: CRD,
          metadata: {},
          created_at: created,
        }
      : {
          id: `cg_tx_${i}`,
          activity_type: 'grant',
          amount: '500',
          credit_amount: '500',
          credit_grant_id: 'cg_depleted',
          creditGrant: { name: 'Depleted grant' },
          description: 'Top-up',
          paymentCurrency: CRD,
          metadata: { invoice_id: 'in_0000' },
          created_at: created,
        };
  }).reverse();

function page<T>(url: URL, list: T[]): { count: number; list: T[] } {
  const n = Number(url.searchParams.get('page') || 1);
  const size = Number(url.searchParams.get('pageSize') || 10);
  return { count: list.length, list: list.slice((n - 1) * size, n * size) };
}

function handleCredits(cfg: PortalSwitches, url: URL): Reply | null {
  const p = url.pathname;
  const all = cfg.grants === false ? [] : grants(cfg);
  if (p === '/payment/api/credit-grants') return ok<Paginated<CreditGrant>>(page(url, all));
  // payment-js CreditSummary: the usable balance per credit currency (12.5 CRD).
  if (p === '/payment/api/credit-grants/summary') {
    cfg.summaryQuery = Object.fromEntries(url.searchParams);
    return ok<CreditSummary>({
      pc_crd: { paymentCurrency: CRD, totalAmount: '2500', remainingAmount: '1250', grantCount: 2 },
    });
  }
  const one = p.match(/^\/payment\/api\/credit-grants\/([^/]+)$/);
  if (one) {
    if (one[1] === 'cg_other') return fail(403, 'You are not allowed to view this credit grant');
    const g = all.find((x) => x.id === one[1]);
    return g ? ok<CreditGrant>(g) : fail(404, `No such credit grant: ${one[1]}`);
  }
  if (p === '/payment/api/credit-transactions') {
    const q = Object.fromEntries(url.searchParams);
    cfg.txQuery = q;
    (cfg.txQueries ??= []).push(q);
    let list = cfg.grants === false ? [] : transactions();
    const sec = (t: Answer<CreditTransaction>) => Date.parse(String(t.created_at)) / 1000;
    if (q.start) list = list.filter((t) => sec(t) >= Number(q.start));
    if (q.end) list = list.filter((t) => sec(t) <= Number(q.end));
    if (q.credit_grant_id) list = list.filter((t) => t.credit_grant_id === q.credit_grant_id);
    if (q.include_grants !== 'true') list = list.filter((t) => t.activity_type === 'usage');
    return ok<Paginated<CreditTransaction>>(page(url, list));
  }
  return null;
}

// Auto top-up of CRD, as the platform answers it (TAutoRechargeConfigExpanded): its package is CRD's
// recharge_config.base_price_id (100 CRD for 1 TBA or 0.99 USD); the balance (12.5 CRD) is the credit-grant summary
// and the payment methods are /api/settings'. Before a save, the platform's default (disabled, threshold 0).
// POST …/submit stores the body in cfg.autoRecharge (cfg.autoRechargeSaves counts them); autoRechargeFails: the save
// answers 400.
const CRD_PACK: Answer<Price> = {
  id: 'price_crd',
  type: 'one_time',
  currency_id: 'pc_tba',
  unit_amount: String(E18),
  currency_options: [{ currency_id: 'pc_usd', unit_amount: '99' }],
  // A TPrice: the platform does not expand the product here; the portal names the package by its credits.
  product_id: 'prod_crd',
  nickname: '',
  metadata: { credit_config: { credit_amount: '100', currency_id: 'pc_crd' } },
};
const expandedConfig = (c: Omit<Answer<AutoRechargeConfig>, 'currency' | 'price'>): Answer<AutoRechargeConfig> => ({
  ...c,
  currency: CRD,
  rechargeCurrency: c.recharge_currency_id === 'pc_usd' ? USD : TBA,
  price: CRD_PACK,
  paymentMethod: c.recharge_currency_id === 'pc_usd' ? { ...STRIPE, name: 'Card' } : METHOD,
});
const ARC_DEFAULT = expandedConfig({
  id: 'arc_1',
  customer_id: 'cus_1',
  enabled: false,
  threshold: '0',
  currency_id: 'pc_crd',
  price_id: 'price_crd',
  quantity: 1,
  recharge_currency_id: 'pc_tba',
  payment_method_id: 'pm_arc',
  daily_limits: { max_attempts: 0, max_amount: '0' },
  daily_stats: { attempt_count: 0, total_amount: '0' },
  last_recharge_date: null,
});
async function handleAutoRecharge(cfg: PortalSwitches, method: string, url: URL, readBody: ReadBody) {
  const p = url.pathname;
  if (method === 'GET' && p.startsWith('/payment/api/auto-recharge-configs/customer/')) {
    cfg.autoRechargeReads = (cfg.autoRechargeReads ?? 0) + 1;
    return ok<AutoRechargeConfig>(cfg.autoRecharge ?? ARC_DEFAULT);
  }
  if (method === 'POST' && p === '/payment/api/auto-recharge-configs/submit') {
    const body = await readJson<AutoRechargeConfig>(readBody);
    cfg.autoRechargeSaves = (cfg.autoRechargeSaves ?? 0) + 1;
    if (cfg.autoRechargeFails) return fail(400, 'Ledger unavailable');
    if (!(BigInt(body.threshold ?? '0') > 0n)) return fail(400, 'Threshold must be greater than 0');
    cfg.autoRecharge = expandedConfig({ ...ARC_DEFAULT, ...body } as Answer<AutoRechargeConfig>);
    (cfg.autoRechargeBodies ??= []).push(body);
    return ok<AutoRechargeConfig>(cfg.autoRecharge);
  }
  return null;
}

// The wallet authorizes the auto top-up: the configuration records its payer (as the platform's does).
function autoRechargeAuth(cfg: PortalSwitches, p: string, url: URL): Reply {
  if (p.endsWith('/timeout')) return ok<Discarded>({});
  if (p.endsWith('/token')) {
    (cfg.autoRechargeAuthCalls ??= []).push(connectParams(url));
    return connectAnswer(url, 'auto-recharge-auth', 'tok_arc');
  }
  const mode = cfg.autoRechargeAuth ?? 'succeed';
  if (mode === 'wait') return ok<ConnectStatus>({ status: 'scanned' });
  if (mode === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
  if (cfg.autoRecharge)
    cfg.autoRecharge = {
      ...cfg.autoRecharge,
      payment_settings: { payment_method_options: { arcblock: { payer: 'z1casey' } } },
    };
  return ok<ConnectStatus>({ status: 'succeed' });
}

// Payment history: one payment per invoice (count: cfg.payments ?? 12), the first a Stripe one without a tx hash,
// every fourth without an invoice, the third requires a new payment method. `customer_id=cus_other` → 403.
// GET /__stub/portal/state → historyQueries (the `query` of each call: the search is debounced).
function paymentHistory(cfg: PortalSwitches, url: URL, invoices: Array<Answer<Invoice>>): Reply {
  const customer = url.searchParams.get('customer_id');
  if (customer && customer !== 'cus_1') return fail(403, 'You are not allowed to view payments of another customer');
  const query = (url.searchParams.get('query') ?? '').toLowerCase();
  (cfg.historyQueries ??= []).push(query);
  const card = { ...STRIPE, name: 'Card' };
  const all = Array.from({ length: cfg.payments ?? 12 }, (_, i): Answer<PaymentHistoryItem> => {
    const inv = invoices[i]!;
    const stripe = i === 0;
    return {
      id: `pi_${String(i).padStart(4, '0')}`,
      customer_id: 'cus_1',
      status: i === 2 ? 'requires_payment_method' : 'succeeded',
      amount: stripe ? '1999' : inv.total,
      amount_received: stripe ? '1999' : i === 2 ? '0' : inv.total,
      currency_id: stripe ? 'pc_usd' : 'pc_tba',
      paymentCurrency: stripe ? USD : TBA,
      paymentMethod: stripe ? card : METHOD,
      created_at: inv.created_at,
      invoice_id: i % 4 === 3 ? null : inv.id,
      invoice: i % 4 === 3 ? null : { id: inv.id, number: inv.number, status: inv.status },
      payment_details: stripe
        ? { stripe: { payment_intent_id: 'pi_stripe_123456789abcdef' } }
        : { arcblock: { tx_hash: `0xfeed${i}c0ffee${i}beef` } },
    };
  });
  const list = query ? all.filter((x) => JSON.stringify(x).toLowerCase().includes(query)) : all;
  return ok<Paginated<PaymentHistoryItem>>(page(url, list));
}

function refunds(cfg: PortalSwitches, invoiceId: string | null): Answer<Paginated<Refund>> {
  const base = {
    object: 'refund',
    livemode: true,
    currency_id: 'pc_tba',
    customer_id: 'cus_1',
    paymentCurrency: TBA,
    paymentMethod: METHOD,
  } as const;
  const all: Array<Answer<Refund>> = !cfg.refunds
    ? []
    : [
        {
          ...base,
          id: 're_5b',
          type: 'refund',
          status: 'pending',
          amount: String(5n * 10n ** 17n),
          invoice_id: 'in_0005',
          payment_intent_id: 'pi_5',
          reason: null,
          created_at: new Date(Date.UTC(2026, 10, 19, 8, 0)).toISOString(),
          payment_details: {},
        },
        {
          ...base,
          id: 're_5a',
          type: 'refund',
          status: 'succeeded',
          amount: String(2n * E18),
          invoice_id: 'in_0005',
          payment_intent_id: 'pi_5',
          reason: 'requested_by_customer',
          created_at: new Date(Date.UTC(2026, 10, 18, 8, 0)).toISOString(),
          payment_details: { arcblock: { tx_hash: '0xref5' } },
        },
        {
          ...base,
          id: 're_10',
          type: 'stake_return',
          status: 'succeeded',
          amount: String(50n * E18),
          invoice_id: 'in_0010',
          subscription_id: 'sub_staked',
          reason: 'stake_return',
          created_at: new Date(Date.UTC(2026, 10, 1, 8, 0)).toISOString(),
          payment_details: { arcblock: { tx_hash: '0xret10' } },
        },
      ];
  const list = all.filter((r) => !invoiceId || r.invoice_id === invoiceId);
  return { count: list.length, list };
}

// Vendors: cs_vendor (in_0000's purchase) has a delivered launcher and a failed DID name; other sessions none.
const VENDORS: Array<Answer<VendorStatus>> = [
  { name: 'launcher', title: 'Blocklet Server', vendorType: 'launcher', status: 'delivered', progress: 100 },
  {
    name: 'didnames',
    title: 'DID Name',
    vendorType: 'didnames',
    status: 'failed',
    progress: 0,
    error: { code: 'VENDOR_FAILED' },
    error_message: 'The name is taken',
  },
];

const OWNED = [
  '/payment/api/payment-intents',
  '/payment/api/invoices',
  '/payment/api/subscriptions',
  '/payment/api/credit-',
  '/payment/api/auto-recharge-configs/',
  '/payment/api/customers/',
  '/payment/api/did/collect-batch/',
  '/payment/api/did/re-stake/',
  '/payment/api/did/auto-recharge-auth/',
  '/payment/api/meter-events/pending-amount',
  '/payment/api/vendors/order/',
  '/payment/api/refunds',
];

export const handlePortalStub: Handler = async (state: StubState, method, url, readBody) => {
  const p = url.pathname;
  if (p === '/__stub/portal/state') return record(state.portal ?? {});
  if (!OWNED.some((x) => p.startsWith(x))) return null;
  const cfg = (state.portal ??= {});
  if (!state.signedIn) return fail(401, 'Please log in');
  if (cfg.fails) return fail(cfg.fails, 'Portal is down');
  if (p.startsWith('/payment/api/credit-')) return handleCredits(cfg, url);
  const vend = p.match(/^\/payment\/api\/vendors\/order\/([^/]+)\/status$/);
  if (vend) {
    (cfg.vendorCalls ??= []).push(vend[1]!);
    return ok<{ vendors: VendorStatus[] }>({ vendors: vend[1] === 'cs_vendor' ? VENDORS : [] });
  }
  // Refunds (cfg.refunds: true): in_0005 has a partial refund (succeeded, with its tx) and a pending one; in_0010 (a
  // stake return invoice) a stake_return. Otherwise none. The invoice_id asked for goes to refundCalls.
  if (p === '/payment/api/refunds') {
    const invoiceId = url.searchParams.get('invoice_id');
    (cfg.refundCalls ??= []).push(invoiceId);
    return ok<Paginated<Refund>>(refunds(cfg, invoiceId));
  }
  // Pending usage per credit currency (cfg.pending, e.g. {pc_crd: '1500'}; none by default).
  if (p === '/payment/api/meter-events/pending-amount') {
    cfg.pendingQuery = Object.fromEntries(url.searchParams);
    return ok<Record<string, string>>(cfg.pending ?? {});
  }
  if (p.startsWith('/payment/api/auto-recharge-configs/')) return handleAutoRecharge(cfg, method, url, readBody);
  if (p.startsWith('/payment/api/did/auto-recharge-auth/')) return autoRechargeAuth(cfg, p, url);
  if (p.startsWith('/payment/api/subscriptions')) {
    const r = await handleSubscriptions(cfg, method, p, readBody);
    if (r) return r;
  }
  if (p.startsWith('/payment/api/did/re-stake/')) return restake(cfg, p, url);
  const tbaPaid = (cfg.paid ?? []).includes('pc_tba');
  const all = Array.from({ length: cfg.count ?? 23 }, (_, i) => invoice(i)).map((inv, i): Answer<Invoice> => ({
    ...(tbaPaid && (inv.status === 'open' || inv.status === 'uncollectible')
      ? { ...inv, status: 'paid', amount_paid: inv.total, amount_remaining: '0' }
      : inv),
    // spread: four invoices a month, newest first (Nov, Oct, Sep … 2026), for the grouped list.
    ...(cfg.spread ? { created_at: new Date(2026, 10 - Math.floor(i / 4), 20 - (i % 4), 12).toISOString() } : {}),
  }));
  if (p.startsWith('/payment/api/did/collect-batch/')) return collect(cfg, p, url);
  if (p === '/payment/api/payment-intents') return paymentHistory(cfg, url, all);
  const od = p.match(/^\/payment\/api\/customers\/([^/]+)\/overdue\/invoices$/);
  if (od) {
    if (cfg.noCustomer) return fail(404, `No such customer: ${od[1]}`);
    return ok<OverdueInvoices>(overdue(cfg, all));
  }
  if (p === '/payment/api/invoices') {
    const status = url.searchParams.get('status');
    // subscription_id scopes only the stake panel's query (include_return_staking), as before for the other lists.
    const sid = url.searchParams.get('include_return_staking') ? url.searchParams.get('subscription_id') : null;
    // sub_stake's stake was slashed (in_slash); once staked again it has a new stake invoice (in_restake).
    const stakeOf = (id: string, reason: string, at: number): Answer<Invoice> => ({
      ...invoice(3),
      id,
      number: id === 'in_slash' ? 'SBX-SL01' : 'SBX-RS01',
      billing_reason: reason,
      total: String(50n * E18),
      subscription_id: 'sub_stake',
      created_at: new Date(at * 1000).toISOString(),
    });
    const extra =
      sid === 'sub_stake'
        ? [
            stakeOf('in_slash', 'slash_stake', NOW - DAY),
            ...((cfg.restaked ?? []).includes('sub_stake') ? [stakeOf('in_restake', 'stake', NOW)] : []),
          ]
        : [];
    const scoped = sid ? [...all.filter((i) => i.subscription_id === sid), ...extra] : all;
    const list = status ? scoped.filter((i) => status.split(',').includes(i.status)) : scoped;
    return ok<Paginated<Invoice>>(page(url, list));
  }
  const one = p.match(/^\/payment\/api\/invoices\/([^/]+)$/);
  if (one) {
    if (one[1] === 'in_other') return fail(403, 'This invoice belongs to another customer');
    const inv = all.find((i) => i.id === one[1]) ?? EXTRA_INVOICES[one[1]!];
    return inv ? ok<Invoice>(inv) : fail(404, 'Invoice not found');
  }
  return null;
};
