/**
 * The controller of an open checkout (zustand vanilla; no React), beside the payment flow (checkout.ts). It owns what
 * the screen used to do in its effects and handlers:
 *
 * - the currency the payer chose, and changes to the order (quantity, donation amount, upsell, cross-sell,
 *   promotion codes), each settled the one way: a session holding a promotion code has it recalculated, then is
 *   read again; otherwise the returned session is kept;
 * - the preferred quantity (spec §5): `qty_{priceId}` or `qty` in the page address, else the payer's saved one,
 *   applied once when the session is known and never over a choice the payer already made (Pay waits meanwhile);
 * - a promotion code asks a signed-out payer to sign in first (nothing is sent);
 * - a realtime checkout.session.completed for this session completes the flow;
 * - the flow's notices and failures go out once each (toast, pay-error), an empty cart reloads the checkout, and
 *   REQUIRE_CROSS_SELL shakes the cross-sell row for 1 s.
 *
 * What needs the page or the payer's language comes in through `env` (set again by the view on each commit).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { createCheckout } from '../api/resources/checkout.ts';
import type { CheckoutSession } from '../api/types.ts';
import { preferredQuantity, quantityBounds } from '../core/checkout.ts';
import { STORAGE_KEYS } from '../core/constants.ts';
import { isBusy, type CheckoutFlow, type FlowError } from './checkout.ts';

/** How long the cross-sell row shakes when the server asks for it (spec §8). */
export const CROSS_SELL_SHAKE_MS = 1000;

type CheckoutApi = ReturnType<typeof createCheckout>;
export type CheckoutCalls = Pick<
  CheckoutApi,
  | 'retrieve'
  | 'adjustQuantity'
  | 'amount'
  | 'recalculatePromotion'
  | 'applyPromotion'
  | 'removePromotion'
  | 'upsell'
  | 'downsell'
> & { crossSell: Pick<CheckoutApi['crossSell'], 'add' | 'remove'> };

/** The page and the payer, as the view knows them now. */
export type ControllerEnv = {
  user: { did?: string | undefined } | null | undefined;
  /** The session (signed in or not) is known. */
  initialized: boolean;
  /** A text in the payer's language. */
  t: (key: string) => string;
  /** An error's text in the payer's language. */
  describe: (err: unknown) => string;
  toastError: (message: string) => void;
  /** A passing flow notice (a warning toast). */
  notice: (notice: FlowError) => void;
  /** A flow failure (pay-error; the account-required toast). */
  failed: (error: FlowError) => void;
  /** The payer chose another currency (pay-change). */
  currencyChanged: (currencyId: string) => void;
  /** Sign in (a cancelable pay-login, then the sign-in page, which comes back here). */
  login: () => void;
};

export type ControllerDeps = {
  /** The session as loaded. */
  session: CheckoutSession;
  flow: CheckoutFlow;
  checkout: CheckoutCalls;
  /** The currency first chosen (core selectCurrency). */
  currencyId: string | undefined;
  /** Subscribes to checkout.session.completed; returns the unsubscribe. */
  onCompleted: (listener: (data: { id?: string } | undefined) => void) => () => void;
  /** Loads the checkout again (the platform emptied the cart: the empty page shows). */
  reload: () => void;
  storage: { read: (key: string) => string | null; write: (key: string, value: string) => void };
  env: ControllerEnv;
};

export type ControllerState = {
  currencyId: string | undefined;
  /** The cross-sell row shakes (REQUIRE_CROSS_SELL). */
  shake: boolean;
  /** The preferred quantity is on its way to the server: Pay waits for its total. */
  preferring: boolean;
};

export type CheckoutController = StoreApi<ControllerState> & {
  /** Subscribes to realtime and to the flow's notices and failures; the returned function stops it all. */
  start: () => () => void;
  setEnv: (env: ControllerEnv) => void;
  setCurrency: (currencyId: string) => void;
  /** Rejects with the error's text (the quantity field shows it). */
  setQuantity: (priceId: string, quantity: number) => Promise<void>;
  /** Rejects with the error's text (the amount field shows it). */
  setAmount: (priceId: string, amount: string) => Promise<void>;
  /** Failures toast. */
  upsell: (from: string, to: string | null) => Promise<void>;
  addCrossSell: (priceId: string) => Promise<void>;
  removeCrossSell: () => Promise<void>;
  /** Rejects (the promotion field shows it); a signed-out payer is sent to sign in first. */
  applyPromotion: (code: string) => Promise<void>;
  removePromotion: () => Promise<void>;
  /**
   * Once the session is known: the preferred quantity of each adjustable item, if any (page address, else saved);
   * `preferring` while it is on its way.
   */
  applyPreferredQuantity: (query: URLSearchParams) => void;
  login: () => void;
};

