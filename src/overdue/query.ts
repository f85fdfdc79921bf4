/**
 * The customer's overdue invoices (GET /api/customers/{id|did}/overdue/invoices), one query shared by the past-due
 * page, the checkout's overdue dialog and the portal overview (same key: one request, one cache). `null` when the
 * payer is not a customer yet (404: nothing can be due).
 */
import { queryKey } from '../api/query-keys.ts';
import { isApiError } from '../api/errors.ts';
import type { OverdueInvoices } from '../api/types.ts';
import { useApi } from '../ui/api.tsx';
import { useQuery } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';

export function useOverdueQuery(customerId: string | undefined) {
  const api = useApi();
  const session = useSession();
  const ref = customerId || session.user?.did || '';
  return useQuery(queryKey('overdue', ref), async (): Promise<OverdueInvoices | null> => {
    try {
      return await api.customers.overdueInvoices(ref);
    } catch (err) {
      // No customer yet (never bought anything): nothing can be due.
      if (isApiError(err) && err.status === 404) return null;
      throw err;
    }
  });
}
