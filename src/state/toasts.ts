/**
 * Toasts of one element instance (zustand vanilla). The element's provider stack creates one store per element;
 * screens push with `useToast().show(...)`, the ToastRegion renders and auto-hides them.
 *
 * Auto-hide: 5000 ms, except `error`, `warning` and `sticky` toasts, which stay until closed (spec §4).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export type ToastTone = 'success' | 'info' | 'warning' | 'error' | 'default';

export type ToastAction = { label: string; href?: string; onClick?: () => void };

export type Toast = {
  id: number;
  tone: ToastTone;
  title?: string | undefined;
  message: string;
  sticky: boolean;
  action?: ToastAction | undefined;
  createdAt: number;
};

export type ToastInput = {
  tone?: ToastTone;
  title?: string;
  message: string;
  /** Stay until closed (error and warning toasts always do). */
  sticky?: boolean;
  action?: ToastAction;
  /** Override the 5000 ms auto-hide (ignored for sticky/error/warning). */
  duration?: number;
};

export type ToastState = {
  toasts: Toast[];
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
};

export const TOAST_AUTO_HIDE_MS = 5000;
/** At most this many toasts are shown; older ones are dropped. */
export const TOAST_LIMIT = 4;

export const staysOpen = (t: Pick<Toast, 'tone' | 'sticky'>): boolean =>
  t.sticky || t.tone === 'error' || t.tone === 'warning';

export type ToastStore = StoreApi<ToastState> & { dispose: () => void };

export function createToastStore(): ToastStore {
  let seq = 0;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const store = createStore<ToastState>()((set, get) => ({
    toasts: [],
    show: (input) => {
      const id = ++seq;
      const toast: Toast = {
        id,
        tone: input.tone ?? 'default',
        title: input.title,
        message: input.message,
        sticky: input.sticky ?? false,
        action: input.action,
        createdAt: Date.now(),
      };
      const next = [...get().toasts, toast];
      const dropped = next.slice(0, Math.max(0, next.length - TOAST_LIMIT));
      for (const d of dropped) clearTimer(d.id);
      set({ toasts: next.slice(-TOAST_LIMIT) });
      if (!staysOpen(toast)) {
        timers.set(
          id,
          setTimeout(() => get().dismiss(id), input.duration ?? TOAST_AUTO_HIDE_MS),
        );
      }
      return id;
    },
    dismiss: (id) => {
      clearTimer(id);
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
    clear: () => {
      for (const id of timers.keys()) clearTimer(id);
      set({ toasts: [] });
    },
  }));
  function clearTimer(id: number) {
    const t = timers.get(id);
    if (t !== undefined) clearTimeout(t);
    timers.delete(id);
  }
  return Object.assign(store, { dispose: () => store.getState().clear() });
}
