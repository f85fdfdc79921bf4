/** The messages <pay-portal> uses: English bundled, Chinese loaded on first use (src/ui/i18n.tsx). */
import { common, error, interval, portal } from '../../locales/en.json';
import type { Messages } from '../ui/i18n.tsx';

export const messages: Messages = {
  en: { common, error, interval, portal },
  zh: () => import('./messages.zh.ts').then((m) => m.default),
};
