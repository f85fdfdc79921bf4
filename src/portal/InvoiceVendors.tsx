/**
 * Vendor installation progress on the invoice of a purchase (spec §2 portal, §4): a lazy chunk. Asks once whether
 * the invoice's checkout session has vendors; only then mounts the shared progress (src/ui/VendorProgress.tsx,
 * polled every 5 s until settled), so invoices without vendors never poll. Its `vendor` strings load with this chunk.
 */
import { queryKey } from '../api/query-keys.ts';
import messages from 'messages:vendor';
import { useApi } from '../ui/api.tsx';
import { useLazyMessages } from '../ui/lazy-messages.ts';
import { useQuery } from '../ui/query.ts';
import { useCss } from '../ui/styles.tsx';
import { VendorProgress } from '../ui/VendorProgress.tsx';

export default function InvoiceVendors({ sessionId }: { sessionId: string }) {
  const ready = useLazyMessages('vendor', messages);
  const api = useApi();
  const { css } = useCss();
  const q = useQuery(queryKey('invoice', 'vendors', sessionId), () => api.checkout.vendorStatus(sessionId));
  if (!ready || !q.data?.vendors.length) return null;
  return (
    <div
      part="invoice-vendors"
      className={css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); padding: 12px 20px 20px; background: var(--pay-color-bg);`}
    >
      <VendorProgress sessionId={sessionId} />
    </div>
  );
}
