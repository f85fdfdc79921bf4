/**
 * Closing a popup (menu, dropdown, panel) from outside it: a pointer down anywhere outside `wrap` (looked up in the
 * composed path, so clicks inside shadow roots count as inside), and, with `escape`, the Escape key — which then
 * returns focus to the `escape` element (the button that opened it). Listeners exist only while open.
 */
import { useEffect, type RefObject } from 'react';

export function useDismiss(
  open: boolean,
  close: () => void,
  wrap: RefObject<HTMLElement | null>,
  escape?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: Event) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close();
      escape?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    if (escape) document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      if (escape) document.removeEventListener('keydown', onKey);
    };
  }, [open, close, wrap, escape]);
}
