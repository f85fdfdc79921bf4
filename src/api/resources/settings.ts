/** GET /api/settings: payment methods and base currency; cached in sessionStorage per base URL and livemode. */
import { storage, type Transport } from '../http.ts';
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
      const ss = storage('sessionStorage');
      if (!opts.force && ss) {
        try {
          const raw = ss.getItem(key);
          if (raw) return check<PaymentSettings>(JSON.parse(raw), SettingsStruct);
        } catch {
          ss.removeItem(key);
        }
      }
      const data = await t.request<PaymentSettings>({ path: 'api/settings', params: { livemode }, schema: SettingsStruct });
      try {
        ss?.setItem(key, JSON.stringify(data));
      } catch {
        /* quota / privacy mode: no cache */
      }
      return data;
    },
    /** Forgets the cached settings of this base URL and livemode. */
    async clearCache(): Promise<void> {
      const { payment } = await t.resolve();
      storage('sessionStorage')?.removeItem(settingsCacheKey(payment, t.livemode));
    },
  };
}
