import type { Tx } from '../../db.ts';
import { DEMO_USERS } from '../../service/data/users.ts';
import { DEMO_DIDS } from '../../service/data/demo-wallets.ts';
import { LOGOS } from './logos.ts';
import { tokenAmount } from '../../validate.ts';
import { find, insert, save, type NewFields, type RowOf } from './repo.ts';
import type { PaymentMethodRow, PaymentMethodType, PriceCurrencyOption, Recurring, Table } from './schema.ts';

/**
 * The seeded catalog (migration 'payment:002-seed'), livemode=true with stable, readable ids so tests,
 * the reference host and testers can use them. Payment methods and currencies serve both modes; the
 * products, prices, links, coupon and meter below are live data (see docs/sandbox-merchant-api.md).
 */

/** A seeded row: its table and the whole row. */
type SeedRow<K extends Table = Table> = K extends Table ? [K, RowOf<K>] : never;

let seq = 0;
const SEED_TIME = Date.UTC(2025, 0, 1);
/** A live row with a readable id, its timestamps a second apart from 2025-01-01. */
function doc<K extends Table>(table: K, id: string, fields: NewFields<K>): SeedRow<K> {
  const at = new Date(SEED_TIME + seq++ * 1000).toISOString();
  return [table, { id, livemode: true, ...fields, created_at: at, updated_at: at } as RowOf<K>] as SeedRow<K>;
}

const DECIMALS: Record<string, number> = {
  pc_sandbox_tba: 18,
  pc_sandbox_credit: 2,
  pc_sandbox_eth: 18,
  pc_sandbox_base_usdc: 6,
  pc_sandbox_btc: 8,
  pc_sandbox_usd: 2,
};
const u = (tokens: string, currencyId: string) => tokenAmount(tokens, DECIMALS[currencyId] ?? 0, 'seed');

function method(
  id: string,
  type: PaymentMethodType,
  name: string,
  logo: string,
  defaultCurrency: string,
  settings: PaymentMethodRow['settings'],
  recurring = true,
) {
  return doc('payment_methods', id, {
    object: 'payment_method',
    active: true,
    locked: true,
    type,
    name,
    description: `${name} (sandbox)`,
    logo,
    default_currency_id: defaultCurrency,
    confirmation: { type: 'immediate' },
    settings,
    features: { recurring, refund: true, dispute: false },
    metadata: {},
  });
}

function currency(
  id: string,
  methodId: string,
  symbol: string,
  name: string,
  logo: string,
  extra: Partial<NewFields<'payment_currencies'>> = {},
) {
  return doc('payment_currencies', id, {
    object: 'payment_currency',
    payment_method_id: methodId,
    active: true,
    locked: true,
    is_base_currency: false,
    name,
    description: name,
    logo,
    symbol,
    decimal: DECIMALS[id] ?? 0,
    maximum_precision: Math.min(6, DECIMALS[id] ?? 6),
    minimum_payment_amount: '0',
    maximum_payment_amount: '0',
    contract: null,
    metadata: {},
    type: 'standard',
    ...extra,
  });
}

export function product(
  id: string,
  name: string,
  description: string,
  defaultPriceId: string,
  extra: Partial<NewFields<'products'>> = {},
) {
  return doc('products', id, {
    object: 'product',
    active: true,
    locked: false,
    type: 'service',
    name,
    description,
    images: [],
    features: [{ name: 'Works in the sandbox' }, { name: 'No real money moves' }],
    unit_label: null,
    default_price_id: defaultPriceId,
    metadata: {},
    statement_descriptor: 'SANDBOX',
    cross_sell: null,
    vendor_config: [],
    created_via: 'portal',
    ...extra,
  });
}

/** amounts: token-unit strings per currency; the first one is the price's own currency. */
export function price(
  id: string,
  productId: string,
  amounts: Record<string, string>,
  extra: Partial<NewFields<'prices'>> = {},
) {
  const options: PriceCurrencyOption[] = Object.entries(amounts).map(([currencyId, tokens]) => ({
    currency_id: currencyId,
    unit_amount: u(tokens, currencyId),
    custom_unit_amount: null,
    tiers: null,
  }));
  const main = options[0]!;
  main.custom_unit_amount = extra.custom_unit_amount ?? null;
  return doc('prices', id, {
    object: 'price',
    product_id: productId,
    active: true,
    locked: false,
    type: 'one_time',
    billing_scheme: 'per_unit',
    unit_amount: main.unit_amount,
    currency_id: main.currency_id,
    currency_options: options,
    recurring: null,
    tiers_mode: null,
    tiers: null,
    custom_unit_amount: null,
    lookup_key: null,
    nickname: '',
    metadata: {},
    transform_quantity: null,
    upsell: null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    pricing_type: 'fixed',
    ...extra,
  });
}

