import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { registerMigrations } from '../db.ts';
import { provideWallet } from '../platform.ts';
import { identify } from './routes/auth.ts';
import { createCheckoutRoutes } from './routes/checkout-routes.ts';
import { createCheckoutAdjustRoutes } from './routes/checkout-adjust-routes.ts';
import { createStripeStandinRoutes } from './routes/stripe-standin-routes.ts';
import { createVendorRoutes } from './routes/vendors-routes.ts';
import { registerPaymentConnectActions } from './domain/connect-actions.ts';
import { createDemoCatalogRoutes } from './routes/demo-catalog-routes.ts';
import { createDonateSettingsRoutes } from './routes/donate-settings-routes.ts';
import { registerDonateSettings } from './domain/donate-settings.ts';
import { createCatalogRoutes } from './routes/catalog-routes.ts';
import { createCouponRoutes } from './routes/coupons-routes.ts';
import { createCreditRoutes } from './routes/credits-routes.ts';
import { createCustomerRoutes } from './routes/customers-routes.ts';
import { createInvoiceRoutes } from './routes/invoices-routes.ts';
import { createMethodRoutes } from './routes/methods-routes.ts';
import { createPaymentHistoryRoutes } from './routes/payment-history-routes.ts';
import { refundsMigration } from './domain/refunds.ts';
import { createRefundRoutes } from './routes/refunds-routes.ts';
import { createSessionRoutes } from './routes/sessions-routes.ts';
import { createPricingTableRoutes } from './routes/pricing-tables-routes.ts';
import { pricingTableMigrations } from './domain/pricing-tables.ts';
import { objectGuard } from './routes/scope.ts';
import { schemaMigration } from './data/schema.ts';
import { checkoutDemoMigration, seedMigration } from './data/seed.ts';
import { registerRestakeConnectAction } from './domain/restake.ts';
import { registerAutoRechargeConnectAction } from './routes/auto-recharge-routes.ts';
import {
  createBillingRoutes,
  registerBillingConnectActions,
  registerCollectConnectAction,
} from './routes/subscriptions-routes.ts';
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
  // Object-level authorization of every id a customer names, before any route (routes/scope.ts).
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
