/** Pieces every portal screen shares: page frame, load states, refusal screens, money, links that tell the host. */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { PaymentCurrency } from '../api/types.ts';
import { DATE_FORMAT, formatTime, type TimeInput } from '../core/dates.ts';
import { errorCode, errorKey, errorStatus, formatError } from '../core/errors.ts';
import { adminLinks } from '../core/links.ts';
import { isolateValues } from '../core/bidi.ts';
import { direction } from '../core/locale.ts';
import { formatAmount } from '../core/money.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button, useButtonClass } from '../ui/Button.tsx';
import { useEmit, useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { usePayNavigate } from '../ui/navigate.ts';
import { flipInRtl, focusRing } from '../ui/shared-css.ts';
import { Skeleton, useDelay } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';

/**
 * The page printed from the browser (Ctrl+P): the content only, without the way around it (back link, buttons,
 * tabs and pagination, pay and admin links), full width.
 */
const PRINT_PAGE = `@media print{max-width:none;padding:0;& [part~=back],& button,& [role=tablist],& [part~=pagination],& [part~=admin-links],& [part~=pay],& [part~=pay-subscription],& [part~=past-due-link],& [part~=invoice-layout]{display:none!important;}}`;

export function Page({
  title,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  back?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { css } = useCss();
  return (
    <section
      part="portal"
      className={css`max-width: 1040px; margin: 0 auto; padding: 28px 24px 48px; display: flex; flex-direction: column; gap: 20px; @media (max-width: 599px) { padding: 20px 16px 32px; } ${PRINT_PAGE}`}
    >
      {back}
      <div
        className={css`display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;`}
      >
        <h1
          className={css`margin: 0; font-size: 26px; font-weight: 750; letter-spacing: -0.01em; overflow-wrap: anywhere; @media (max-width: 599px) { font-size: 22px; }`}
        >
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The skeleton after 0.5 s (nothing before: no flash on fast loads). */
export function Loading({ rows = 4 }: { rows?: number }) {
  const show = useDelay(500);
  const { css } = useCss();
  if (!show) return <div aria-busy="true" className={css`min-height: 120px;`} />;
  return (
    <div aria-busy="true" className={css`display: flex; flex-direction: column; gap: 12px;`}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rect" height={40} delay={0} announce={i === 0} />
      ))}
    </div>
  );
}

/**
 * A load failure: 403 → the refusal, 404 → not found, else the error text with Retry. Each failure is also told to
 * the host once as `pay-error {message, code?, status?}`.
 */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  const emit = useEmit<'pay-portal'>();
  // The api's errors carry these; anything else thrown has none (core/errors reads them without the api).
  const status = errorStatus(error);
  const code = errorCode(error);
  const key = errorKey(error);
  const message = key ? t(key, { defaultValue: formatError(error) }) : formatError(error);
  useEffect(() => {
    emit('error', { message: formatError(error), ...(code ? { code } : {}), ...(status ? { status } : {}) });
  }, [error]); // eslint-disable-line react-hooks/exhaustive-deps -- once per failure
  if (status === 403) return <Notice part="forbidden" title={t('portal.forbidden')} text={t('portal.forbiddenHint')} />;
  if (status === 404) return <Notice part="not-found" title={t('portal.notFound')} text={t('portal.notFoundHint')} />;
  return (
    <Alert
      tone="error"
      title={t('portal.loadFailed')}
      action={
        <Button variant="secondary" size="sm" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export function Notice({
  title,
  text,
  action,
  part,
}: {
  title: ReactNode;
  text?: string;
  action?: ReactNode;
  part?: string;
}) {
  const { css } = useCss();
  return (
    <div
      part={part}
      role="status"
      className={css`display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 48px 16px; text-align: center; border: 1px dashed var(--pay-color-border-strong); border-radius: var(--pay-radius-lg);`}
    >
      <h2 className={css`margin: 0; font-size: 18px;`}>{title}</h2>
      {text ? <p className={css`margin: 0; color: var(--pay-color-muted); max-width: 460px;`}>{text}</p> : null}
      {action}
    </div>
  );
}

/** Spec §9: a timestamp as `YYYY-MM-DD HH:mm:ss`, the same in every locale. */
export const timestamp = (value: TimeInput): string => formatTime(value);
/** A day as the date part of the spec's timestamp format (`YYYY-MM-DD`). */
export const day = (value: TimeInput): string => formatTime(value, DATE_FORMAT);

/**
 * A payment method with its currency, `DID Wallet (TBA)`. Right to left, each name is isolated, so the Latin names
 * keep their brackets where they belong; the names are the platform's configuration (never a person's input), so a
 * left-to-right language shows them as they are.
 */
export function useMethodText() {
  const t = useT();
  const { locale } = useSettings();
  const rtl = direction(locale) === 'rtl';
  return (method: string, symbol: string | null | undefined): string =>
    symbol
      ? t(
          'portal.methodWithCurrency',
          rtl ? isolateValues({ method, symbol }, ['method', 'symbol']) : { method, symbol },
        )
      : method;
}

/** `12.5 TBA` in the element's locale; BigInt on strings, never floats. */
export function useMoney() {
  const { locale } = useSettings();
  return (amount: string | null | undefined, currency: PaymentCurrency | null | undefined) =>
    formatAmount(amount ?? '0', currency?.decimal ?? 2, {
      locale,
      ...(currency?.symbol ? { symbol: currency.symbol } : {}),
    });
}

/**
 * A link to an app page: a real href (works without the host), plus a cancelable `pay-navigate {path}` the host
 * may take to route without a reload.
 */
export function AppLink({
  path,
  children,
  className,
  part,
}: {
  path: string;
  children: ReactNode;
  className?: string;
  part?: string;
}) {
  const navigate = usePayNavigate();
  const { css, cx } = useCss();
  const href = checkHref(path);
  return (
    <a
      href={href ?? undefined}
      part={part}
      onClick={navigate(path)}
      className={cx(
        css`color: var(--pay-color-primary); text-decoration: none; border-radius: 2px; &:hover { text-decoration: underline; } ${focusRing}`,
        className,
      )}
    >
      {children}
    </a>
  );
}

/** Dashboard mode (the `dashboard` attribute): every screen adds its admin links (spec §2 Admin links). */
export const DashboardContext = createContext(false);
export const useDashboard = (): boolean => useContext(DashboardContext);

/**
 * The admin links of a page (part `admin-links`): the resource in admin (/admin/billing/{id}) and its customer
 * (/admin/customers/{id}).
 */
export function AdminLinks({
  prefix,
  billing,
  billingLabel,
  customerId,
}: {
  prefix: string;
  billing?: string | undefined;
  billingLabel?: string;
  customerId?: string | null | undefined;
}) {
  const t = useT();
  const { css } = useCss();
  const admin = adminLinks(prefix);
  return (
    <div className={css`display: flex; gap: 8px 16px; flex-wrap: wrap;`} part="admin-links">
      {billing ? (
        <AppLink
          path={admin.billing(billing)}
          className={css`display: inline-flex; align-items: center; min-height: 24px;`}
        >
          {billingLabel}
        </AppLink>
      ) : null}
      {customerId ? (
        <AppLink
          path={admin.customer(customerId)}
          className={css`display: inline-flex; align-items: center; min-height: 24px;`}
        >
          {t('portal.adminCustomerLink')}
        </AppLink>
      ) : null}
    </div>
  );
}

/** A list's customer cell in dashboard mode: the customer's admin page, named by the customer. */
export function AdminCustomerCell({
  prefix,
  customerId,
  name,
}: {
  prefix: string;
  customerId: string | null | undefined;
  name?: string | null | undefined;
}) {
  if (!customerId) return <>—</>;
  return (
    <AppLink path={adminLinks(prefix).customer(customerId)} part="admin-customer">
      {name || customerId}
    </AppLink>
  );
}

/** An arrow beside a link's text, pointing back or on along the line (mirrored right to left); hidden from readers. */
export function Arrow({ to }: { to: 'back' | 'on' }) {
  const { css } = useCss();
  return (
    <span aria-hidden="true" className={css`display: inline-block; ${flipInRtl}`}>
      {to === 'back' ? '←' : '→'}
    </span>
  );
}

/** What an empty list suggests doing next: browse the app's products (its home, where purchases start). */
export function BrowseAction({ prefix }: { prefix: string }) {
  const t = useT();
  const { css } = useCss();
  return (
    <AppLink
      path={prefix || '/'}
      part="browse"
      className={css`display: inline-flex; align-items: center; gap: 0.3em; min-height: 32px; font-weight: 600;`}
    >
      {t('portal.browse')} <Arrow to="on" />
    </AppLink>
  );
}

/**
 * An app link that looks like a primary button (the pay actions). Its own colours win over AppLink's link colour
 * (doubled class: the same specificity would leave the order of goober's rules to decide).
 */
export function usePayLinkClass(size: 'sm' | 'md' = 'md'): string {
  const { css, cx } = useCss();
  return cx(useButtonClass('primary', size), css`&& { color: var(--pay-color-on-primary); text-decoration: none; }`);
}
