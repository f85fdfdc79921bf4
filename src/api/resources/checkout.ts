/** Checkout session calls (spec §7). Screens call these; they never build URLs. */
import { provideResource } from '../lazy.ts';
import { ApiError } from '../errors.ts';
import { resumesLinkSession } from '../../core/link-session.ts';
import { readStorage, removeStorage, writeStorage } from '../../core/storage.ts';
import type { Transport } from '../http.ts';
import { AnyObject } from '../schemas.ts';
import {
  CheckoutContextStruct,
  CheckoutSessionStruct,
  FastCheckoutConfirmStruct,
  SubmitResponseStruct,
  VendorStatusStruct,
} from '../schemas-checkout.ts';
import type {
  Beneficiary,
  CheckoutContext,
  CheckoutFormData,
  CheckoutSession,
  Discount,
  LineItem,
  SubmitResponse,
  VendorStatus,
} from '../types.ts';

const cs = (id: string, action: string) => `api/checkout-sessions/${encodeURIComponent(id)}/${action}`;

export type CrossSellItem = (LineItem | Record<string, unknown>) & { id?: string };
export type PromotionResult = { discounts?: Discount[]; [k: string]: unknown };

/** sessionStorage key of the session started from a payment link in this tab (reload resumes it). */
export const plinkSessionKey = (plinkId: string) => `pay-checkout:plink:${plinkId}`;
/** sessionStorage key of the payer (DID) that session was opened for; absent when nobody was signed in. */
export const plinkPayerKey = (plinkId: string) => `pay-checkout:plink:${plinkId}:payer`;

type OpenOptions = {
  /**
   * The DID of the payer signed in now (null: nobody; undefined: not known), asked only for a payment link: the
   * tab's stored session of another payer is replaced by a fresh one.
   */
  payer?: () => Promise<string | null | undefined>;
};

