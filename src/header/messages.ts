/** The messages <site-header> uses: English bundled, every other language loaded on first use (src/ui/i18n-instance.ts). */
import all from 'messages:common,error,header';
import type { Messages } from '../ui/i18n-instance.ts';

export const messages: Messages = all;
