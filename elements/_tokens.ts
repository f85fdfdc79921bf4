/** Theme tokens and ::part names every element shares (for the metadata / custom-elements.json). */
import { darkTokens, lightTokens, sharedTokens } from '../src/ui/tokens.ts';

/** What each theme-independent token changes (the colour tokens are named for their role and list both values). */
export const SHARED_TOKEN_DESCRIPTIONS: Record<string, string> = {
  '--pay-radius': 'Corner radius of buttons, text fields, selects, alerts, menus and skeletons.',
  '--pay-radius-sm':
    'Corner radius of small controls and images: menu items, close buttons, quantity steppers, logos and avatars.',
  '--pay-radius-lg': 'Corner radius of cards, dialogs, tables and panels.',
  '--pay-font-family':
    'Font of every text in the element (the host resets inherited text properties, so this is the way to change the font).',
  '--pay-font-family-mono': 'Font of ids, addresses, keys and transaction hashes.',
  '--pay-font-size':
    'Base text size of the element (text without a size of its own; buttons and headings keep theirs).',
  '--pay-line-height': 'Base line height of the element text.',
  '--pay-control-height': 'Height of the text fields and selects (the control box; its label and hint are outside it).',
  '--pay-header-height': 'Height of the <site-header> bar; its mobile menu and organization panel open below it.',
  '--pay-transition': 'Duration and easing of hover, focus and open/close transitions.',
};

const describe = (name: `--pay-${string}`): string => {
  const light = lightTokens[name];
  const dark = darkTokens[name];
  const shared = sharedTokens[name];
  if (shared !== undefined) return `${SHARED_TOKEN_DESCRIPTIONS[name] ?? ''} Default ${shared}.`.trim();
  return `Theme token (light ${light}, dark ${dark}).`;
};

/** Every token name, for documentation and tests. */
export const TOKEN_NAMES = [...Object.keys(sharedTokens), ...Object.keys(lightTokens)] as Array<`--pay-${string}`>;

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
  {
    name: 'connect-qr',
    description: 'The QR code of the DID Wallet request (an SVG image with a text alternative; dark on white).',
  },
  { name: 'connect-status', description: 'The live status line of the wallet request (waiting, scanned, confirmed).' },
  {
    name: 'connect-failure',
    description: 'Why the wallet request ended (declined, forbidden, busy, expired, failed), with Start again.',
  },
  { name: 'connect-retry', description: 'The Start again button after the wallet refused a request.' },
  { name: 'connect-cancel', description: 'The Cancel button of the wallet connect dialog (gives the request up).' },
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
