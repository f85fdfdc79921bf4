/**
 * <pay-provider>: a plain HTMLElement (no React) providing the shared settings to every element inside it through
 * the context protocol (@lit/context ContextProvider). Attribute changes propagate to subscribed elements.
 */
import { ContextProvider } from '@lit/context';
import { defineOnce, upgradeProperties } from '../src/ui/define.ts';
import { settingsContext, type SettingsInput } from '../src/ui/settings.ts';

const ATTRS = ['base-url', 'auth-token', 'locale', 'livemode', 'theme'] as const;

function readSettings(el: HTMLElement): SettingsInput {
  const s: SettingsInput = {};
  const baseUrl = el.getAttribute('base-url');
  const authToken = el.getAttribute('auth-token');
  const locale = el.getAttribute('locale');
  const livemode = el.getAttribute('livemode');
  const theme = el.getAttribute('theme');
  if (baseUrl) s.baseUrl = baseUrl;
  if (authToken) s.authToken = authToken;
  if (locale) s.locale = locale;
  if (livemode !== null) s.livemode = !/^(false|0|off|no)$/i.test(livemode.trim());
  if (theme) s.theme = theme;
  return s;
}

let sheet: CSSStyleSheet | undefined;
function contentsSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(':host{display:contents}');
  }
  return sheet;
}

const camel = (a: string) => a.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

// The class is made only where HTMLElement exists: importing this module in Node (server rendering) defines nothing.
function createProvider(): CustomElementConstructor {
  class PayProviderElement extends HTMLElement {
    static observedAttributes = [...ATTRS];

    #provider = new ContextProvider(this, { context: settingsContext, initialValue: readSettings(this) });

    connectedCallback(): void {
      // Properties set before the element was defined (upgrade) shadow the accessors: re-apply them.
      upgradeProperties(this, ATTRS.map(camel));
      // display: contents without touching anything outside: a shadow root holding a <slot> and a :host rule.
      if (!this.shadowRoot) {
        // An adopted stylesheet, not a <style>: the page's CSP may forbid inline styles (style-src without 'unsafe-inline').
        const root = this.attachShadow({ mode: 'open' });
        root.append(document.createElement('slot'));
        root.adoptedStyleSheets = [contentsSheet()];
      }
      this.#provider.setValue(readSettings(this));
      this.#provider.hostConnected();
    }

    attributeChangedCallback(): void {
      this.#provider.setValue(readSettings(this));
    }

    /** The settings currently provided. */
    get settings(): SettingsInput {
      return this.#provider.value;
    }
  }

  // Properties mirror attributes.
  for (const attr of ATTRS) {
    const prop = camel(attr);
    Object.defineProperty(PayProviderElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        const v = this.getAttribute(attr);
        if (attr === 'livemode') return v === null ? undefined : !/^(false|0|off|no)$/i.test(v.trim());
        return v ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attr);
        else if (attr === 'livemode') this.setAttribute(attr, value ? '' : 'false');
        else this.setAttribute(attr, String(value));
      },
    });
  }
  return PayProviderElement;
}

export default defineOnce('pay-provider', createProvider);
