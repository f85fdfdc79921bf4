/**
 * The `donate` locale namespace of the donate widget (<pay-checkout donation-mount-location>): out of the checkout's
 * first paint, imported only by the widget's lazy chunk (src/ui/lazy-messages.ts merges it on first use).
 */
import messages from 'messages:donate';
import { useLazyMessages } from '../ui/lazy-messages.ts';

export function useDonateMessages(): boolean {
  return useLazyMessages('donate', messages);
}
