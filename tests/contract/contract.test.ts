/**
 * The sandbox against the real platform's published types (@blocklet/payment-types): every response the elements
 * read, customer-facing and merchant, after a purchase (a staking checkout, a credits pack, a promotion code) and
 * after the billing clock moved a month, validated against the JSON Schemas generated from the types
 * (scripts/contract-schemas.ts). See checker.ts for the policy (null, extra fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConnectAction } from '../../hosts/server/platform.ts';
import {
  asUser,
  CASEY,
  CHRIS,
  closeSandbox,
  openSandbox,
  signed,
  type Reply,
  type Sandbox,
} from '../server/payment-helpers.ts';
import { createChecker, structPaths, type RootName } from './checker.ts';
import { paginated, SettingsStruct } from '../../src/api/schemas.ts';
import { CheckoutContextStruct } from '../../src/api/schemas-checkout.ts';
import {
  AutoRechargeConfigStruct,
  CreditGrantStruct,
  CreditSummaryEntryStruct,
  InvoiceStruct,
  OverdueStruct,
  SubscriptionStruct,
} from '../../src/api/schemas-billing.ts';
import { SettingStruct } from '../../src/api/resources/donations.ts';

let sb: Sandbox;
let casey: string;
let chris: string;

/**
 * Required columns the sandbox does not model (no screen reads them; the payment-js merchant steps do not either).
 * Absent is accepted; when present they are still checked. Each is a gap to close, not a contract the elements use.
 */
const SANDBOX_UNMODELED = [
  'created_via',
  'dynamic_pricing_config',
  'base_currency',
  'base_amount',
  'payment_method_types',
  'confirmation_method',
  'nft_mint_status',
  'vendor_key',
  'proration',
  'proration_details',
  'discountable',
  'discount_amounts',
  'customer_creation',
  'upsell_price',
  'upsells_to',
  // payment-method settings the platform keeps server-side (secrets) or the sandbox chain does not have
  'secret_key',
  'webhook_signing_secret',
  'chain_id',
  'api_host',
  // checkout subscription_data's description, which a link without one leaves out
  'description',
];

/**
 * Defects still open (issue 11), each matched on the checker's line and removed as it is fixed; a listed one that no
 * longer occurs fails the last test, so this list can only shrink. Deliberate differences are marked so.
 */
const KNOWN: Array<[RegExp, string, RootName?]> = [
  [
    /\/(prices\/\d+|default_price)\/(product|currency): missing required field$/,
    'deliberate: the real product list and retrieve do not expand prices[] (issue 11), whatever TProductExpanded says',
  ],
  [
    /cross_sells_to\/(prices|default_price): missing required field$/,
    'deliberate: a cross-sell product is not expanded further',
  ],
];
const seen = new Set<RegExp>();
/** The defects not in KNOWN (an entry with a root only excuses that response type). */
const open = (root: RootName, defects: string[]) =>
  defects.filter((d) => {
    const known = KNOWN.find(([re, , only]) => (!only || only === root) && re.test(d));
    if (known) seen.add(known[0]);
    return !known;
  });

const checker = createChecker({ ignoreMissing: SANDBOX_UNMODELED });
/** Ids the fixtures made, filled in beforeAll. */
const ids: Record<string, string> = {};

const form = {
  customer_name: 'Chris Buyer',
  customer_email: 'chris@example.com',
  payment_method: 'pm_sandbox_arcblock',
  payment_currency: 'pc_sandbox_tba',
  billing_address: { country: 'us' },
};

