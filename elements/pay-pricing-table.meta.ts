import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import checkout from './pay-checkout.meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

/** The inline checkout's events, which bubble out of <pay-pricing-table> as they are. */
const FROM_CHECKOUT = ['pay-ready', 'pay-change', 'pay-complete', 'pay-expired', 'pay-login', 'pay-navigate'];

const meta: ElementMeta = {
  tag: 'pay-pricing-table',
  className: 'PayPricingTableElement',
  summary:
    "A platform pricing table (prctbl_…): plans grouped by billing interval, a currency choice, and the checkout of the chosen plan in place (or on the platform's hosted page).",
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'pricing-table-id',
      type: 'string',
      description: "The platform's pricing table id (prctbl_…).",
    },
    {
      name: 'mode',
      type: 'string',
      description:
        "What choosing a plan does: inline shows the checkout of that plan in place of the table (with a way back; a reload in the same tab keeps it, for the payer who chose it); redirect goes to the session's hosted checkout page. Either way a cancelable pay-select comes first.",
      default: 'inline',
      values: ['inline', 'redirect'],
    },
    {
      name: 'interval',
      type: 'string',
      description:
        'The billing interval shown first, as "<interval>-<count>" (year-1, month-1, month-3) or one_time. Default: that of the first plan.',
    },
    {
      name: 'currency',
      type: 'string',
      description: "The currency id shown first (else the table's own currency), when the table is sold in it.",
    },
    {
      name: 'extra-params',
      type: 'json',
      tsType: 'Record<string, string | number | boolean>',
      description:
        'Extra query parameters sent when a plan starts its checkout, written over the page query (the chosen currencyId is written last). From a framework, set the extraParams property (an object), not the attribute.',
    },
  ],
  events: [
    {
      name: 'pay-select',
      detail: '{ pricingTableId: string, priceId: string, currencyId: string, checkoutSessionId: string }',
      description:
        'A plan was chosen and its checkout session made. Canceled: the element stays on the plans and the host routes the session itself.',
      cancelable: true,
    },
    {
      name: 'pay-error',
      detail: '{ message: string, code?: string }',
      description:
        'Loading the table or starting a checkout failed (the element shows the error too); also the inline checkout’s.',
    },
    ...checkout.events
      .filter((e) => FROM_CHECKOUT.includes(e.name))
      .map((e) => ({ ...e, description: `From the inline checkout: ${e.description}` })),
  ],
  parts: [
    ...PARTS,
    { name: 'pricing-table', description: 'The pricing table root (every state).' },
    { name: 'intervals', description: 'The billing interval switch (a radio group).' },
    { name: 'interval', description: 'One billing interval of the switch (its label).' },
    { name: 'currency', description: 'The currency choice.' },
    { name: 'plans', description: 'The row of plan cards.' },
    { name: 'plan', description: 'A plan card (data-highlight when highlighted).' },
    { name: 'plan-name', description: "A plan's name." },
    { name: 'plan-description', description: "A plan's description." },
    { name: 'badge', description: "A highlighted plan's badge (Most popular, Recommended, Deal)." },
    { name: 'price', description: "A plan's price with its interval." },
    { name: 'trial', description: "A plan's free trial line." },
    { name: 'features', description: "A plan's feature list." },
    { name: 'plan-button', description: "A plan's button (Subscribe, Try for free, Buy)." },
    { name: 'test-mode', description: 'The test-mode chip (a table in test mode).' },
    { name: 'state', description: 'The empty, inactive, not found and error screens.' },
    { name: 'back', description: 'Inline mode: the Back to plans button above the checkout.' },
    { name: 'checkout', description: 'Inline mode: the box that holds the <pay-checkout> of the chosen plan.' },
  ],
  cssProperties: TOKENS,
};
export default meta;
