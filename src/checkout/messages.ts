/** The messages <pay-checkout> uses: English bundled, Chinese loaded on first use (src/ui/i18n-instance.ts). */
import en from 'locale:en/common,error,checkout,interval,trial,validation,vendor';
import type { Messages } from '../ui/i18n-instance.ts';

export const messages: Messages = {
  en,
  zh: () => import('locale:zh/common,error,checkout,interval,trial,validation,vendor').then((m) => m.default),
};