const monthly = (usage_type: Recurring['usage_type'] = 'licensed', meter_id: string | null = null): Recurring => ({
  interval: 'month',
  interval_count: 1,
  usage_type,
  aggregate_usage: usage_type === 'metered' ? 'sum' : null,
  meter_id,
});

export function link(
  id: string,
  kind: string,
  name: string,
  priceId: string,
  extra: Partial<NewFields<'payment_links'>> = {},
) {
  const { metadata, ...rest } = extra;
  return doc('payment_links', id, {
    object: 'payment_link',
    active: true,
    name,
    currency_id: 'pc_sandbox_tba',
    line_items: [{ price_id: priceId, quantity: 1, adjustable_quantity: { enabled: false, minimum: 1, maximum: 99 } }],
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: `Thanks for trying the ${name}.` },
    },
    allow_promotion_codes: true,
    billing_address_collection: 'auto',
    phone_number_collection: { enabled: false },
    submit_type: 'pay',
    subscription_data: null,
    cross_sell_behavior: 'auto',
    donation_settings: null,
    customer_creation: 'always',
    invoice_creation: { enabled: true },
    payment_method_types: [],
    custom_fields: [],
    lookup_key: null,
    metadata: { sandbox_kind: kind, show_product_features: true, ...metadata },
    ...rest,
  });
}

const EXPLORER = 'https://explorer.sandbox.example';

