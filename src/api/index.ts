/** The api surface screens use: `createApi(settings)` → resources, queryClient, realtime. */
export { createApi, type Api } from './client.ts';
export { ApiError } from './errors.ts';
export { clearBlockletCache } from './base.ts';
export { PAYMENT_KIT_DID, STORE_DID } from './constants.ts';
export { settingsCacheKey } from './resources/settings.ts';
