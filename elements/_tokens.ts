/** Theme tokens and ::part names every element shares (for the metadata / custom-elements.json). */
import { darkTokens, lightTokens, TOKEN_NAMES } from '../src/ui/tokens.ts';

const describe = (name: string): string => {
  const light = lightTokens[name as `--pay-${string}`];
  const dark = darkTokens[name as `--pay-${string}`];
  return light && dark ? `Theme token (light ${light}, dark ${dark}).` : 'Theme token.';
};

export const TOKENS = TOKEN_NAMES.map((name) => ({ name, description: describe(name) }));

export const PARTS = [
  { name: 'button', description: 'Every button (Button primitive), the Pay button included, beside its own name.' },
  { name: 'card', description: 'Cards.' },
  { name: 'dialog', description: 'Dialogs.' },
  { name: 'field', description: 'Form fields (label, control, hint, error).' },
  { name: 'input', description: 'Text inputs.' },
  { name: 'toast', description: 'A toast.' },
  { name: 'toasts', description: 'The toast region.' },
  { name: 'error', description: 'The generic error screen.' },
  { name: 'alert', description: 'An inline message (info, success, warning, error).' },
  { name: 'amount', description: 'A formatted amount with its currency.' },
  { name: 'chip', description: 'A status chip.' },
  { name: 'menu', description: 'The popup of a menu button.' },
  { name: 'open-wallet', description: 'The Open DID Wallet link of the wallet connect panel.' },
  {
    name: 'open-wallet-pending',
    description:
      'The busy placeholder that holds the Open DID Wallet place (and the focus) until the wallet link exists.',
  },
  { name: 'select', description: 'A select control.' },
  { name: 'skeleton', description: 'A loading placeholder.' },
  { name: 'spinner', description: 'A loading spinner.' },
  { name: 'vendors', description: 'The vendor delivery progress.' },
  { name: 'vendor', description: 'One vendor of the delivery progress (data-status: processing, delivered, failed).' },
  {
    name: 'connect',
    description: 'The wallet connect panel (QR code, Open DID Wallet, status) of a wallet payment or sign-in.',
  },
];

/** Parts of the past-due payment (src/overdue): the portal's past-due page and the checkout's overdue dialog. */
export const OVERDUE_PARTS = [
  {
    name: 'overdue-dialog',
    description: 'The overdue dialog: pay what is past due before a new purchase or a subscription change.',
  },
  { name: 'overdue-cancel', description: 'The Cancel button of the overdue dialog.' },
  {
    name: 'overdue-not-supported',
    description: 'The note that a currency cannot be paid here (a Stripe balance), with its link to pay it elsewhere.',
  },
  { name: 'past-due-list', description: 'The amounts due per currency.' },
  { name: 'past-due-currency', description: 'One currency due (data-currency, data-state idle/paying/success/error).' },
  { name: 'past-due-amount', description: 'The amount due in a currency.' },
  { name: 'pay-currency', description: 'The Pay button of a currency (wallet connect, collect-batch).' },
  { name: 'past-due-paid', description: 'The paid mark of a currency paid here.' },
];
