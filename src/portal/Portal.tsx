/**
 * <pay-portal>: the customer portal. The view attribute picks the screen (the host maps the spec's customer links
 * to it): invoices (history), payments (payment history), invoice (detail), past-due, subscription, credit-grant. Signed-out visitors get
 * 'Login to access this page'; the server only ever returns the signed-in customer's data (another customer's
 * invoice is refused with 403, shown as a refusal).
 */
import { lazy, Suspense, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/i18n.tsx';
import { useSession } from '../ui/session.tsx';
import { useCss } from '../ui/styles.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import { DashboardContext, LoadError, Loading, Notice, Page } from './parts.tsx';
import { historyFilter, portalScreen, TABS, type Tab } from './screens.ts';
import { SubscriptionDetail, SubscriptionList } from './Subscriptions.tsx';
import { SummaryLoading } from './SummaryLayout.tsx';

// Screens off the first paint: loaded when shown.
const PastDue = lazy(() => import('./PastDue.tsx').then((m) => ({ default: m.PastDue })));
const CreditsPanel = lazy(() => import('./Credits.tsx'));
const PaymentHistory = lazy(() => import('./Payments.tsx'));
const CreditGrantDetail = lazy(() => import('./Credits.tsx').then((m) => ({ default: m.CreditGrantDetail })));
// The invoice page (a landing page from the checkout's "View invoice", not the overview): its own chunk.
const InvoiceDetail = lazy(() => import('./InvoiceDetail.tsx').then((m) => ({ default: m.InvoiceDetail })));
// The head of the overview (plans, next charge, payment method, credits, past due): painted after the tabs.
const OverviewSummary = lazy(() => import('./Summary.tsx'));

/** A lazily loaded view: its page frame with the skeleton until the code is there. */
function Lazy({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Page title={title}>
          <Loading />
        </Page>
      }
    >
      {children}
    </Suspense>
  );
}

export type PortalView =
  'invoices' | 'payments' | 'subscriptions' | 'credits' | 'invoice' | 'past-due' | 'subscription' | 'credit-grant';
export type PortalProps = {
  view?: string;
  resourceId?: string;
  customerId?: string;
  /** The page to come back to after paying (passed on to the past-due link). */
  referer?: string;
  /** Dashboard mode: admin links are shown. */
  dashboard?: boolean;
};

export function Portal(props: PortalProps) {
  return (
    <DashboardContext.Provider value={props.dashboard === true}>
      <PortalView {...props} />
    </DashboardContext.Provider>
  );
}

function PortalView({ view, resourceId, customerId, referer }: PortalProps) {
  const t = useT();
  const session = useSession();
  const prefix = useApi().blocklet.current()?.prefix || '/';
  if (!session.initialized) {
    return (
      <Page title={t('portal.invoices')}>
        <Loading />
      </Page>
    );
  }
  // The session could not be read (the platform did not answer): say so and offer to try again, rather than ask a
  // customer who is signed in to sign in.
  if (!session.user && session.error) {
    return (
      <Page title={t('portal.invoices')}>
        <LoadError error={session.error} retry={() => void session.refresh()} />
      </Page>
    );
  }
  if (!session.user) return <LoginRequired loginUrl={session.loginUrl()} />;
  const filter = customerId ? { customer_id: customerId } : {};
  const screen = portalScreen(view, resourceId);
  switch (screen.kind) {
    case 'invoice':
      return (
        <Lazy title={t('portal.invoice')}>
          <InvoiceDetail id={screen.id} prefix={prefix} referer={referer} />
        </Lazy>
      );
    case 'history':
      return <InvoicesPage prefix={prefix} customerId={customerId} />;
    case 'past-due':
      return (
        <Lazy title={t('portal.pastDue')}>
          <PastDue prefix={prefix} customerId={customerId} referer={referer} />
        </Lazy>
      );
    case 'subscription':
      return <SubscriptionDetail id={screen.id} prefix={prefix} />;
    case 'credit-grant':
      return (
        <Lazy title={t('portal.creditGrant')}>
          <CreditGrantDetail id={screen.id} prefix={prefix} />
        </Lazy>
      );
    case 'overview':
      return <Overview prefix={prefix} filter={filter} initial={screen.tab} />;
  }
}

