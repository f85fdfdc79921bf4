/**
 * Messages only the lazily loaded header screens use (org dialog validation, …). Imported from those chunks, so
 * these strings stay out of the header's first paint; they are added to the element's i18next instance on first
 * use (English at once, another locale from its own small chunk). First-paint strings stay in src/header/messages.ts.
 */
// Only these namespaces (scripts/vite-locale-namespaces.ts): they live in this lazy chunk, not in the first paint.
import messages from 'messages:headerPanels,validation';
import { useLazyMessages } from '../ui/lazy-messages.ts';

/** True once the lazy screens' messages are in the element's i18n for its locale. */
export function usePanelMessages(): boolean {
  return useLazyMessages('headerPanels', messages);
}
