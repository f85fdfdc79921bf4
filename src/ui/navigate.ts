/**
 * The one navigation click guard of every element. An app link keeps a real href (new tab, copy, no host needed);
 * a plain left click (no modifier, not already handled) may route inside the page instead of loading it.
 */
import type { MouseEvent as ReactMouseEvent } from 'react';
import { useEmit } from './context.tsx';

type Click = Pick<
  MouseEvent,
  'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'preventDefault'
>;

/** True for a plain left click: the only click a link may route itself (modified clicks open tabs, windows...). */
export function isPlainClick(e: Omit<Click, 'preventDefault'>): boolean {
  return !(e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);
}

/** On a plain click, `route()`; when it says it routed (true), the link does not load. */
export function routeClick(e: Click, route: () => boolean): void {
  if (isPlainClick(e) && route()) e.preventDefault();
}

/**
 * An app link's click (checkout and portal): a cancelable `pay-navigate {path}`; the host may route it (cancels it),
 * then the link does not load.
 */
export function usePayNavigate(): (path: string) => (e: ReactMouseEvent<HTMLElement>) => void {
  const emit = useEmit<'pay-checkout' | 'pay-portal'>();
  return (path) => (e) => routeClick(e, () => !emit('navigate', { path }, { cancelable: true }));
}
