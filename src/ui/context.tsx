/**
 * React contexts of the provider stack and their hooks. The stack itself is built in element-root.tsx.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Settings } from './settings.ts';
import type { ToastInput, ToastStore, ToastState } from '../state/toasts.ts';
import type { PayElementEventMaps } from '../../types/elements.d.ts';

export type ResolvedSettings = Settings & {
  /** The colour mode actually shown: `theme`, or the system preference when `theme` is `auto`. */
  mode: 'light' | 'dark';
};

export type ElementContextValue = {
  /** The custom element itself (the shadow host). */
  host: HTMLElement;
  root: ShadowRoot;
  /** Event prefix of the element family: `pay`, `portal`, `header`, `store`. */
  prefix: string;
  settings: ResolvedSettings;
  /**
   * Change locale/theme for this element only (e.g. the header's language and theme controls). Cleared when
   * the element's settings change from outside (attribute or provider).
   */
  overrideSettings: (patch: Partial<Pick<Settings, 'locale' | 'theme'>>) => void;
  toasts: ToastStore;
};

export const ElementContext = createContext<ElementContextValue | null>(null);

function useElementContext(hook: string): ElementContextValue {
  const v = useContext(ElementContext);
  if (!v) throw new Error(`${hook} must be used inside an element made with defineElement()`);
  return v;
}

/** Resolved settings: own attribute → `<pay-provider>` → defaults; plus the effective colour `mode`. */
export function useSettings(): ResolvedSettings {
  return useElementContext('useSettings()').settings;
}

/** The host element and its shadow root. */
export function useHost(): { host: HTMLElement; root: ShadowRoot } {
  const { host, root } = useElementContext('useHost()');
  return { host, root };
}

/** Local locale/theme override (see ElementContextValue.overrideSettings). */
export function useSettingsOverride(): ElementContextValue['overrideSettings'] {
  return useElementContext('useSettingsOverride()').overrideSettings;
}

export type EmitOptions = { cancelable?: boolean };

/** A tag whose events are declared in elements/<tag>.meta.ts (and generated into types/elements.d.ts). */
export type EventTag = keyof PayElementEventMaps;
/** An element's events by name without the prefix (`ready` for `pay-ready`) → detail. A union of tags keeps the names
 * they share. */
type Details<T extends EventTag> = T extends EventTag
  ? {
      [
        K in keyof PayElementEventMaps[T] & string as K extends `${infer _Prefix}-${infer Name}` ? Name : never
      ]: PayElementEventMaps[T][K] extends CustomEvent<infer D> ? D : never;
    }
  : never;

/**
 * `emit` of an element: event names and details are checked against the element's declared events (the same event
 * maps the published typings give to consumers). Without a tag (test elements), any name and detail.
 */
export type Emit<T extends EventTag | undefined = undefined> = [T] extends [EventTag]
  ? <N extends keyof Details<T>>(name: N, detail: Details<T>[N], options?: EmitOptions) => boolean
  : <D>(name: string, detail?: D, options?: EmitOptions) => boolean;

/**
 * `emit(name, detail, { cancelable })` dispatches `new CustomEvent(`${prefix}-${name}`, { detail, bubbles: true,
 * composed: true, cancelable })` on the host and returns `true` unless a listener called `preventDefault()`.
 */
export function useEmit<T extends EventTag | undefined = undefined>(): Emit<T> {
  const { host, prefix } = useElementContext('useEmit()');
  return useCallback<Emit>(
    (name, detail, options) =>
      host.dispatchEvent(
        new CustomEvent(`${prefix}-${name}`, {
          detail,
          bubbles: true,
          composed: true,
          cancelable: options?.cancelable ?? false,
        }),
      ),
    [host, prefix],
  ) as Emit<T>;
}

/** Show and dismiss toasts of this element: `const toast = useToast(); toast.show({ tone: 'success', message })`. */
export function useToast(): { show: (t: ToastInput) => number; dismiss: (id: number) => void } {
  const { toasts } = useElementContext('useToast()');
  const state = toasts.getState();
  return { show: state.show, dismiss: state.dismiss };
}

/** The current toasts of this element (for the region). */
export function useToasts(): ToastState['toasts'] {
  const { toasts } = useElementContext('useToasts()');
  return useSyncExternalStore(toasts.subscribe, () => toasts.getState().toasts);
}
