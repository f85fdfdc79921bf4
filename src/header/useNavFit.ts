import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Header resize handling is debounced (spec §9). */
export const NAV_RESIZE_DEBOUNCE_MS = 100;

/** How long the navigation waits for late controls before it is laid out anyway (a chunk that never loads). */
export const NAV_SETTLE_TIMEOUT_MS = 4000;

/**
 * How far the controls fold to make room for the navigation: 0 not at all, 1 the language's name, 2 the user's name
 * too, 3 the organization's name too, 4 the burger menu (BURGER).
 */
type FitLevel = 0 | 1 | 2 | 3 | 4;
export const BURGER = 4;

/**
 * Whether the desktop navigation fits between the brand and the controls, decided before it is ever painted:
 *
 * - Until the session is known and every late control (org switcher with its name, bell, apps, the Products
 *   button) has its final width, the navigation is laid out but invisible (its room is kept, nothing jumps).
 * - The fit is tried in layout effects, which run before the browser paints: first with the full controls, then
 *   folding their names one by one (the language's, the user's, the organization's: the organization is the context
 *   a payment is made in, so it keeps its name longest), then the burger menu. A level is kept only when the
 *   navigation's items are not wider than the room it gets.
 * - After that, a change of width (window, debounced 100 ms) or of the controls (a name arriving, at the next
 *   frame) tries again from the top, before a paint: never a collapse when it fits. The observer's callback only
 *   measures: a box it watches, resized inside its callback, is a "ResizeObserver loop" error (WebKit reports it).
 * - The items never shrink or wrap (DesktopNav: `flex: none`, `white-space: nowrap`, the bold width reserved), so
 *   their widths are what the navigation needs whatever its room and whichever item is the current one.
 */
export function useNavFit({ ready, active, content }: { ready: boolean; active: boolean; content: string }) {
  const header = useRef<HTMLElement | null>(null);
  const addons = useRef<HTMLDivElement | null>(null);
  const nav = useRef<HTMLElement | null>(null);
  const [level, setLevel] = useState<FitLevel>(0);
  // A retry re-renders even when the level is already 0 (its layout effect then measures again).
  const [, setAttempt] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const settled = ready || timedOut;
  const seen = useRef({ content, header: 0, addons: 0 });
  useEffect(() => {
    if (ready) return;
    const id = setTimeout(() => setTimedOut(true), NAV_SETTLE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [ready]);
  // New content (language, entries, user): start again from the full layout, before the paint.
  if (seen.current.content !== content) {
    seen.current.content = content;
    if (level !== 0) setLevel(0);
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measures after every render, before the paint
  useLayoutEffect(() => {
    const record = () => {
      seen.current.header = header.current?.clientWidth ?? 0;
      seen.current.addons = addons.current?.offsetWidth ?? 0;
    };
    if (level === BURGER) return record();
    if (!active || !settled) return;
    const n = nav.current;
    const ul = n?.querySelector('ul');
    if (!n || !ul) return;
    // The items' own boxes (an open dropdown is positioned out of flow and must not count); items never shrink.
    const items = [...ul.children] as HTMLElement[];
    const gap = parseFloat(getComputedStyle(ul).columnGap || '0') || 0;
    const natural =
      items.reduce((w, li) => w + li.getBoundingClientRect().width, 0) + gap * Math.max(0, items.length - 1);
    const fits = natural <= n.clientWidth + 0.5;
    if (fits) record();
    else setLevel((level + 1) as FitLevel);
  });
  useEffect(() => {
    const h = header.current;
    if (!h || !active || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const retry = () =>
      flushSync(() => {
        setLevel(0);
        setAttempt((n) => n + 1);
      });
    const ro = new ResizeObserver(() => {
      if (Math.abs(h.clientWidth - seen.current.header) >= 1) {
        // The window: debounced (spec §9); the current level holds meanwhile.
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (Math.abs(h.clientWidth - seen.current.header) >= 1) retry();
        }, NAV_RESIZE_DEBOUNCE_MS);
      } else if (Math.abs((addons.current?.offsetWidth ?? 0) - seen.current.addons) >= 1) {
        // A control changed its width (not one of our own level changes, which record theirs): at the next frame.
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(retry);
      }
    });
    ro.observe(h);
    if (addons.current) ro.observe(addons.current);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, [active]);
  return { header, addons, nav, level: active ? level : 0, shown: settled };
}
