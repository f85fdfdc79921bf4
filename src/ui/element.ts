/**
 * defineElement(tag, load, options) — THE one way to define an element.
 *
 * - Its own small base class (an HTMLElement with an open shadow root and a React root in it), not
 *   @r2wc/react-to-web-component: r2wc's public API reads `<x open>` as false, ignores removed and empty
 *   attributes and mounts React on connect, before a `<pay-provider>` answered; reaching into its private symbols
 *   to fix that would break silently on an upgrade. So this file owns the ~60 lines r2wc did: attributes, properties,
 *   one React root per element, unmount on removal.
 * - No React in this module or what it imports: the element is defined, and its first requests leave, as soon as
 *   this small graph and the api have loaded. `load()` (the screen) and the React renderer (element-root.tsx) are
 *   imported when the first instance connects; the element's loader fetches their chunks in parallel from the
 *   start (scripts/vite-element-entries.ts), so they are usually there by the time the answers are.
 * - Attributes ↔ props: camelCase props map to dashed attributes; properties mirror attributes (setting a
 *   property writes the attribute, setting an attribute updates the property). An object (json) prop is also a
 *   property under its dashed name (`el['extra-params']`), so frameworks binding that name set the object. Types: string, number, json,
 *   boolean, converted by src/ui/attributes.ts (shared with `<pay-provider>`). Booleans follow HTML: presence is
 *   `true` (`<x open>`), `"false"`/`"0"` is `false`, removing the attribute resets the prop to `undefined`.
 * - Settings change in place: a new `locale`, `theme` or `livemode` re-renders the same React tree with the same
 *   api (its requests take the new locale/livemode and its queries refetch in the background), and a locale whose
 *   strings are still loading keeps the previous one on screen until they arrive. Nothing remounts: state and typed
 *   input stay, and events such as `pay-ready` do not fire again. Only `base-url` or `auth-token` make a new api.
 * - Shared settings (`base-url`, `auth-token`, `locale`, `livemode`, `theme`) are added to every element; each
 *   wins over the nearest `<pay-provider>` ancestor, which is reached with the context protocol (@lit/context).
 * - Lifecycle: the api is made when the element is connected (with its attributes and provider settings), so
 *   `options.prefetch` starts the first data request then, before the first render; moving the element keeps it
 *   and its React tree. When the element is removed (still disconnected after the current task's microtasks), React
 *   unmounts and its api is disposed (query cache cleared at once, realtime subscriptions dropped) along with its
 *   toasts: nothing of a removed element stays referenced from the page.
 *
 * Nothing is written outside the shadow root: no document.head, no body styles, no window globals.
 */
import { ContextEvent as ContextRequestEvent, type ContextCallback } from '@lit/context';
import type { ComponentType } from 'react';
import type { Api } from '../api/index.ts';
import {
  parseAttribute,
  propValue,
  SHARED_PROPS,
  stringifyProp,
  toCamel,
  toDashed,
  type PropType,
} from './attributes.ts';
import { defineOnce, isLostObject, upgradeProperties, warnObjectAttribute } from './define.ts';
import type { ElementView, renderInto } from './element-root.tsx';
import { hostApi, hostServices, releaseHost } from './host.ts';
import { direction, langTag } from '../core/locale.ts';
import type { Messages } from './i18n-instance.ts';
import { ownSettings, resolveSettings, settingsContext, type Settings, type SettingsInput } from './settings.ts';

type RenderInto = typeof renderInto;

export type ElementOptions = {
  /** The element's own props (camelCase → dashed attribute) and their types. Shared settings are added. */
  props?: Record<string, PropType>;
  /** Event names without the prefix (documentation; `emit` accepts any name). */
  events?: readonly string[];
  /** Event family prefix: `pay`, `portal`, `header`, `store`. Events are `${prefix}-${name}`. */
  prefix: string;
  /**
   * The page's own locale preference, read when an instance is made and used after the attribute and the provider
   * (<site-header>: `pageLocale`).
   */
  pageLocale?: () => string | undefined;
  /** CSS `display` of the host (default `block`). */
  display?: string;
  /** The host box paints the theme background (default true); false when the screen draws its own surfaces. */
  hostBackground?: boolean;
  /** The element's messages: English bundled, Chinese loaded on first use (see src/ui/i18n-instance.ts). */
  messages: Messages;
  /**
   * Called when the element is connected with its attributes, before React and the screen are loaded: start the
   * first data requests here (prefetch into `api.queryClient` under the keys the screen's queries use).
   */
  prefetch?: (api: Api, props: Record<string, unknown>) => void;
};

