/**
 * Defines every element at once: `import 'blocklet-pay-elements/define-all'` (also the package's main entry).
 * Each element is still its own entry (`blocklet-pay-elements/pay-checkout`, …) for pages that need only one.
 */
import './pay-provider.ts';
import './pay-checkout.ts';
import './pay-portal.ts';
import './site-header.ts';
import './blocklet-store.ts';
import './pay-pricing-table.ts';
