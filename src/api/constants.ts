/** Component DIDs and well-known paths of the platform. */
export const PAYMENT_KIT_DID = 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk';
export const STORE_DID = 'z8iZpnScvmXdSVCSX8iYzJ9dVj8Uj4D1qH8Ud';
export const SERVICE_PREFIX = '/.well-known/service';
export const BLOCKLET_JSON_PATH = '/__blocklet__.js?type=json';
export const DEFAULT_STORE_MOUNT = '/store/';
/** Cross-origin `__blocklet__.js?type=json` cache lifetime (spec §7). */
export const BLOCKLET_CACHE_MS = 10 * 60 * 1000;
