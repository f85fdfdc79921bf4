import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { registerMigrations } from '../db.ts';
import { provideWallet } from '../platform.ts';
import { identify } from './auth.ts';
import { createCheckoutRoutes } from './checkout.ts';
import { createCheckoutAdjustRoutes } from './checkout-adjust.ts';
import { createStripeStandinRoutes } from './stripe-standin.ts';
import { createVendorRoutes } from './vendors.ts';
import { registerPaymentConnectActions } from './domain/connect-actions.ts';
import { createDemoCatalogRoutes } from './demo-catalog.ts';
import { createDonateSettingsRoutes } from './donate-settings.ts';
import { registerDonateSettings } from './domain/donate-settings.ts';
import { createCatalogRoutes } from './resources/catalog.ts';
import { createCouponRoutes } from './resources/coupons.ts';
import { createCreditRoutes } from './resources/credits.ts';
import { createCustomerRoutes } from './resources/customers.ts';
import { createInvoiceRoutes } from './resources/invoices.ts';
import { createMethodRoutes } from './resources/methods.ts';
import { createPaymentHistoryRoutes } from './resources/payment-history.ts';
import { refundsMigration } from './domain/refunds.ts';
import { createRefundRoutes } from './refunds.ts';
import { createSessionRoutes } from './resources/sessions.ts';
import { createPricingTableRoutes } from './resources/pricing-tables.ts';
import { pricingTableMigrations } from './domain/pricing-tables.ts';
import { objectGuard } from './resources/scope.ts';
import { schemaMigration } from './data/schema.ts';
import { checkoutDemoMigration, seedMigration } from './data/seed.ts';
import { registerRestakeConnectAction } from './domain/restake.ts';
import { registerAutoRechargeConnectAction } from './auto-recharge.ts';
import { createBillingRoutes, registerBillingConnectActions, registerCollectConnectAction } from './subscriptions.ts';
import { sandboxWallet } from './domain/wallet.ts';

/**
 * The payment API (the Payment Kit component), mounted at /payment/api and /api. Every request first goes
 * through `identify` (signature check for @blocklet/payment-js, session user otherwise), then `objectGuard` (a
 * customer may name only their own documents, in the path, query or body); merchant routes then require a signed
 * request or an owner/admin session. Checkout routes come first so `/customers/me` and
 * `/checkout-sessions/retrieve/:id` win over the merchant `/:id` routes.
 */
provideWallet(sandboxWallet);
registerMigrations('payment', [schemaMigration, seedMigration, checkoutDemoMigration, refundsMigration]);
// After the payment area's: the demo table uses its seeded currencies.
registerMigrations('pricing-tables', pricingTableMigrations);
registerPaymentConnectActions();
registerBillingConnectActions();
registerCollectConnectAction();
registerRestakeConnectAction();
registerAutoRechargeConnectAction();
registerDonateSettings();

export function createPaymentRoutes(ctx: SandboxContext): Router {
  const r = Router();
  r.use(identify(ctx));
  // Object-level authorization of every id a customer names, before any route (resources/scope.ts).
  r.use(objectGuard(ctx.db));
  r.use(createDemoCatalogRoutes(ctx));
  r.use(createCheckoutRoutes(ctx));
  r.use(createDonateSettingsRoutes(ctx));
  r.use(createCheckoutAdjustRoutes(ctx));
  r.use(createStripeStandinRoutes(ctx));
  r.use(createVendorRoutes(ctx));
  r.use(createCatalogRoutes(ctx));
  r.use(createSessionRoutes(ctx));
  r.use(createPricingTableRoutes(ctx));
  r.use(createCouponRoutes(ctx));
  r.use(createBillingRoutes(ctx));
  r.use(createCustomerRoutes(ctx));
  r.use(createInvoiceRoutes(ctx));
  r.use(createCreditRoutes(ctx));
  r.use(createMethodRoutes(ctx));
  r.use(createPaymentHistoryRoutes(ctx));
  r.use(createRefundRoutes(ctx));
  return r;
}