async function checkout(
  plink: string,
  mode: string,
  token: string,
  did: string,
  extra?: (id: string) => Promise<void>,
): Promise<{ csId: string; subscriptionId?: string; invoiceId?: string }> {
  const started = await asUser(sb, null, 'POST', `/api/checkout-sessions/start/${plink}`);
  const csId: string = started.body.checkoutSession.id;
  await extra?.(csId);
  const submitted = await asUser(sb, token, 'PUT', `/api/checkout-sessions/${csId}/submit`, form);
  if (submitted.status !== 200) throw new Error(`submit ${plink}: ${JSON.stringify(submitted.body)}`);
  const action = getConnectAction(mode)!;
  const result = await sb.ctx.db.transaction((tx) =>
    action.approve({ checkoutSessionId: csId }, { ...sb.ctx, user: null, livemode: true, tx, userDid: did }),
  );
  return { csId, ...(result as object) };
}

beforeAll(async () => {
  ({ sb, casey, chris } = await openSandbox());
  await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
    body: { did: CHRIS.did, currency_id: 'pc_sandbox_tba', amount: '1000', set: true },
  });
  await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
    body: { did: CASEY.did, currency_id: 'pc_sandbox_tba', amount: '1000', set: true },
  });
  // A staking subscription bought through the checkout.
  const stake = await checkout('plink_sandbox_staking', 'subscription', chris, CHRIS.did);
  ids.stakeCs = stake.csId;
  ids.stakeSub = stake.subscriptionId!;
  // A one-time purchase with a promotion code.
  const coupon = await signed(sb, 'POST', '/api/coupons', {
    body: { name: 'Contract 10%', percent_off: 10, duration: 'once', promotion_codes: [{ code: 'CONTRACT10' }] },
  });
  ids.coupon = coupon.body.coupon?.id ?? coupon.body.id;
  const onetime = await checkout('plink_sandbox_onetime', 'payment', chris, CHRIS.did, async (cs) => {
    await asUser(sb, chris, 'POST', `/api/checkout-sessions/${cs}/apply-promotion`, {
      promotion_code: 'CONTRACT10',
      currency_id: 'pc_sandbox_tba',
    });
  });
  ids.onetimeCs = onetime.csId;
  ids.discountInvoice = onetime.invoiceId!;
  // A credits pack.
  await checkout('plink_sandbox_credit', 'payment', chris, CHRIS.did);
  // Casey's plain subscription, then a month passes: a renewal invoice and its payment.
  const sub = await signed(sb, 'POST', '/api/subscriptions', {
    body: { customer_id: CASEY.did, items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] },
  });
  ids.caseySub = sub.body.id;
  ids.casey = sub.body.customer_id;
  await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 31 * 86400 } });
  const chrisCustomer = (await asUser(sb, chris, 'GET', '/api/customers/me')).body;
  ids.chris = chrisCustomer.id;
}, 180000);
afterAll(() => closeSandbox(sb));

