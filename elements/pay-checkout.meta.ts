import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { OVERDUE_PARTS, PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'pay-checkout',
  className: 'PayCheckoutElement',
  summary:
    'Checkout for a checkout session (cs_…) or a payment link (plink_…): order summary, payment form, wallet payment and the completed screen.',
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'checkout-id',
      type: 'string',
      description:
        'A checkout session id (cs_…) or a payment link id (plink_…). A payment link starts a session; a reload in the same tab resumes it.',
    },
    {
      name: 'mode',
      type: 'string',
      description:
        'Layout: standard (order summary left, payment right; stacked below 900 px), minimal (no summary), standalone (with header and footer).',
      default: 'standard',
      values: ['standard', 'minimal', 'standalone'],
    },
    {
      name: 'currency',
      type: 'string',
      description: 'Preferred payment currency id (else ?currencyId= in the page URL, else the session currency).',
    },
    {
      name: 'success-url',
      type: 'string',
      description:
        "Where to go after paying (http/https only; overrides the session's success_url). Cancel pay-complete to stay.",
    },
    {
      name: 'extra-params',
      type: 'json',
      tsType: 'Record<string, string | number | boolean>',
      description:
        'Extra query parameters sent when starting a session from a payment link (e.g. {"qty": 2}). From a framework, bind an object to extra-params or extraParams: both are properties.',
    },
    {
      name: 'donation-mount-location',
      type: 'string',
      description:
        'Without checkout-id: the donate widget of this mount location (inactive settings: owner/admin can enable them; see docs/sandbox.md).',
    },
    {
      name: 'donation-settings',
      type: 'json',
      tsType:
        '{ target?: string; title?: string; description?: string; reference?: string; message?: string; beneficiaries?: Array<{ address: string; share?: string; name?: string }>; amount?: { presets?: string[]; preset?: string; minimum?: string; maximum?: string; custom?: boolean }; [key: string]: unknown }',
      description:
        "The donate widget's DonationSettings (target, title, description, amount, beneficiaries). From a framework, bind an object to donation-settings or donationSettings: both are properties.",
    },
  ],
  events: [
    {
      name: 'pay-ready',
      detail:
        "{ checkoutSessionId: string, mode: string, livemode: boolean, status: 'open' | 'complete' | 'expired' | 'empty' }",
      description: 'The checkout loaded.',
    },
    {
      name: 'pay-change',
      detail: '{ checkoutSessionId: string, currencyId: string }',
      description: 'The payer chose another currency.',
    },
    {
      name: 'pay-complete',
      detail:
        '{ checkoutSessionId: string, invoiceId: string | null, subscriptionId: string | null, paymentLinkId: string | null, mode: string }',
      description:
        'The payment went through (also when an already complete session loads). Not canceled: goes to the success URL, if any.',
      cancelable: true,
    },
    {
      name: 'pay-error',
      detail: '{ message: string, code?: string }',
      description: 'Loading or paying failed (the element shows the error too).',
    },
    { name: 'pay-expired', detail: '{ checkoutSessionId: string }', description: 'The session has expired.' },
    {
      name: 'pay-cancel',
      detail: '{ checkoutSessionId: string }',
      description: 'The payer pressed Cancel on a donation checkout (the host closes or leaves it).',
    },
    {
      name: 'pay-login',
      detail: '{ redirect: string }',
      description:
        'A signed-out payer pressed the pay button or applied a promotion code. Not canceled: goes to the sign-in page.',
      cancelable: true,
    },
    {
      name: 'pay-navigate',
      detail: '{ path: string }',
      description: 'A link to an app page (invoice, subscription). Canceled: the host routes it itself.',
      cancelable: true,
    },
  ],
  parts: [
    ...PARTS,
    { name: 'checkout', description: 'The checkout root (every state).' },
    { name: 'summary', description: 'The order summary.' },
    { name: 'total', description: 'The total due today.' },
    { name: 'line-item', description: 'One line item.' },
    { name: 'form', description: 'The payment form.' },
    { name: 'currency-card', description: 'A currency / payment method card.' },
    { name: 'submit', description: 'The pay button.' },
    { name: 'test-mode', description: 'The test-mode banner.' },
    { name: 'completed', description: 'The completed screen.' },
    { name: 'state', description: 'The error, expired and empty screens.' },
    { name: 'donate', description: 'The donate widget while its donation settings are inactive (or fail to load).' },
    { name: 'donation', description: 'The donation picker.' },
    { name: 'donation-preset', description: 'A donation amount card (presets and Custom).' },
    { name: 'benefits', description: 'The list of who receives a donation.' },
    { name: 'cross-sell', description: 'The cross-sell suggestion.' },
    { name: 'upsell', description: 'The upsell switch.' },
    { name: 'quantity', description: 'The quantity selector.' },
    { name: 'promotion', description: 'The applied promotion code.' },
    { name: 'promotion-add', description: 'The Add promotion code button.' },
    { name: 'summary-toggle', description: 'On a phone: the folded order summary (its total) that opens the details.' },
    { name: 'product-image', description: "A product's picture (summary and completed screen)." },
    {
      name: 'product-image-fallback',
      description: "The tile with a product's initial when it has no picture or it does not load.",
    },
    { name: 'currency-logo', description: "A currency card's logo." },
    { name: 'paid', description: 'The completed screen: what was paid (amount and items).' },
    { name: 'paid-amount', description: 'The completed screen: the amount paid.' },
    { name: 'paid-item', description: 'The completed screen: one item paid for.' },
    { name: 'invoice-link', description: 'The completed screen: the View invoice button.' },
    {
      name: 'checkout-header',
      description:
        "Standalone mode: the header bar with the app's logo and name (a product's statement descriptor first).",
    },
    { name: 'checkout-logo', description: "Standalone mode: the app's logo in the header." },
    { name: 'checkout-brand', description: 'Standalone mode: the name in the header.' },
    {
      name: 'checkout-footer',
      description: 'Standalone mode: the footer ("Powered by ArcBlock", and the consent links when asked).',
    },
    { name: 'powered-by', description: 'Standalone mode: the "Powered by ArcBlock" text of the footer.' },
    {
      name: 'consent-link',
      description:
        "Standalone mode: a link to the app's terms (also `terms-link`) or privacy policy (also `privacy-link`), shown when the session asks consent to the terms.",
    },
    { name: 'terms-link', description: "Standalone mode: the link to the app's terms." },
    { name: 'privacy-link', description: "Standalone mode: the link to the app's privacy policy." },
    { name: 'trial', description: 'The summary: the free trial line (days free, then the price).' },
    { name: 'metered', description: 'The summary: the usage-based (metered) price note of a line item.' },
    { name: 'staking', description: 'The summary: the staking amount row of a subscription that requires a stake.' },
    {
      name: 'purpose',
      description: "The payment form: the merchant's note on what the payment is for (metadata.page_info).",
    },
    { name: 'donation-cancel', description: 'The donation picker: the Cancel button (emits pay-cancel).' },
    {
      name: 'stripe',
      description: 'The card payment panel (dialog) that holds the Stripe payment form (slot stripe-payment).',
    },
    { name: 'card-pay', description: 'The card payment panel: its Pay button.' },
    {
      name: 'pay-overdue',
      description: 'The past-due confirm: the button that opens the overdue dialog (CUSTOMER_LIMITED).',
    },
    ...OVERDUE_PARTS,
  ],
  cssProperties: TOKENS,
};
export default meta;
