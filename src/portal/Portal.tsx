/**
 * <pay-portal>: the customer portal. The view attribute picks the screen (the host maps the spec's customer links
 * to it): invoices (history), invoice (detail), past-due, subscription, credit-grant. Signed-out visitors get
 * 'Login to access this page'; the server only ever returns the signed-in customer's data (another customer's
 * invoice is refused with 403, shown as a refusal).
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CREDIT_GRANT_STATUS_TONE, type CreditGrantStatus } from '../core/billing.ts';
import { formatDate } from '../core/dates.ts';
import { customerLinks } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { InvoiceDetail } from './InvoiceDetail.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import { AppLink, LoadError, Loading, Notice, Page, useMoney } from './parts.tsx';
import { SubscriptionDetail, SubscriptionList } from './Subscriptions.tsx';

export type PortalView = 'invoices' | 'subscriptions' | 'invoice' | 'past-due' | 'subscription' | 'credit-grant';
export type PortalProps = {
  view?: string;
  resourceId?: string;
  customerId?: string;
  /** The page to come back to after paying (passed on to the past-due link). */
  referer?: string;
  /** Dashboard mode: admin links are shown. */
  dashboard?: boolean;
};

const appPrefix = (): string => {
  const b = (globalThis as { blocklet?: { prefix?: unknown } }).blocklet;
  return typeof b?.prefix === 'string' && b.prefix ? b.prefix : '/';
};

export function Portal({ view, resourceId, customerId, referer, dashboard }: PortalProps) {
  const t = useT();
  const session = useSession();
  const prefix = appPrefix();
  if (!session.initialized) {
    return (
      <Page title={t('portal.invoices')}>
        <Loading />
      </Page>
    );
  }
  if (!session.user) return <LoginRequired loginUrl={session.loginUrl()} />;
  const id = resourceId?.trim();
  const filter = customerId ? { customer_id: customerId } : {};
  switch (view) {
    case 'invoice':
      return id ? <InvoiceDetail id={id} prefix={prefix} referer={referer} dashboard={dashboard === true} /> : <InvoicesPage prefix={prefix} filter={filter} />;
    case 'past-due':
      return <PastDue prefix={prefix} filter={filter} />;
    case 'subscription':
      return id ? <SubscriptionDetail id={id} prefix={prefix} /> : <Overview prefix={prefix} filter={filter} initial="subscriptions" />;
    case 'subscriptions':
      return <Overview prefix={prefix} filter={filter} initial="subscriptions" />;
    case 'credit-grant':
      return id ? <CreditGrantPage id={id} prefix={prefix} /> : <Overview prefix={prefix} filter={filter} initial="invoices" />;
    default:
      return <Overview prefix={prefix} filter={filter} initial="invoices" />;
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

function InvoicesPage({ prefix, filter }: { prefix: string; filter: { customer_id?: string } }) {
  const t = useT();
  return (
    <Page title={t('portal.invoiceHistory')}>
      <InvoiceTable label={t('portal.invoiceHistory')} prefix={prefix} filter={{ ...filter, include_staking: true }} />
    </Page>
  );
}

type Tab = 'subscriptions' | 'invoices';

/** The portal home: tabs for the subscriptions and the invoice history (arrow keys move between tabs). */
function Overview({ prefix, filter, initial }: { prefix: string; filter: { customer_id?: string }; initial: Tab }) {
  const t = useT();
  const { css } = useCss();
  const [tab, setTab] = useState<Tab>(initial);
  const base = useId();
  const tabs: Tab[] = ['subscriptions', 'invoices'];
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.indexOf(tab);
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i + tabs.length - 1) % tabs.length] : e.key === 'Home' ? tabs[0] : e.key === 'End' ? tabs[tabs.length - 1] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    (e.currentTarget.querySelector(`#${CSS.escape(`${base}-${next}`)}`) as HTMLElement | null)?.focus();
  };
  const tabClass = css`appearance: none; background: none; border: 0; border-bottom: 2px solid transparent; padding: 10px 4px; margin-bottom: -1px; font: inherit; font-weight: 600; color: var(--pay-color-muted); cursor: pointer; min-height: 40px; &[aria-selected='true'] { color: var(--pay-color-primary); border-bottom-color: var(--pay-color-primary); } &:focus-visible { outline: 2px solid var(--pay-color-focus); outline-offset: 2px; border-radius: 2px; }`;
  return (
    <Page title={t('portal.overview')} actions={<AppLink path={customerLinks(prefix).pastDue()} part="past-due-link">{t('portal.pastDue')}</AppLink>}>
      <div role="tablist" aria-label={t('portal.overview')} part="tabs" onKeyDown={onKey} className={css`display: flex; gap: 24px; border-bottom: 1px solid var(--pay-color-border);`}>
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" id={`${base}-${k}`} part="tab" aria-selected={tab === k} aria-controls={`${base}-${k}-panel`} tabIndex={tab === k ? 0 : -1} className={tabClass} onClick={() => setTab(k)}>
            {t(k === 'subscriptions' ? 'portal.subscriptions' : 'portal.invoiceHistory')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'subscriptions' ? (
          <SubscriptionList prefix={prefix} customerId={filter.customer_id} />
        ) : (
          <InvoiceTable label={t('portal.invoiceHistory')} prefix={prefix} filter={{ ...filter, include_staking: true }} />
        )}
      </div>
    </Page>
  );
}

