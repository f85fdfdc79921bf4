/**
 * <pay-checkout>: loads the checkout (a session `cs_…` or a payment link `plink_…`), then shows one of the spec's
 * states (§2, §4): loading skeleton (after 0.5 s), 'Oops' error, expired, empty items, the open checkout (summary
 * and payment form in two columns, stacked below md) and the completed screen. The payment itself runs in the
 * flow store (src/state/checkout.ts); this file renders it and talks to the host through events.
 */
import { queryKey } from '../api/query-keys.ts';
import { invalidate } from '../api/query-invalidate.ts';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CheckoutContext, CheckoutSession, LineItem, PaymentMethod, Price } from '../api/types.ts';
import { isMetered } from '../core/billing.ts';
import {
  acceptedMethods,
  checkoutView,
  isFiatMethod,
  lineItemAmount,
  methodOfCurrency,
  validateCustomAmountItems,
  selectCurrency,
} from '../core/checkout.ts';
import { readStorage, writeStorage } from '../core/storage.ts';
import { errorText, formatError } from '../core/errors.ts';
import { customerLinks } from '../core/links.ts';
import { queryParams } from '../core/params.ts';
import { toBigInt } from '../core/money.ts';
import { createCheckoutController, type ControllerEnv } from '../state/checkout-controller.ts';
import {
  createCheckoutFlow,
  isBusy,
  type CheckoutFlow,
  type FlowState,
  type SubmitContext,
} from '../state/checkout.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { usePayNavigate } from '../ui/navigate.ts';
import { useQuery, useQueryClient, useQueryOf } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { Skeleton, useDelay } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';
// Screens only some checkouts need load on demand (kept out of the first paint).
const Donation = lazy(() => import('./Donation.tsx').then((m) => ({ default: m.Donation })));
const DonateWidget = lazy(() => import('./DonateWidget.tsx').then((m) => ({ default: m.DonateWidget })));
const CompletedView = lazy(() => import('./Completed.tsx').then((m) => ({ default: m.Completed })));
const FlowDialogs = lazy(() => import('./FlowDialogs.tsx').then((m) => ({ default: m.FlowDialogs })));
import { PaymentForm, type FormValues } from './PaymentForm.tsx';
import { ProductImage, useMoney } from './parts.tsx';
import { openQuery } from './prefetch.ts';
import { StandaloneFooter, StandaloneHeader } from './StandaloneFrame.tsx';
import { Summary } from './Summary.tsx';

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