function rows(): SeedRow[] {
  seq = 0;
  return [
    method('pm_sandbox_arcblock', 'arcblock', 'ArcBlock', LOGOS.arcblock, 'pc_sandbox_tba', {
      arcblock: { chain_id: 'sandbox-beta', api_host: 'https://chain.sandbox.example/api', explorer_host: EXPLORER },
    }),
    method('pm_sandbox_ethereum', 'ethereum', 'Ethereum', LOGOS.ethereum, 'pc_sandbox_eth', {
      ethereum: {
        chain_id: '11155111',
        api_host: 'https://rpc.sandbox.example/eth',
        explorer_host: EXPLORER,
        native_symbol: 'ETH',
        confirmation: 1,
      },
    }),
    method('pm_sandbox_base', 'base', 'Base', LOGOS.base, 'pc_sandbox_base_usdc', {
      base: {
        chain_id: '84532',
        api_host: 'https://rpc.sandbox.example/base',
        explorer_host: EXPLORER,
        native_symbol: 'ETH',
        confirmation: 1,
      },
    }),
    method(
      'pm_sandbox_bitcoin',
      'bitcoin',
      'Bitcoin',
      LOGOS.bitcoin,
      'pc_sandbox_btc',
      { bitcoin: { explorer_host: EXPLORER } },
      false,
    ),
    method('pm_sandbox_stripe', 'stripe', 'Card (Stripe test mode)', LOGOS.stripe, 'pc_sandbox_usd', {
      stripe: { dashboard: 'https://dashboard.stripe.com/test', publishable_key: 'pk_test_sandbox' },
    }),
    currency('pc_sandbox_tba', 'pm_sandbox_arcblock', 'TBA', 'Test ABT', LOGOS.tba, { is_base_currency: true }),
    currency('pc_sandbox_credit', 'pm_sandbox_arcblock', 'CRD', 'Sandbox Credit', LOGOS.credit, {
      type: 'credit',
      // The package auto top-up buys (TPaymentCurrency.recharge_config).
      recharge_config: { base_price_id: 'price_sandbox_credits', payment_link_id: 'plink_sandbox_credit' },
    }),
    currency('pc_sandbox_eth', 'pm_sandbox_ethereum', 'ETH', 'Sepolia Ether', LOGOS.ethereum),
    currency('pc_sandbox_base_usdc', 'pm_sandbox_base', 'USDC', 'USD Coin on Base', LOGOS.usdc, {
      contract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    }),
    currency('pc_sandbox_btc', 'pm_sandbox_bitcoin', 'BTC', 'Test Bitcoin', LOGOS.bitcoin),
    currency('pc_sandbox_usd', 'pm_sandbox_stripe', 'USD', 'US Dollar', LOGOS.usd),

    doc('meters', 'mtr_sandbox_api', {
      object: 'meter',
      name: 'Sandbox API calls',
      event_name: 'sandbox.api_calls',
      aggregation_method: 'sum',
      unit: 'calls',
      currency_id: 'pc_sandbox_credit',
      decimal: 2,
      status: 'active',
      description: 'API calls made against the sandbox',
      metadata: {},
    }),

    product(
      'prod_sandbox_pro',
      'Sandbox Pro License',
      'A lifetime license: the one-time purchase.',
      'price_sandbox_pro',
    ),
    price('price_sandbox_pro', 'prod_sandbox_pro', {
      pc_sandbox_tba: '10',
      pc_sandbox_usd: '9.99',
      pc_sandbox_eth: '0.004',
      pc_sandbox_base_usdc: '9.99',
      pc_sandbox_btc: '0.0001',
    }),
    link('plink_sandbox_onetime', 'one-time', 'Sandbox Pro License', 'price_sandbox_pro'),

    product(
      'prod_sandbox_team',
      'Sandbox Team Plan',
      'Monthly plan with a 7-day free trial.',
      'price_sandbox_team_monthly',
    ),
    price(
      'price_sandbox_team_monthly',
      'prod_sandbox_team',
      { pc_sandbox_tba: '5', pc_sandbox_usd: '4.99', pc_sandbox_base_usdc: '4.99' },
      { type: 'recurring', recurring: monthly() },
    ),
    link('plink_sandbox_trial', 'trial', 'Sandbox Team Plan', 'price_sandbox_team_monthly', {
      subscription_data: { trial_period_days: 7, trial_currency: 'pc_sandbox_tba,pc_sandbox_usd' },
    }),

    product('prod_sandbox_api', 'Sandbox API Calls', 'Pay per API call, billed monthly.', 'price_sandbox_api_metered', {
      unit_label: 'call',
    }),
    price(
      'price_sandbox_api_metered',
      'prod_sandbox_api',
      { pc_sandbox_tba: '0.01', pc_sandbox_usd: '0.01' },
      { type: 'recurring', recurring: monthly('metered', 'mtr_sandbox_api') },
    ),
    link('plink_sandbox_metered', 'metered', 'Sandbox API Calls', 'price_sandbox_api_metered'),

    product(
      'prod_sandbox_node',
      'Sandbox Node Hosting',
      'A hosted node; needs a stake of 50 TBA.',
      'price_sandbox_node_monthly',
    ),
    price(
      'price_sandbox_node_monthly',
      'prod_sandbox_node',
      { pc_sandbox_tba: '20' },
      { type: 'recurring', recurring: monthly() },
    ),
    link('plink_sandbox_staking', 'staking', 'Sandbox Node Hosting', 'price_sandbox_node_monthly', {
      subscription_data: { trial_period_days: 0, min_stake_amount: 50 },
    }),

    product(
      'prod_sandbox_studio',
      'Sandbox Studio',
      'Monthly, or save with yearly billing.',
      'price_sandbox_studio_monthly',
    ),
    price(
      'price_sandbox_studio_yearly',
      'prod_sandbox_studio',
      { pc_sandbox_tba: '30', pc_sandbox_usd: '29.99' },
      { type: 'recurring', recurring: { ...monthly(), interval: 'year' } },
    ),
    price(
      'price_sandbox_studio_monthly',
      'prod_sandbox_studio',
      { pc_sandbox_tba: '3', pc_sandbox_usd: '2.99' },
      {
        type: 'recurring',
        recurring: monthly(),
        upsell: { upsells_to_id: 'price_sandbox_studio_yearly' },
      },
    ),
    link('plink_sandbox_upsell', 'upsell', 'Sandbox Studio', 'price_sandbox_studio_monthly'),

    product('prod_sandbox_support', 'Sandbox Priority Support', 'Answers within a day.', 'price_sandbox_support'),
    price('price_sandbox_support', 'prod_sandbox_support', { pc_sandbox_tba: '1', pc_sandbox_usd: '0.99' }),
    product(
      'prod_sandbox_starter',
      'Sandbox Starter Kit',
      'Templates to start with; add priority support.',
      'price_sandbox_starter',
      {
        cross_sell: { cross_sells_to_id: 'prod_sandbox_support' },
      },
    ),
    price('price_sandbox_starter', 'prod_sandbox_starter', { pc_sandbox_tba: '2', pc_sandbox_usd: '1.99' }),
    link('plink_sandbox_crosssell', 'cross-sell', 'Sandbox Starter Kit', 'price_sandbox_starter'),

    product(
      'prod_sandbox_donation',
      'Support the Sandbox',
      'Tip the people who keep the sandbox running.',
      'price_sandbox_donation',
      { created_via: 'donation' },
    ),
    price(
      'price_sandbox_donation',
      'prod_sandbox_donation',
      { pc_sandbox_tba: '0' },
      {
        custom_unit_amount: {
          preset: u('5', 'pc_sandbox_tba'),
          presets: ['1', '5', '10'].map((t) => u(t, 'pc_sandbox_tba')),
          minimum: u('0.1', 'pc_sandbox_tba'),
          maximum: u('100', 'pc_sandbox_tba'),
          enabled: true,
        },
      },
    ),
    link('plink_sandbox_donation', 'donation', 'Support the Sandbox', 'price_sandbox_donation', {
      submit_type: 'donate',
      allow_promotion_codes: false,
      donation_settings: {
        target: 'sandbox',
        title: 'Support the Sandbox',
        description: 'Every tip keeps the lights on.',
        reference: '/',
        beneficiaries: [{ name: 'Sandbox Store', address: 'zNKsandboxApp', share: '100' }],
        amount: {
          presets: ['1', '5', '10'].map((t) => u(t, 'pc_sandbox_tba')),
          preset: u('5', 'pc_sandbox_tba'),
          minimum: u('0.1', 'pc_sandbox_tba'),
          maximum: u('100', 'pc_sandbox_tba'),
          custom: true,
        },
      },
    }),

    product(
      'prod_sandbox_credits',
      'Sandbox Credits Pack',
      '100 credits for metered usage, valid 30 days.',
      'price_sandbox_credits',
      { type: 'credit' },
    ),
    price(
      'price_sandbox_credits',
      'prod_sandbox_credits',
      { pc_sandbox_tba: '1', pc_sandbox_usd: '0.99' },
      {
        metadata: {
          credit_config: {
            credit_amount: '100',
            currency_id: 'pc_sandbox_credit',
            valid_duration_value: 30,
            valid_duration_unit: 'days',
          },
        },
      },
    ),
    link('plink_sandbox_credit', 'credit', 'Sandbox Credits Pack', 'price_sandbox_credits'),

    doc('coupons', 'co_sandbox_10off', {
      object: 'coupon',
      locked: false,
      name: '10% off',
      percent_off: 10,
      amount_off: '0',
      currency_id: null,
      currency_options: {},
      duration: 'once',
      duration_in_months: 0,
      valid: true,
      times_redeemed: 0,
      max_redemptions: null,
      redeem_by: null,
      applies_to: null,
      metadata: {},
    }),
    doc('promotion_codes', 'promo_sandbox_10off', {
      object: 'promotion_code',
      active: true,
      locked: false,
      code: 'SANDBOX10',
      coupon_id: 'co_sandbox_10off',
      max_redemptions: null,
      times_redeemed: 0,
      expires_at: null,
      restrictions: {},
      verification_type: 'code',
      metadata: {},
    }),
  ];
}

