/** The messages <blocklet-store> uses: English bundled, Chinese loaded on first use (src/ui/i18n-instance.ts). */
import en from 'locale:en/common,error,store,validation';
import type { Messages } from '../ui/i18n-instance.ts';

export const messages: Messages = {
  en,
  zh: () => import('locale:zh/common,error,store,validation').then((m) => m.default),
};
