/**
 * Registering the elements: the guards every element module goes through (defineElement and <pay-provider>).
 *
 * - Server rendering: where there is no `customElements` (Node), defining is a no-op that returns undefined, and the
 *   element class is only created inside `create()`, so importing a module never touches `HTMLElement`.
 * - Two copies of the library on one page (two bundles, a CDN script beside a packaged build): the first definition
 *   of a tag wins; the second copy says so in the console with both versions instead of silently losing.
 * - Objects written as attributes (`[object Object]`): a framework that sets an object on the dashed attribute, or
 *   that rendered before the element was defined, loses the value; the element names the property to set instead.
 */

declare const __PAY_ELEMENTS_VERSION__: string | undefined;

/** The package version, injected by the build (vite `define`); `dev` when running from sources. */
export const VERSION: string = typeof __PAY_ELEMENTS_VERSION__ === 'string' ? __PAY_ELEMENTS_VERSION__ : 'dev';

const VERSION_KEY = Symbol.for('blocklet-pay-elements.version');

/** Tags this copy of the library defined. */
const definedHere = new Set<string>();

/** Whether custom elements can be defined here (false in Node, where importing an element defines nothing). */
export function canDefine(): boolean {
  return typeof globalThis.customElements !== 'undefined' && typeof globalThis.HTMLElement === 'function';
}

/**
 * Define `tag` with the class `create()` makes, once. Returns the registered class (this copy's or the one already
 * defined), or undefined where custom elements do not exist.
 */
export function defineOnce(tag: string, create: () => CustomElementConstructor): CustomElementConstructor | undefined {
  if (!canDefine()) return undefined;
  const existing = customElements.get(tag);
  if (existing) {
    if (!definedHere.has(tag)) {
      const theirs = (existing as unknown as Record<symbol, unknown>)[VERSION_KEY];
      console.warn(
        `[pay-elements] <${tag}> is already defined by ${typeof theirs == 'string' ? `another copy of blocklet-pay-elements (version ${theirs})` : 'another script'}; this copy (version ${VERSION}) is not used. Load the elements once per page.`,
      );
    }
    return existing;
  }
  const ctor = create();
  // `version` (static) for support requests: `customElements.get('pay-checkout').version`.
  Object.defineProperties(ctor, { [VERSION_KEY]: { value: VERSION }, version: { value: VERSION } });
  customElements.define(tag, ctor);
  definedHere.add(tag);
  return ctor;
}

/** Whether an attribute value is what `String(object)` gives (`[object Object]`): the object itself is lost. */
export const isLostObject = (value: string | null): boolean => value !== null && /^\[object \w+\]$/.test(value.trim());

/**
 * Warn when a JSON attribute holds `[object Object]`: an object was written as an attribute (a framework binding the
 * dashed name, or rendering before the element was defined) and its value is lost. Returns whether it warned.
 */
export function warnObjectAttribute(tag: string, attribute: string, property: string, value: string | null): boolean {
  if (!isLostObject(value)) return false;
  console.warn(
    `[pay-elements] <${tag}> ${attribute}="${value}": an object was written as an attribute and is lost. Set the ${property} property instead, after the element is defined (import it before the first render).`,
  );
  return true;
}

/**
 * Properties set on an element before it was defined (the framework rendered first, or a late script) are own
 * properties that shadow the class's accessors: take them through the accessors (the standard "upgrade property").
 */
export function upgradeProperties(el: HTMLElement, props: Iterable<string>): void {
  const self = el as unknown as Record<string, unknown>;
  for (const prop of props) {
    if (!Object.prototype.hasOwnProperty.call(el, prop)) continue;
    const value = self[prop];
    delete self[prop];
    self[prop] = value;
  }
}
