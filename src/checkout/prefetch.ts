/**
 * The checkout's first requests, without React: the element starts them when it connects (elements/pay-checkout.ts),
 * before React and the screens have loaded, and the screen reads the same query (`openQuery`) from the cache.
 */
import type { Api } from '../api/index.ts';
import { queryKey } from '../api/query-keys.ts';
import { queryParams } from '../core/params.ts';
import { prefetchSession } from '../state/session.ts';
import { sessionPayer } from '../state/session-payer.ts';

/** What the checkout's first request depends on (a subset of the element's props). */
export type OpenProps = { checkoutId: string; extraParams?: Record<string, unknown>; currency?: string };

function pageQuery(extra: Record<string, unknown> | undefined, currency: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of queryParams()) if (k === 'currencyId' || k === 'qty' || k.startsWith('qty_')) out[k] = v;
  for (const [k, v] of Object.entries(extra ?? {}))
    if (v !== undefined && v !== null && typeof v !== 'object') out[k] = String(v);
  if (currency) out.currencyId = currency;
  return out;
}

/** The checkout's first request (opening the session or payment link), shared by the screen and the prefetch. */
export function openQuery(api: Api, props: OpenProps) {
  return {
    queryKey: queryKey('checkout', 'open', props.checkoutId),
    // A payment link's stored session is resumed only for the payer it was opened for (core/link-session.ts).
    queryFn: () =>
      api.checkout.open(props.checkoutId, pageQuery(props.extraParams, props.currency), {
        payer: () => sessionPayer(api),
      }),
    staleTime: Infinity,
  };
}

/** At connect (before the first render): the session and the checkout start loading. */
export function prefetchCheckout(api: Api, props: Record<string, unknown>): void {
  const { checkoutId, extraParams, currency } = props as Partial<OpenProps>;
  // The checkout's own request first: the screen waits for it, not for the session.
  if (typeof checkoutId === 'string' && checkoutId)
    void api.queryClient.prefetchQuery(openQuery(api, { checkoutId, extraParams, currency }));
  prefetchSession(api);
}
