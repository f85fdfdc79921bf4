/**
 * The pricing table's first requests, without React: the element starts them when it connects
 * (elements/pay-pricing-table.ts), and the screen reads the same queries from the cache.
 */
import type { Api } from '../api/index.ts';
import { queryKey } from '../api/query-keys.ts';
import { createPricingTables } from '../api/resources/pricing-tables.ts';
import { isPricingTableId } from '../core/pricing-table.ts';

/** The table (GET /api/pricing-tables/:id). */
export function tableQuery(api: Api, id: string) {
  return {
    queryKey: queryKey('pricingTable', id),
    queryFn: () => createPricingTables(api).retrieve(id),
    staleTime: 60_000,
  };
}

/** The payment methods and their currencies (GET /api/settings): which currencies the payer may choose. */
export function settingsQuery(api: Api) {
  return { queryKey: queryKey('pricingTable', 'settings'), queryFn: () => api.settings.get(), staleTime: 300_000 };
}

/** At connect (before the first render): the table and the settings start loading. */
export function prefetchPricingTable(api: Api, props: Record<string, unknown>): void {
  const id = props.pricingTableId;
  if (!isPricingTableId(id)) return;
  void api.queryClient.prefetchQuery(tableQuery(api, id));
  void api.queryClient.prefetchQuery(settingsQuery(api));
}
