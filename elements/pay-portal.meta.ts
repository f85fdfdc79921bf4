import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'pay-portal',
  className: 'PayPortalElement',
  summary:
    "The customer portal: subscriptions (list, detail, cancel with feedback, resume), invoice history and detail, past-due invoices and a credit grant, for the signed-in customer only ('Login to access this page' otherwise).",
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'view',
      type: 'string',
      description:
        'The screen: invoices (overview on its invoice tab), subscriptions (overview on its subscriptions tab), invoice, past-due, subscription, credit-grant (the spec customer links /customer/invoice/{id}, /customer/invoice/past-due, /customer/subscription/{id}, /customer/credit-grant/{id} map to these).',
      default: 'invoices',
      values: ['invoices', 'subscriptions', 'invoice', 'past-due', 'subscription', 'credit-grant'],
    },
    { name: 'resource-id', type: 'string', description: 'The invoice (in_…), subscription (sub_…) or credit grant id of the view.' },
    { name: 'customer-id', type: 'string', description: "Narrow lists to one customer (the server still returns only the signed-in customer's own data)." },
    {
      name: 'referer',
      type: 'string',
      description: 'The page to come back to after paying: the pay action links to /customer/invoice/past-due?referer={referer} (URL-encoded).',
    },
    { name: 'dashboard', type: 'boolean', description: 'Dashboard mode: also shows the admin links (/admin/billing/{id}, /admin/customers/{id}).' },
  ],
  events: [
    {
      name: 'pay-navigate',
      detail: '{ path: string }',
      description: 'A link to another portal page (invoice, list, past-due). Canceled: the host routes it itself; else the link loads.',
      cancelable: true,
    },
    { name: 'pay-error', detail: '{ message: string, code?: string, status?: number }', description: 'Loading a view failed (the element shows the error too; 403 is shown as a refusal).' },
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
    { name: 'back', description: 'The link back to the invoice list.' },
    { name: 'chip', description: 'A status chip.' },
    { name: 'tabs', description: 'The overview tabs (subscriptions, invoices).' },
    { name: 'tab', description: 'One overview tab.' },
    { name: 'past-due-link', description: 'The link to the past-due invoices on the overview.' },
    { name: 'subscription-list', description: 'The list of subscriptions.' },
    { name: 'subscription-row', description: 'A subscription of the list.' },
    { name: 'subscription-facts', description: 'Status, period, renewal amount, trial and payment method of a subscription.' },
    { name: 'subscription-next', description: 'What happens next to a subscription (renews, trial ends, cancels, ended).' },
    { name: 'renewal-amount', description: 'The next renewal amount (metered items excluded).' },
    { name: 'subscription-items', description: 'The items of a subscription.' },
    { name: 'subscription-item', description: 'One item of a subscription.' },
    { name: 'cancel-subscription', description: 'The cancel action of a live subscription.' },
    { name: 'resume-subscription', description: 'The resume action of a subscription scheduled to cancel.' },
    { name: 'cancel-feedback', description: 'The reasons and comment of the cancel dialog.' },
    { name: 'confirm-cancel', description: 'The confirm button of the cancel dialog.' },
    { name: 'login-required', description: "The 'Login to access this page' notice." },
    { name: 'forbidden', description: 'The refusal shown for another account’s data.' },
  ],
  cssProperties: TOKENS,
};
export default meta;