type Call = [label: string, root: RootName, get: () => Promise<Reply>];
const customerCalls: Call[] = [
  ['GET /api/settings', 'Settings', () => asUser(sb, null, 'GET', '/api/settings')],
  [
    'POST /api/checkout-sessions/start/:plink',
    'CheckoutContext',
    () => asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_trial'),
  ],
  [
    'GET /api/checkout-sessions/retrieve/:id (stake, complete)',
    'CheckoutContext',
    () => asUser(sb, chris, 'GET', `/api/checkout-sessions/retrieve/${ids.stakeCs}`),
  ],
  [
    'GET /api/checkout-sessions/retrieve/:id (discounted)',
    'CheckoutContext',
    () => asUser(sb, chris, 'GET', `/api/checkout-sessions/retrieve/${ids.onetimeCs}`),
  ],
  ['GET /api/customers/me', 'Customer', () => asUser(sb, chris, 'GET', '/api/customers/me')],
  [
    'GET /api/invoices',
    'InvoiceList',
    () => asUser(sb, chris, 'GET', `/api/invoices?customer_id=${ids.chris}&include_staking=1`),
  ],
  [
    'GET /api/invoices (after the clock)',
    'InvoiceList',
    () => asUser(sb, casey, 'GET', `/api/invoices?customer_id=${ids.casey}`),
  ],
  [
    'GET /api/invoices/:id (discounted)',
    'InvoiceWithDiscount',
    () => asUser(sb, chris, 'GET', `/api/invoices/${ids.discountInvoice}`),
  ],
  [
    'GET /api/subscriptions',
    'SubscriptionList',
    () => asUser(sb, chris, 'GET', `/api/subscriptions?customer_id=${ids.chris}`),
  ],
  [
    'GET /api/subscriptions/:id (staking)',
    'SubscriptionExpanded',
    () => asUser(sb, chris, 'GET', `/api/subscriptions/${ids.stakeSub}`),
  ],
  [
    'GET /api/subscriptions/:id (renewed)',
    'SubscriptionExpanded',
    () => asUser(sb, casey, 'GET', `/api/subscriptions/${ids.caseySub}`),
  ],
  [
    'GET /api/subscriptions/:id/overdue/invoices',
    'SubscriptionOverdue',
    () => asUser(sb, casey, 'GET', `/api/subscriptions/${ids.caseySub}/overdue/invoices`),
  ],
  [
    'GET /api/customers/:id/overdue/invoices',
    'CustomerOverdue',
    () => asUser(sb, casey, 'GET', `/api/customers/${ids.casey}/overdue/invoices`),
  ],
  [
    'GET /api/credit-grants',
    'CreditGrantList',
    () => asUser(sb, chris, 'GET', `/api/credit-grants?customer_id=${ids.chris}`),
  ],
  [
    'GET /api/credit-transactions',
    'CreditTransactionList',
    () => asUser(sb, chris, 'GET', `/api/credit-transactions?customer_id=${ids.chris}`),
  ],
  [
    'GET /api/payment-intents',
    'PaymentIntentList',
    () => asUser(sb, chris, 'GET', `/api/payment-intents?customer_id=${ids.chris}`),
  ],
  ['GET /api/refunds', 'RefundList', () => asUser(sb, chris, 'GET', `/api/refunds?customer_id=${ids.chris}`)],
  [
    'GET /api/meter-events/pending-amount',
    'GroupedBN',
    () => asUser(sb, casey, 'GET', `/api/meter-events/pending-amount?customer_id=${ids.casey}`),
  ],
  [
    'GET /api/auto-recharge-configs/customer/:id',
    'AutoRechargeConfigExpanded',
    () => asUser(sb, chris, 'GET', `/api/auto-recharge-configs/customer/${ids.chris}?currency_id=pc_sandbox_credit`),
  ],
  [
    'POST /api/auto-recharge-configs/submit',
    'AutoRechargeConfigExpanded',
    () =>
      asUser(sb, chris, 'POST', '/api/auto-recharge-configs/submit', {
        customer_id: ids.chris,
        currency_id: 'pc_sandbox_credit',
        enabled: true,
        threshold: '100',
        price_id: 'price_sandbox_credits',
        quantity: 1,
        recharge_currency_id: 'pc_sandbox_usd',
        daily_limits: { max_attempts: 2, max_amount: '500' },
      }),
  ],
  [
    'GET /api/credit-grants/summary',
    'CreditSummary',
    () => asUser(sb, chris, 'GET', `/api/credit-grants/summary?customer_id=${ids.chris}`),
  ],
  [
    'POST /api/settings (donate, as the owner)',
    'Setting',
    () =>
      signed(sb, 'POST', '/api/settings', {
        body: { type: 'donate', mountLocation: '/contract', description: 'Tips', settings: {} },
      }),
  ],
  [
    'POST /api/settings (donate, as a visitor)',
    'Setting',
    () => asUser(sb, null, 'POST', '/api/settings', { type: 'donate', mountLocation: '/contract-2', settings: {} }),
  ],
  ['GET /api/products/:id', 'ProductExpanded', () => asUser(sb, null, 'GET', '/api/products/prod_sandbox_credits')],
];
const merchantCalls: Call[] = [
  ['products.list', 'ProductList', () => signed(sb, 'GET', '/api/products')],
  ['prices.retrieve', 'PriceExpanded', () => signed(sb, 'GET', '/api/prices/price_sandbox_credits')],
  [
    'checkout.sessions.retrieve',
    'CheckoutSessionExpanded',
    () => signed(sb, 'GET', `/api/checkout-sessions/${ids.stakeCs}`),
  ],
  ['paymentLinks.retrieve', 'PaymentLinkExpanded', () => signed(sb, 'GET', '/api/payment-links/plink_sandbox_onetime')],
  ['customers.retrieve', 'CustomerExpanded', () => signed(sb, 'GET', `/api/customers/${ids.chris}`)],
  ['customers.list', 'CustomerList', () => signed(sb, 'GET', '/api/customers')],
  ['invoices.retrieve', 'InvoiceWithDiscount', () => signed(sb, 'GET', `/api/invoices/${ids.discountInvoice}`)],
  ['subscriptions.list', 'SubscriptionList', () => signed(sb, 'GET', '/api/subscriptions')],
  ['paymentIntents.list', 'PaymentIntentList', () => signed(sb, 'GET', '/api/payment-intents')],
  ['creditGrants.list', 'CreditGrantList', () => signed(sb, 'GET', '/api/credit-grants')],
  ['paymentCurrencies.list', 'PaymentCurrencyList', () => signed(sb, 'GET', '/api/payment-currencies')],
];