function LoginRequired({ loginUrl }: { loginUrl: string }) {
  const t = useT();
  return (
    <Page title={t('portal.invoices')}>
      <Notice
        part="login-required"
        title={t('portal.loginRequired')}
        text={t('portal.loginHint')}
        action={<Button href={loginUrl}>{t('portal.signIn')}</Button>}
      />
    </Page>
  );
}

function InvoicesPage({ prefix, customerId }: { prefix: string; customerId: string | undefined }) {
  const t = useT();
  return (
    <Page title={t('portal.invoiceHistory')}>
      <InvoiceTable label={t('portal.invoiceHistory')} prefix={prefix} filter={historyFilter(customerId)} />
    </Page>
  );
}

const TAB_LABEL: Record<Tab, string> = {
  subscriptions: 'portal.subscriptions',
  invoices: 'portal.invoiceHistory',
  payments: 'portal.paymentHistory',
  credits: 'portal.credits.tab',
};

/**
 * The portal home: what a customer comes for first (the summary: past due, plans, next charge, payment method,
 * credits), then tabs for the subscriptions, the invoice history, the payment history and the credits (arrow keys
 * move between tabs).
 */
function Overview({ prefix, filter, initial }: { prefix: string; filter: { customer_id?: string }; initial: Tab }) {
  const t = useT();
  const { css } = useCss();
  const [tab, setTab] = useState<Tab>(initial);
  const base = useId();
  const tabs = TABS;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i + tabs.length - 1) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    (e.currentTarget.querySelector(`#${CSS.escape(`${base}-${next}`)}`) as HTMLElement | null)?.focus();
  };
  const tabClass = css`appearance: none; background: none; border: 0; border-bottom: 2px solid transparent; padding: 10px 4px; flex: none; white-space: nowrap; font: inherit; font-weight: 600; color: var(--pay-color-muted); cursor: pointer; min-height: 40px; &[aria-selected='true'] { color: var(--pay-color-primary); border-bottom-color: var(--pay-color-primary); } &:focus-visible { outline: 2px solid var(--pay-color-focus); outline-offset: -2px; border-radius: 4px; }`;
  return (
    <Page title={t('portal.overview')}>
      {/* Its cards, titled, while its code loads: the tabs below do not move when it arrives. */}
      <Suspense fallback={<SummaryLoading />}>
        <OverviewSummary prefix={prefix} customerId={filter.customer_id} onTab={(k) => setTab(k)} />
      </Suspense>
      {/* On a phone the tabs scroll sideways inside their row instead of widening the page. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus is on its tabs (roving tabindex) */}
      <div
        role="tablist"
        aria-label={t('portal.overview')}
        part="tabs"
        onKeyDown={onKey}
        className={css`display: flex; gap: 24px; box-shadow: inset 0 -1px 0 var(--pay-color-border); overflow-x: auto; scrollbar-width: none; @media (max-width: 599px) { gap: 16px; }`}
      >
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${base}-${k}`}
            part="tab"
            aria-selected={tab === k}
            aria-controls={`${base}-${k}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className={tabClass}
            onClick={() => setTab(k)}
          >
            {t(TAB_LABEL[k])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'subscriptions' ? (
          <SubscriptionList prefix={prefix} customerId={filter.customer_id} />
        ) : tab === 'payments' ? (
          <Suspense fallback={<Loading rows={3} />}>
            <PaymentHistory prefix={prefix} customerId={filter.customer_id} />
          </Suspense>
        ) : tab === 'credits' ? (
          <Suspense fallback={<Loading rows={3} />}>
            <CreditsPanel prefix={prefix} customerId={filter.customer_id} />
          </Suspense>
        ) : (
          <InvoiceTable label={t('portal.invoiceHistory')} prefix={prefix} filter={historyFilter(filter.customer_id)} />
        )}
      </div>
    </Page>
  );
}
