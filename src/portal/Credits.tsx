/**
 * Credits of the signed-in customer (spec §2, §4, §5): the credit grant table (granted, pending, expired, depleted,
 * voided with their tones; remaining amount; effective and expiry dates), the credit transactions with a date range
 * filter (start day at 00:00:00, end day at 23:59:59, core `dayRange`), and the credit grant detail. Owners and
 * admins also see the meter event column and the admin credit links. Loaded lazily (not in the first paint).
 */
import { queryKey } from '../api/query-keys.ts';
import { useId, useState, type ReactNode } from 'react';
import type { CreditGrant, CreditTransaction, User } from '../api/types.ts';
import { CREDIT_GRANT_STATUS_TONE, type CreditGrantStatus } from '../core/billing.ts';
import { dayRange } from '../core/dates.ts';
import { customerLinks } from '../core/links.ts';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { AutoTopUp } from './AutoTopUp.tsx';
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
  timestamp,
  useDashboard,
  useMoney,
} from './parts.tsx';
import { Pager, TableFrame, useCellClass, usePaging } from './table.tsx';

/** Owners and admins (by role or passport) see the meter event column and the admin credit links. */
export function isOwnerOrAdmin(user: User | null | undefined): boolean {
  if (!user) return false;
  const roles = [user.role, ...(user.passports ?? []).map((p) => p.role)];
  return roles.some((r) => r === 'owner' || r === 'admin');
}

/** Voided and expired grants keep their remaining amount on record, but none of it can be used any more. */
export function usableRemaining(g: Pick<CreditGrant, 'status' | 'remaining_amount'>): string {
  return g.status === 'voided' || g.status === 'expired' ? '0' : (g.remaining_amount ?? '0');
}

function GrantStatus({ status }: { status: string }) {
  const t = useT();
  return (
    <StatusChip tone={CREDIT_GRANT_STATUS_TONE[status as CreditGrantStatus] ?? 'default'}>
      {t(`portal.creditStatus.${status}`, { defaultValue: status })}
    </StatusChip>
  );
}

/** The Credits tab: grants, then transactions. */
export default function CreditsPanel({ prefix, customerId }: { prefix: string; customerId?: string | undefined }) {
  const t = useT();
  const { css } = useCss();
  return (
    <div className={css`display: flex; flex-direction: column; gap: 16px;`}>
      <h2 className={css`margin: 0; font-size: 18px;`}>{t('portal.credits.grants')}</h2>
      <GrantTable prefix={prefix} customerId={customerId} />
      <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('portal.credits.transactions')}</h2>
      <TransactionTable prefix={prefix} filter={customerId ? { customer_id: customerId } : {}} />
      <AutoTopUps customerId={customerId} />
    </div>
  );
}

/** Auto top-up, one card per credit currency the customer holds grants of. */
function AutoTopUps({ customerId }: { customerId?: string | undefined }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const session = useSession();
  const titleId = useId();
  const customer = customerId ?? session.user?.did;
  const q = useQuery(queryKey('credits', 'currencies', customerId ?? ''), () =>
    api.credits.grants({ ...(customerId ? { customer_id: customerId } : {}), pageSize: 100 }),
  );
  const currencies = [
    ...new Map(
      (q.data?.list ?? [])
        .filter((g) => g.paymentCurrency?.type === 'credit')
        .map((g) => [g.currency_id, g.paymentCurrency!]),
    ).values(),
  ];
  if (!customer || !currencies.length) return null;
  return (
    <section aria-labelledby={titleId} className={css`display: flex; flex-direction: column; gap: 12px;`}>
      <h2 id={titleId} className={css`margin: 8px 0 0; font-size: 18px;`}>
        {t('portal.autoTopUp.title')}
      </h2>
      <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('portal.autoTopUp.intro')}</p>
      {currencies.map((c) => (
        <AutoTopUp key={c.id} customer={customer} currency={c} customerId={customerId} />
      ))}
    </section>
  );
}

