/**
 * <pay-checkout>: loads the checkout (a session `cs_…` or a payment link `plink_…`), then shows one of the spec's
 * states (§2, §4): loading skeleton (after 0.5 s), 'Oops' error, expired, empty items, the open checkout (summary
 * and payment form in two columns, stacked below md) and the completed screen. The payment itself runs in the
 * flow store (src/state/checkout.ts); this file renders it and talks to the host through events.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import type { CheckoutContext, CheckoutSession, PaymentCurrency, PaymentMethod, Price } from '../api/types.ts';
import { acceptedMethods, checkoutView, initialQuantity, methodOfCurrency, quantityBounds, validateCustomAmountItems, selectCurrency } from '../core/checkout.ts';
import { STORAGE_KEYS } from '../core/constants.ts';
import { readStorage, writeStorage } from '../core/storage.ts';
import { formatError } from '../core/errors.ts';
import { customerLinks } from '../core/links.ts';
import { pickLocaleText } from '../core/locale.ts';
import { formatAmount } from '../core/money.ts';
import { safeUrl } from '../core/url.ts';
import { createCheckoutFlow, isBusy, type CheckoutFlow, type FlowState, type SubmitContext } from '../state/checkout.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi, type Api } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useSettings, useToast } from '../ui/context.tsx';
import { ConnectDialog } from '../ui/ConnectDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery, useQueryClient } from '../ui/query.ts';
import { prefetchSession, useSession } from '../ui/session.tsx';
import { Skeleton, useDelay } from '../ui/Skeleton.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
// Screens only some checkouts need load on demand (kept out of the first paint).
const Donation = lazy(() => import('./Donation.tsx').then((m) => ({ default: m.Donation })));
const StripePanel = lazy(() => import('./StripePanel.tsx').then((m) => ({ default: m.StripePanel })));
const VendorProgress = lazy(() => import('../ui/VendorProgress.tsx').then((m) => ({ default: m.VendorProgress })));
const DonateWidget = lazy(() => import('./DonateWidget.tsx').then((m) => ({ default: m.DonateWidget })));
const OverdueDialog = lazy(() => import('../overdue/OverdueDialog.tsx').then((m) => ({ default: m.OverdueDialog })));
import { PaymentForm, type FormValues } from './PaymentForm.tsx';
import { Summary, useMoney } from './Summary.tsx';

export type CheckoutMode = 'standard' | 'minimal' | 'standalone';

export type CheckoutProps = {
  checkoutId?: string;
  /** standard (summary + form), minimal (form only), standalone (with header and footer). */
  mode?: string;
  /** Preferred currency id (else ?currencyId= in the page URL, then the spec's currency rule). */
  currency?: string;
  /** Where to go after paying (checked; overrides the session's success_url). */
  successUrl?: string;
  /** Extra query parameters when starting a session from a payment link. */
  extraParams?: Record<string, unknown>;
  /** Without checkoutId: the donate widget of this mount location (its donate settings, then its donation checkout). */
  donationMountLocation?: string;
  /** The donate widget's DonationSettings (target, title, description, amount in token units, beneficiaries…). */
  donationSettings?: Record<string, unknown>;
};

/** After paying, the redirect to a success URL waits this long so the payer sees the confirmation. */
export const SUCCESS_REDIRECT_DELAY_MS = 1500;

const appPrefix = (): string => {
  const b = (globalThis as { blocklet?: { prefix?: unknown } }).blocklet;
  return typeof b?.prefix === 'string' && b.prefix ? b.prefix : '/';
};

export function Checkout(props: CheckoutProps) {
  const t = useT();
  if (!props.checkoutId && props.donationMountLocation) {
    return (
      <Suspense fallback={<div aria-busy="true" part="checkout" />}>
        <DonateWidget
          mountLocation={props.donationMountLocation}
          settings={props.donationSettings}
          renderCheckout={(id) => <CheckoutLoader key={id} {...props} checkoutId={id} />}
        />
      </Suspense>
    );
  }
  if (!props.checkoutId) return <StatePage tone="error" title={t('checkout.oops')} text={t('checkout.missingId')} />;
  return <CheckoutLoader key={props.checkoutId} {...props} checkoutId={props.checkoutId} />;
}