export function createCheckout(t: Transport) {
  const api = {
    /**
     * The checkout for an id: `cs_…` → retrieve; `plink_…` → the session this tab started from that link if it is
     * still open or already complete (so a reload neither starts a second purchase nor forgets a finished one) and
     * not another payer's (core/link-session.ts), else a new session (start) remembered for this tab and payer.
     */
    async open(
      id: string,
      query?: Record<string, string | number | boolean | undefined>,
      opts: OpenOptions = {},
    ): Promise<CheckoutContext> {
      if (!id.startsWith('plink_')) return api.retrieve(id);
      const key = plinkSessionKey(id);
      const saved = readStorage(key, 'session');
      // The checkout's own request leaves first; the payer's session is read beside it.
      const resumed = saved ? api.retrieve(saved) : null;
      const payer = (opts.payer?.() ?? Promise.resolve(undefined)).catch(() => undefined);
      if (resumed) {
        try {
          const [ctx, who] = await Promise.all([resumed, payer]);
          const openedFor = readStorage(plinkPayerKey(id), 'session');
          if (resumesLinkSession(ctx.checkoutSession, openedFor, who, Math.floor(Date.now() / 1000))) {
            const owner = openedFor ?? who;
            if (owner) writeStorage(plinkPayerKey(id), owner, 'session');
            return ctx;
          }
        } catch (err) {
          if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
        }
      }
      const [ctx, who] = await Promise.all([api.start(id, query), payer]);
      writeStorage(key, ctx.checkoutSession.id, 'session');
      if (who) writeStorage(plinkPayerKey(id), who, 'session');
      else removeStorage(plinkPayerKey(id), 'session');
      return ctx;
    },
    /** Forget the tab's session for a payment link (the payer wants to buy again). */
    forgetLinkSession(plinkId: string): void {
      removeStorage(plinkSessionKey(plinkId), 'session');
      removeStorage(plinkPayerKey(plinkId), 'session');
    },
    /** GET /api/checkout-sessions/retrieve/:id → CheckoutContext. */
    retrieve(id: string, opts: { signal?: AbortSignal } = {}): Promise<CheckoutContext> {
      return t.request({
        path: `api/checkout-sessions/retrieve/${encodeURIComponent(id)}`,
        schema: CheckoutContextStruct,
        signal: opts.signal,
      });
    },
    /**
     * POST /api/checkout-sessions/start/:plinkId → CheckoutContext (a new session from a payment link).
     * `query` is sent as query parameters (pass the page's search params, e.g. currencyId, qty_*).
     */
    start(plinkId: string, query?: Record<string, string | number | boolean | undefined>): Promise<CheckoutContext> {
      return t.request({
        method: 'POST',
        path: `api/checkout-sessions/start/${encodeURIComponent(plinkId)}`,
        params: query,
        schema: CheckoutContextStruct,
      });
    },
    /** PUT /:id/submit with the form values. */
    submit(id: string, form: CheckoutFormData): Promise<SubmitResponse> {
      return t.request({ method: 'PUT', path: cs(id, 'submit'), data: form, schema: SubmitResponseStruct });
    },
    /** PUT /:id/donate-submit with the form values. */
    donateSubmit(id: string, form: Partial<CheckoutFormData>): Promise<SubmitResponse> {
      return t.request({ method: 'PUT', path: cs(id, 'donate-submit'), data: form, schema: SubmitResponseStruct });
    },
    /** POST /:id/fast-checkout-confirm → {fastPaid}. */
    fastCheckoutConfirm(id: string): Promise<{ fastPaid?: boolean | null; [k: string]: unknown }> {
      return t.request({ method: 'POST', path: cs(id, 'fast-checkout-confirm'), schema: FastCheckoutConfirmStruct });
    },
    /** POST /:id/abort-stripe. */
    abortStripe(id: string): Promise<unknown> {
      return t.request({ method: 'POST', path: cs(id, 'abort-stripe') });
    },
    /** POST /:id/apply-promotion {promotion_code (trimmed), currency_id} → {discounts}. */
    applyPromotion(id: string, body: { promotion_code: string; currency_id: string }): Promise<PromotionResult> {
      return t.request({
        method: 'POST',
        path: cs(id, 'apply-promotion'),
        data: { ...body, promotion_code: body.promotion_code.trim() },
        schema: AnyObject,
      });
    },
    /** DELETE /:id/remove-promotion. */
    removePromotion(id: string): Promise<unknown> {
      return t.request({ method: 'DELETE', path: cs(id, 'remove-promotion') });
    },
    /** POST /:id/recalculate-promotion {currency_id}. */
    recalculatePromotion(id: string, currencyId: string): Promise<unknown> {
      return t.request({ method: 'POST', path: cs(id, 'recalculate-promotion'), data: { currency_id: currencyId } });
    },
    /** PUT /:id/upsell {from, to} → the session. */
    upsell(id: string, body: { from: string; to: string }): Promise<CheckoutSession> {
      return t.request({ method: 'PUT', path: cs(id, 'upsell'), data: body, schema: CheckoutSessionStruct });
    },
    /** PUT /:id/downsell {from} → the session. */
    downsell(id: string, body: { from: string }): Promise<CheckoutSession> {
      return t.request({ method: 'PUT', path: cs(id, 'downsell'), data: body, schema: CheckoutSessionStruct });
    },
    crossSell: {
      /** GET /:id/cross-sell?skipError= → the cross-sell item, or null (a response with `error` counts as none). */
      async get(id: string, opts: { skipError?: boolean } = { skipError: true }): Promise<CrossSellItem | null> {
        let data: unknown;
        try {
          data = await t.request<unknown>({
            path: cs(id, 'cross-sell'),
            params: { skipError: opts.skipError ?? true },
          });
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        }
        if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
        if ('error' in data && (data as { error?: unknown }).error) return null;
        return Object.keys(data).length ? (data as CrossSellItem) : null;
      },
      /** PUT /:id/cross-sell {to} → the session. */
      add(id: string, to: string): Promise<CheckoutSession> {
        return t.request({ method: 'PUT', path: cs(id, 'cross-sell'), data: { to }, schema: CheckoutSessionStruct });
      },
      /** DELETE /:id/cross-sell → the session. */
      remove(id: string): Promise<CheckoutSession> {
        return t.request({ method: 'DELETE', path: cs(id, 'cross-sell'), schema: CheckoutSessionStruct });
      },
    },
    /** PUT /:id/adjust-quantity {itemId, quantity} → the session. */
    adjustQuantity(id: string, body: { itemId: string; quantity: number }): Promise<CheckoutSession> {
      return t.request({ method: 'PUT', path: cs(id, 'adjust-quantity'), data: body, schema: CheckoutSessionStruct });
    },
    /** PUT /:id/amount {priceId, amount (smallest unit string)} → the session. */
    amount(id: string, body: { priceId: string; amount: string }): Promise<CheckoutSession> {
      return t.request({ method: 'PUT', path: cs(id, 'amount'), data: body, schema: CheckoutSessionStruct });
    },
    /** GET /api/vendors/order/:sessionId/status → vendors. */
    async vendorStatus(sessionId: string): Promise<{ vendors: VendorStatus[] }> {
      return t.request({
        path: `api/vendors/order/${encodeURIComponent(sessionId)}/status`,
        schema: VendorStatusStruct,
      });
    },
    /** GET /api/payment-links/:id/benefits. */
    async benefits(paymentLinkId: string, url?: string): Promise<Beneficiary[]> {
      const data = await t.request<unknown>({
        path: `api/payment-links/${encodeURIComponent(paymentLinkId)}/benefits`,
        params: { url },
      });
      return Array.isArray(data) ? (data as Beneficiary[]) : [];
    },
  };
  return api;
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('checkout', { createCheckout });
