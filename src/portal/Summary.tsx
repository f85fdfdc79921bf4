/**
 * The head of the portal overview (Stripe's customer portal leads the same way): anything past due with its pay
 * action first, then the current plan(s), the next charge and its date, the payment method it is charged to and the
 * credit balance. Reads the queries the tabs use (same keys, so one request each): subscriptions, credit grants and
 * the overdue invoices. A lazy chunk: the tabs below paint without waiting for it.
 */
import { queryKey } from '../api/query-keys.ts';
import type { ReactNode } from 'react';
import type { CreditGrant, PaymentCurrency, Subscription } from '../api/types.ts';
import { SUBSCRIPTION_STATUS_TONE } from '../core/billing.ts';
import { customerLinks } from '../core/links.ts';
import { addAmounts } from '../core/money.ts';
import { useOverdueQuery } from '../overdue/query.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { AppLink, day, useMethodText, useMoney, usePayLinkClass } from './parts.tsx';
import { SummaryCard, SummaryLoading, useSummaryClasses } from './SummaryLayout.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { renewalAmount } from './Subscriptions.tsx';

type Tab = 'subscriptions' | 'invoices' | 'payments' | 'credits';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** When a live subscription charges next (trial end or period end); null when it will not (canceling, past due). */
function nextChargeAt(s: Subscription): number | null {
  if (s.cancel_at || s.status === 'past_due' || !LIVE.has(s.status)) return null;
  const at = s.status === 'trialing' ? (s.trial_end ?? s.current_period_end) : s.current_period_end;
  return typeof at === 'number' ? at : null;
}

/** The usable balance per credit currency: what remains of the grants in effect. */
function creditBalances(grants: CreditGrant[]): Array<{ currency: PaymentCurrency; amount: string }> {
  const out = new Map<string, { currency: PaymentCurrency; amount: string }>();
  for (const g of grants) {
    if (g.paymentCurrency?.type !== 'credit') continue;
    const id = g.currency_id ?? g.paymentCurrency.id;
    const prev = out.get(id) ?? { currency: g.paymentCurrency, amount: '0' };
    out.set(id, {
      ...prev,
      amount: g.status === 'granted' ? addAmounts(prev.amount, g.remaining_amount ?? '0') : prev.amount,
    });
  }
  return [...out.values()];
}

/**
 * The lines of a card whose figures are still loading: a figure's line and a note's, held at their heights (a
 * no-break space in each), with the product's skeleton bar in each once loading has taken longer than its delay.
 */
function SummaryLinesLoading() {
  const c = useSummaryClasses();
  const { css } = useCss();
  // The bar sits in a box of its own on the text's line: the Skeleton's own display (a flex column) would make it a
  // line of its own, and a class passed to it cannot be relied on to override that (both are single classes, and
  // which wins depends on which rule was inserted last).
  const bar = (size: string) => (
    <span className={css`display: inline-block; vertical-align: middle; inline-size: ${size};`}>
      <Skeleton width="100%" height="0.8em" announce={false} />
    </span>
  );
  return (
    <>
      <span className={c.big} aria-hidden="true">
        {bar('60%')}
        {'\u00a0'}
      </span>
      <span className={c.muted} aria-hidden="true">
        {bar('80%')}
        {'\u00a0'}
      </span>
    </>
  );
}

