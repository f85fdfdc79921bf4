/**
 * Refunds (spec §3 "Refund type: refund or stake_return"; payment-js `refunds.list` / `refunds.retrieve`): GET
 * /api/refunds (a customer gets only their own) and GET /api/refunds/:id. Loaded only by the portal's lazy refunds
 * section, so it takes the element's api (its `request`) instead of being part of createApi.
 */
import { string, type } from 'superstruct';
import type { ResourceApi } from '../http.ts';
import { Amount, paginated } from '../schemas.ts';
import type { Paginated, Refund, RefundListParams } from '../types.ts';

const RefundStruct = type({ id: string(), type: string(), status: string(), amount: Amount, currency_id: string() });

export function createRefunds(api: Pick<ResourceApi, 'request'>) {
  return {
    /** GET /api/refunds (invoice_id, subscription_id, customer_id, currency_id, status, page, pageSize). */
    list(params: RefundListParams = {}): Promise<Paginated<Refund>> {
      return api.request({ path: 'api/refunds', params, schema: paginated(RefundStruct) });
    },
    /** GET /api/refunds/:id (its customer or the merchant). */
    retrieve(id: string): Promise<Refund> {
      return api.request({ path: `api/refunds/${encodeURIComponent(id)}`, schema: RefundStruct });
    },
  };
}