let failureCss: CSSStyleSheet | undefined;
/** The few rules of the load-failure message (the theme's own sheet comes with React). */
function failureSheet(): CSSStyleSheet {
  if (!failureCss) {
    failureCss = new CSSStyleSheet();
    failureCss.replaceSync(
      '[part=error]{padding:16px;font:14px/1.5 system-ui,sans-serif;color:CanvasText}' +
        '[part=error] p{margin:0 0 8px}[part=error] button{font:inherit;padding:6px 14px;cursor:pointer}',
    );
  }
  return failureCss;
}

/** Loads the element's screen: a React component that receives the element's declared props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen declares its own props
export type ViewLoader = () => Promise<ComponentType<any>>;

/**
 * Define a custom element whose screen is the React component `load()` gives. Returns the element class (already
 * registered; a second call for the same tag returns the existing class, and another copy of the library says so in
 * the console), or undefined where there is no DOM: importing an element in Node (server rendering) defines nothing
 * (src/ui/define.ts).
 *
 * The component receives its declared props (parsed from attributes / set as properties); settings, api, i18n,
 * styles and events come from hooks (useSettings, useApi, useT, useCss, useEmit, useQuery…).
 */
export function defineElement(
  tag: string,
  load: ViewLoader,
  options: ElementOptions,
): CustomElementConstructor | undefined {
  return defineOnce(tag, () => createElementClass(tag, load, options));
}