describe.each([
  ['customer-facing', customerCalls],
  ['merchant', merchantCalls],
] as const)('%s responses conform to @blocklet/payment-types', (_kind, calls) => {
  it.each(calls)('%s → %s', async (_label, root, get) => {
    // A reused keep-alive socket the server is closing at that moment (a slow, shared CI box) is a network error, not
    // an answer: these calls read or create idempotently, so one retry.
    const r = await get().catch(get);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const defects = checker.validate(root, r.body);
    if (process.env.CONTRACT_DUMP)
      (await import('node:fs')).appendFileSync(process.env.CONTRACT_DUMP, `## ${_label}\n${defects.join('\n')}\n`);
    expect(open(root, defects)).toEqual([]);
  });
});

describe('the fields the elements read', () => {
  // Every field a response schema in src/api checks must exist in the real type it reads.
  it.each([
    ['CheckoutContextStruct', CheckoutContextStruct, 'CheckoutContext'],
    ['SettingsStruct', SettingsStruct, 'Settings'],
    ['paginated(InvoiceStruct)', paginated(InvoiceStruct), 'InvoiceList'],
    ['InvoiceStruct', InvoiceStruct, 'InvoiceWithDiscount'],
    ['paginated(SubscriptionStruct)', paginated(SubscriptionStruct), 'SubscriptionList'],
    ['SubscriptionStruct', SubscriptionStruct, 'SubscriptionExpanded'],
    ['paginated(CreditGrantStruct)', paginated(CreditGrantStruct), 'CreditGrantList'],
    ['OverdueStruct', OverdueStruct, 'SubscriptionOverdue'],
    ['SettingStruct (donate)', SettingStruct, 'Setting'],
    ['AutoRechargeConfigStruct', AutoRechargeConfigStruct, 'AutoRechargeConfigExpanded'],
    ['CreditSummaryEntryStruct', CreditSummaryEntryStruct, 'CreditSummaryEntry'],
  ] as const)('%s reads only fields of the real type', (_name, struct, root) => {
    const paths = structPaths(struct);
    expect(paths.length).toBeGreaterThan(1);
    // subscriptionCount is the customer-overdue extra payment-kit-api.md lists as read.
    const knownReads = (p: string) => p === 'subscriptionCount';
    expect(checker.unknownReads(root, paths).filter((p) => !(root === 'SubscriptionOverdue' && knownReads(p)))).toEqual(
      [],
    );
  });
});

