/**
 * What each element holds while it is on the page (or moving): its toasts, its i18next instance and its api. Made
 * when the element connects, before React has loaded (so no React here): the first requests leave from here.
 */
import type { i18n as I18n } from 'i18next';
import { createApi, type Api } from '../api/index.ts';
import { createToastStore, type ToastStore } from '../state/toasts.ts';
import type { Settings } from './settings.ts';

/**
 * Per-host services: the element's toasts, i18n instance and api, kept while it is on the page (or moving). The i18n
 * instance is left to the first render to make (src/ui/element-root.tsx): i18next loads with React, not with the
 * element's first requests (it was half of the chunk they wait for).
 */
export type HostServices = { toasts: ToastStore; i18n?: I18n; api?: { key: string; api: Api } };
const services = new WeakMap<HTMLElement, HostServices>();

export function hostServices(host: HTMLElement): HostServices {
  let s = services.get(host);
  if (!s) {
    s = { toasts: createToastStore() };
    services.set(host, s);
  }
  return s;
}

type ApiSettingsOf = Pick<Settings, 'baseUrl' | 'authToken' | 'locale' | 'livemode'>;

/**
 * The host's api: the one made at connect (or for the previous render) while base URL and token are the same, moved
 * to the current locale and livemode in place (so its cache and everything keyed on it stay); a new one otherwise.
 */
export function hostApi(s: HostServices, settings: ApiSettingsOf): Api {
  const key = `${settings.baseUrl}|${settings.authToken}`;
  if (s.api?.key !== key) {
    s.api = {
      key,
      api: createApi({
        baseUrl: settings.baseUrl,
        authToken: settings.authToken,
        locale: settings.locale,
        livemode: settings.livemode,
      }),
    };
  }
  s.api.api.configure({ locale: settings.locale, livemode: settings.livemode });
  return s.api.api;
}

/** The element left the page: release everything it holds (its api's cache and sockets, its toasts). */
export function releaseHost(host: HTMLElement): void {
  const s = services.get(host);
  if (!s) return;
  services.delete(host);
  s.api?.api.dispose();
  s.toasts.dispose();
}