/** The element class (only called where HTMLElement exists). */
function createElementClass(tag: string, load: ViewLoader, options: ElementOptions): CustomElementConstructor {
  /** The screen and the React renderer, once both modules are loaded (shared by every instance of the tag). */
  let view: { Component: ComponentType<Record<string, unknown>>; renderInto: RenderInto } | undefined;
  let loading: Promise<void> | undefined;
  const loadView = (): Promise<void> =>
    (loading ??= Promise.all([import('./element-root.tsx'), load()]).then(
      ([root, Component]) => {
        view = { Component, renderInto: root.renderInto };
      },
      (err: unknown) => {
        loading = undefined; // the next connect tries again
        throw err;
      },
    ));

  const types: Record<string, PropType> = { ...SHARED_PROPS, ...options.props };
  const attrToProp: Record<string, string> = {};
  for (const prop of Object.keys(types)) attrToProp[toDashed(prop)] = prop;
  // Property names: every prop, and an object prop also under its dashed name (`el['extra-params'] = {…}`), the name
  // people copy from the HTML docs: frameworks set a property only when the element has one by the exact name they
  // bind (Vue `:extra-params`, React 19 and Svelte `extra-params={…}`, Angular `[extra-params]`).
  const names: Record<string, string> = {};
  for (const [attr, prop] of Object.entries(attrToProp)) {
    names[prop] = prop;
    if (types[prop] === 'json') names[attr] = prop;
  }

  class PayElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return Object.keys(attrToProp);
    }

    /** What React renders with: parsed attributes, property writes and `__provided` (the provider's settings). */
    #props: Record<string, unknown> = {};
    #shadow: ShadowRoot;
    #view: ElementView | undefined;
    /** Rendering is on: connected, and the deferred first render ran. */
    #live = false;
    #reflecting = false;
    #unsubscribe: (() => void) | undefined;
    #waitingForProvider = false;
    #renderTimer: ReturnType<typeof setTimeout> | undefined;

    constructor() {
      super();
      this.#shadow = this.attachShadow({ mode: 'open' });
      // The page's locale preference as it is when the element is made: the element's own choice (which the header
      // writes to the same cookie) is a local override, not a new outside setting that would reset the others.
      this.#props.__page = options.pageLocale?.();
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
      upgradeProperties(this, Object.keys(names));
      // Ask the nearest <pay-provider> (synchronous when one is defined) before the first render.
      this.#requestSettings();
      if (!this.#unsubscribe) this.#waitForProvider();
      // After the current task's synchronous work: Angular inserts the element, then sets its bound properties
      // ([extraParams]) in the same change detection pass; the first request must see them.
      queueMicrotask(() => {
        if (this.isConnected) this.#prefetch();
      });
      // The first render waits for React and the screen (loaded in parallel with the requests the prefetch starts),
      // then for one more task: it is a long one, and the requests of an element connected after the view was
      // loaded must reach the network first (a step that waits for a module, even a loaded one, takes a task).
      clearTimeout(this.#renderTimer);
      const start = () => {
        if (!this.isConnected) return;
        clearTimeout(this.#renderTimer);
        this.#renderTimer = setTimeout(() => {
          if (!this.isConnected) return;
          this.#live = true;
          this.#render();
        }, 0);
      };
      if (view) start();
      else
        loadView().then(start, (err: unknown) => {
          console.error(`[pay-elements] <${tag}> could not load its screen`, err);
          if (this.isConnected) void this.#showLoadFailure(start);
        });
    }

    /**
     * The screen's code could not be loaded (the network dropped, a CDN failed): say so in the element, in its
     * language, with a button that tries again. Plain DOM: React is what could not be loaded.
     */
    async #showLoadFailure(retry: () => void): Promise<void> {
      const locale = this.#settings().locale;
      const tree = await (locale === 'en' ? Promise.resolve(options.messages.en) : options.messages.load(locale)).catch(
        () => options.messages.en,
      );
      const text = (path: string): string => {
        const found = path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], tree);
        return typeof found === 'string' ? found : path;
      };
      if (!this.isConnected || view) return;
      const box = document.createElement('div');
      box.setAttribute('part', 'error');
      box.lang = langTag(locale);
      box.dir = direction(locale);
      const message = document.createElement('p');
      message.setAttribute('role', 'alert');
      message.textContent = text('error.network');
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('part', 'button');
      button.textContent = text('common.retry');
      button.addEventListener('click', () => {
        box.remove();
        loadView().then(retry, () => {
          if (this.isConnected) void this.#showLoadFailure(retry);
        });
      });
      box.append(message, button);
      this.#shadow.adoptedStyleSheets = [failureSheet()];
      this.#shadow.replaceChildren(box);
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
        this.#view?.unmount();
        this.#view = undefined;
        releaseHost(this);
      });
    }

    /** Render (or re-render) the React tree with the current props. */
    #render(): void {
      if (!this.#live || !view) return;
      this.#view ??= view.renderInto(this.#shadow, view.Component, options);
      this.#view.render(this.#props);
    }

    /** Make the api with the settings known now and start the element's first requests. */
    #settings(): Settings {
      return resolveSettings(
        ownSettings(this.#props),
        this.#props.__provided as SettingsInput | undefined,
        this,
        this.#props.__page as string | undefined,
      );
    }

    #prefetch(): void {
      const props = this.#props;
      const settings = this.#settings();
      const hs = hostServices(this);
      if (options.prefetch) {
        try {
          options.prefetch(hostApi(hs, settings), props);
        } catch (err) {
          console.warn(`[pay-elements] ${tag}: prefetch failed`, err);
        }
      }
      // Fetched now (a module import, once); useLoadedLocale adds it to the element's i18n when it renders.
      if (settings.locale !== 'en') options.messages.load(settings.locale).catch(() => {});
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
      for (const [name, prop] of Object.entries(names)) {
        Object.defineProperty(this.prototype, name, {
          configurable: true,
          enumerable: true,
          get(this: PayElement) {
            return this.#props[prop];
          },
          // Under the dashed name, text is the attribute's JSON text (a framework binding a static string).
          set(this: PayElement, value: unknown) {
            if (name !== prop && typeof value == 'string') this.setAttribute(name, value);
            else this.#setProp(prop, value);
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

/**
 * Build defineElement options from an element's run-time metadata (elements/_runtime/<tag>.ts: its own attributes,
 * without the shared settings, which every element has). Events are documentation only (emit takes any name).
 */
export function optionsFromMeta(
  meta: { attributes: Array<{ name: string; type: PropType }> },
  prefix: string,
  messages: Messages,
  extra: Partial<ElementOptions> = {},
): ElementOptions {
  const props: Record<string, PropType> = {};
  for (const a of meta.attributes) props[toCamel(a.name)] = a.type;
  return { ...extra, prefix, messages, props: { ...props, ...extra.props } };
}
