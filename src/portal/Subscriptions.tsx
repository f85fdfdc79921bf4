/**
 * Subscriptions of the signed-in customer: the list, and the detail with status, items, next renewal and its
 * amount (metered items excluded, spec §9), payment method and trial; cancel with feedback (a paid subscription
 * stays until the period end, a trial ends at once) and resume ('Failed to renew the subscription' on failure;
 * a revoked stake needs a new one first).
 */
import { queryKey } from '../api/query-keys.ts';
import { invalidate } from '../api/query-invalidate.ts';
import { formatError } from '../core/errors.ts';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { Subscription } from '../api/types.ts';
import { intervalText, subscriptionStake, SUBSCRIPTION_STATUS_TONE } from '../core/billing.ts';
import { itemsTotal } from '../core/checkout.ts';
import { customerLinks } from '../core/links.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../ui/query.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { useFieldClasses } from '../ui/TextField.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import {
  AdminCustomerCell,
  AdminLinks,
  AppLink,
  Arrow,
  BrowseAction,
  day,
  LoadError,
  Loading,
  Notice,
  Page,
  useDashboard,
  useMethodText,
  useMoney,
  usePayLinkClass,
} from './parts.tsx';

/** Stripe's cancellation feedback values (what the reasons map to). */
export const CANCEL_REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;

const LIVE = new Set(['active', 'trialing', 'past_due']);

// Change plan / payment method: a lazy chunk, loaded when the customer opens one.
const ChangePlanDialog = lazy(() => import('./SubscriptionChanges.tsx').then((m) => ({ default: m.ChangePlanDialog })));
const ChangePaymentDialog = lazy(() =>
  import('./SubscriptionChanges.tsx').then((m) => ({ default: m.ChangePaymentDialog })),
);
// Re-stake through the wallet (resuming after a returned or slashed stake): a lazy chunk too.
const RestakeDialog = lazy(() => import('./Stake.tsx').then((m) => ({ default: m.RestakeDialog })));
const StakePanel = lazy(() => import('./Stake.tsx').then((m) => ({ default: m.StakePanel })));

/** The renewal amount: licensed items only (metered usage is billed separately). */
export function renewalAmount(sub: Subscription): string {
  const items = (sub.items ?? []).filter((i) => i.price).map((i) => ({ price: i.price!, quantity: i.quantity ?? 1 }));
  return itemsTotal(items as Parameters<typeof itemsTotal>[0], sub.currency_id, { excludeMetered: true });
}

function useSubscriptionText() {
  const t = useT();
  const money = useMoney();
  /** What happens next: cancels on, trial ends on, renews on … for …, or ended. */
  return (s: Subscription): string => {
    const end = day(s.current_period_end);
    if (s.status === 'canceled')
      return t('portal.sub.endedOn', {
        date: day(s.ended_at ?? s.canceled_at ?? s.current_period_end),
      });
    if (s.cancel_at) return t('portal.sub.cancelsOn', { date: day(s.cancel_at) });
    if (s.status === 'trialing')
      return t('portal.sub.trialEndsOn', {
        date: day(s.trial_end ?? s.current_period_end),
        amount: money(renewalAmount(s), s.paymentCurrency),
      });
    if (s.status === 'past_due') return t('portal.sub.pastDueText');
    return t('portal.sub.renewsOn', { date: end, amount: money(renewalAmount(s), s.paymentCurrency) });
  };
}

function SubStatus({ s }: { s: Subscription }) {
  const t = useT();
  return (
    <StatusChip tone={SUBSCRIPTION_STATUS_TONE[s.status] ?? 'default'}>
      {t(`portal.subscriptionStatus.${s.status}`, { defaultValue: s.status })}
    </StatusChip>
  );
}