/** What each demo user's sandbox wallet holds (token units). Chris Buyer is nearly broke, to try insufficient funds. */
const BALANCES: Record<string, string> = {
  pc_sandbox_tba: '1000',
  pc_sandbox_eth: '2',
  pc_sandbox_base_usdc: '500',
  pc_sandbox_btc: '0.1',
};
const LOW_BALANCES: Record<string, string> = {
  pc_sandbox_tba: '1',
  pc_sandbox_eth: '0.0001',
  pc_sandbox_base_usdc: '1',
  pc_sandbox_btc: '0.00001',
};

export const seedMigration = {
  id: '002-seed',
  up: async (tx: Tx) => {
    for (const [table, d] of rows()) await insert(tx, table, d);
    for (const user of DEMO_USERS) {
      const balances = user.fullName === 'Chris Buyer' ? LOW_BALANCES : BALANCES;
      for (const [currencyId, tokens] of Object.entries(balances)) {
        await tx.query('INSERT INTO wallet_balances (user_did, currency_id, balance) VALUES ($1, $2, $3)', [
          user.did,
          currencyId,
          u(tokens, currencyId),
        ]);
      }
    }
  },
};

/**
 * Seed additions for the checkout demos (migration 'payment:003-checkout-demo'): the one-time link lets the payer
 * choose 1–10 licenses.
 */
