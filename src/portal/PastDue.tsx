/**
 * Past-due invoices (/customer/invoice/past-due, spec §2 and §4): per currency the amount due and a Pay button
 * that pays every unpaid invoice of that currency through the wallet (`collect-batch` connect action); each
 * currency has its own state: idle, paying, success, error with retry. 'Nothing to pay' when nothing is due.
 * After paying, a link back to the referer (checked with safeUrl). A realtime `invoice.paid` refreshes the page
 * (debounced 1 s, at most 5 s) with a success toast. Stripe balances are not paid here: the row links the invoice.
 * The list and its logic are shared with the checkout's overdue-invoice dialog (src/overdue/).
 */
import { customerLinks } from '../core/links.ts';
import { queryParams } from '../core/params.ts';
import { safeUrl } from '../core/url.ts';
import { useT } from '../ui/i18n.tsx';
import { Link } from '../ui/Link.tsx';
import { useCss } from '../ui/styles.tsx';
import { useOverdueMessages } from '../overdue/messages.ts';
import { OverdueConnect, OverdueList } from '../overdue/OverduePayment.tsx';
import { useOverduePayment } from '../overdue/useOverduePayment.ts';
import { InvoiceTable } from './InvoiceTable.tsx';
import { AppLink, LoadError, Loading, Notice, Page } from './parts.tsx';

/** The referer to go back to: the attribute, else `?referer=` of the page (the customer link carries it). */
function refererOf(attr: string | undefined): string | null {
  const raw = attr ?? queryParams().get('referer');
  return raw ? safeUrl(raw) : null;
}

export function PastDue(props: { prefix: string; customerId?: string | undefined; referer?: string | undefined }) {
  const ready = useOverdueMessages();
  const t = useT();
  if (!ready) {
    return (
      <Page title={t('portal.pastDue')}>
        <Loading rows={2} />
      </Page>
    );
  }
  return <PastDuePage {...props} />;
}

function PastDuePage({
  prefix,
  customerId,
  referer,
}: {
  prefix: string;
  customerId?: string | undefined;
  referer?: string | undefined;
}) {
  const t = useT();
  const { css } = useCss();
  const state = useOverduePayment(customerId);
  const { data, due, paidRows, anyPaid } = state;
  const back = refererOf(referer);
  const links = customerLinks(prefix);

  let body: React.ReactNode;
  if (state.isError && !data) body = <LoadError error={state.error} retry={state.reload} />;
  else if (data === undefined) body = <Loading rows={2} />;
  else if (!due.length && !paidRows.length)
    body = (
      <Notice
        part="nothing-to-pay"
        title={t('overdue.nothingToPay')}
        text={t('portal.pastDueNone')}
        action={<AppLink path={links.home()}>{t('portal.sub.back')}</AppLink>}
      />
    );
  else
    body = (
      <OverdueList
        state={state}
        variant="page"
        invoicePath={(id) => links.invoice(id)}
        renderLink={(path, children) => <AppLink path={path}>{children}</AppLink>}
      />
    );

  return (
    <Page title={t('portal.pastDue')}>
      {/* What the page is about, only while it is true: waiting invoices, or all of them paid here. */}
      {due.length ? (
        <p part="past-due-hint" className={css`margin: -8px 0 0; color: var(--pay-color-muted);`}>
          {t('portal.pastDueHint')}
        </p>
      ) : anyPaid ? (
        <p part="past-due-hint" role="status" className={css`margin: -8px 0 0; color: var(--pay-color-muted);`}>
          {t('portal.pastDueAllPaid')}
        </p>
      ) : null}
      {body}
      {anyPaid && back ? (
        <p part="referer" className={css`margin: 0;`}>
          <Link href={back}>{t('overdue.backToReferer')}</Link>
        </p>
      ) : null}
      {due.length ? (
        <>
          <h2 className={css`margin: 8px 0 0; font-size: 18px;`}>{t('overdue.dueInvoices')}</h2>
          <InvoiceTable
            label={t('overdue.dueInvoices')}
            prefix={prefix}
            filter={{ ...(customerId ? { customer_id: customerId } : {}), status: 'open,uncollectible' }}
          />
        </>
      ) : null}
      <OverdueConnect state={state} />
    </Page>
  );
}