/** The customer's subscriptions, live ones first. */
export function SubscriptionList({ prefix, customerId }: { prefix: string; customerId?: string }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const next = useSubscriptionText();
  const dashboard = useDashboard();
  const payClass = usePayLinkClass('sm');
  const here = typeof location !== 'undefined' ? location.href : undefined;
  const q = useQuery(queryKey('subscriptions', customerId ?? ''), () =>
    api.subscriptions.list({ ...(customerId ? { customer_id: customerId } : {}), pageSize: 100 }),
  );
  if (q.isError && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Loading rows={3} />;
  if (!q.data.list.length)
    return (
      <Notice
        part="no-subscriptions"
        title={t('portal.sub.none')}
        text={t('portal.sub.noneHint')}
        action={<BrowseAction prefix={prefix} />}
      />
    );
  const list = [...q.data.list].sort((a, b) => Number(LIVE.has(b.status)) - Number(LIVE.has(a.status)));
  return (
    <ul
      part="subscription-list"
      className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px;`}
    >
      {list.map((s) => (
        <li
          key={s.id}
          part="subscription-row"
          className={css`display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; padding: 16px 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
        >
          <div className={css`display: flex; flex-direction: column; gap: 4px; min-width: 0;`}>
            <AppLink
              path={customerLinks(prefix).subscription(s.id)}
              className={css`font-weight: 650; font-size: 16px; overflow-wrap: anywhere;`}
            >
              {s.description || s.id}
            </AppLink>
            <span className={css`color: var(--pay-color-muted); font-size: 13px;`}>{next(s)}</span>
            {dashboard ? (
              <span className={css`font-size: 13px;`}>
                <AdminCustomerCell
                  prefix={prefix}
                  customerId={s.customer_id}
                  name={(s.customer as { name?: string } | null | undefined)?.name}
                />
              </span>
            ) : null}
          </div>
          <span className={css`display: inline-flex; gap: 12px; align-items: center; flex-wrap: wrap;`}>
            {s.status === 'past_due' ? (
              <AppLink path={customerLinks(prefix).pastDue(here)} part="pay-subscription" className={payClass}>
                {t('portal.pay')}
              </AppLink>
            ) : null}
            <SubStatus s={s} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const { css } = useCss();
  return (
    <dl
      part="subscription-facts"
      className={css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 10px 24px; margin: 0; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg); & dt { color: var(--pay-color-muted); } & dd { margin: 0; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; & dd { margin-bottom: 10px; } }`}
    >
      {items.map(([k, v]) => (
        <div key={k} className={css`display: contents;`}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SubscriptionDetail({ id, prefix }: { id: string; prefix: string }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const methodText = useMethodText();
  const next = useSubscriptionText();
  const client = useQueryClient();
  const toast = useToast();
  const dashboard = useDashboard();
  const payClass = usePayLinkClass('md');
  // The past-due page links back here after paying.
  const here = typeof location !== 'undefined' ? location.href : undefined;
  const q = useQuery(queryKey('subscription', id), () => api.subscriptions.retrieve(id));
  const s = q.data;
  const scheduled = !!s && s.status !== 'canceled' && !!s.cancel_at;
  const info = useQuery(queryKey('subscription', id, 'recover-info'), () => api.subscriptions.recoverInfo(id), {
    enabled: scheduled,
  });
  const [cancelOpen, setCancelOpen] = useState(false);
  // The change dialog stays mounted while it closes (so focus returns to its opener); each opening is a fresh one.
  const [change, setChange] = useState<{ kind: 'plan' | 'payment'; open: boolean; n: number } | null>(null);
  const openChange = (kind: 'plan' | 'payment') => setChange((c) => ({ kind, open: true, n: (c?.n ?? 0) + 1 }));
  const closeChange = () => setChange((c) => (c ? { ...c, open: false } : c));
  const [needStake, setNeedStake] = useState(false);
  // The re-stake wallet dialog: stays mounted while it closes (focus goes back to the resume button).
  const [restake, setRestake] = useState<{ open: boolean; n: number } | null>(null);
  const [restakeError, setRestakeError] = useState<string | null>(null);
  const startRestake = () => {
    setRestakeError(null);
    setRestake((r) => ({ open: true, n: (r?.n ?? 0) + 1 }));
  };
  const closeRestake = () => setRestake((r) => (r ? { ...r, open: false } : r));
  const refresh = (sub?: Subscription) => {
    if (sub) client.setQueryData(queryKey('subscription', id), (old: Subscription | undefined) => ({ ...old, ...sub }));
    // The subscription, what hangs off it (recover info, plans, payment options) and the lists.
    void invalidate.subscription(client, id);
  };
  const resume = useMutation(() => api.subscriptions.recover(id), {
    onSuccess: (r) => {
      if (r.needStake) {
        setNeedStake(true);
        return startRestake();
      }
      refresh(r.subscription);
      toast.show({ tone: 'success', message: t('portal.sub.resumed') });
    },
  });
  const stakeNeeded = needStake || info.data?.needStake === true;

  const back = (
    <AppLink path={customerLinks(prefix).home()} part="back">
      <Arrow to="back" /> {t('portal.sub.back')}
    </AppLink>
  );
  if (q.isError && !s)
    return (
      <Page back={back} title={t('portal.subscription')}>
        <LoadError error={q.error} retry={() => void q.refetch()} />
      </Page>
    );
  if (!s)
    return (
      <Page back={back} title={t('portal.subscription')}>
        <Loading />
      </Page>
    );

  const items = s.items ?? [];
  const canCancel = LIVE.has(s.status) && !s.cancel_at;
  const pastDue = s.status === 'past_due';
  const changed = (sub: Subscription, message: string) => {
    closeChange();
    refresh(sub);
    toast.show({ tone: 'success', message });
  };
  return (
    <Page
      back={back}
      title={
        <span className={css`display: inline-flex; gap: 12px; align-items: center; flex-wrap: wrap;`}>
          {s.description || t('portal.subscription')}
          <SubStatus s={s} />
        </span>
      }
      actions={
        canCancel ? (
          // Weighted as Stripe does: the one thing to do first (pay what is due, else change the plan), then the
          // payment method; cancel is a quiet text action, never the primary one.
          <span
            part="subscription-actions"
            className={css`display: inline-flex; gap: 8px; flex-wrap: wrap; align-items: center;`}
          >
            {pastDue ? (
              <AppLink path={customerLinks(prefix).pastDue(here)} part="pay-subscription" className={payClass}>
                {t('portal.pay')}
              </AppLink>
            ) : null}
            <Button variant={pastDue ? 'text' : 'secondary'} part="change-plan" onClick={() => openChange('plan')}>
              {t('portal.change.plan')}
            </Button>
            <Button variant="secondary" part="change-payment" onClick={() => openChange('payment')}>
              {t('portal.change.method')}
            </Button>
            <Button variant="text" part="cancel-subscription" onClick={() => setCancelOpen(true)}>
              {t('portal.sub.cancel')}
            </Button>
          </span>
        ) : scheduled ? (
          <Button
            part="resume-subscription"
            pending={resume.isPending || restake?.open === true}
            onClick={() => (stakeNeeded ? startRestake() : resume.mutate())}
          >
            {t('portal.sub.resume')}
          </Button>
        ) : null
      }
    >
      {dashboard ? (
        <AdminLinks
          prefix={prefix}
          billing={s.id}
          billingLabel={t('portal.adminSubscription')}
          customerId={s.customer_id}
        />
      ) : null}
      {pastDue ? (
        <Alert tone="warning" title={t('portal.subscriptionStatus.past_due')}>
          {t('portal.sub.pastDueText')}
        </Alert>
      ) : null}
      {resume.isError ? (
        <Alert tone="error" title={t('portal.sub.renewFailed')}>
          {formatError(resume.error)}
        </Alert>
      ) : null}
      {restakeError ? (
        <Alert tone="error" title={t('portal.sub.renewFailed')}>
          {restakeError}
        </Alert>
      ) : null}
      {scheduled && stakeNeeded ? (
        <Alert tone="warning" title={t('portal.sub.stakeRequired')}>
          {t('portal.sub.stakeRequiredText')}
        </Alert>
      ) : null}
      <Facts
        items={[
          [t('portal.status'), <span part="subscription-next">{next(s)}</span>],
          [t('portal.currentPeriod'), `${day(s.current_period_start)} – ${day(s.current_period_end)}`],
          ...(LIVE.has(s.status) && !s.cancel_at
            ? ([
                [
                  t('portal.sub.nextAmount'),
                  <span part="renewal-amount">{money(renewalAmount(s), s.paymentCurrency)}</span>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
          ...(s.trial_end
            ? ([[t('portal.sub.trial'), `${day(s.trial_start ?? s.start_date)} – ${day(s.trial_end)}`]] as Array<
                [string, ReactNode]
              >)
            : []),
          ...(s.paymentMethod
            ? ([[t('portal.paymentMethod'), methodText(s.paymentMethod.name, s.paymentCurrency?.symbol)]] as Array<
                [string, ReactNode]
              >)
            : []),
          [t('portal.sub.started'), day(s.start_date ?? s.created_at)],
        ]}
      />
      {subscriptionStake(s, s.paymentCurrency?.decimal) ? (
        <Suspense fallback={null}>
          <StakePanel sub={s} prefix={prefix} />
        </Suspense>
      ) : null}
      <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('portal.items')}</h2>
      <ul
        part="subscription-items"
        className={css`list-style: none; margin: 0; padding: 0; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg); & > li { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; padding: 12px 20px; border-bottom: 1px solid var(--pay-color-border); } & > li:last-child { border-bottom: 0; }`}
      >
        {items.map((item) => {
          const price = item.price;
          const metered = price?.recurring?.usage_type === 'metered';
          const interval = price?.recurring ? intervalText(price.recurring) : null;
          const unit = price
            ? itemsTotal([{ price, quantity: item.quantity ?? 1 }] as Parameters<typeof itemsTotal>[0], s.currency_id)
            : '0';
          return (
            <li key={item.id} part="subscription-item">
              <span>
                <bdi>{price?.product?.name ?? item.price_id}</bdi> × {item.quantity ?? 1}
              </span>
              <span className={css`color: var(--pay-color-muted);`}>
                {metered
                  ? t('portal.sub.metered')
                  : `${money(unit, s.paymentCurrency)}${interval ? ` ${t(interval.key, interval.params)}` : ''}`}
              </span>
            </li>
          );
        })}
      </ul>
      <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('portal.subscriptionInvoices')}</h2>
      <InvoiceTable
        label={t('portal.subscriptionInvoices')}
        prefix={prefix}
        filter={{ subscription_id: id, include_staking: true }}
      />
      <Suspense fallback={null}>
        {change?.kind === 'plan' ? (
          <ChangePlanDialog
            key={change.n}
            open={change.open}
            sub={s}
            onClose={closeChange}
            onDone={(sub) => changed(sub, t('portal.change.planChanged', { date: day(sub.current_period_end) }))}
          />
        ) : change?.kind === 'payment' ? (
          <ChangePaymentDialog
            key={change.n}
            open={change.open}
            sub={s}
            onClose={closeChange}
            onDone={(sub) => changed(sub, t('portal.change.methodChanged', { date: day(sub.current_period_end) }))}
          />
        ) : null}
        {restake ? (
          <RestakeDialog
            key={restake.n}
            open={restake.open}
            sub={s}
            onCancel={closeRestake}
            onError={(text) => {
              closeRestake();
              setRestakeError(text);
            }}
            onDone={(text) => {
              closeRestake();
              setNeedStake(false);
              refresh();
              void invalidate.invoices(client); // the stake invoice
              toast.show({ tone: 'success', message: text });
            }}
          />
        ) : null}
      </Suspense>
      <CancelDialog
        open={cancelOpen}
        sub={s}
        onClose={() => setCancelOpen(false)}
        onDone={(sub) => {
          setCancelOpen(false);
          refresh(sub);
          toast.show({
            tone: 'success',
            message:
              sub.status === 'canceled'
                ? t('portal.sub.canceledNow')
                : t('portal.sub.canceledAtEnd', { date: day(sub.cancel_at) }),
          });
        }}
      />
    </Page>
  );
}

function CancelDialog({
  open,
  sub,
  onClose,
  onDone,
}: {
  open: boolean;
  sub: Subscription;
  onClose: () => void;
  onDone: (s: Subscription) => void;
}) {
  const api = useApi();
  const t = useT();
  const { css, cx } = useCss();
  const c = useFieldClasses();
  const [reason, setReason] = useState<string>('');
  const [comment, setComment] = useState('');
  const commentId = useId();
  const trial = sub.status === 'trialing';
  const m = useMutation(
    () =>
      api.subscriptions.cancel(sub.id, {
        at: 'current_period_end',
        ...(reason ? { feedback: reason } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        reason: 'cancellation_requested',
      }),
    {
      onSuccess: onDone,
    },
  );
  return (
    <Dialog
      open={open}
      onClose={() => (m.isPending ? undefined : onClose())}
      dismissible={!m.isPending}
      title={t('portal.sub.cancelTitle')}
      description={
        trial ? t('portal.sub.cancelTrialText') : t('portal.sub.cancelPaidText', { date: day(sub.current_period_end) })
      }
      actions={
        <>
          <Button variant="secondary" disabled={m.isPending} onClick={onClose}>
            {t('portal.sub.keep')}
          </Button>
          <Button variant="danger" part="confirm-cancel" pending={m.isPending} onClick={() => m.mutate()}>
            {t('portal.sub.confirmCancel')}
          </Button>
        </>
      }
    >
      <div part="cancel-feedback" className={css`display: flex; flex-direction: column; gap: 16px;`}>
        <fieldset className={css`border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;`}>
          <legend className={c.label}>{t('portal.sub.reasonLabel')}</legend>
          {CANCEL_REASONS.map((r) => (
            <label
              key={r}
              className={css`display: flex; gap: 8px; align-items: center; min-height: 28px; cursor: pointer;`}
            >
              <input
                type="radio"
                name="cancel-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className={css`width: 18px; height: 18px; margin: 0; accent-color: var(--pay-color-primary);`}
              />
              {t(`portal.sub.reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <div className={c.wrap}>
          <label htmlFor={commentId} className={c.label}>
            {t('portal.sub.comment')}
          </label>
          <div className={c.control}>
            <textarea
              id={commentId}
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className={cx(c.input, css`height: auto; padding: 8px 0; resize: vertical;`)}
            />
          </div>
        </div>
        {m.isError ? (
          <Alert tone="error" title={t('portal.sub.cancelFailed')}>
            {formatError(m.error)}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