export const checkoutDemoMigration = {
  id: '003-checkout-demo',
  up: async (tx: Tx) => {
    const onetime = await find(tx, 'payment_links', 'plink_sandbox_onetime');
    if (!onetime) return;
    const items = onetime.line_items.map((i) => ({
      ...i,
      adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
    }));
    await save(tx, 'payment_links', { ...onetime, line_items: items });
    // Donation amounts are decimal token amounts, as the platform's DonationSettings carry them (the first seed
    // stored smallest units).
    const donation = await find(tx, 'payment_links', 'plink_sandbox_donation');
    if (donation?.donation_settings) {
      await save(tx, 'payment_links', {
        ...donation,
        donation_settings: {
          ...donation.donation_settings,
          amount: { presets: ['1', '5', '10'], preset: '5', minimum: '0.1', maximum: '100', custom: true },
          beneficiaries: [
            { name: 'Sandbox Store', address: 'zNKsandboxApp', share: '80', type: 'dapp' },
            { name: 'Sandbox Maintainers', address: DEMO_DIDS.olivia, share: '20' },
          ],
        },
      });
    }
    // The card method is the sandbox's Stripe stand-in (routes/stripe-standin-routes.ts), never real Stripe.js.
    const stripe = await find(tx, 'payment_methods', 'pm_sandbox_stripe');
    if (stripe)
      await save(tx, 'payment_methods', {
        ...stripe,
        settings: { ...stripe.settings, stripe: { ...stripe.settings?.stripe, sandbox: true } },
      });
    // A report paid in credits (CRD) or TBA, collecting a phone number and the full billing address.
    for (const [table, doc] of [
      product(
        'prod_sandbox_report',
        'Sandbox Usage Report',
        'A detailed usage report, payable with credits.',
        'price_sandbox_report',
      ),
      price('price_sandbox_report', 'prod_sandbox_report', { pc_sandbox_tba: '2', pc_sandbox_credit: '25' }),
      link('plink_sandbox_report', 'credits', 'Sandbox Usage Report', 'price_sandbox_report', {
        phone_number_collection: { enabled: true },
        billing_address_collection: 'required',
        // Asks the payer to agree to the app's terms: the standalone checkout links them in its footer.
        consent_collection: { terms_of_service: 'required' },
      }),
    ] as const) {
      if (!(await find(tx, table, doc.id))) await insert(tx, table, doc);
    }
    // A product delivered by vendors after payment (a DID name and an app install), with its progress.
    for (const [table, doc] of [
      product(
        'prod_sandbox_domain',
        'Sandbox Domain Bundle',
        'A DID name for your app, installed for you.',
        'price_sandbox_domain',
        {
          vendor_config: [
            { vendor_id: 'vnd_didnames', vendor_type: 'didnames', name: 'didnames', title: 'DID name registration' },
            { vendor_id: 'vnd_launcher', vendor_type: 'launcher', name: 'launcher', title: 'App installation' },
          ],
        },
      ),
      price('price_sandbox_domain', 'prod_sandbox_domain', { pc_sandbox_tba: '3', pc_sandbox_usd: '2.99' }),
      link('plink_sandbox_vendor', 'vendor', 'Sandbox Domain Bundle', 'price_sandbox_domain'),
    ] as const) {
      if (!(await find(tx, table, doc.id))) await insert(tx, table, doc);
    }
    // The cross-sell demo requires its cross-sell (REQUIRE_CROSS_SELL until it is added).
    const cross = await find(tx, 'payment_links', 'plink_sandbox_crosssell');
    if (cross) await save(tx, 'payment_links', { ...cross, cross_sell_behavior: 'required' });
  },
};
