/**
 * The sandbox's pricing tables against @blocklet/payment-types (TPricingTableExpanded, Paginated of it, and the
 * TCheckoutSession a plan starts), validated with the JSON Schemas generated from the types (schemas.json), and the
 * fields <pay-pricing-table> reads through its own response schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricingTableStruct } from '../../src/api/resources/pricing-tables.ts';
import { asUser, closeSandbox, openSandbox, signed, type Reply, type Sandbox } from '../server/payment-helpers.ts';
import { createChecker, type RootName } from './checker.ts';

let sb: Sandbox;
beforeAll(async () => {
  ({ sb } = await openSandbox());
}, 180_000);
afterAll(() => closeSandbox(sb));

/** Columns the sandbox does not model, as in contract.test.ts (no screen reads them). */
const checker = createChecker({
  ignoreMissing: [
    'created_via',
    'dynamic_pricing_config',
    'base_currency',
    'base_amount',
    'payment_method_types',
    'nft_mint_status',
  ],
});
const DEMO = 'prctbl_sandbox_demo';

const calls: Array<[string, RootName, () => Promise<Reply>]> = [
  [
    'GET /api/pricing-tables/:id (public)',
    'PricingTableExpanded',
    () => asUser(sb, null, 'GET', `/api/pricing-tables/${DEMO}`),
  ],
  ['pricingTables.list', 'PricingTableList', () => signed(sb, 'GET', '/api/pricing-tables')],
  [
    'pricingTables.create',
    'PricingTableExpanded',
    () =>
      signed(sb, 'POST', '/api/pricing-tables', {
        body: {
          name: 'Contract',
          items: [
            {
              price_id: 'price_sandbox_team_monthly',
              is_highlight: true,
              highlight_text: 'recommended',
              subscription_data: { trial_period_days: 7 },
              after_completion: { type: 'hosted_confirmation', hosted_confirmation: { custom_message: 'Thanks' } },
              consent_collection: { terms_of_service: 'required' },
            },
          ],
        },
      }),
  ],
  [
    'POST /api/pricing-tables/:id/checkout/:priceId',
    'CheckoutSession',
    () =>
      asUser(
        sb,
        null,
        'POST',
        `/api/pricing-tables/${DEMO}/checkout/price_sandbox_tier_pro_yearly?currencyId=pc_sandbox_base_usdc`,
      ),
  ],
];

describe('pricing table responses conform to @blocklet/payment-types', () => {
  it.each(calls)('%s → %s', async (_label, root, get) => {
    const r = await get();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(checker.validate(root, r.body)).toEqual([]);
  });

  it('the element’s response schema accepts the sandbox’s table', async () => {
    const r = await asUser(sb, null, 'GET', `/api/pricing-tables/${DEMO}`);
    const [err] = PricingTableStruct.validate(r.body);
    expect(err?.message).toBeUndefined();
  });
});
