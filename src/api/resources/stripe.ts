/**
 * Stripe for card payments. The real platform: @stripe/stripe-js (Stripe.js from js.stripe.com), loaded only when
 * a card payment starts. The sandbox (no network): a payment method marked `settings.stripe.sandbox` loads the
 * sandbox's stand-in module from the payment API instead — same calls, a clearly labelled test card form.
 */
import { provideResource } from '../lazy.ts';
import type { Transport } from '../http.ts';
import type { PaymentMethod } from '../types.ts';

/** The part of Stripe.js the checkout uses. */
export type StripeElement = { mount: (container: HTMLElement) => void; destroy: () => void };
export type StripeLike = {
  elements: (opts: { clientSecret: string }) => { create: (type: 'payment') => StripeElement };
  confirmPayment: (opts: {
    elements: unknown;
    redirect: 'if_required';
    confirmParams?: { return_url?: string };
  }) => Promise<{ error?: { message?: string }; paymentIntent?: { status?: string } }>;
};

export function createStripe(t: Transport) {
  return {
    /** Loads Stripe (or the sandbox stand-in) for a card payment method and publishable key. */
    async load(method: PaymentMethod, publishableKey: string): Promise<StripeLike> {
      const settings = method.settings?.stripe as { sandbox?: boolean } | undefined;
      if (settings?.sandbox) {
        const { payment } = await t.resolve();
        const url = new URL('api/sandbox/stripe.js', new URL(payment, window.location.href)).href;
        const mod = (await import(/* @vite-ignore */ url)) as { createStripe: (pk: string) => StripeLike };
        return mod.createStripe(publishableKey);
      }
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js could not be loaded');
      return stripe as unknown as StripeLike;
    },
  };
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('stripe', { createStripe });