function PastDue({ prefix, filter }: { prefix: string; filter: { customer_id?: string } }) {
  const t = useT();
  const { css } = useCss();
  return (
    <Page title={t('portal.pastDue')}>
      <p className={css`margin: -8px 0 0; color: var(--pay-color-muted);`}>{t('portal.pastDueHint')}</p>
      <InvoiceTable
        label={t('portal.pastDue')}
        prefix={prefix}
        filter={{ ...filter, status: 'open,uncollectible' }}
        empty={<Notice part="nothing-to-pay" title={t('portal.nothingToPay')} />}
      />
    </Page>
  );
}

function Back({ prefix }: { prefix: string }) {
  const t = useT();
  return <AppLink path={customerLinks(prefix).home()} part="back">← {t('portal.backToInvoices')}</AppLink>;
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const { css } = useCss();
  return (
    <dl className={css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 10px 24px; margin: 0; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg); & dt { color: var(--pay-color-muted); } & dd { margin: 0; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; & dd { margin-bottom: 10px; } }`}>
      {items.map(([k, v]) => (
        <div key={k} className={css`display: contents;`}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function CreditGrantPage({ id, prefix }: { id: string; prefix: string }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const money = useMoney();
  const q = useQuery(['credit-grant', id], () => api.credits.grant(id));
  const g = q.data;
  return (
    <Page
      back={<Back prefix={prefix} />}
      title={
        <span className={css`display: inline-flex; gap: 12px; align-items: center; flex-wrap: wrap;`}>
          {g?.name || t('portal.creditGrant')}
          {g ? (
            <StatusChip tone={CREDIT_GRANT_STATUS_TONE[g.status as CreditGrantStatus] ?? 'default'}>
              {t(`portal.creditStatus.${g.status}`, { defaultValue: g.status })}
            </StatusChip>
          ) : null}
        </span>
      }
    >
      {q.isError && !g ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !g ? (
        <Loading />
      ) : (
        <Facts
          items={[
            [t('portal.remaining'), money(g.remaining_amount, g.paymentCurrency)],
            [t('portal.granted'), money(g.amount ?? g.remaining_amount, g.paymentCurrency)],
            [t('portal.effective'), g.effective_at ? formatDate(g.effective_at, locale) : formatDate(g.created_at, locale)],
            [t('portal.expires'), g.expires_at ? formatDate(g.expires_at, locale) : t('portal.never')],
          ]}
        />
      )}
    </Page>
  );
}