export function GrantTable({ prefix, customerId }: { prefix: string; customerId?: string | undefined }) {
  const api = useApi();
  const t = useT();
  const { css, cx } = useCss();
  const money = useMoney();
  const cell = useCellClass();
  const dashboard = useDashboard();
  const paging = usePaging(customerId ?? '');
  const { page, pageSize } = paging;
  const q = useQuery(
    queryKey('credits', 'grants', customerId ?? '', page, pageSize),
    () => api.credits.grants({ ...(customerId ? { customer_id: customerId } : {}), page, pageSize }),
    {
      placeholderData: (prev) => prev,
    },
  );
  if (q.isError && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Loading rows={3} />;
  if (q.data.count === 0)
    return (
      <Notice
        part="no-credit-grants"
        title={t('portal.credits.noGrants')}
        text={t('portal.credits.noGrantsHint')}
        action={<BrowseAction prefix={prefix} />}
      />
    );
  const label = t('portal.credits.grants');
  return (
    <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
      <TableFrame
        label={label}
        part="credit-grant-table"
        busy={q.isFetching}
        columns={[
          [t('portal.credits.name')],
          [t('portal.status')],
          [t('portal.remaining'), true],
          [t('portal.granted'), true],
          [t('portal.effective')],
          [t('portal.expires')],
          ...(dashboard ? ([[t('portal.customer')]] as Array<[string]>) : []),
        ]}
      >
        {q.data.list.map((g: CreditGrant) => (
          <tr key={g.id} part="credit-grant-row" data-id={g.id}>
            <th scope="row" className={cx(cell, css`font-weight: 600;`)}>
              <AppLink path={customerLinks(prefix).creditGrant(g.id)}>{g.name || g.id}</AppLink>
            </th>
            <td className={cell}>
              <GrantStatus status={g.status} />
            </td>
            <td className={cx(cell, css`text-align: end; font-weight: 600;`)}>
              {money(usableRemaining(g), g.paymentCurrency)}
            </td>
            <td className={cx(cell, css`text-align: end;`)}>
              {money(g.amount ?? g.remaining_amount, g.paymentCurrency)}
            </td>
            <td className={cell}>{day(g.effective_at ?? g.created_at)}</td>
            <td className={cell}>{g.expires_at ? day(g.expires_at) : t('portal.never')}</td>
            {dashboard ? (
              <td className={cell}>
                <AdminCustomerCell
                  prefix={prefix}
                  customerId={g.customer_id}
                  name={(g as { customer?: { name?: string } | null }).customer?.name}
                />
              </td>
            ) : null}
          </tr>
        ))}
      </TableFrame>
      <Pager label={label} count={q.data.count} paging={paging} />
    </div>
  );
}

type TxFilter = { customer_id?: string; credit_grant_id?: string };

/** Credit transactions (grants and usage) with a date range filter. */
export function TransactionTable({ prefix, filter }: { prefix: string; filter: TxFilter }) {
  const api = useApi();
  const t = useT();
  const { css, cx } = useCss();
  const money = useMoney();
  const cell = useCellClass();
  const session = useSession();
  const admin = isOwnerOrAdmin(session.user);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = from || to ? dayRange(from || to, to || from) : null;
  const invalid = Boolean(range && from && to && range.start > range.end);
  const params = {
    ...filter,
    include_grants: true,
    ...(range && !invalid ? { ...(from ? { start: range.start } : {}), ...(to ? { end: range.end } : {}) } : {}),
  };
  const key = JSON.stringify(params);
  const paging = usePaging(key);
  const { page, pageSize } = paging;
  const q = useQuery(
    queryKey('credits', 'transactions', key, page, pageSize),
    () => api.credits.transactions({ ...params, page, pageSize }),
    { placeholderData: (prev) => prev },
  );
  const label = t('portal.credits.transactions');
  const links = customerLinks(prefix);

  const filters = (
    <div
      part="credit-date-filter"
      role="group"
      aria-label={t('portal.credits.dateRange')}
      className={css`display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap;`}
    >
      <div className={css`width: 180px;`}>
        <TextField
          type="date"
          label={t('portal.credits.from')}
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className={css`width: 180px;`}>
        <TextField
          type="date"
          label={t('portal.credits.to')}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          error={invalid ? t('portal.credits.rangeInvalid') : undefined}
        />
      </div>
      {from || to ? (
        <Button
          variant="secondary"
          onClick={() => {
            setFrom('');
            setTo('');
          }}
        >
          {t('portal.credits.clearDates')}
        </Button>
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (q.isError && !q.data) body = <LoadError error={q.error} retry={() => void q.refetch()} />;
  else if (!q.data) body = <Loading rows={3} />;
  else if (q.data.count === 0)
    body = (
      <Notice
        part="no-credit-transactions"
        title={t(from || to ? 'portal.credits.noTransactionsInRange' : 'portal.credits.noTransactions')}
        text={t(from || to ? 'portal.credits.noTransactionsInRangeHint' : 'portal.credits.noTransactionsHint')}
      />
    );
  else {
    const columns: Array<[ReactNode, boolean?]> = [
      [t('portal.date')],
      [t('portal.credits.type')],
      [t('portal.amount'), true],
      [t('portal.creditGrant')],
      [t('portal.description')],
    ];
    if (admin) columns.push([t('portal.credits.meterEvent')]);
    body = (
      <>
        <TableFrame label={label} part="credit-transaction-table" busy={q.isFetching} columns={columns}>
          {q.data.list.map((tx: CreditTransaction, i) => {
            const usage = tx.activity_type === 'usage';
            const currency = tx.paymentCurrency;
            const amount = money(tx.credit_amount ?? tx.amount ?? '0', currency);
            const event = tx.meterEvent;
            return (
              <tr
                key={`${tx.activity_type}-${tx.id ?? i}`}
                part="credit-transaction-row"
                data-id={tx.id}
                data-type={tx.activity_type}
              >
                <td className={cell}>{timestamp(tx.created_at)}</td>
                <td className={cell}>{t(usage ? 'portal.credits.usage' : 'portal.credits.grant')}</td>
                <td className={cx(cell, css`text-align: end; font-weight: 600;`)}>{`${usage ? '−' : '+'}${amount}`}</td>
                <td className={cell}>
                  {tx.credit_grant_id ? (
                    <AppLink path={links.creditGrant(tx.credit_grant_id)}>
                      {tx.creditGrant?.name || tx.credit_grant_id}
                    </AppLink>
                  ) : null}
                </td>
                <td className={cx(cell, css`white-space: normal; min-width: 140px; color: var(--pay-color-muted);`)}>
                  {tx.description || (usage && tx.meter ? `${tx.meter.event_name ?? ''}` : '')}
                  {tx.metadata?.invoice_id ? (
                    <>
                      {' '}
                      <AppLink
                        path={links.invoice(tx.metadata.invoice_id)}
                        className={css`&& { text-decoration: underline; }`}
                      >
                        {t('portal.invoice')}
                      </AppLink>
                    </>
                  ) : null}
                </td>
                {admin ? (
                  // Wraps (ids are long): the admin's extra column must not push the table past its frame.
                  <td
                    className={cx(
                      cell,
                      css`font-family: var(--pay-font-family-mono); font-size: 13px; white-space: normal; overflow-wrap: anywhere; min-width: 160px; max-width: 240px;`,
                    )}
                    part="meter-event-cell"
                  >
                    {event?.id ? `${event.event_name ?? ''} · ${event.id}` : ''}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </TableFrame>
        <Pager label={label} count={q.data.count} paging={paging} />
      </>
    );
  }
  return (
    <div className={css`display: flex; flex-direction: column; gap: 12px;`}>
      {filters}
      {body}
    </div>
  );
}

/** One credit grant: status, amounts, dates, what it applies to, its transactions; admin links for owners/admins. */
export function CreditGrantDetail({ id, prefix }: { id: string; prefix: string }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const session = useSession();
  const dashboard = useDashboard();
  const q = useQuery(queryKey('credits', 'grant', id), () => api.credits.grant(id));
  const g = q.data;
  const back = (
    <AppLink path={customerLinks(prefix).home('credits')} part="back">
      <Arrow to="back" /> {t('portal.credits.back')}
    </AppLink>
  );
  // Owners and admins, and dashboard mode (spec §2 Admin links).
  const admin =
    g && (dashboard || isOwnerOrAdmin(session.user)) ? (
      <AdminLinks
        prefix={prefix}
        billing={g.id}
        billingLabel={t('portal.credits.adminGrant')}
        customerId={g.customer_id}
      />
    ) : null;
  const prices = g?.applicability_config?.scope?.prices ?? [];
  const facts: Array<[string, ReactNode]> = g
    ? [
        [
          t('portal.remaining'),
          <span part="credit-grant-remaining">{money(usableRemaining(g), g.paymentCurrency)}</span>,
        ],
        // What was left when it was voided or expired: on record, not usable.
        ...(usableRemaining(g) !== (g.remaining_amount ?? '0')
          ? ([[t(`portal.credits.unused.${g.status}`), money(g.remaining_amount, g.paymentCurrency)]] as Array<
              [string, ReactNode]
            >)
          : []),
        [t('portal.granted'), money(g.amount ?? g.remaining_amount, g.paymentCurrency)],
        [t('portal.effective'), day(g.effective_at ?? g.created_at)],
        [t('portal.expires'), g.expires_at ? day(g.expires_at) : t('portal.never')],
        ...(g.category
          ? ([
              [
                t('portal.credits.category'),
                t(`portal.credits.categories.${g.category}`, { defaultValue: g.category }),
              ],
            ] as Array<[string, ReactNode]>)
          : []),
        [t('portal.credits.appliesTo'), prices.length ? prices.join(', ') : t('portal.credits.allUsage')],
      ]
    : [];
  return (
    <Page
      back={back}
      actions={admin}
      title={
        <span className={css`display: inline-flex; gap: 12px; align-items: center; flex-wrap: wrap;`}>
          {g?.name || t('portal.creditGrant')}
          {g ? <GrantStatus status={g.status} /> : null}
        </span>
      }
    >
      {q.isError && !g ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !g ? (
        <Loading />
      ) : (
        <>
          <dl
            part="credit-grant"
            className={css`display: grid; grid-template-columns: minmax(140px, max-content) 1fr; gap: 10px 24px; margin: 0; padding: 20px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg); & dt { color: var(--pay-color-muted); } & dd { margin: 0; overflow-wrap: anywhere; } @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; & dd { margin-bottom: 10px; } }`}
          >
            {facts.map(([k, v]) => (
              <div key={k} className={css`display: contents;`}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('portal.credits.transactions')}</h2>
          <TransactionTable prefix={prefix} filter={{ credit_grant_id: g.id }} />
        </>
      )}
    </Page>
  );
}
