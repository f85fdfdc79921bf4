/** Messages for test-only elements: every namespace of every locale file (one module each, loaded on use). */
import en from '../../locales/en.json';
import type { Messages } from '../../src/ui/i18n-instance.ts';

const files = import.meta.glob<{ default: Messages['en'] }>(['../../locales/*.json', '!../../locales/en.json']);

export const testMessages: Messages = {
  en,
  load: async (locale) => {
    const file = files[`../../locales/${locale}.json`];
    return file ? (await file()).default : en;
  },
};
