/** The messages <pay-pricing-table> uses: English bundled, Chinese loaded on first use (src/ui/i18n-instance.ts). */
import en from 'locale:en/common,error,pricingTable';
import type { Messages } from '../ui/i18n-instance.ts';

export const messages: Messages = {
  en,
  zh: () => import('locale:zh/common,error,pricingTable').then((m) => m.default),
};
