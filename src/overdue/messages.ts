/**
 * The `overdue` locale namespace, shared by the past-due page (<pay-portal>) and the overdue-invoice dialog
 * (<pay-checkout>). It is not in either element's first-paint namespace list: only the lazily loaded overdue chunk
 * imports this module, and src/ui/lazy-messages merges the strings into the element's i18n instance on first use.
 */
import messages from 'messages:overdue';
import { useLazyMessages } from '../ui/lazy-messages.ts';

/** True once the `overdue` strings of the element's locale are in its i18n instance. */
export function useOverdueMessages(): boolean {
  return useLazyMessages('overdue', messages);
}
