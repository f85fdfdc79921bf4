/**
 * The checkout payment flow of one <pay-checkout> (zustand vanilla; no React). Spec §4 "Checkout flow states":
 *
 *   idle ──submit──▶ submitting ──▶ fastPay (balance/credit sufficient, not a donation) ──confirm──▶ fastPaying ──▶ paying
 *                               ├─▶ connecting (wallet connect: open the request, wait for the wallet) ──▶ paying
 *                               ├─▶ creditInsufficient (credit currency, not enough credit)
 *                               └─▶ idle + error (validation / server refusal / unsupported method)
 *   paying: poll the session every 2 s (3 min timeout) until complete and paid; a realtime
 *   checkout.session.completed for this session completes it too ──▶ paid.
 *
 * One payment per session: every action is refused unless the flow is in the phase it starts from, so a double
 * click, a second Enter or a re-render cannot submit or pay twice (and the server is idempotent on top of that).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CheckoutContext,
  CheckoutFormData,
  CheckoutSession,
  ConnectSession,
  ConnectStatus,
  SubmitResponse,
} from '../api/types.ts';
import { connectFailure, type ConnectFailure } from '../core/connect-errors.ts';
import { errorKey, formatError } from '../core/errors.ts';
import { isPaymentDone, paymentIntentFailure } from '../core/checkout.ts';
import { PAYMENT_POLL_MS, PAYMENT_POLL_TIMEOUT_MS, STRIPE_PANEL_DELAY_MS } from '../core/constants.ts';

export type FlowPhase =
  | 'idle'
  | 'submitting'
  | 'fastPay'
  | 'fastPaying'
  | 'connecting'
  | 'paying'
  | 'paid'
  | 'creditInsufficient'
  /** Card payment: the Stripe payment element is shown (200 ms after submit). */
  | 'stripePaying'
  /** The payer has past-due invoices (CUSTOMER_LIMITED): the past-due dialog is open. */
  | 'customerLimited';

/**
 * What the screen shows for a flow notice or failure: the i18n `key` when there is one (checkout.*, or error.* for a
 * network or unknown error, `message` then being the English fallback), else `message`, the server's text as is.
 */
export type FlowError = { key?: string; message?: string; code?: string };

export type FlowState = {
  phase: FlowPhase;
  /**
   * The wallet request while connecting; `failure` once the wallet refused it (declined, forbidden, busy, expired,
   * failed: the dialog says which, with "Start again"), `message` the server's text.
   */
  connect:
    | (ConnectSession & {
        action: string;
        status?: ConnectStatus['status'];
        failure?: ConnectFailure;
        message?: string;
      })
    | null;
  /** What fast pay would take (submit response). */
  fastPay: SubmitResponse['fastPayInfo'] | null;
  /** The last failure (cleared by the next action). */
  error: FlowError | null;
  /** A passing notice for a toast (e.g. 'fast pay failed' before falling back to the wallet); `id` changes per notice. */
  notice: (FlowError & { id: number }) | null;
  /** The session as last seen from the server. */
  session: CheckoutSession | null;
  /** The card payment to confirm with Stripe while stripePaying. */
  stripe: { clientSecret: string; publishableKey?: string | undefined } | null;
};

export type FlowDeps = {
  sessionId: string;
  submit: (form: CheckoutFormData) => Promise<SubmitResponse>;
  fastConfirm: () => Promise<{ fastPaid?: boolean | null }>;
  openConnect: (action: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<ConnectSession>;
  waitConnect: (
    action: string,
    token: string,
    opts: { signal: AbortSignal; onStatus: (s: ConnectStatus) => void },
  ) => Promise<ConnectStatus>;
  retrieve: (opts: { signal?: AbortSignal }) => Promise<CheckoutContext>;
  /** A wallet payment was submitted: what its dialog will need may start loading (optional). */
  preloadConnect?: () => void;
  /** POST …/abort-stripe (optional: without it, aborting only closes the panel). */
  abortStripe?: () => Promise<unknown>;
  /** A payment intent reported a failure (requires_action with a last payment error): spec §8 payFailed event. */
  onPayFailed?: (message: string) => void;
  /** Timers (tests pass fakes). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  pollMs?: number;
  timeoutMs?: number;
};

export type SubmitContext = {
  /** The chosen currency's method type ('arcblock', 'ethereum', 'base', 'bitcoin', 'stripe') and currency type. */
  methodType: string;
  currencyType?: string | undefined;
  donation?: boolean;
  userDid?: string | undefined;
};

export type CheckoutFlow = StoreApi<FlowState> & {
  submit: (form: CheckoutFormData, ctx: SubmitContext) => Promise<void>;
  confirmFastPay: (ctx: SubmitContext) => Promise<void>;
  /** From the fast-pay or credit dialog: pay through the wallet instead. */
  useWallet: (ctx: SubmitContext) => Promise<void>;
  /** Close a dialog / stop waiting for the wallet (nothing is paid; the wallet request is given up). */
  cancel: () => void;
  /** "Start again" after the wallet refused the request: a new request (only from that refusal). */
  retryConnect: () => Promise<void>;
  /** Stripe confirmed the card payment: wait for the session to complete. */
  stripeConfirmed: () => Promise<void>;
  /** The payer gave up on the card payment: tell the server, back to the form. */
  abortStripe: () => Promise<void>;
  /** A realtime checkout.session.completed for this session: confirm with the server, then paid. */
  completedElsewhere: () => Promise<void>;
  /** The server changed the open session (quantity, promotion code, currency): keep its latest state. */
  update: (session: CheckoutSession) => void;
  /** Stop timers and requests (element removed). */
  dispose: () => void;
};

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });

