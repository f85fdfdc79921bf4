/** The messages <pay-checkout> uses: English bundled, every other language loaded on first use (src/ui/i18n-instance.ts). */
import all from 'messages:common,error,checkout,interval,trial,validation,vendor';
import type { Messages } from '../ui/i18n-instance.ts';

export const messages: Messages = all;
