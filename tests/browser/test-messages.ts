/** Messages for test-only elements: every namespace of both locale files. */
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import type { Messages } from '../../src/ui/i18n-instance.ts';

export const testMessages: Messages = { en, zh: () => Promise.resolve(zh) };
