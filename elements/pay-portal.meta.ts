import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { OVERDUE_PARTS, PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'pay-portal',
  className: 'PayPortalElement',
  summary:
    "The customer portal: subscriptions (list, detail, cancel with feedback, resume), invoice history and detail, past-due invoices paid per currency through the wallet, credit grants and credit transactions (date range filter), for the signed-in customer only ('Login to access this page' otherwise).",
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'view',
      type: 'string',
      description:
        'The screen: invoices (overview on its invoice tab), payments (overview on its payment history tab), subscriptions (overview on its subscriptions tab), credits (overview on its credits tab), invoice, past-due, subscription, credit-grant (the spec customer links /customer/invoice/{id}, /customer/invoice/past-due, /customer/subscription/{id}, /customer/credit-grant/{id} map to these).',
      default: 'invoices',
      values: [
        'invoices',
        'payments',
        'subscriptions',
        'credits',
        'invoice',
        'past-due',
        'subscription',
        'credit-grant',
      ],
    },
    {
      name: 'resource-id',
      type: 'string',
      description: 'The invoice (in_…), subscription (sub_…) or credit grant id of the view.',
    },
    {
      name: 'customer-id',
      type: 'string',
      description: "Narrow lists to one customer (the server still returns only the signed-in customer's own data).",
    },
    {
      name: 'referer',
      type: 'string',
      description:
        "The page to come back to after paying: the pay action links to /customer/invoice/past-due?referer={referer} (URL-encoded); on the past-due view, a link back to it after paying (http(s) only; without the attribute the page's ?referer= is used).",
    },
    {
      name: 'dashboard',
      type: 'boolean',
      description:
        'Dashboard mode: also shows the admin links: /admin/billing/{id} and /admin/customers/{id} on invoice, subscription and credit grant pages, and a link to /admin/customers/{id} for each customer in the lists.',
    },
  ],
  events: [
    {
      name: 'pay-navigate',
      detail: '{ path: string }',
      description:
        'A link to another portal page (invoice, list, past-due). Canceled: the host routes it itself; else the link loads.',
      cancelable: true,
    },
    {
      name: 'pay-error',
      detail: '{ message: string, code?: string, status?: number }',
      description:
        'Loading a view or paying a past-due currency failed (the element shows the error too; 403 is shown as a refusal).',
    },
  ],
  parts: [
    ...PARTS,
    { name: 'portal', description: 'The page of a view.' },
    { name: 'invoice-table', description: 'The invoice table.' },
    { name: 'invoice-row', description: 'A row of the invoice table.' },
    { name: 'pagination', description: 'Rows per page and page buttons.' },
    { name: 'invoice', description: 'The invoice detail.' },
    { name: 'invoice-total', description: 'The invoice total.' },
    { name: 'transaction', description: 'The transaction details of an invoice.' },
    { name: 'pay', description: 'The pay action of an open or uncollectible invoice.' },
    {
      name: 'print-invoice',
      description:
        'Print / Save as PDF: prints the invoice alone (seller and buyer, number, dates, lines, discounts, tax, totals, payment, refunds, status), from a frame of its own inside the element.',
    },
    {
      name: 'print-receipt',
      description: 'Print receipt (paid invoices): the receipt of the payment, printed the same way.',
    },
    { name: 'back', description: 'The link back to the invoice list.' },
    { name: 'chip', description: 'A status chip.' },
    { name: 'tabs', description: 'The overview tabs (subscriptions, invoices, payment history, credits).' },
    { name: 'tab', description: 'One overview tab.' },
    {
      name: 'past-due-link',
      description:
        'The pay action of the overview when something is past due (to /customer/invoice/past-due with the referer).',
    },
    {
      name: 'overview-summary',
      description: 'The head of the overview: past due, plans, next charge, payment method, credits.',
    },
    {
      name: 'overview-past-due',
      description: 'What is past due, per currency, with its pay action (only when something is).',
    },
    { name: 'overview-plans', description: 'The current (live) plans.' },
    { name: 'overview-next-charge', description: 'The next charge and its date.' },
    { name: 'overview-payment-method', description: 'The payment method of the next charge.' },
    { name: 'overview-credits', description: 'The credit balance (only with credit grants).' },
    {
      name: 'subscription-actions',
      description:
        'The actions of a live subscription, weighted (pay when past due, change plan, payment method, cancel).',
    },
    { name: 'pay-subscription', description: 'The pay action of a past-due subscription.' },
    { name: 'admin-customer', description: "A list's link to the customer's admin page (dashboard mode)." },
    { name: 'browse', description: 'What an empty list suggests doing next (the app home).' },
    { name: 'subscription-list', description: 'The list of subscriptions.' },
    { name: 'subscription-row', description: 'A subscription of the list.' },
    {
      name: 'subscription-facts',
      description: 'Status, period, renewal amount, trial and payment method of a subscription.',
    },
    {
      name: 'subscription-next',
      description: 'What happens next to a subscription (renews, trial ends, cancels, ended).',
    },
    { name: 'renewal-amount', description: 'The next renewal amount (metered items excluded).' },
    { name: 'subscription-items', description: 'The items of a subscription.' },
    { name: 'subscription-item', description: 'One item of a subscription.' },
    { name: 'cancel-subscription', description: 'The cancel action of a live subscription.' },
    { name: 'resume-subscription', description: 'The resume action of a subscription scheduled to cancel.' },
    { name: 'cancel-feedback', description: 'The reasons and comment of the cancel dialog.' },
    { name: 'confirm-cancel', description: 'The confirm button of the cancel dialog.' },
    { name: 'nothing-to-pay', description: "The 'Nothing to pay' notice." },
    { name: 'referer', description: 'The link back to the referer after paying.' },
    { name: 'connect', description: 'The wallet connect dialog body.' },
    { name: 'open-wallet', description: "The 'Open DID Wallet' link of the connect dialog." },
    { name: 'credit-grant-table', description: 'The credit grant table.' },
    { name: 'credit-grant-row', description: 'A row of the credit grant table (data-id).' },
    { name: 'credit-transaction-table', description: 'The credit transaction table.' },
    { name: 'credit-transaction-row', description: 'A credit transaction (data-id, data-type grant/usage).' },
    { name: 'credit-date-filter', description: 'The date range filter of the credit transactions.' },
    { name: 'meter-event-cell', description: 'The meter event of a credit transaction (owners and admins only).' },
    { name: 'credit-grant', description: 'The facts of a credit grant.' },
    {
      name: 'credit-grant-remaining',
      description: "A credit grant's usable remaining amount (0 once voided or expired).",
    },
    { name: 'no-invoices', description: 'The empty invoice list, with what to do next.' },
    {
      name: 'past-due-hint',
      description: 'The line under the past-due title: what is waiting, or that everything is paid.',
    },
    {
      name: 'admin-links',
      description:
        'Admin links (invoice and subscription in dashboard mode; credit grant in dashboard mode and for owners and admins).',
    },
    { name: 'login-required', description: "The 'Login to access this page' notice." },
    { name: 'forbidden', description: 'The refusal shown for another account’s data.' },
    ...OVERDUE_PARTS,
    { name: 'not-found', description: 'The notice for an invoice, subscription or credit grant that does not exist.' },
    {
      name: 'no-subscriptions',
      description: 'The notice when the customer has no subscriptions (with a link to browse).',
    },
    { name: 'no-payments', description: 'The notice when the customer has no payments yet.' },
    { name: 'no-credit-grants', description: 'The notice when the customer has no credit grants.' },
    {
      name: 'no-credit-transactions',
      description: 'The notice when there are no credit transactions (in the chosen range).',
    },
    { name: 'invoice-layout', description: 'The invoice history layout switch (table or list grouped by month).' },
    { name: 'invoice-list', description: 'The invoice history as a list grouped by month.' },
    { name: 'invoice-group', description: 'One month of the invoice list (data-period).' },
    { name: 'invoice-list-item', description: 'One invoice of the invoice list.' },
    { name: 'invoice-discounts', description: 'The invoice detail: the discounts applied.' },
    { name: 'invoice-discount', description: 'The invoice detail: one discount (promotion code and amount).' },
    { name: 'invoice-vendors', description: 'The invoice detail: the vendor delivery progress of the order.' },
    { name: 'refunds', description: 'The invoice detail: its refunds.' },
    { name: 'refund', description: 'One refund (data-type).' },
    { name: 'refund-type', description: 'The kind of a refund.' },
    { name: 'refund-amount', description: 'The amount of a refund.' },
    { name: 'refund-status', description: 'The status of a refund.' },
    { name: 'refund-reason', description: 'The reason of a refund.' },
    { name: 'refund-tx', description: 'The transaction of a refund.' },
    { name: 'payment-history', description: 'The payments view: the payment history (search and table).' },
    { name: 'payment-table', description: 'The payment history table.' },
    { name: 'payment-row', description: 'One payment (data-id).' },
    { name: 'payment-tx', description: "A payment's transaction link (opens the explorer in a new tab)." },
    { name: 'stake', description: 'The subscription detail: its stake.' },
    { name: 'stake-amount', description: 'The staked amount.' },
    { name: 'stake-state', description: 'The state of the stake (staked, returned, slashed).' },
    { name: 'stake-tx', description: 'The staking transaction.' },
    { name: 'stake-settlement', description: 'How the stake was settled (returned or slashed), when it was.' },
    { name: 'stake-previous', description: 'The stake this one replaced (after a re-stake).' },
    { name: 'change-plan', description: 'The change plan dialog of a subscription.' },
    { name: 'confirm-change-plan', description: 'The confirm button of the change plan dialog.' },
    { name: 'change-payment', description: 'The change payment method dialog of a subscription.' },
    { name: 'confirm-change-payment', description: 'The confirm button of the change payment method dialog.' },
    { name: 'choices', description: 'The options of a change dialog (plans or payment methods).' },
    { name: 'choice', description: 'One option of a change dialog.' },
    { name: 'change-summary', description: 'What a change will cost or credit (announced as it changes).' },
    { name: 'auto-top-up', description: 'The credit auto top-up settings form.' },
    { name: 'auto-top-up-enabled', description: 'The auto top-up on/off switch.' },
    {
      name: 'auto-top-up-summary',
      description: 'The sentence that sums up the auto top-up settings (announced as they change).',
    },
    { name: 'save-auto-top-up', description: 'The Save button of the auto top-up settings.' },
    {
      name: 'authorize-auto-top-up',
      description:
        'Authorize in DID Wallet: an auto top-up paid from DID Wallet that its wallet has not authorized yet.',
    },
    {
      name: 'credit-not-enough',
      description: 'The note that the credit balance is not enough, with its top-up action.',
    },
  ],
  cssProperties: TOKENS,
};
export default meta;
