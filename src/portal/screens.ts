/**
 * Which screen a `<pay-portal>` view opens on, and the invoice history's first page, without React: the element's
 * prefetch (elements/pay-portal.ts) starts that page's request at connect, and the screens read the same query.
 */
import type { Api } from '../api/index.ts';
import { queryKey } from '../api/query-keys.ts';
import type { InvoiceListParams } from '../api/resources/customers.ts';
import { BELOW_MD, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_MOBILE } from '../core/layout.ts';
import { queryParams } from '../core/params.ts';
import { prefetchSession, sessionStore } from '../state/session.ts';

export const TABS = ['subscriptions', 'invoices', 'payments', 'credits'] as const;
export type Tab = (typeof TABS)[number];

/** The tab the page address asks for (`?tab=`, the customer links' home(tab)), if any. */
function tabOfLocation(): Tab | null {
  const raw = queryParams().get('tab');
  return (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : null;
}

export type PortalScreen =
  | { kind: 'invoice' | 'subscription' | 'credit-grant'; id: string }
  | { kind: 'history' | 'past-due' }
  | { kind: 'overview'; tab: Tab };

/** The screen of a view (the host maps the spec's customer links to views); a detail view with no id opens a list. */
export function portalScreen(view: string | undefined, resourceId: string | undefined): PortalScreen {
  const id = resourceId?.trim();
  switch (view) {
    case 'invoice':
      return id ? { kind: 'invoice', id } : { kind: 'history' };
    case 'past-due':
      return { kind: 'past-due' };
    case 'subscription':
      return id ? { kind: 'subscription', id } : { kind: 'overview', tab: 'subscriptions' };
    case 'subscriptions':
      return { kind: 'overview', tab: 'subscriptions' };
    case 'credit-grant':
      return id ? { kind: 'credit-grant', id } : { kind: 'overview', tab: 'credits' };
    case 'credits':
      return { kind: 'overview', tab: 'credits' };
    case 'payments':
      return { kind: 'overview', tab: 'payments' };
    default:
      return { kind: 'overview', tab: tabOfLocation() ?? 'invoices' };
  }
}

export type InvoiceFilter = Omit<InvoiceListParams, 'page' | 'pageSize'>;

/** The invoice history's filter: the given customer's invoices (else the signed-in one's), staking ones included. */
export const historyFilter = (customerId: string | undefined): InvoiceFilter => ({
  ...(customerId ? { customer_id: customerId } : {}),
  include_staking: true,
});

/** A page of invoices; an answer stays fresh 30 s (payments refresh the lists regardless: query-invalidate.ts). */
export const invoicesQuery = (api: Api, filter: InvoiceFilter, page: number, pageSize: number) => ({
  queryKey: queryKey('invoices', JSON.stringify(filter), page, pageSize),
  queryFn: () => api.invoices.list({ ...filter, page, pageSize }),
  staleTime: 30_000,
});

/** A table's first page size: 10, or 5 below md (portal/table.tsx usePaging). */
export const firstPageSize = (mobile: boolean): number => (mobile ? TABLE_PAGE_SIZE_MOBILE : TABLE_PAGE_SIZE);

/**
 * At connect (before the first render): the session, then, once it says someone is signed in (a visitor gets the
 * sign-in notice, no list), the invoice history's first page when the view opens on it.
 */
export function prefetchPortal(api: Api, props: Record<string, unknown>): void {
  prefetchSession(api);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const screen = portalScreen(str(props.view), str(props.resourceId));
  if (screen.kind !== 'history' && !(screen.kind === 'overview' && screen.tab === 'invoices')) return;
  const query = invoicesQuery(
    api,
    historyFilter(str(props.customerId)),
    1,
    firstPageSize(window.matchMedia(BELOW_MD).matches),
  );
  const session = sessionStore(api);
  const start = () => {
    if (session.getState().user) void api.queryClient.prefetchQuery(query);
  };
  if (session.getState().initialized) start();
  else void session.refresh().then(start);
}
