/** The api surface screens use: `createApi(settings)` → resources, queryClient, realtime. */
export { createApi, type Api, type CreateApiOptions } from './client.ts';
export { ApiError, isApiError, NETWORK_ERROR_MESSAGE, type ApiErrorInit } from './errors.ts';
export type { ApiSettings, ApiOptions, RequestOptions, Target } from './http.ts';
export { resolveLivemode } from './http.ts';
export { clearBlockletCache, mountPointOf, type Resolved } from './base.ts';
export { PAYMENT_KIT_DID, STORE_DID, SERVICE_PREFIX } from './constants.ts';
export { queryKey, type QueryKeys } from './query-keys.ts';
export { invalidate } from './query-invalidate.ts';
export { settingsCacheKey } from './resources/settings.ts';
export type { CrossSellItem, PromotionResult } from './resources/checkout.ts';
export type { InvoiceListParams, CreditGrantListParams, CreditTransactionListParams } from './resources/customers.ts';
export type { WaitOptions } from './resources/connect.ts';
export type { RealtimeHandler } from './realtime.ts';
export type * from './types.ts';
