import { expect } from 'vitest';
import type { Sandbox } from '../server/harness.ts';
import { asUser, signed } from '../server/payment-helpers.ts';

/**
 * A checkout of the one-time payment link (10 TBA), submitted by the signed-in user `session` (a session token) to
 * be paid from their sandbox wallet, funded first: what a DID Connect `payment` request is opened for. Returns the
 * checkout session's id.
 */
export async function submittedCheckout(sb: Sandbox, session: string, did: string): Promise<string> {
  const fund = await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
    body: { did, currency_id: 'pc_sandbox_tba', amount: '1000' },
  });
  expect(fund.status).toBe(200);
  const started = await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime');
  expect(started.status).toBe(200);
  const id = started.body.checkoutSession.id as string;
  const form = {
    customer_name: 'Casey',
    customer_email: 'casey@example.com',
    payment_method: 'pm_sandbox_arcblock',
    payment_currency: 'pc_sandbox_tba',
    billing_address: { country: 'us', line1: '1 Main St', city: 'Springfield', state: 'CA', postal_code: '94105' },
  };
  const submitted = await asUser(sb, session, 'PUT', `/api/checkout-sessions/${id}/submit`, form);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return id;
}

/** A checkout session's status and payment status, read through the merchant API. */
export async function sessionState(sb: Sandbox, id: string): Promise<{ status: string; payment_status: string }> {
  const r = await signed(sb, 'GET', `/api/checkout-sessions/${id}`);
  expect(r.status).toBe(200);
  return { status: r.body.status, payment_status: r.body.payment_status };
}
