/**
 * <pay-provider>: a plain HTMLElement (no React) providing the shared settings to every element inside it through
 * the context protocol (@lit/context ContextProvider). Attribute changes propagate to subscribed elements.
 */
import { ContextProvider } from '@lit/context';
import { parseAttribute, SHARED_PROPS, stringifyProp, toDashed } from '../src/ui/attributes.ts';
import { defineOnce, upgradeProperties } from '../src/ui/define.ts';
import { settingsContext, type SettingsInput } from '../src/ui/settings.ts';

// The shared settings, read with the same converter as every element's own attributes (src/ui/attributes.ts).
const PROPS = Object.entries(SHARED_PROPS) as Array<[keyof SettingsInput, (typeof SHARED_PROPS)[keyof SettingsInput]]>;
const ATTRS = PROPS.map(([prop]) => toDashed(prop));

function readSettings(el: HTMLElement): SettingsInput {
  const s: Record<string, unknown> = {};
  for (const [prop, type] of PROPS) {
    const v = parseAttribute(type, el.getAttribute(toDashed(prop)));
    if (v !== undefined && v !== '') s[prop] = v; // an empty string attribute provides nothing
  }
  return s as SettingsInput;
}

let sheet: CSSStyleSheet | undefined;
function contentsSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(':host{display:contents}');
  }
  return sheet;
}

// The class is made only where HTMLElement exists: importing this module in Node (server rendering) defines nothing.
function createProvider(): CustomElementConstructor {
  class PayProviderElement extends HTMLElement {
    static observedAttributes = [...ATTRS];

    #provider = new ContextProvider(this, { context: settingsContext, initialValue: readSettings(this) });

    connectedCallback(): void {
      // Properties set before the element was defined (upgrade) shadow the accessors: re-apply them.
      upgradeProperties(
        this,
        PROPS.map(([prop]) => prop),
      );
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
  for (const [prop, type] of PROPS) {
    const attr = toDashed(prop);
    Object.defineProperty(PayProviderElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return parseAttribute(type, this.getAttribute(attr));
      },
      set(this: HTMLElement, value: unknown) {
        const str = stringifyProp(type, value);
        if (str === null) this.removeAttribute(attr);
        else this.setAttribute(attr, str);
      },
    });
  }
  return PayProviderElement;
}

export default defineOnce('pay-provider', createProvider);
