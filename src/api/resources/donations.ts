/**
 * Donate settings and donation links (spec §3 "Donate settings", §7 POST /api/settings type donate "cached 1 hour",
 * PUT /api/settings/{id} active true; payment-kit-api.md POST /api/donations). Loaded only by the donate widget's
 * lazy chunk, so it takes the element's api (its `request`, `resolve`, `livemode`) instead of being part of createApi.
 */
import { boolean, string, type, optional, unknown as anyValue } from 'superstruct';
import { sessionCache } from '../http.ts';
import type { ResourceApi } from '../http.ts';
import { joinPath } from '../../core/url.ts';

export type DonateSetting = {
  id: string;
  active: boolean;
  livemode: boolean;
  type: string;
  /** TSetting's column (the create body says `mountLocation`, the setting itself `mount_location`). */
  mount_location: string;
  component_did?: string | null;
  description?: string;
  settings?: Record<string, unknown>;
};

/** The DonationSettings a host passes (amounts in token units of the base currency). */
export type DonationSettingsInput = {
  target?: string;
  title?: string;
  description?: string;
  reference?: string;
  beneficiaries?: { address: string; share?: string; name?: string }[];
  amount?: { presets?: string[]; preset?: string; minimum?: string; maximum?: string; custom?: boolean };
  message?: string;
  [k: string]: unknown;
};

export const SettingStruct = type({
  id: string(),
  active: boolean(),
  mount_location: string(),
  settings: optional(anyValue()),
});
const LinkStruct = type({ id: string() });

/** Donate settings are cached for one hour per base URL, livemode and mount location (sessionStorage). */
export const DONATE_SETTINGS_TTL_MS = 60 * 60 * 1000;
export const donateSettingsCacheKey = (payment: string, livemode: boolean, mountLocation: string) =>
  `payment-donate-settings-${payment}-${livemode}-${mountLocation}`;

export function createDonations(
  api: Pick<ResourceApi, 'request' | 'resolve' | 'livemode'>,
  now: () => number = Date.now,
) {
  const keyOf = async (mountLocation: string) =>
    donateSettingsCacheKey((await api.resolve()).payment, api.livemode, mountLocation);
  const remember = async (doc: DonateSetting) => {
    sessionCache.write(await keyOf(doc.mount_location), { at: now(), doc });
    return doc;
  };
  return {
    /** POST /api/settings {type: 'donate', …}: the settings of a mount location, created (inactive) on first use. */
    async getOrCreate(
      input: { mountLocation: string; description?: string; settings?: DonationSettingsInput; componentDid?: string },
      opts: { force?: boolean } = {},
    ): Promise<DonateSetting> {
      const key = await keyOf(input.mountLocation);
      const fresh = (v: unknown) => {
        const c = v as { at?: number; doc?: DonateSetting } | null;
        return c?.doc && typeof c.at === 'number' && now() - c.at < DONATE_SETTINGS_TTL_MS ? c.doc : null;
      };
      const cached = opts.force ? null : sessionCache.read(key, fresh);
      if (cached) return cached;
      const doc = await api.request<DonateSetting>({
        method: 'POST',
        path: 'api/settings',
        data: {
          type: 'donate',
          livemode: api.livemode,
          mountLocation: input.mountLocation,
          description: input.description ?? '',
          settings: input.settings ?? {},
          componentDid: input.componentDid,
        },
        schema: SettingStruct,
      });
      return remember(doc);
    },
    /** PUT /api/settings/{id} {active: true} (owner or admin). */
    async enable(id: string): Promise<DonateSetting> {
      const doc = await api.request<DonateSetting>({
        method: 'PUT',
        path: `api/settings/${encodeURIComponent(id)}`,
        data: { active: true },
        schema: SettingStruct,
      });
      return remember(doc);
    },
    /** POST /api/donations: the donation payment link (plink_…) of a target. */
    link(settings: DonationSettingsInput & { target: string }): Promise<{ id: string }> {
      return api.request<{ id: string }>({ method: 'POST', path: 'api/donations', data: settings, schema: LinkStruct });
    },
    /** {mount point}/integrations/donations: the donation settings page (spec §2). */
    async settingsPageUrl(): Promise<string> {
      return joinPath((await api.resolve()).payment || '/', 'integrations', 'donations');
    },
  };
}
