/** The messages <pay-checkout> uses: English bundled, Chinese loaded on first use (src/ui/i18n.tsx). */
import en from 'locale:en/common,error,checkout,interval,trial,validation,vendor';
import type { Messages } from '../ui/i18n.tsx';

export const messages: Messages = {
  en,
  zh: () => import('locale:zh/common,error,checkout,interval,trial,validation,vendor').then((m) => m.default),
};