const WALLET_TYPES = new Set(['arcblock', 'ethereum', 'base', 'bitcoin']);

function errorOf(err: unknown): FlowError {
  const code = (err as { code?: unknown })?.code;
  const key = errorKey(err);
  return { message: formatError(err), ...(key ? { key } : {}), ...(typeof code === 'string' ? { code } : {}) };
}

const isAbort = (err: unknown) =>
  (err instanceof DOMException && err.name === 'AbortError') || (err as { code?: unknown })?.code === 'CANCELED';

export function createCheckoutFlow(deps: FlowDeps, initial: CheckoutSession | null = null): CheckoutFlow {
  const store = createStore<FlowState>()(() => ({
    phase: 'idle',
    connect: null,
    fastPay: null,
    error: null,
    notice: null,
    session: initial,
    stripe: null,
  }));
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => Date.now());
  let work: AbortController | null = null;
  /** The context of the last wallet request ("Start again" opens the next one with it). */
  let lastConnect: SubmitContext | null = null;
  /** The checkout left the page: nothing more is sent (an answer still on its way starts no next step). */
  let disposed = false;

  const phase = () => store.getState().phase;
  const set = (patch: Partial<FlowState>) => store.setState(patch);
  const fresh = () => {
    work?.abort();
    work = new AbortController();
    if (disposed) work.abort();
    return work.signal;
  };
  const fail = (err: unknown) => {
    if (isAbort(err)) return;
    const error = errorOf(err);
    set({
      phase: error.code === 'CUSTOMER_LIMITED' ? 'customerLimited' : 'idle',
      connect: null,
      fastPay: null,
      stripe: null,
      error,
    });
  };
  const paid = (session: CheckoutSession) => {
    work?.abort();
    set({ phase: 'paid', session, connect: null, fastPay: null, stripe: null, error: null });
  };

  /** paying: poll until complete and paid (or the payment intent reports a failure, or 3 min pass). */
  async function poll(): Promise<void> {
    const signal = fresh();
    set({ phase: 'paying', error: null });
    const deadline = now() + (deps.timeoutMs ?? PAYMENT_POLL_TIMEOUT_MS);
    try {
      for (;;) {
        let ctx: CheckoutContext | null = null;
        try {
          ctx = await deps.retrieve({ signal });
        } catch (err) {
          if (isAbort(err)) return;
          // a failed poll is retried until the deadline
        }
        if (signal.aborted) return;
        if (ctx) {
          set({ session: ctx.checkoutSession });
          if (isPaymentDone(ctx.checkoutSession)) return paid(ctx.checkoutSession);
          const failure = paymentIntentFailure(ctx.paymentIntent ?? null);
          if (failure) {
            deps.onPayFailed?.(failure);
            return fail(new Error(failure));
          }
        }
        if (now() >= deadline)
          return set({ phase: 'idle', connect: null, stripe: null, error: { key: 'checkout.paymentTimeout' } });
        await sleep(deps.pollMs ?? PAYMENT_POLL_MS, signal);
      }
    } catch (err) {
      fail(err);
    }
  }

  async function connect(ctx: SubmitContext): Promise<void> {
    const signal = fresh();
    lastConnect = ctx;
    const session = store.getState().session;
    const action = session?.mode ?? 'payment';
    set({ phase: 'connecting', fastPay: null, connect: null, error: null });
    try {
      const c = await deps.openConnect(
        action,
        { checkoutSessionId: deps.sessionId, ...(ctx.userDid ? { sessionUserDid: ctx.userDid } : {}) },
        signal,
      );
      if (signal.aborted) return;
      set({ connect: { ...c, action, status: 'created' } });
      try {
        await deps.waitConnect(action, c.token, {
          signal,
          onStatus: (s) => {
            const cur = store.getState().connect;
            if (cur && cur.token === c.token && cur.status !== s.status) set({ connect: { ...cur, status: s.status } });
          },
        });
      } catch (err) {
        // The wallet refused: the dialog stays, says why and offers "Start again"; nothing was paid.
        const failure = connectFailure(err);
        const cur = store.getState().connect;
        if (!failure || signal.aborted || !cur || cur.token !== c.token) throw err;
        const message = err instanceof Error ? err.message : undefined;
        return set({ connect: { ...cur, failure, ...(message ? { message } : {}) } });
      }
      if (signal.aborted) return;
      await poll();
    } catch (err) {
      fail(err);
    }
  }

  const flow: CheckoutFlow = Object.assign(store, {
    async submit(form: CheckoutFormData, ctx: SubmitContext): Promise<void> {
      if (phase() !== 'idle') return;
      set({ phase: 'submitting', error: null });
      // The wallet's dialog (QR encoder, strings) loads while the submit and the token request are on their way.
      if (WALLET_TYPES.has(ctx.methodType) && ctx.currencyType !== 'credit') deps.preloadConnect?.();
      let res: SubmitResponse;
      try {
        res = await deps.submit(form);
      } catch (err) {
        return fail(err);
      }
      if (disposed) return;
      if (res.checkoutSession) set({ session: res.checkoutSession });
      if (res.checkoutSession && isPaymentDone(res.checkoutSession)) return paid(res.checkoutSession);
      if (ctx.currencyType === 'credit') {
        if (res.creditSufficient) return set({ phase: 'fastPay', fastPay: res.fastPayInfo ?? null });
        return set({ phase: 'creditInsufficient' });
      }
      if (ctx.methodType === 'stripe') {
        const sc = res.stripeContext;
        if (sc?.status === 'succeeded') return poll();
        if (!sc?.client_secret) return set({ phase: 'idle', error: { key: 'checkout.unsupportedMethod' } });
        // Spec §4/§9: the Stripe panel appears after 200 ms.
        const signal = fresh();
        try {
          await sleep(STRIPE_PANEL_DELAY_MS, signal);
        } catch {
          return;
        }
        return set({
          phase: 'stripePaying',
          stripe: {
            clientSecret: sc.client_secret,
            publishableKey: (sc as { publishable_key?: string }).publishable_key,
          },
        });
      }
      if (!WALLET_TYPES.has(ctx.methodType)) {
        return set({ phase: 'idle', error: { key: 'checkout.unsupportedMethod' } });
      }
      if (!ctx.donation && (res.balance?.sufficient || res.delegation?.sufficient)) {
        return set({ phase: 'fastPay', fastPay: res.fastPayInfo ?? null });
      }
      return connect(ctx);
    },

    async confirmFastPay(ctx: SubmitContext): Promise<void> {
      if (phase() !== 'fastPay') return;
      set({ phase: 'fastPaying', error: null });
      try {
        const r = await deps.fastConfirm();
        if (r.fastPaid) return poll();
      } catch (err) {
        if (isAbort(err)) return;
      }
      // Not confirmed: say so, then go through the wallet (spec §8 'fast pay failed').
      set({ notice: { key: 'checkout.fastPayFailed', id: (store.getState().notice?.id ?? 0) + 1 } });
      await connect(ctx);
    },

    async useWallet(ctx: SubmitContext): Promise<void> {
      const p = phase();
      if (p !== 'fastPay' && p !== 'creditInsufficient') return;
      await connect(ctx);
    },

    async retryConnect(): Promise<void> {
      if (phase() !== 'connecting' || !store.getState().connect?.failure || !lastConnect) return;
      await connect(lastConnect);
    },

    cancel(): void {
      const p = phase();
      if (p === 'paying' || p === 'paid' || p === 'submitting' || p === 'fastPaying') return;
      work?.abort();
      set({ phase: 'idle', connect: null, fastPay: null });
    },

    async completedElsewhere(): Promise<void> {
      if (phase() === 'paid') return;
      try {
        const ctx = await deps.retrieve({});
        if (isPaymentDone(ctx.checkoutSession)) paid(ctx.checkoutSession);
      } catch {
        /* the poll (if any) keeps going */
      }
    },

    async stripeConfirmed(): Promise<void> {
      if (phase() !== 'stripePaying') return;
      await poll();
    },

    async abortStripe(): Promise<void> {
      if (phase() !== 'stripePaying') return;
      set({ phase: 'idle', stripe: null });
      try {
        await deps.abortStripe?.();
      } catch {
        /* the next submit starts over anyway */
      }
    },

    update(session: CheckoutSession): void {
      if (phase() === 'paid') return;
      set({ session });
    },

    dispose(): void {
      disposed = true;
      work?.abort();
    },
  });
  return flow;
}

export const isBusy = (phase: FlowPhase): boolean =>
  phase === 'submitting' ||
  phase === 'fastPaying' ||
  phase === 'connecting' ||
  phase === 'paying' ||
  phase === 'stripePaying';