export default function OverviewSummary({
  prefix,
  customerId,
  onTab,
}: {
  prefix: string;
  customerId?: string | undefined;
  onTab: (tab: Tab) => void;
}) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const methodText = useMethodText();
  const links = customerLinks(prefix);
  const payClass = usePayLinkClass('md');
  const filter = customerId ? { customer_id: customerId } : {};
  // The same queries as the subscriptions tab and the credits tab (auto top-up): one request each.
  const subs = useQuery(queryKey('subscriptions', customerId ?? ''), () =>
    api.subscriptions.list({ ...filter, pageSize: 100 }),
  );
  const grants = useQuery(queryKey('credits', 'currencies', customerId ?? ''), () =>
    api.credits.grants({ ...filter, pageSize: 100 }),
  );
  const overdue = useOverdueQuery(customerId);

  const live = (subs.data?.list ?? []).filter((s) => LIVE.has(s.status));
  const next = live
    .map((s) => ({ s, at: nextChargeAt(s) }))
    .filter((x): x is { s: Subscription; at: number } => x.at !== null)
    .sort((a, b) => a.at - b.at)[0];
  const method = next?.s ?? live[0];
  const balances = creditBalances(grants.data?.list ?? []);
  const due = Object.values(overdue.data?.summary ?? {});
  // The past-due page comes back here after paying.
  const here = typeof location !== 'undefined' ? location.href : undefined;

  const c = useSummaryClasses();
  // A text button that opens a tab below ("1 more", "View credits"), its text aligned with the card's.
  const toTab = (tab: Tab, label: string) => (
    <Button variant="text" size="sm" onClick={() => onTab(tab)} className={css`margin-inline-start: -8px;`}>
      {label}
    </Button>
  );
  const box = (part: string, title: string, children: ReactNode) => (
    <SummaryCard part={part} title={title}>
      {children}
    </SummaryCard>
  );

  return (
    <section
      part="overview-summary"
      aria-label={t('portal.summary.title')}
      className={css`display: flex; flex-direction: column; gap: 12px;`}
    >
      {due.length ? (
        <div part="overview-past-due">
          <Alert
            tone="warning"
            title={t('portal.summary.pastDueTitle')}
            action={
              <AppLink path={links.pastDue(here)} part="past-due-link" className={payClass}>
                {t('portal.pay')}
              </AppLink>
            }
          >
            {t('portal.summary.pastDueText', { amounts: due.map((d) => money(d.amount, d.currency)).join(', ') })}
          </Alert>
        </div>
      ) : null}
      {!subs.data ? (
        <SummaryLoading lines={<SummaryLinesLoading />} />
      ) : (
        <div className={c.grid}>
          {box(
            'overview-plans',
            t('portal.summary.plans'),
            <>
              {live.length ? (
                <ul
                  className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;`}
                >
                  {live.slice(0, 3).map((s) => (
                    <li key={s.id} className={css`display: flex; gap: 8px; align-items: center; flex-wrap: wrap;`}>
                      <AppLink
                        path={links.subscription(s.id)}
                        className={css`font-weight: 650; overflow-wrap: anywhere;`}
                      >
                        {s.description || s.id}
                      </AppLink>
                      {s.status !== 'active' ? (
                        <StatusChip tone={SUBSCRIPTION_STATUS_TONE[s.status] ?? 'default'}>
                          {t(`portal.subscriptionStatus.${s.status}`, { defaultValue: s.status })}
                        </StatusChip>
                      ) : null}
                    </li>
                  ))}
                  {live.length > 3 ? (
                    <li>{toTab('subscriptions', t('portal.summary.more', { count: live.length - 3 }))}</li>
                  ) : null}
                </ul>
              ) : (
                <span className={c.muted}>{t('portal.summary.noPlan')}</span>
              )}
            </>,
          )}
          {box(
            'overview-next-charge',
            t('portal.summary.nextCharge'),
            <>
              {next ? (
                <>
                  <span className={c.big}>{money(renewalAmount(next.s), next.s.paymentCurrency)}</span>
                  <span className={c.muted}>{t('portal.summary.nextChargeOn', { date: day(next.at) })}</span>
                </>
              ) : (
                <span className={c.muted}>{t('portal.summary.noCharge')}</span>
              )}
            </>,
          )}
          {box(
            'overview-payment-method',
            t('portal.summary.paymentMethod'),
            <>
              {method?.paymentMethod ? (
                <>
                  <span className={css`font-weight: 650; overflow-wrap: anywhere;`}>
                    {methodText(method.paymentMethod.name, method.paymentCurrency?.symbol)}
                  </span>
                  <AppLink
                    path={links.subscription(method.id)}
                    className={css`font-size: 14px; display: inline-flex; min-height: 24px; align-items: center;`}
                  >
                    {t('portal.summary.changeMethod')}
                  </AppLink>
                </>
              ) : (
                <span className={c.muted}>{t('portal.summary.noMethod')}</span>
              )}
            </>,
          )}
          {balances.length
            ? box(
                'overview-credits',
                t('portal.summary.credits'),
                <>
                  {balances.map((b) => (
                    <span key={b.currency.id} className={c.big}>
                      {money(b.amount, b.currency)}
                    </span>
                  ))}
                  <span>{toTab('credits', t('portal.summary.viewCredits'))}</span>
                </>,
              )
            : null}
        </div>
      )}
    </section>
  );
}
