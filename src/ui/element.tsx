/**
 * defineElement(tag, Component, { props, events, prefix }) — THE one way to define an element.
 *
 * - Its own small base class (an HTMLElement with an open shadow root and a React root in it), not
 *   @r2wc/react-to-web-component: r2wc's public API reads `<x open>` as false, ignores removed and empty
 *   attributes and mounts React on connect, before a `<pay-provider>` answered; reaching into its private symbols
 *   to fix that would break silently on an upgrade. So this file owns the ~60 lines r2wc did: attributes, properties,
 *   one React root per element, unmount on removal.
 * - Attributes ↔ props: camelCase props map to dashed attributes; properties mirror attributes (setting a
 *   property writes the attribute, setting an attribute updates the property). Types: string, number, json,
 *   boolean, converted by src/ui/attributes.ts (shared with `<pay-provider>`). Booleans follow HTML: presence is
 *   `true` (`<x open>`), `"false"`/`"0"` is `false`, removing the attribute resets the prop to `undefined`.
 * - Settings change in place: a new `locale`, `theme` or `livemode` re-renders the same React tree with the same
 *   api (its requests take the new locale/livemode and its queries refetch in the background), and a locale whose
 *   strings are still loading keeps the previous one on screen until they arrive. Nothing remounts: state and typed
 *   input stay, and events such as `pay-ready` do not fire again. Only `base-url` or `auth-token` make a new api.
 * - Shared settings (`base-url`, `auth-token`, `locale`, `livemode`, `theme`) are added to every element; each
 *   wins over the nearest `<pay-provider>` ancestor, which is reached with the context protocol (@lit/context).
 * - The provider stack around the component: element context (host, settings, emit, toasts), theme tokens on
 *   `:host` and goober bound to this shadow root (adopted stylesheets: no <style>, strict CSP holds), an i18next instance per element, the api per element (and its
 *   QueryClient), an error boundary, and the toast region.
 * - Lifecycle: the api is made when the element is connected (with its attributes and provider settings), so
 *   `options.prefetch` starts the first data request then, before the first render; moving the element keeps it
 *   and its React tree. When the element is removed (still disconnected after the current task's microtasks), React
 *   unmounts and its api is disposed (query cache cleared at once, realtime subscriptions dropped) along with its
 *   toasts: nothing of a removed element stays referenced from the page.
 *
 * Nothing is written outside the shadow root: no document.head, no body styles, no window globals.
 */
import { ContextEvent as ContextRequestEvent, type ContextCallback } from '@lit/context';
import { setup } from 'goober';
import {
  createElement,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ApiContext, createApi, type Api } from './api.tsx';
import { ElementContext, type ElementContextValue, type ResolvedSettings } from './context.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { createI18n, fixedT, I18nContext, useLoadedLocale, type Messages } from './i18n.tsx';
import { QueryClientContext } from './query.ts';
import { useMediaQuery } from './responsive.ts';
import { resolveSettings, settingsContext, type Settings, type SettingsInput } from './settings.ts';
import { bindStyles, setHostCss, StyleContext } from './styles.tsx';
import { ToastRegion } from './Toast.tsx';
import { hostCss } from './tokens.ts';
import { createToastStore, type ToastStore } from '../state/toasts.ts';
import { defineOnce, isLostObject, upgradeProperties, warnObjectAttribute } from './define.ts';
import {
  parseAttribute,
  propValue,
  SHARED_PROPS,
  stringifyProp,
  toCamel,
  toDashed,
  type PropType,
} from './attributes.ts';
import type { i18n as I18n } from 'i18next';

export { parseAttribute, stringifyProp, SHARED_PROPS, toDashed, type PropType };

export type ElementOptions = {
  /** The element's own props (camelCase → dashed attribute) and their types. Shared settings are added. */
  props?: Record<string, PropType>;
  /** Event names without the prefix (documentation; `emit` accepts any name). */
  events?: readonly string[];
  /** Event family prefix: `pay`, `portal`, `header`, `store`. Events are `${prefix}-${name}`. */
  prefix: string;
  /** CSS `display` of the host (default `block`). */
  display?: string;
  /** The host box paints the theme background (default true); false when the screen draws its own surfaces. */
  hostBackground?: boolean;
  /** The element's messages: English bundled, Chinese loaded on first use (see src/ui/i18n.tsx). */
  messages: Messages;
  /**
   * Called when the element is connected with its attributes, before the first render: start the first data
   * requests here (prefetch into `api.queryClient` under the keys the screen's queries use).
   */
  prefetch?: (api: Api, props: Record<string, unknown>) => void;
};

let gooberReady = false;

