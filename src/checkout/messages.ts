/** The messages <pay-checkout> uses: English bundled, Chinese loaded on first use (src/ui/i18n.tsx). */
import { checkout, common, error, interval, trial, validation } from '../../locales/en.json';
import type { Messages } from '../ui/i18n.tsx';

export const messages: Messages = {
  en: { common, error, checkout, interval, trial, validation },
  zh: () => import('./messages.zh.ts').then((m) => m.default),
};