describe('the stake (issue 11 item 4)', () => {
  it('is on the platform fields the portal reads (core subscriptionStake), with no sandbox-only stake object', async () => {
    const sub = (await asUser(sb, chris, 'GET', `/api/subscriptions/${ids.stakeSub}`)).body;
    expect(sub.payment_details.arcblock.staking).toMatchObject({
      tx_hash: expect.stringMatching(/^0x/),
      address: expect.any(String),
    });
    expect(sub.billing_thresholds.stake_gte).toBeGreaterThan(0);
    expect(sub.payment_details.staking).toBeUndefined();
    const reads = [
      'billing_thresholds.stake_gte',
      'billing_thresholds.no_stake',
      'payment_details.arcblock.staking.tx_hash',
      'cancelation_details.return_stake',
      'cancelation_details.slash_stake',
      'canceled_at',
    ];
    expect(checker.unknownReads('SubscriptionExpanded', reads)).toEqual([]);
    expect(checker.unknownReads('SubscriptionExpanded', ['payment_details.staking.amount'])).toEqual([
      'payment_details.staking.amount',
    ]);
  });
});

describe('relations (issue 11)', () => {
  it("customers/:id carries the customer's own payments, subscriptions and invoices; a checkout's subscriptions[] are objects", async () => {
    const customer = (await signed(sb, 'GET', `/api/customers/${ids.chris}`)).body;
    expect(customer.subscriptions.map((s: { id: string }) => s.id)).toContain(ids.stakeSub);
    expect(customer.invoices.map((i: { id: string }) => i.id)).toContain(ids.discountInvoice);
    expect(customer.payments.length).toBeGreaterThan(0);
    for (const rel of [customer.subscriptions, customer.invoices, customer.payments])
      expect(rel.every((x: { customer_id: string }) => x.customer_id === ids.chris)).toBe(true);
    const session = (await signed(sb, 'GET', `/api/checkout-sessions/${ids.stakeCs}`)).body;
    expect(session.subscriptions).toMatchObject([{ id: ids.stakeSub, status: 'active' }]);
    const overdue = (await asUser(sb, casey, 'GET', `/api/customers/${ids.casey}/overdue/invoices`)).body;
    expect(overdue.customer).toMatchObject({ id: ids.casey, did: CASEY.did, livemode: true });
  });
});

describe('the overdue answers (issue 11)', () => {
  it("carry plain TInvoice rows, each invoice's currency and method in the summary", async () => {
    // The last test to change the fixtures: Casey's empty wallet leaves the next renewal open, overdue.
    await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
      body: { did: CASEY.did, currency_id: 'pc_sandbox_tba', amount: '0', set: true },
    });
    await signed(sb, 'POST', '/api/sandbox/clock/advance', { body: { seconds: 31 * 86400 } });
    for (const [path, root] of [
      [`/api/customers/${ids.casey}/overdue/invoices`, 'CustomerOverdue'],
      [`/api/subscriptions/${ids.caseySub}/overdue/invoices`, 'SubscriptionOverdue'],
    ] as const) {
      const overdue = (await asUser(sb, casey, 'GET', path)).body;
      expect(overdue.invoices.length, path).toBeGreaterThan(0);
      expect(open(root, checker.validate(root, overdue))).toEqual([]);
      for (const invoice of overdue.invoices) {
        expect(Object.keys(invoice)).not.toContain('paymentCurrency');
        expect(Object.keys(invoice)).not.toContain('paymentMethod');
        expect(overdue.summary[invoice.currency_id]).toMatchObject({
          currency: { id: invoice.currency_id },
          method: { id: expect.any(String) },
        });
      }
    }
  });
});

describe('the list of open defects', () => {
  it('names only defects that still occur', () => {
    expect(KNOWN.filter(([re]) => !seen.has(re)).map(([, why]) => why)).toEqual([]);
  });
});
