// Plain TypeScript: the DOM lookups, properties and events of the elements are typed.
import PayCheckout, { type PayCheckoutElement } from '../../types/pay-checkout.js';
import '../../types/define-all.js';
import type { PayEventDetail } from '../../types/elements.js';

const checkout = document.querySelector('pay-checkout');
if (checkout) {
  const typed: PayCheckoutElement = checkout;
  typed.theme = 'dark';
  typed.mode = 'minimal';
  typed.extraParams = { qty: 2, ref: 'spring' };
  typed.donationSettings = { title: 'Support us', amount: { presets: ['1', '5'], custom: true } };
  typed.livemode = false;
  // @ts-expect-error -- not a theme
  typed.theme = 'purple';
  // @ts-expect-error -- not a checkout mode
  typed.mode = 'compact';
  // @ts-expect-error -- extraParams is an object, not JSON text
  typed.extraParams = '{"qty":2}';

  checkout.addEventListener('pay-complete', (e) => {
    const invoice: string | null = e.detail.invoiceId;
    const session: string = e.detail.checkoutSessionId;
    // @ts-expect-error -- pay-complete has no amount
    void e.detail.amount;
    void invoice;
    void session;
    e.preventDefault();
  });
  checkout.addEventListener('pay-error', (e) => {
    const message: string = e.detail.message;
    // @ts-expect-error -- the code is optional
    const code: string = e.detail.code;
    void message;
    void code;
  });
  // Standard events keep their own types.
  checkout.addEventListener('click', (e) => void e.clientX);
  // Unknown event names still work (as plain events).
  checkout.addEventListener('something-else', (e) => void e.type);
}

const portal = document.querySelector('pay-portal');
if (portal) {
  portal.view = 'invoice';
  portal.resourceId = 'in_1';
  portal.dashboard = true;
  // @ts-expect-error -- not a portal view
  portal.view = 'invoices-table';
  portal.addEventListener('pay-navigate', (e) => void e.detail.path.startsWith('/'));
}

const header = document.querySelector('site-header');
if (header) {
  header.meta = { appName: 'Demo', iconHosts: ['https://icons.example'] };
  header.addEventListener('header-locale-change', (e) => void e.detail.locale);
  header.addEventListener('header-theme-change', (e) => {
    const theme: 'light' | 'dark' = e.detail.theme;
    void theme;
    // @ts-expect-error -- the detail is { theme }, not { mode }
    void e.detail.mode;
  });
  // @ts-expect-error -- meta is an object
  header.meta = 'Demo';
}

const store = document.querySelector('blocklet-store');
if (store) store.basePath = '/store/';

const provider = document.querySelector('pay-provider');
if (provider) provider.locale = 'zh';

// The default export is the class (undefined where there is no DOM).
if (PayCheckout) {
  const made = new PayCheckout();
  made.checkoutId = 'plink_1';
}

const detail: PayEventDetail<'pay-checkout', 'pay-complete'> = {
  checkoutSessionId: 'cs_1',
  invoiceId: null,
  subscriptionId: null,
  paymentLinkId: 'plink_1',
  mode: 'payment',
};
void detail;
