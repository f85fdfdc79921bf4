/** GET /api/settings: payment methods and base currency; cached in sessionStorage per base URL and livemode. */
import { sessionCache, type Transport } from '../http.ts';
import { check, SettingsStruct } from '../schemas.ts';
import type { PaymentSettings } from '../types.ts';

export function settingsCacheKey(baseUrl: string, livemode: boolean): string {
  return `payment-settings-${baseUrl}-${livemode}`;
}

export function createSettings(t: Transport) {
  return {
    /** Cached in sessionStorage under `payment-settings-<baseUrl>-<livemode>`; `{force: true}` skips the cache. */
    async get(opts: { force?: boolean } = {}): Promise<PaymentSettings> {
      const { payment } = await t.resolve();
      const livemode = t.livemode;
      const key = settingsCacheKey(payment, livemode);
      const cached = opts.force ? null : sessionCache.read(key, (v) => check<PaymentSettings>(v, SettingsStruct));
      if (cached) return cached;
      const data = await t.request<PaymentSettings>({
        path: 'api/settings',
        params: { livemode },
        schema: SettingsStruct,
      });
      sessionCache.write(key, data);
      return data;
    },
    /** Forgets the cached settings of this base URL and livemode. */
    async clearCache(): Promise<void> {
      const { payment } = await t.resolve();
      sessionCache.remove(settingsCacheKey(payment, t.livemode));
    },
  };
}