function pageQuery(extra: Record<string, unknown> | undefined, currency: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(window.location.search)) if (k === 'currencyId' || k === 'qty' || k.startsWith('qty_')) out[k] = v;
  for (const [k, v] of Object.entries(extra ?? {})) if (v !== undefined && v !== null && typeof v !== 'object') out[k] = String(v);
  if (currency) out.currencyId = currency;
  return out;
}

/** The checkout's first request (opening the session or payment link), shared by the screen and the prefetch. */
function openQuery(api: Api, props: Pick<CheckoutProps, 'extraParams' | 'currency'> & { checkoutId: string }) {
  return {
    queryKey: ['checkout', 'open', props.checkoutId] as const,
    queryFn: () => api.checkout.open(props.checkoutId, pageQuery(props.extraParams, props.currency)),
    staleTime: Infinity,
  };
}

/** At connect (before the first render): the session and the checkout start loading. */
export function prefetchCheckout(api: Api, props: Record<string, unknown>): void {
  prefetchSession(api);
  const checkoutId = props.checkoutId;
  if (typeof checkoutId !== 'string' || !checkoutId) return;
  const p = props as CheckoutProps & { checkoutId: string };
  void api.queryClient.prefetchQuery(openQuery(api, { checkoutId, extraParams: p.extraParams, currency: p.currency }));
}