function CheckoutLoader(props: CheckoutProps & { checkoutId: string }) {
  const api = useApi();
  const t = useT();
  const emit = useEmit<'pay-checkout'>();
  const query = useQueryOf(openQuery(api, props));
  const showSkeleton = useDelay(500);

  const describe = (err: unknown) => errorText(err, t);
  const loadError = query.isError && !query.data ? describe(query.error) : '';
  useEffect(() => {
    if (loadError)
      emit('error', { message: formatError(query.error), code: (query.error as { code?: string } | null)?.code });
  }, [loadError]); // eslint-disable-line react-hooks/exhaustive-deps -- one error event per load failure

  if (query.data) return <CheckoutScreen ctx={query.data} {...props} />;
  if (loadError) {
    return (
      <StatePage
        tone="error"
        title={t('checkout.oops')}
        text={loadError}
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
  const emit = useEmit<'pay-checkout'>();
  const view = checkoutView(session);
  // In the commit that shows the page: a listener hears of it by the time the page is there to see.
  useLayoutEffect(() => {
    emit('ready', { checkoutSessionId: session.id, mode: session.mode, livemode: session.livemode, status: view });
    if (view === 'expired') emit('expired', { checkoutSessionId: session.id });
  }, [session.id]); // eslint-disable-line react-hooks/exhaustive-deps -- ready/expired once per session
  const t = useT();
  if (view === 'expired')
    return <StatePage tone="warning" title={t('checkout.expiredTitle')} text={t('checkout.expired')} />;
  if (view === 'empty')
    return <StatePage tone="info" title={t('checkout.emptyTitle')} text={t('checkout.emptyItems')} />;
  if (view === 'complete') return <Completed session={session} ctx={ctx} successUrl={props.successUrl} />;
  return <OpenCheckout ctx={ctx} {...props} />;
}

function useFlowState(flow: CheckoutFlow): FlowState {
  return useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
}

function OpenCheckout({
  ctx,
  mode: modeProp,
  currency: currencyProp,
  successUrl,
}: CheckoutProps & { ctx: CheckoutContext }) {
  const api = useApi();
  const t = useT();
  const emit = useEmit<'pay-checkout'>();
  const toast = useToast();
  const describe = (err: unknown) => errorText(err, t);
  /** A flow notice or failure in the payer's language (its key), else the server's text. */
  const flowText = (e: { key?: string | undefined; message?: string | undefined }) =>
    e.key ? t(e.key, { defaultValue: e.message ?? '' }) : (e.message ?? '');
  const queryClient = useQueryClient();
  const { css } = useCss();
  const { user, initialized, loginUrl } = useSession();
  const session = ctx.checkoutSession;
  const mode: CheckoutMode = modeProp === 'minimal' || modeProp === 'standalone' ? modeProp : 'standard';

  const methods = useMemo(
    () => acceptedMethods(ctx.paymentMethods, session.line_items) as PaymentMethod[],
    [ctx.paymentMethods, session.line_items],
  );
  const [flow] = useState(() =>
    createCheckoutFlow(
      {
        sessionId: session.id,
        submit: (form) =>
          session.submit_type === 'donate'
            ? api.checkout.donateSubmit(session.id, form)
            : api.checkout.submit(session.id, form),
        fastConfirm: () => api.checkout.fastCheckoutConfirm(session.id),
        preloadConnect: () => {
          void import('../ui/ConnectPanel.tsx').catch(() => {});
          void import('../api/resources/connect.ts').catch(() => {}); // the connect client, announced when evaluated
        },
        openConnect: (action, params, signal) => api.connect.open(action, params, { signal }),
        waitConnect: (action, token, opts) => api.connect.waitFor({ action, token }, opts),
        retrieve: (opts) => api.checkout.retrieve(session.id, opts),
        abortStripe: () => api.checkout.abortStripe(session.id),
        // Spec §8: a failed card payment is also an analytics event (loaded on demand).
        onPayFailed: () =>
          void import('../api/resources/analytics.ts').then((m) =>
            m.createAnalytics({ origin: window.location.origin }).event('payFailed'),
          ),
      },
      session,
    ),
  );
  // What the controller needs of the page and the payer, as of this render (set again on each commit).
  const env: ControllerEnv = {
    user,
    initialized,
    t: (key) => t(key),
    describe,
    toastError: (message) => toast.show({ tone: 'error', message }),
    notice: (notice) => toast.show({ tone: 'warning', message: flowText(notice) }),
    failed: (error) => {
      emit('error', { message: error.message ?? flowText(error), code: error.code });
      // Spec §8: UNIFIED_APP_REQUIRED toasts 'account required'.
      if (error.code === 'UNIFIED_APP_REQUIRED') toast.show({ tone: 'error', message: t('checkout.accountRequired') });
    },
    currencyChanged: (currencyId) => emit('change', { checkoutSessionId: session.id, currencyId }),
    // Sign in first (the sign-in page comes back here, and the form is then filled from the profile).
    login: () => {
      if (emit('login', { redirect: window.location.href }, { cancelable: true })) window.location.assign(loginUrl());
    },
  };
  const [controller] = useState(() =>
    createCheckoutController({
      session,
      flow,
      checkout: api.checkout,
      currencyId: selectCurrency({
        methods,
        urlCurrencyId: currencyProp ?? queryParams().get('currencyId'),
        sessionCurrencyId: session.currency_id,
        // Payers here sign in with a DID wallet (the platform's session), so the Stripe-first rule does not apply.
        isWalletUser: true,
      }),
      onCompleted: (listener) => api.realtime.subscribe<{ id?: string }>('checkout.session.completed', listener),
      // The merchant archived what was in the cart meanwhile (EMPTY_CHECKOUT): loaded again, the empty page shows.
      reload: () => void invalidate.checkouts(queryClient),
      storage: { read: readStorage, write: writeStorage },
      env,
    }),
  );
  useLayoutEffect(() => controller.setEnv(env));
  useEffect(() => controller.start(), [controller]);
  const state = useFlowState(flow);
  const { currencyId, shake, preferring } = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  const method = methodOfCurrency(methods, currencyId);
  const currency = method?.payment_currencies.find((c) => c.id === currencyId);
  const fiat = isFiatMethod(method);
  const money = useMoney(currency, fiat);

  const profile = useQuery(queryKey('checkout', 'customer', user?.did ?? ''), () => api.customers.me(), {
    enabled: !!user,
    staleTime: 60_000,
  });
  // Items (price ids) whose quantity field is cleared: Pay is disabled, 'Enter a quantity to continue', while any is.
  const [cleared, setCleared] = useState<ReadonlySet<string>>(() => new Set());
  // Items whose quantity is on its way to the server (or waits to be sent): Pay waits for their new total.
  const [unsettled, setUnsettled] = useState<ReadonlySet<string>>(() => new Set());
  // A quantity is on its way (the payer's or the preferred one): the amounts on screen are the previous ones.
  const updating = unsettled.size > 0 || preferring;
  const [amountOk, setAmountOk] = useState(session.submit_type !== 'donate');
  const crossSellQuery = useQuery(
    queryKey('checkout', 'cross-sell', session.id),
    () => api.checkout.crossSell.get(session.id),
    { staleTime: Infinity, retry: false },
  );
  // A layout effect: Pay waits for the preferred quantity (preferring) from the commit that makes the session known.
  useLayoutEffect(() => {
    if (initialized) controller.applyPreferredQuantity(queryParams());
  }, [controller, initialized]);

  // The flow's dialogs load with the first submit (the request and the chunk travel together) and stay mounted.
  const [dialogsNeeded, setDialogsNeeded] = useState(false);
  if (!dialogsNeeded && state.phase !== 'idle') setDialogsNeeded(true);
  const navigate = usePayNavigate();

  const panel = usePanelClass();

  if (state.phase === 'paid' && state.session)
    return <Completed session={state.session} ctx={ctx} successUrl={successUrl} announce />;

  const busy = isBusy(state.phase);
  const donation = session.submit_type === 'donate';
  const current = state.session ?? session;
  const crossSellPrice =
    crossSellQuery.data && typeof crossSellQuery.data.id === 'string'
      ? (crossSellQuery.data as unknown as Price)
      : null;
  const crossSell = crossSellPrice
    ? {
        price: crossSellPrice,
        required: current.cross_sell_behavior === 'required',
        shake,
        add: () => controller.addCrossSell(crossSellPrice.id),
        remove: () => controller.removeCrossSell(),
      }
    : undefined;
  const blocked = validateCustomAmountItems(session.line_items);
  const submitCtx: SubmitContext = {
    methodType: method?.type ?? '',
    currencyType: currency?.type,
    donation,
    userDid: user?.did,
  };
  // Until the session is known the button keeps its plain label (no 'connect' flash for signed-in payers).
  const signedIn = !!user || donation || !initialized;
  // 'Donate 5 TBA': the amount once the session holds it.
  const donateLabel =
    amountOk && toBigInt(current.amount_total ?? '0') > 0n
      ? t('checkout.submitDonateAmount', { amount: money(current.amount_total) })
      : t('checkout.submitDonate');
  const submitLabel = !signedIn
    ? t(session.mode === 'payment' ? 'checkout.connectAndPay' : 'checkout.connectAndSubscribe')
    : donation
      ? donateLabel
      : session.mode === 'subscription'
        ? t('checkout.submitSubscribe')
        : session.mode === 'setup'
          ? t('checkout.submitSetup')
          : t('checkout.submitPay');

  const onSubmit = (values: FormValues) => {
    if (!signedIn) return controller.login();
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

  const flowError = state.error ? flowText(state.error) : '';
  const app = api.blocklet.current();
  const merchant = app?.appName ?? '';
  const livemode = session.livemode !== false;

  return (
    <div
      part="checkout"
      data-mode={mode}
      className={`${panel} ${css`max-width: ${mode === 'minimal' ? '560px' : '1040px'}; padding: 0; overflow: hidden;`}`}
    >
      {mode === 'standalone' ? <StandaloneHeader session={session} app={app} /> : null}
      {!livemode ? (
        <div
          part="test-mode"
          role="note"
          className={css`display: flex; justify-content: center; gap: 8px; align-items: center; padding: 6px 12px; background: var(--pay-color-warning-bg); color: var(--pay-color-warning); font-size: 13px; font-weight: 600; border-bottom: 1px solid var(--pay-color-warning);`}
        >
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
          <div
            className={css`@media (min-width: 900px) { padding-inline-end: 40px; border-inline-end: 1px solid var(--pay-color-border); }`}
          >
            <Suspense fallback={<Skeleton lines={4} />}>
              <Donation
                session={current}
                link={ctx.paymentLink}
                currency={currency}
                disabled={busy}
                setAmount={controller.setAmount}
                onPayable={setAmountOk}
                loadBenefits={() =>
                  session.payment_link_id ? api.checkout.benefits(session.payment_link_id) : Promise.resolve([])
                }
                onCancel={() => emit('cancel', { checkoutSessionId: session.id })}
              />
            </Suspense>
          </div>
        ) : mode !== 'minimal' ? (
          <div
            className={css`@media (min-width: 900px) { padding-inline-end: 40px; border-inline-end: 1px solid var(--pay-color-border); }`}
          >
            <Summary
              session={current}
              currency={currency}
              fiat={fiat}
              busy={busy}
              onQuantity={controller.setQuantity}
              onPayable={(priceId, ok) => setCleared((s) => withItem(s, priceId, !ok))}
              onQuantitySettled={(priceId, settled) => setUnsettled((s) => withItem(s, priceId, !settled))}
              updating={updating}
              promotion={
                current.allow_promotion_codes && !donation
                  ? { apply: controller.applyPromotion, remove: controller.removePromotion }
                  : undefined
              }
              onUpsell={controller.upsell}
              crossSell={crossSell}
            />
          </div>
        ) : null}
        <div className={css`display: flex; flex-direction: column; gap: 16px; min-width: 0;`}>
          {flowError && state.phase === 'idle' ? <Alert tone="error" title={flowError} /> : null}
          <PaymentForm
            session={session}
            methods={methods}
            currencyId={currencyId}
            onCurrencyChange={controller.setCurrency}
            profile={profile.data}
            signedIn={signedIn}
            busy={busy && state.phase !== 'connecting'}
            profilePending={!initialized || (!!user && profile.isPending)}
            // A donation amount that is not valid (or not yet on the session) says why under its own field: the
            // button is only disabled, so one error has one message.
            payable={amountOk}
            updating={updating}
            blockedReason={
              blocked
                ? t('checkout.multipleCustomAmount')
                : !method
                  ? t('checkout.unsupportedMethod')
                  : cleared.size > 0
                    ? t('checkout.quantityCleared')
                    : null
            }
            submitLabel={submitLabel}
            merchant={merchant || t('checkout.title')}
            onSubmit={onSubmit}
          />
        </div>
      </div>
      {mode === 'standalone' ? <StandaloneFooter session={session} app={app} /> : null}
      {dialogsNeeded ? (
        <Suspense fallback={null}>
          <FlowDialogs
            flow={flow}
            state={state}
            ctx={submitCtx}
            currency={currency}
            method={method}
            money={money}
            links={customerLinks(api.blocklet.current()?.prefix)}
            navigate={navigate}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The set with `priceId` in it (`on`) or not; the same set when it already is so. */
function withItem(s: ReadonlySet<string>, priceId: string, on: boolean): ReadonlySet<string> {
  if (s.has(priceId) === on) return s;
  const next = new Set(s);
  if (on) next.add(priceId);
  else next.delete(priceId);
  return next;
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

/** The completed screen (loaded on demand) on the checkout's surface, with the app's links. */
function Completed(props: {
  session: CheckoutSession;
  ctx: CheckoutContext;
  successUrl?: string | undefined;
  announce?: boolean;
}) {
  const panelClass = usePanelClass();
  const api = useApi();
  const { session, ctx } = props;
  // The currency the payer paid in (the session's, once paid).
  const method = methodOfCurrency(ctx.paymentMethods, session.currency_id);
  const money = useMoney(
    method?.payment_currencies.find((c) => c.id === session.currency_id),
    isFiatMethod(method),
  );
  const lineAmount = (item: LineItem) => {
    const price = item.upsell_price ?? item.price;
    return money(isMetered(price.recurring) ? '0' : lineItemAmount({ ...item, price }, session.currency_id));
  };
  return (
    <Suspense fallback={<div aria-busy="true" part="checkout" />}>
      <CompletedView
        {...props}
        panelClass={panelClass}
        links={customerLinks(api.blocklet.current()?.prefix)}
        navigate={usePayNavigate()}
        money={money}
        lineAmount={lineAmount}
        Image={ProductImage}
      />
    </Suspense>
  );
}

function StatePage({
  tone,
  title,
  text,
  action,
}: {
  tone: 'error' | 'warning' | 'info';
  title: string;
  text: string;
  action?: ReactNode;
}) {
  const { css } = useCss();
  const color =
    tone === 'error'
      ? 'var(--pay-color-danger)'
      : tone === 'warning'
        ? 'var(--pay-color-warning)'
        : 'var(--pay-color-info)';
  return (
    <div
      part="checkout state"
      data-state={tone}
      role={tone === 'error' ? 'alert' : undefined}
      className={`${usePanelClass()} ${css`max-width: 640px; display: flex; justify-content: center; padding: 56px 24px;`}`}
    >
      <div
        className={css`max-width: 480px; display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center;`}
      >
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke={color} strokeWidth="1.6" />
          <path
            d={tone === 'info' ? 'M12 8h.01M11 12h1v4h1' : 'M12 7v6M12 16.5h.01'}
            stroke={color}
            strokeWidth="2"
            strokeLinecap="round"
          />
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
    <div
      part="checkout"
      aria-busy="true"
      className={`${usePanelClass()} ${css`display: grid; grid-template-columns: 1fr 1fr; gap: 40px; max-width: 1040px; padding: 36px 40px; @media (max-width: 899px) { grid-template-columns: 1fr; padding: 20px 16px; }`}`}
    >
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