export function createCheckoutController(deps: ControllerDeps): CheckoutController {
  const { flow, checkout } = deps;
  const id = deps.session.id;
  let env = deps.env;
  const store = createStore<ControllerState>()(() => ({
    currencyId: deps.currencyId,
    shake: false,
    preferring: false,
  }));
  let preferredDone = false;
  let touched = false;
  /**
   * Quantity changes go to the server one after another, the preferred quantity's included: the last one sent is the
   * last one answered, so an earlier answer never lands over a later choice, on screen or on the server.
   */
  let quantityQueue: Promise<unknown> = Promise.resolve();
  const inOrder = (work: () => Promise<void>): Promise<void> => {
    const run = quantityQueue.then(work, work);
    quantityQueue = run.catch(() => {});
    return run;
  };

  const current = (): CheckoutSession => flow.getState().session ?? deps.session;
  const currency = () => store.getState().currencyId;
  const refresh = async () => flow.update((await checkout.retrieve(id)).checkoutSession);
  /** A change that returns the session: keep it, or, with a promotion code on it, recalculate and read it again. */
  const settle = async (next: CheckoutSession) => {
    const currencyId = currency();
    if (next.discounts?.length && currencyId) {
      await checkout.recalculatePromotion(id, currencyId);
      await refresh();
    } else flow.update(next);
  };
  /** Runs `work`; a failure rejects with its text in the payer's language. */
  const explained = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      throw new Error(env.describe(err));
    }
  };
  /** Runs `work`; a failure toasts. */
  const toasted = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      env.toastError(env.describe(err));
    }
  };
  const saveKey = (priceId: string) => (env.user?.did ? STORAGE_KEYS.quantityPreference(env.user.did, priceId) : null);

  return {
    ...store,
    start() {
      let lastNotice = flow.getState().notice?.id ?? 0;
      let shakeTimer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribeFlow = flow.subscribe((s, prev) => {
        if (s.notice && s.notice.id !== lastNotice) {
          lastNotice = s.notice.id;
          env.notice(s.notice);
        }
        if (!s.error || s.error === prev.error) return;
        env.failed(s.error);
        if (s.error.code === 'EMPTY_CHECKOUT') deps.reload();
        if (s.error.code === 'REQUIRE_CROSS_SELL') {
          clearTimeout(shakeTimer);
          store.setState({ shake: true });
          shakeTimer = setTimeout(() => store.setState({ shake: false }), CROSS_SELL_SHAKE_MS);
        }
      });
      const unsubscribeRealtime = deps.onCompleted((data) => {
        if (data?.id === id) void flow.completedElsewhere();
      });
      return () => {
        clearTimeout(shakeTimer);
        unsubscribeFlow();
        unsubscribeRealtime();
        flow.dispose();
      };
    },
    setEnv(next) {
      env = next;
    },
    setCurrency(currencyId) {
      if (isBusy(flow.getState().phase)) return;
      store.setState({ currencyId });
      env.currencyChanged(currencyId);
      // A promotion code is recalculated in the new currency (spec §2).
      if (current().discounts?.length) {
        void checkout
          .recalculatePromotion(id, currencyId)
          .then(refresh)
          .catch((err: unknown) => console.warn('[pay-checkout] recalculate promotion failed', err));
      }
    },
    setQuantity(priceId, quantity) {
      touched = true;
      return explained(() =>
        inOrder(async () => {
          const next = await checkout.adjustQuantity(id, { itemId: priceId, quantity });
          const key = saveKey(priceId);
          if (key) deps.storage.write(key, String(quantity));
          await settle(next);
        }),
      );
    },
    setAmount: (priceId, amount) => explained(async () => flow.update(await checkout.amount(id, { priceId, amount }))),
    upsell: (from, to) =>
      toasted(async () => settle(to ? await checkout.upsell(id, { from, to }) : await checkout.downsell(id, { from }))),
    addCrossSell: (priceId) => toasted(async () => settle(await checkout.crossSell.add(id, priceId))),
    removeCrossSell: () => toasted(async () => settle(await checkout.crossSell.remove(id))),
    async applyPromotion(code) {
      // Spec §5/§6: a promotion code needs a signed-in payer: sign in first (nothing is sent).
      if (!env.user && env.initialized) {
        env.login();
        throw new Error(env.t('checkout.promoLoginRequired'));
      }
      await checkout.applyPromotion(id, { promotion_code: code, currency_id: currency() ?? deps.session.currency_id });
      await refresh();
    },
    async removePromotion() {
      await checkout.removePromotion(id);
      await refresh();
    },
    applyPreferredQuantity(query) {
      const session = deps.session;
      if (preferredDone || !env.initialized || session.status !== 'open' || touched) return;
      preferredDone = true;
      const changes: Array<Promise<void>> = [];
      for (const item of session.line_items) {
        if (!item.adjustable_quantity?.enabled) continue;
        const key = saveKey(item.price_id);
        const wanted = preferredQuantity({
          priceId: item.price_id,
          query,
          saved: key ? deps.storage.read(key) : null,
          bounds: quantityBounds(item),
        });
        if (wanted !== null && wanted !== item.quantity) {
          changes.push(
            inOrder(async () =>
              settle(await checkout.adjustQuantity(id, { itemId: item.price_id, quantity: wanted })),
            ).catch((err: unknown) => console.warn('[pay-checkout] preferred quantity refused', err)),
          );
        }
      }
      // Until it is answered the total on screen is the old quantity's, and a press would pay the new one.
      if (!changes.length) return;
      store.setState({ preferring: true });
      void Promise.all(changes).then(() => store.setState({ preferring: false }));
    },
    login: () => env.login(),
  };
}