function CheckoutLoader(props: CheckoutProps & { checkoutId: string }) {
  const { checkoutId } = props;
  const api = useApi();
  const t = useT();
  const emit = useEmit();
  const open = openQuery(api, props);
  const query = useQuery(open.queryKey, open.queryFn, { staleTime: open.staleTime });
  const showSkeleton = useDelay(500);

  const errorText = query.isError && !query.data ? formatError(query.error) : '';
  useEffect(() => {
    if (errorText) emit('error', { message: errorText, code: (query.error as { code?: string } | null)?.code });
  }, [errorText]); // eslint-disable-line react-hooks/exhaustive-deps

  if (query.data) return <CheckoutScreen ctx={query.data} {...props} />;
  if (errorText) {
    return (
      <StatePage
        tone="error"
        title={t('checkout.oops')}
        text={errorText}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return showSkeleton ? <CheckoutSkeleton /> : <div aria-busy="true" part="checkout" />;
}

function CheckoutScreen({ ctx, ...props }: CheckoutProps & { ctx: CheckoutContext }) {
  const session = ctx.checkoutSession;
  const emit = useEmit();
  const view = checkoutView(session);
  useEffect(() => {
    emit('ready', { checkoutSessionId: session.id, mode: session.mode, livemode: session.livemode, status: view });
    if (view === 'expired') emit('expired', { checkoutSessionId: session.id });
  }, [session.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const t = useT();
  if (view === 'expired') return <StatePage tone="warning" title={t('checkout.expiredTitle')} text={t('checkout.expired')} />;
  if (view === 'empty') return <StatePage tone="info" title={t('checkout.emptyTitle')} text={t('checkout.emptyItems')} />;
  if (view === 'complete') return <Completed session={session} ctx={ctx} successUrl={props.successUrl} />;
  return <OpenCheckout ctx={ctx} {...props} />;
}

function useFlowState(flow: CheckoutFlow): FlowState {
  return useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
}

function OpenCheckout({ ctx, mode: modeProp, currency: currencyProp, successUrl }: CheckoutProps & { ctx: CheckoutContext }) {
  const api = useApi();
  const t = useT();
  const emit = useEmit();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { css } = useCss();
  const { user, initialized, loginUrl } = useSession();
  const session = ctx.checkoutSession;
  const mode: CheckoutMode = modeProp === 'minimal' || modeProp === 'standalone' ? modeProp : 'standard';

  const methods = useMemo(() => acceptedMethods(ctx.paymentMethods, session.line_items) as PaymentMethod[], [ctx.paymentMethods, session.line_items]);
  const [currencyId, setCurrencyId] = useState<string | undefined>(() =>
    selectCurrency({
      methods,
      urlCurrencyId: currencyProp ?? new URLSearchParams(window.location.search).get('currencyId'),
      sessionCurrencyId: session.currency_id,
      // Payers here sign in with a DID wallet (the platform's session), so the Stripe-first rule does not apply.
      isWalletUser: true,
    }),
  );
  const method = methodOfCurrency(methods, currencyId);
  const currency = method?.payment_currencies.find((c) => c.id === currencyId);

  const [flow] = useState(() =>
    createCheckoutFlow(
      {
        sessionId: session.id,
        submit: (form) => (session.submit_type === 'donate' ? api.checkout.donateSubmit(session.id, form) : api.checkout.submit(session.id, form)),
        fastConfirm: () => api.checkout.fastCheckoutConfirm(session.id),
        openConnect: (action, params) => api.connect.open(action, params),
        waitConnect: (action, token, opts) => api.connect.waitFor(action, token, opts),
        retrieve: (opts) => api.checkout.retrieve(session.id, opts),
        abortStripe: () => api.checkout.abortStripe(session.id),
        // Spec §8: a failed card payment is also an analytics event (loaded on demand).
        onPayFailed: () => void import('../api/resources/analytics.ts').then((m) => m.createAnalytics({ origin: window.location.origin }).event('payFailed')),
      },
      session,
    ),
  );
  useEffect(() => () => flow.dispose(), [flow]);
  const state = useFlowState(flow);

  // Realtime: a checkout.session.completed for this session completes the checkout (e.g. paid on the phone).
  useEffect(
    () =>
      api.realtime.subscribe<{ id?: string }>('checkout.session.completed', (data) => {
        if (data?.id === session.id) void flow.completedElsewhere();
      }),
    [api, flow, session.id],
  );

  // Toasts for notices and for errors raised while a dialog was open.
  const lastNotice = useRef(0);
  useEffect(() => {
    if (state.notice && state.notice.id !== lastNotice.current) {
      lastNotice.current = state.notice.id;
      toast.show({ tone: 'warning', message: state.notice.key ? t(state.notice.key) : (state.notice.message ?? '') });
    }
  }, [state.notice]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!state.error) return;
    emit('error', { message: state.error.key ? t(state.error.key) : state.error.message, code: state.error.code });
    // Spec §8: UNIFIED_APP_REQUIRED toasts 'account required'.
    if (state.error.code === 'UNIFIED_APP_REQUIRED') toast.show({ tone: 'error', message: t('checkout.accountRequired') });
    // The merchant archived what was in the cart meanwhile (the platform answers EMPTY_CHECKOUT): load the session
    // again, which shows the empty page.
    if (state.error.code === 'EMPTY_CHECKOUT') void queryClient.invalidateQueries({ queryKey: ['checkout', 'open'] });
  }, [state.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const profile = useQuery(['customers', 'me', user?.did ?? ''], () => api.customers.me(), { enabled: !!user, staleTime: 60_000 });
  const [quantityOk, setQuantityOk] = useState(true);
  const [amountOk, setAmountOk] = useState(session.submit_type !== 'donate');
  const crossSellQuery = useQuery(['checkout', 'cross-sell', session.id], () => api.checkout.crossSell.get(session.id), { staleTime: Infinity, retry: false });
  // The preferred quantity (spec §5): qty_{priceId} or qty in the page URL, else the payer's saved one; applied once.
  const appliedQuantity = useRef(false);
  const touchedQuantity = useRef(false);
  useEffect(() => {
    // Not over a choice the payer already made while the session was loading.
    if (appliedQuantity.current || !initialized || session.status !== 'open' || touchedQuantity.current) return;
    appliedQuantity.current = true;
    const query = new URLSearchParams(window.location.search);
    for (const item of session.line_items) {
      if (!item.adjustable_quantity?.enabled) continue;
      const wanted = initialQuantity({
        priceId: item.price_id,
        query,
        saved: user?.did ? readStorage(STORAGE_KEYS.quantityPreference(user.did, item.price_id)) : null,
        bounds: quantityBounds(item),
      });
      if (wanted !== item.quantity) {
        void api.checkout
          .adjustQuantity(session.id, { itemId: item.price_id, quantity: wanted })
          .then((next) => flow.update(next))
          .catch((err: unknown) => console.warn('[pay-checkout] preferred quantity refused', err));
      }
    }
  }, [initialized]); // eslint-disable-line react-hooks/exhaustive-deps
  // REQUIRE_CROSS_SELL: the cross-sell row shakes for 1 s (spec §8).
  const [shake, setShake] = useState(false);
  useEffect(() => {
    if (state.error?.code !== 'REQUIRE_CROSS_SELL') return;
    setShake(true);
    const id = setTimeout(() => setShake(false), 1000);
    return () => clearTimeout(id);
  }, [state.error]);

  if (state.phase === 'paid' && state.session) return <Completed session={state.session} ctx={ctx} successUrl={successUrl} announce />;

  const busy = isBusy(state.phase);
  const donation = session.submit_type === 'donate';
  const current = state.session ?? session;

  /** After a change on the server: the session as it is now (the platform's own UI retrieves it too). */
  const refreshSession = async () => flow.update((await api.checkout.retrieve(session.id)).checkoutSession);
  const setQuantity = async (priceId: string, quantity: number) => {
    touchedQuantity.current = true;
    try {
      const next = await api.checkout.adjustQuantity(session.id, { itemId: priceId, quantity });
      if (user?.did) writeStorage(STORAGE_KEYS.quantityPreference(user.did, priceId), String(quantity));
      if (next.discounts?.length && currencyId) {
        await api.checkout.recalculatePromotion(session.id, currencyId);
        await refreshSession();
      } else flow.update(next);
    } catch (err) {
      throw new Error(formatError(err));
    }
  };
  /** A change that returns the session: keep it, recalculating a promotion code first if there is one. */
  const settle = async (next: CheckoutSession) => {
    if (next.discounts?.length && currencyId) {
      await api.checkout.recalculatePromotion(session.id, currencyId);
      await refreshSession();
    } else flow.update(next);
  };
  const guarded = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      toast.show({ tone: 'error', message: formatError(err) });
    }
  };
  const upsell = (from: string, to: string | null) =>
    guarded(async () => settle(to ? await api.checkout.upsell(session.id, { from, to }) : await api.checkout.downsell(session.id, { from })));
  const crossSellPrice = crossSellQuery.data && typeof crossSellQuery.data.id === 'string' ? (crossSellQuery.data as unknown as Price) : null;
  const crossSell = crossSellPrice
    ? {
        price: crossSellPrice,
        required: current.cross_sell_behavior === 'required',
        shake,
        add: () => guarded(async () => settle(await api.checkout.crossSell.add(session.id, crossSellPrice.id))),
        remove: () => guarded(async () => settle(await api.checkout.crossSell.remove(session.id))),
      }
    : undefined;
  const applyPromotion = async (code: string) => {
    // Spec §5/§6: a promotion code needs a signed-in payer: sign in first (nothing is sent).
    if (!user && initialized) {
      requestLogin();
      throw new Error(t('checkout.promoLoginRequired'));
    }
    await api.checkout.applyPromotion(session.id, { promotion_code: code, currency_id: currencyId ?? session.currency_id });
    await refreshSession();
  };
  const removePromotion = async () => {
    await api.checkout.removePromotion(session.id);
    await refreshSession();
  };
  // Sign in first (the sign-in page comes back here, and the form is then filled from the profile).
  const requestLogin = () => {
    if (emit('login', { redirect: window.location.href }, { cancelable: true })) window.location.assign(loginUrl());
  };
  const blocked = validateCustomAmountItems(session.line_items);
  const submitCtx: SubmitContext = { methodType: method?.type ?? '', currencyType: currency?.type, donation, userDid: user?.did };
  // Until the session is known the button keeps its plain label (no 'connect' flash for signed-in payers).
  const signedIn = !!user || donation || !initialized;
  const submitLabel = !signedIn
    ? t(session.mode === 'payment' ? 'checkout.connectAndPay' : 'checkout.connectAndSubscribe')
    : donation
      ? t('checkout.submitDonate')
      : session.mode === 'subscription'
        ? t('checkout.submitSubscribe')
        : session.mode === 'setup'
          ? t('checkout.submitSetup')
          : t('checkout.submitPay');

  const onSubmit = (values: FormValues) => {
    if (!signedIn) return requestLogin();
    if (!method || !currency) return;
    const form = {
      customer_name: values.customer_name.trim(),
      customer_email: values.customer_email.trim(),
      ...(session.phone_number_collection?.enabled ? { customer_phone: values.customer_phone.trim() } : {}),
      payment_method: method.id,
      payment_currency: currency.id,
      ...(session.billing_address_collection === 'required' ? { billing_address: values.billing_address } : {}),
    };
    void flow.submit(form, submitCtx);
  };

  const errorText = state.error ? (state.error.key ? t(state.error.key) : (state.error.message ?? '')) : '';
  const merchant = appName();
  const panel = usePanelClass();
  const livemode = session.livemode !== false;

  return (
    <div part="checkout" data-mode={mode} className={`${panel} ${css`max-width: ${mode === 'minimal' ? '560px' : '1040px'}; padding: 0; overflow: hidden;`}`}>
      {mode === 'standalone' ? (
        <header part="checkout-header" className={css`display: flex; align-items: center; gap: 10px; padding: 16px 24px; border-bottom: 1px solid var(--pay-color-border); font-weight: 700;`}>
          {merchant || t('checkout.title')}
        </header>
      ) : null}
      {!livemode ? (
        <div part="test-mode" role="note" className={css`display: flex; justify-content: center; gap: 8px; align-items: center; padding: 6px 12px; background: var(--pay-color-warning-bg); color: var(--pay-color-warning); font-size: 13px; font-weight: 600; border-bottom: 1px solid var(--pay-color-warning);`}>
          <span>{t('checkout.testMode')}</span>
          <span className={css`font-weight: 400;`}>· {t('checkout.testModeHint')}</span>
        </div>
      ) : null}
      <div
        className={css`
          display: grid; gap: 40px; padding: 36px 40px 40px;
          grid-template-columns: ${mode === 'minimal' ? '1fr' : 'minmax(0, 1fr) minmax(0, 1fr)'};
          @media (max-width: 899px) { grid-template-columns: 1fr; gap: 28px; padding: 20px 16px 32px; }
        `}
      >
        {donation ? (
          <div className={css`@media (min-width: 900px) { padding-inline-end: 40px; border-inline-end: 1px solid var(--pay-color-border); }`}>
            <Suspense fallback={<Skeleton lines={4} />}>
              <Donation
                session={current}
                link={ctx.paymentLink}
                currency={currency}
                disabled={busy}
                setAmount={async (priceId, amount) => {
                  try {
                    flow.update(await api.checkout.amount(session.id, { priceId, amount }));
                  } catch (err) {
                    throw new Error(formatError(err));
                  }
                }}
                onPayable={setAmountOk}
                loadBenefits={() => (session.payment_link_id ? api.checkout.benefits(session.payment_link_id) : Promise.resolve([]))}
                onCancel={() => emit('cancel', { checkoutSessionId: session.id })}
              />
            </Suspense>
          </div>
        ) : mode !== 'minimal' ? (
          <div className={css`@media (min-width: 900px) { padding-inline-end: 40px; border-inline-end: 1px solid var(--pay-color-border); }`}>
            <Summary
              session={current}
              currency={currency}
              busy={busy}
              onQuantity={setQuantity}
              onPayable={setQuantityOk}
              promotion={current.allow_promotion_codes && !donation ? { apply: applyPromotion, remove: removePromotion } : undefined}
              onUpsell={upsell}
              crossSell={crossSell}
            />
          </div>
        ) : null}
        <div className={css`display: flex; flex-direction: column; gap: 16px; min-width: 0;`}>
          {errorText && state.phase === 'idle' ? (
            <Alert tone="error" title={errorText} />
          ) : null}
          <PaymentForm
            session={session}
            methods={methods}
            currencyId={currencyId}
            onCurrencyChange={(id) => {
              if (busy) return;
              setCurrencyId(id);
              emit('change', { checkoutSessionId: session.id, currencyId: id });
              // A promotion code is recalculated in the new currency (spec §2).
              if (current.discounts?.length) {
                void api.checkout
                  .recalculatePromotion(session.id, id)
                  .then(refreshSession)
                  .catch((err: unknown) => console.warn('[pay-checkout] recalculate promotion failed', err));
              }
            }}
            profile={profile.data}
            signedIn={signedIn}
            busy={busy && state.phase !== 'connecting'}
            blockedReason={
              blocked ? t('checkout.multipleCustomAmount') : !method ? t('checkout.unsupportedMethod') : !quantityOk ? t('checkout.quantityCleared') : !amountOk ? t('validation.amountInvalid') : null
            }
            submitLabel={submitLabel}
            merchant={merchant || t('checkout.title')}
            onSubmit={onSubmit}
          />
        </div>
      </div>
      {mode === 'standalone' ? (
        <footer part="checkout-footer" className={css`padding: 16px 24px; border-top: 1px solid var(--pay-color-border); color: var(--pay-color-muted); font-size: 12px; text-align: center;`}>
          {merchant}
        </footer>
      ) : null}
      <FlowDialogs flow={flow} state={state} ctx={submitCtx} currency={currency} method={method} />
    </div>
  );
}

/** The checkout surface: a card on wide screens, the full width below md. */
function usePanelClass(): string {
  const { css } = useCss();
  return css`
    box-sizing: border-box; margin: 32px auto; width: calc(100% - 32px); background: var(--pay-color-bg); color: var(--pay-color-text);
    border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); box-shadow: var(--pay-shadow);
    @media (max-width: 899px) { margin: 0; width: 100%; border: 0; border-radius: 0; box-shadow: none; }
  `;
}

function appName(): string {
  const b = (globalThis as { blocklet?: { appName?: unknown } }).blocklet;
  return typeof b?.appName === 'string' ? b.appName : '';
}

function FlowDialogs({
  flow,
  state,
  ctx,
  currency,
  method,
}: {
  flow: CheckoutFlow;
  state: FlowState;
  ctx: SubmitContext;
  currency: PaymentCurrency | undefined;
  method: PaymentMethod | undefined;
}) {
  const t = useT();
  const onNavigate = useNavigate();
  const links = customerLinks(appPrefix());
  // CUSTOMER_LIMITED: the past-due confirm, then the overdue-invoice dialog on top of it (spec §2, §8).
  const [overdueOpen, setOverdueOpen] = useState(false);
  // Once opened it stays mounted (closed) so that closing returns focus to 'pay now'.
  const [overdueMounted, setOverdueMounted] = useState(false);
  const limited = state.phase === 'customerLimited';
  useEffect(() => {
    if (limited) return;
    setOverdueOpen(false);
    setOverdueMounted(false);
  }, [limited]);
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney(currency);
  const fast = state.fastPay;
  const connectUrl = state.connect ? safeUrl(state.connect.url) : null;
  const status = state.phase === 'paying' ? t('checkout.confirming') : state.connect?.status === 'scanned' ? t('checkout.walletScanned') : t('checkout.waitingWallet');
  const balance = fast?.token?.balance ? `${formatAmount(fast.token.balance, currency?.decimal ?? 2, { locale })} ${currency?.symbol ?? ''}`.trim() : '';
  const connecting = state.phase === 'connecting' || (state.phase === 'paying' && !!state.connect);

  return (
    <>
      <Dialog
        open={state.phase === 'fastPay' || state.phase === 'fastPaying' || (state.phase === 'paying' && !state.connect && !state.stripe)}
        onClose={() => flow.cancel()}
        dismissible={state.phase === 'fastPay'}
        title={t('checkout.fastPayTitle')}
        actions={
          <>
            <Button variant="secondary" disabled={state.phase !== 'fastPay'} onClick={() => void flow.useWallet(ctx)}>
              {t('checkout.fastPayUseWallet')}
            </Button>
            <Button data-autofocus pending={state.phase !== 'fastPay'} pendingLabel={t('common.processing')} onClick={() => void flow.confirmFastPay(ctx)}>
              {t('checkout.fastPayConfirm')}
            </Button>
          </>
        }
      >
        <p className={css`margin: 0;`}>
          {t(ctx.currencyType === 'credit' ? 'checkout.fastPayCreditText' : 'checkout.fastPayText', {
            amount: money(fast?.amount ?? state.session?.amount_total ?? '0'),
            balance,
          })}
        </p>
      </Dialog>

      {state.stripe ? (
        <Suspense fallback={null}>
          <StripePanel
            open={state.phase === 'stripePaying' || (state.phase === 'paying' && !!state.stripe)}
            paying={state.phase === 'paying'}
            method={method}
            clientSecret={state.stripe?.clientSecret}
            publishableKey={state.stripe?.publishableKey}
            amountText={money(state.session?.amount_total ?? '0')}
            onConfirmed={() => void flow.stripeConfirmed()}
            onAbort={() => void flow.abortStripe()}
          />
        </Suspense>
      ) : null}

      <Dialog
        open={state.phase === 'customerLimited'}
        onClose={() => flow.cancel()}
        title={t('checkout.customerLimitedTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => flow.cancel()}>
              {t('common.cancel')}
            </Button>
            <Button
              part="pay-overdue"
              data-autofocus
              aria-haspopup="dialog"
              onClick={() => {
                setOverdueMounted(true);
                setOverdueOpen(true);
              }}
            >
              {t('checkout.payOverdue')}
            </Button>
          </>
        }
      >
        <p className={css`margin: 0;`}>{t('checkout.customerLimitedText')}</p>
      </Dialog>

      {limited && overdueMounted ? (
        <Suspense fallback={null}>
          <OverdueDialog
            open={overdueOpen}
            onClose={() => setOverdueOpen(false)}
            onPaid={() => flow.cancel()}
            invoicePath={(id) => links.invoice(id)}
            renderLink={(path, children) => (
              <a href={checkHref(path) ?? undefined} onClick={onNavigate(path)} className={css`color: var(--pay-color-primary); font-weight: 600; ${focusRing}`}>
                {children}
              </a>
            )}
          />
        </Suspense>
      ) : null}

      <Dialog
        open={state.phase === 'creditInsufficient'}
        onClose={() => flow.cancel()}
        title={t('checkout.creditInsufficientTitle')}
        actions={<Button onClick={() => flow.cancel()}>{t('common.close')}</Button>}
      >
        <p className={css`margin: 0;`}>{t('checkout.creditInsufficientText')}</p>
      </Dialog>

      <ConnectDialog
        open={connecting}
        onCancel={() => flow.cancel()}
        cancellable={state.phase === 'connecting'}
        title={t('checkout.connectTitle')}
        text={t('checkout.connectText')}
        openLabel={t('checkout.openWallet')}
        url={connectUrl}
        status={status}
      />
    </>
  );
}

/** An app link's click: a cancelable pay-navigate {path}; the host may route it (then the link does not load). */
function useNavigate() {
  const emit = useEmit();
  return (path: string) => (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (!emit('navigate', { path }, { cancelable: true })) e.preventDefault();
  };
}

function Completed({ session, ctx, successUrl, announce }: { session: CheckoutSession; ctx: CheckoutContext; successUrl?: string | undefined; announce?: boolean }) {
  const t = useT();
  const emit = useEmit();
  const { css } = useCss();
  const { locale } = useSettings();
  const links = customerLinks(appPrefix());
  const [redirecting, setRedirecting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const target = safeUrl(successUrl ?? session.success_url ?? null);
  useEffect(() => {
    if (announce) heading.current?.focus();
    const proceed = emit(
      'complete',
      {
        checkoutSessionId: session.id,
        invoiceId: session.invoice_id ?? null,
        subscriptionId: session.subscription_id ?? null,
        paymentLinkId: session.payment_link_id ?? null,
        mode: session.mode,
      },
      { cancelable: true },
    );
    if (!proceed || !target) return;
    setRedirecting(true);
    const id = setTimeout(() => window.location.assign(target), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [session.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const custom =
    pickLocaleText(session.metadata?.page_info?.success_message ?? null, locale) ||
    (ctx.paymentLink?.after_completion as { hosted_confirmation?: { custom_message?: string } } | undefined)?.hosted_confirmation?.custom_message ||
    '';
  const hasVendors = session.line_items.some((i) => ((i.upsell_price ?? i.price)?.product?.vendor_config?.length ?? 0) > 0);
  // `subscriptions` holds ids or expanded subscriptions depending on the server.
  const listed = (session.subscriptions ?? []).map((s) => (typeof s === 'string' ? s : s.id)).filter(Boolean);
  const subscriptionIds = listed.length ? listed : session.subscription_id ? [session.subscription_id] : [];

  const navigate = useNavigate();

  return (
    <div part="checkout completed" className={`${usePanelClass()} ${css`max-width: 640px; display: flex; justify-content: center; padding: 48px 24px;`}`}>
      <div className={css`max-width: 520px; width: 100%; display: flex; flex-direction: column; align-items: center; gap: 14px; text-align: center;`}>
        <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="30" fill="var(--pay-color-success-bg)" />
          <path d="M20 33l8 8 16-17" stroke="var(--pay-color-success)" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 ref={heading} tabIndex={-1} className={css`margin: 0; font-size: 24px; outline: none;`}>
          {session.mode === 'subscription' ? t('checkout.completedSubscription') : t('checkout.completedTitle')}
        </h2>
        <p className={css`margin: 0; color: var(--pay-color-muted);`}>{custom || t('checkout.completedText')}</p>
        <div className={css`display: flex; gap: 12px; flex-wrap: wrap; justify-content: center; margin-top: 8px;`}>
          {subscriptionIds.map((id) => (
            <Button key={id} variant="secondary" href={links.subscription(id)} onClick={navigate(links.subscription(id))}>
              {t('checkout.viewSubscription')}
            </Button>
          ))}
          {session.invoice_id ? (
            <Button variant={subscriptionIds.length ? 'secondary' : 'primary'} href={links.invoice(session.invoice_id)} onClick={navigate(links.invoice(session.invoice_id))} part="invoice-link">
              {t('checkout.viewInvoice')}
            </Button>
          ) : null}
          {target ? <Button href={target}>{t('checkout.continue')}</Button> : null}
        </div>
        {hasVendors ? (
          <Suspense fallback={null}>
            <VendorProgress sessionId={session.id} />
          </Suspense>
        ) : null}
        {redirecting ? <p role="status" className={css`margin: 0; font-size: 13px; color: var(--pay-color-muted);`}>{t('checkout.redirecting')}</p> : null}
      </div>
    </div>
  );
}

function StatePage({ tone, title, text, action }: { tone: 'error' | 'warning' | 'info'; title: string; text: string; action?: ReactNode }) {
  const { css } = useCss();
  const color = tone === 'error' ? 'var(--pay-color-danger)' : tone === 'warning' ? 'var(--pay-color-warning)' : 'var(--pay-color-info)';
  return (
    <div part="checkout state" data-state={tone} role={tone === 'error' ? 'alert' : undefined} className={`${usePanelClass()} ${css`max-width: 640px; display: flex; justify-content: center; padding: 56px 24px;`}`}>
      <div className={css`max-width: 480px; display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center;`}>
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke={color} strokeWidth="1.6" />
          <path d={tone === 'info' ? 'M12 8h.01M11 12h1v4h1' : 'M12 7v6M12 16.5h.01'} stroke={color} strokeWidth="2" strokeLinecap="round" />
        </svg>
        <h2 className={css`margin: 0; font-size: 24px;`}>{title}</h2>
        <p className={css`margin: 0; color: var(--pay-color-muted); overflow-wrap: anywhere;`}>{text}</p>
        {action}
      </div>
    </div>
  );
}

function CheckoutSkeleton() {
  const { css } = useCss();
  return (
    <div part="checkout" aria-busy="true" className={`${usePanelClass()} ${css`display: grid; grid-template-columns: 1fr 1fr; gap: 40px; max-width: 1040px; padding: 36px 40px; @media (max-width: 899px) { grid-template-columns: 1fr; padding: 20px 16px; }`}`}>
      <div className={css`display: flex; flex-direction: column; gap: 14px;`}>
        <Skeleton width="40%" delay={0} />
        <Skeleton height={40} width="60%" delay={0} announce={false} />
        <Skeleton lines={3} delay={0} announce={false} />
      </div>
      <div className={css`display: flex; flex-direction: column; gap: 14px;`}>
        <Skeleton variant="rect" height={56} delay={0} announce={false} />
        <Skeleton variant="rect" height={44} delay={0} announce={false} />
        <Skeleton variant="rect" height={44} delay={0} announce={false} />
        <Skeleton variant="rect" height={48} delay={0} announce={false} />
      </div>
    </div>
  );
}