/** Per-host services: the element's toasts, i18n instance and api, kept while it is on the page (or moving). */
type HostServices = { toasts: ToastStore; i18n: I18n; api?: { key: string; api: Api } };
const services = new WeakMap<HTMLElement, HostServices>();
function hostServices(host: HTMLElement, locale: Settings['locale'], messages: Messages): HostServices {
  let s = services.get(host);
  if (!s) {
    s = { toasts: createToastStore(), i18n: createI18n(locale, messages) };
    services.set(host, s);
  }
  return s;
}

type ApiSettingsOf = Pick<Settings, 'baseUrl' | 'authToken' | 'locale' | 'livemode'>;

/**
 * The host's api: the one made at connect (or for the previous render) while base URL and token are the same, moved
 * to the current locale and livemode in place (so its cache and everything keyed on it stay); a new one otherwise.
 */
function hostApi(s: HostServices, settings: ApiSettingsOf): Api {
  const key = `${settings.baseUrl}|${settings.authToken}`;
  if (s.api?.key !== key) {
    s.api = {
      key,
      api: createApi({
        baseUrl: settings.baseUrl,
        authToken: settings.authToken,
        locale: settings.locale,
        livemode: settings.livemode,
      }),
    };
  }
  s.api.api.configure({ locale: settings.locale, livemode: settings.livemode });
  return s.api.api;
}

/** The element left the page: release everything it holds (its api's cache and sockets, its toasts). */
function releaseHost(host: HTMLElement): void {
  const s = services.get(host);
  if (!s) return;
  services.delete(host);
  s.api?.api.dispose();
  s.toasts.dispose();
}

type RootProps = Record<string, unknown> & { container: ShadowRoot; __provided?: SettingsInput | undefined };

function ElementRoot({
  rootProps,
  Component,
  options,
}: {
  rootProps: RootProps;
  Component: ComponentType<Record<string, unknown>>;
  options: ElementOptions;
}): ReactNode {
  const { container, __provided, ...rest } = rootProps;
  const host = container.host as HTMLElement;
  const own: SettingsInput = {
    baseUrl: rest.baseUrl as string | undefined,
    authToken: rest.authToken as string | undefined,
    locale: rest.locale as string | undefined,
    livemode: rest.livemode as boolean | undefined,
    theme: rest.theme as string | undefined,
  };
  const base = resolveSettings(own, __provided, host);
  const baseKey = `${base.baseUrl}|${base.authToken}|${base.locale}|${base.livemode}|${base.theme}`;

  // Local overrides (header language/theme controls) apply until the settings change from outside.
  const [override, setOverride] = useState<{ key: string; patch: Partial<Pick<Settings, 'locale' | 'theme'>> }>({
    key: baseKey,
    patch: {},
  });
  const patch = override.key === baseKey ? override.patch : {};
  const wanted = patch.locale ?? base.locale;
  const theme = patch.theme ?? base.theme;
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const mode: 'light' | 'dark' = theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme;

  const hs = hostServices(host, wanted, options.messages);
  const { toasts, i18n } = hs;
  // While a new locale's strings load, the screen stays (in the locale shown so far) instead of unmounting.
  const shown = useLoadedLocale(i18n, wanted, options.messages);
  const locale = shown ?? wanted;

  const settings = useMemo<ResolvedSettings>(
    () => ({ ...base, locale, theme, mode }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `baseKey` stands for the `base` object
    [baseKey, locale, theme, mode],
  );

  const overrideSettings = useCallback(
    (p: Partial<Pick<Settings, 'locale' | 'theme'>>) =>
      setOverride((o) => ({ key: baseKey, patch: { ...(o.key === baseKey ? o.patch : {}), ...p } })),
    [baseKey],
  );

  const elementValue = useMemo<ElementContextValue>(
    () => ({ host, root: container, prefix: options.prefix, settings, overrideSettings, toasts }),
    [host, container, options.prefix, settings, overrideSettings, toasts],
  );

  const i18nValue = useMemo(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    return { i18n, t: fixedT(i18n, locale), locale };
  }, [i18n, locale]);

  const styles = bindStyles(container);

  // One api while base URL and token stay; a new locale or livemode moves it in place and refetches what is shown
  // (the data stays on screen meanwhile: nothing remounts, nothing is asked twice of the payer).
  const api = hostApi(hs, settings);
  const requestKey = `${settings.locale}|${settings.livemode}`;
  const fetchedWith = useRef(requestKey);
  useEffect(() => {
    if (fetchedWith.current === requestKey) return;
    fetchedWith.current = requestKey;
    void api.queryClient.invalidateQueries();
  }, [api, requestKey]);
  useEffect(() => {
    api.queryClient.mount();
    return () => {
      api.queryClient.unmount();
      // Base URL or token changed: this api is replaced (removal is handled by the element, which may only be moving).
      if (hs.api?.api !== api) api.dispose();
    };
  }, [api, hs]);

  const componentProps: Record<string, unknown> = {};
  for (const key of Object.keys(options.props ?? {})) componentProps[key] = rest[key];

  const display = options.display ?? 'block';
  setHostCss(
    container,
    `${hostCss(theme)}:host{display:${display};${options.hostBackground === false ? 'background:transparent;' : ''}}`,
  );
  return (
    <ElementContext.Provider value={elementValue}>
      <StyleContext.Provider value={styles}>
        <I18nContext.Provider value={i18nValue}>
          <ApiContext.Provider value={api}>
            <QueryClientContext.Provider value={api.queryClient}>
              <ErrorBoundary onReset={() => api.queryClient.resetQueries()}>
                {shown ? <Component {...componentProps} /> : null}
              </ErrorBoundary>
              <ToastRegion />
            </QueryClientContext.Provider>
          </ApiContext.Provider>
        </I18nContext.Provider>
      </StyleContext.Provider>
    </ElementContext.Provider>
  );
}

