/**
 * Vendor orders (spec §3 Vendor status, §4 vendor progress): a product with `vendor_config` is delivered by a vendor
 * (a DID name registrar, an app launcher) after payment. The sandbox has no vendors to call, so each one progresses
 * with the time since payment: 25 % every 2 s until delivered; a vendor configured with `sandbox_fail: true` fails
 * after 3 s with an error message, and the sandbox then refunds that purchase's payment at once (refunds.ts, type
 * refund, reason 'vendor_failed', once per payment), as the failure text promises.
 */
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import type { EventBus } from '../../platform.ts';
import { find, mustFind, type Doc } from '../data/repo.ts';
import { refundFailedVendorOrder } from './refunds.ts';

const STEP_SECONDS = 2;

export type VendorView = Record<string, unknown> & { status: string; progress: number };

export function vendorProgress(config: Doc, paidAt: number, now: number): VendorView {
  const elapsed = Math.max(0, now - paidAt);
  const base = {
    name: config.name ?? config.vendor_id,
    title: config.title ?? config.name,
    vendorType: config.vendor_type ?? config.vendorType ?? 'launcher',
  };
  if (config.sandbox_fail && elapsed >= 3) {
    return {
      ...base,
      status: 'failed',
      progress: 0,
      error: { code: 'VENDOR_FAILED' },
      error_message: 'The vendor could not finish the installation (sandbox).',
    };
  }
  const progress = Math.min(100, Math.floor(elapsed / STEP_SECONDS) * 25);
  return { ...base, status: progress >= 100 ? 'delivered' : 'processing', progress };
}

/** The vendors of a completed checkout with their progress now; a failed one refunds the purchase (once). */
export async function orderVendors(
  { db, clock, events }: { db: Db; clock: Clock; events: EventBus },
  sessionId: string,
): Promise<VendorView[]> {
  const session = await mustFind(db, 'checkout_sessions', sessionId);
  const vendors: VendorView[] = [];
  if (session.status !== 'complete') return vendors;
  const invoice = session.invoice_id ? await find(db, 'invoices', session.invoice_id) : null;
  const paidAt = Number(invoice?.status_transitions?.paid_at ?? clock.nowSeconds());
  for (const item of session.line_items) {
    const price = await find(db, 'prices', item.upsell_price_id ?? item.price_id);
    const product = price ? await find(db, 'products', price.product_id) : null;
    for (const config of (product?.vendor_config as Doc[] | undefined) ?? [])
      vendors.push(vendorProgress(config, paidAt, clock.nowSeconds()));
  }
  if (session.payment_intent_id && vendors.some((v) => v.status === 'failed'))
    await refundFailedVendorOrder(db, events, session.payment_intent_id);
  return vendors;
}