/**
 * Define a custom element from a React component. Returns the element class (already registered; a second call
 * for the same tag returns the existing class, and another copy of the library says so in the console), or
 * undefined where there is no DOM: importing an element in Node (server rendering) defines nothing (src/ui/define.ts).
 *
 * The component receives its declared props (parsed from attributes / set as properties); settings, api, i18n,
 * styles and events come from hooks (useSettings, useApi, useT, useCss, useEmit, useQuery…).
 */
export function defineElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: ElementOptions,
): CustomElementConstructor | undefined {
  return defineOnce(tag, () => createElementClass(tag, Component as ComponentType<Record<string, unknown>>, options));
}

/** The element class (only called where HTMLElement exists). */
function createElementClass(
  tag: string,
  Component: ComponentType<Record<string, unknown>>,
  options: ElementOptions,
): CustomElementConstructor {
  if (!gooberReady) {
    setup(createElement);
    gooberReady = true;
  }

  const types: Record<string, PropType> = { ...SHARED_PROPS, ...options.props };
  const attrToProp: Record<string, string> = {};
  for (const prop of Object.keys(types)) attrToProp[toDashed(prop)] = prop;

  class PayElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return Object.keys(attrToProp);
    }

    /** What React renders with: parsed attributes, property writes and `__provided` (the provider's settings). */
    #props: Record<string, unknown> = {};
    #shadow: ShadowRoot;
    #root: Root | undefined;
    /** Rendering is on: connected, and the deferred first render ran. */
    #live = false;
    #reflecting = false;
    #unsubscribe: (() => void) | undefined;
    #waitingForProvider = false;
    #renderTimer: ReturnType<typeof setTimeout> | undefined;

    constructor() {
      super();
      this.#shadow = this.attachShadow({ mode: 'open' });
      for (const [attr, prop] of Object.entries(attrToProp)) {
        const value = this.getAttribute(attr);
        if (types[prop] === 'json') {
          // An object set before the element was defined lands in an attribute: the dashed one (warned about by
          // attributeChangedCallback, which runs for it next) or, from React and Vue, the property name lower-cased.
          if (prop.toLowerCase() !== attr)
            warnObjectAttribute(tag, prop.toLowerCase(), prop, this.getAttribute(prop.toLowerCase()));
          if (isLostObject(value)) continue;
        }
        const v = parseAttribute(types[prop] ?? 'string', value);
        if (v !== undefined) this.#props[prop] = v;
      }
    }

    connectedCallback(): void {
      // Properties set before the element was defined (upgrade) shadow the accessors: re-apply them.
      upgradeProperties(this, Object.keys(types));
      // Ask the nearest <pay-provider> (synchronous when one is defined) before the first render.
      this.#requestSettings();
      if (!this.#unsubscribe) this.#waitForProvider();
      // After the current task's synchronous work: Angular inserts the element, then sets its bound properties
      // ([extraParams]) in the same change detection pass; the first request must see them.
      queueMicrotask(() => {
        if (this.isConnected) this.#prefetch();
      });
      // The first render is a long task; let the requests the prefetch started reach the network first (a step that
      // waits for a module, even one already loaded, takes a task, and would otherwise queue behind the render).
      clearTimeout(this.#renderTimer);
      this.#renderTimer = setTimeout(() => {
        if (!this.isConnected) return;
        this.#live = true;
        this.#render();
      }, 0);
    }

    disconnectedCallback(): void {
      clearTimeout(this.#renderTimer);
      this.#live = false;
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#stopWaiting();
      // A move (removed and inserted in the same task) keeps the React tree, the api and its cache; a removal
      // unmounts React and releases them.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#root?.unmount();
        this.#root = undefined;
        releaseHost(this);
      });
    }

    /** Render (or re-render) the React tree with the current props. */
    #render(): void {
      if (!this.#live) return;
      this.#root ??= createRoot(this.#shadow);
      this.#root.render(
        <ElementRoot rootProps={{ ...this.#props, container: this.#shadow }} Component={Component} options={options} />,
      );
    }

    /** Make the api with the settings known now and start the element's first requests. */
    #prefetch(): void {
      const props = this.#props;
      const own: SettingsInput = {
        baseUrl: props.baseUrl as string | undefined,
        authToken: props.authToken as string | undefined,
        locale: props.locale as string | undefined,
        livemode: props.livemode as boolean | undefined,
        theme: props.theme as string | undefined,
      };
      const settings = resolveSettings(own, props.__provided as SettingsInput | undefined, this);
      const hs = hostServices(this, settings.locale, options.messages);
      if (settings.locale !== 'en' && !hs.i18n.hasResourceBundle(settings.locale, 'translation')) {
        options.messages.zh().catch(() => {}); // fetched now; useLoadedLocale adds it
      }
      if (!options.prefetch) return;
      try {
        options.prefetch(hostApi(hs, settings), props);
      } catch (err) {
        console.warn(`[pay-elements] ${tag}: prefetch failed`, err);
      }
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      if (this.#reflecting) return;
      const prop = attrToProp[name];
      if (!prop) return;
      const lost = types[prop] === 'json' && warnObjectAttribute(tag, name, prop, value);
      this.#props[prop] = lost ? undefined : parseAttribute(types[prop] ?? 'string', value);
      this.#render();
    }

    static {
      for (const prop of Object.keys(types)) {
        Object.defineProperty(this.prototype, prop, {
          configurable: true,
          enumerable: true,
          get(this: PayElement) {
            return this.#props[prop];
          },
          set(this: PayElement, value: unknown) {
            this.#setProp(prop, value);
          },
        });
      }
    }

    /** Set a prop from a property write, mirror it to the attribute, re-render. */
    #setProp(prop: string, value: unknown): void {
      const type = types[prop] ?? 'string';
      this.#props[prop] = propValue(type, value);
      const attr = toDashed(prop);
      const str = stringifyProp(type, value);
      this.#reflecting = true;
      try {
        if (str === null) this.removeAttribute(attr);
        else if (this.getAttribute(attr) !== str) this.setAttribute(attr, str);
      } finally {
        this.#reflecting = false;
      }
      this.#render();
    }

    #onProvided: ContextCallback<SettingsInput> = (value, unsubscribe) => {
      if (unsubscribe && this.#unsubscribe && this.#unsubscribe !== unsubscribe) this.#unsubscribe();
      this.#unsubscribe = unsubscribe;
      this.#stopWaiting();
      this.#props.__provided = value;
      this.#render();
    };

    #requestSettings(): void {
      this.dispatchEvent(new ContextRequestEvent(settingsContext, this, this.#onProvided, true));
    }

    // A <pay-provider> defined after this element announces itself with a `context-provider` event.
    #onProviderAppeared = (ev: Event): void => {
      const e = ev as Event & { context?: unknown; contextTarget?: Element };
      if (e.context !== settingsContext || !e.contextTarget) return;
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk up the tree starts at this element
      let n: Node | null = this;
      while (n) {
        if (n === e.contextTarget) {
          this.#requestSettings();
          return;
        }
        n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null);
      }
    };

    #waitForProvider(): void {
      if (this.#waitingForProvider) return;
      this.#waitingForProvider = true;
      this.ownerDocument.addEventListener('context-provider', this.#onProviderAppeared);
    }

    #stopWaiting(): void {
      if (!this.#waitingForProvider) return;
      this.#waitingForProvider = false;
      this.ownerDocument.removeEventListener('context-provider', this.#onProviderAppeared);
    }
  }

  return PayElement;
}

/** Build defineElement options from an element's metadata (elements/<tag>.meta.ts), skipping shared attributes. */
export function optionsFromMeta(
  meta: {
    attributes: Array<{ name: string; type: PropType }>;
    events: Array<{ name: string }>;
  },
  prefix: string,
  messages: Messages,
  extra: Partial<ElementOptions> = {},
): ElementOptions {
  const props: Record<string, PropType> = {};
  for (const a of meta.attributes) {
    const camel = toCamel(a.name);
    if (!(camel in SHARED_PROPS)) props[camel] = a.type;
  }
  return {
    ...extra,
    prefix,
    messages,
    props: { ...props, ...extra.props },
    events: meta.events.map((e) => (e.name.startsWith(`${prefix}-`) ? e.name.slice(prefix.length + 1) : e.name)),
  };
}
