/**
 * goober bound to one shadow root. Every element gets its own binding (created once per root and passed
 * down through React context), so rules land inside that root and never in `document.head`.
 *
 * Strict CSP: the rules go into constructable stylesheets adopted by the root (`adoptedStyleSheets`), never into a
 * `<style>` element, so the elements work under `style-src 'self'` (no 'unsafe-inline'). goober is pointed at a
 * stand-in for its `<style>` text node (`RootSheet.data`); each append goober makes is split into rules and
 * inserted with `insertRule` (only the new rules are parsed). A browser without constructable stylesheets
 * (Safari < 16.4) gets goober's own `<style>` in the root, as before.
 *
 * Use in components:
 *   const { css, cx } = useCss();            // css`color: red;` → class name, rule lands in this root
 *   const Box = styled('div')`padding: 8px;`; // module-level; the rule is written per root at render
 *   const spin = useKeyframes()`from{…}to{…}`;
 */
import { css as gooberCss } from 'goober';
import {
  createContext,
  createElement,
  forwardRef,
  useContext,
  type ComponentPropsWithRef,
  type ElementType,
  type ReactElement,
  type Ref,
} from 'react';

type CssInput = TemplateStringsArray | string | Record<string, unknown>;
export type CssFn = (tag: CssInput, ...values: Array<string | number>) => string;

export type StyleBinding = {
  /** Class-producing `css`, bound to this root. */
  css: CssFn;
  /** Global rules (`:host`, element selectors) written into this root only. */
  glob: CssFn;
  /** `@keyframes` bound to this root; returns the animation name. */
  keyframes: CssFn;
  /** Join class names, skipping falsy values. */
  cx: (...names: Array<string | false | null | undefined>) => string;
  /** The root the rules go into. */
  target: ShadowRoot;
};

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** Constructable stylesheets and `adoptedStyleSheets` (every current browser; Safari from 16.4). */
export const CONSTRUCTABLE =
  typeof CSSStyleSheet === 'function' &&
  'replaceSync' in CSSStyleSheet.prototype &&
  typeof ShadowRoot === 'function' &&
  'adoptedStyleSheets' in ShadowRoot.prototype;

/** Splits compact CSS (goober's output: no comments) into its top-level rules; braces inside strings are skipped. */
export function splitRules(text: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0 && --depth === 0) {
      const rule = text.slice(start, i + 1).trim();
      if (rule) rules.push(rule);
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      // A top-level statement (`@import …;`): not allowed in a constructed sheet, dropped.
      start = i + 1;
    }
  }
  return rules;
}

/**
 * The text node goober writes into, backed by a constructed stylesheet. goober appends (`data = data + rule`), or
 * prepends, or (global styles only) replaces; appends and prepends insert only the new rules, anything else
 * re-parses the whole text once. A rule the browser rejects (an unknown vendor selector) is skipped, as a
 * `<style>` element would skip it.
 */
class RootSheet {
  readonly sheet = new CSSStyleSheet();
  #text = '';

  get data(): string {
    return this.#text;
  }

  set data(next: string) {
    const prev = this.#text;
    this.#text = next;
    if (next.length > prev.length && next.startsWith(prev)) this.#insert(next.slice(prev.length), this.sheet.cssRules.length);
    else if (next.length > prev.length && next.endsWith(prev)) this.#insert(next.slice(0, next.length - prev.length), 0);
    else if (next !== prev) this.sheet.replaceSync(next);
  }

  #insert(text: string, index: number): void {
    for (const rule of splitRules(text)) {
      try {
        this.sheet.insertRule(rule, index);
        index++;
      } catch {
        // invalid here (e.g. `::-moz-…` in Chromium): skipped, like a <style> element's parser skips it
      }
    }
  }
}

type Adopted = { host: CSSStyleSheet; hostText: string; rules: RootSheet };
const adopted = new WeakMap<ShadowRoot, Adopted>();

/** The root's two adopted sheets: element base styles and theme tokens (`host`), then goober's rules. */
function adoptedSheets(root: ShadowRoot): Adopted {
  let a = adopted.get(root);
  if (!a) {
    a = { host: new CSSStyleSheet(), hostText: '', rules: new RootSheet() };
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, a.host, a.rules.sheet];
    adopted.set(root, a);
  }
  return a;
}

/** What goober takes as its target: `querySelector('#_goober')` answers an attached "style" whose text is ours. */
function gooberTarget(root: ShadowRoot): object {
  const holder = { parentNode: root, firstChild: adoptedSheets(root).rules };
  return { querySelector: () => holder };
}

const bindings = new WeakMap<ShadowRoot, StyleBinding>();

/** One binding per shadow root (memoized). */
export function bindStyles(target: ShadowRoot): StyleBinding {
  let b = bindings.get(target);
  if (!b) {
    // NB: goober's own `keyframes`/`glob` are already bound ({k:1}/{g:1}); re-binding them would lose the target,
    // so they are derived from `css` with the target and the flag together.
    const base = gooberCss as unknown as { bind(ctx: object): CssFn };
    const sink = CONSTRUCTABLE ? gooberTarget(target) : target;
    b = {
      css: base.bind({ target: sink }),
      glob: base.bind({ target: sink, g: 1 }),
      keyframes: base.bind({ target: sink, k: 1 }),
      cx,
      target,
    };
    bindings.set(target, b);
  }
  return b;
}

/**
 * The element's own stylesheet (theme tokens on `:host`, base rules), ahead of goober's rules. Adopted where
 * constructable stylesheets exist (re-parsed only when the text changes, e.g. a theme switch); elsewhere rendered
 * as a `<style>` element. Render it first inside the shadow root.
 */
export function HostStyles({ root, css }: { root: ShadowRoot; css: string }): ReactElement | null {
  if (!CONSTRUCTABLE) return createElement('style', null, css);
  const a = adoptedSheets(root);
  if (a.hostText !== css) {
    a.host.replaceSync(css);
    a.hostText = css;
  }
  return null;
}

export const StyleContext = createContext<StyleBinding | null>(null);

export function useCss(): StyleBinding {
  const b = useContext(StyleContext);
  if (!b) throw new Error('useCss() must be used inside an element made with defineElement()');
  return b;
}

type Interp<P> = string | number | false | null | undefined | ((props: P) => string | number | false | null | undefined);

/**
 * A tiny `styled` on top of the per-root `css`: declare at module level, the rule is written into the rendering
 * element's shadow root. Function interpolations receive the props. `$`-prefixed props are not forwarded to the DOM.
 *
 *   const Row = styled('div')<{ $gap?: number }>`display:flex;gap:${(p) => p.$gap ?? 8}px;`;
 */
export function styled<T extends ElementType>(tag: T) {
  return <P extends object = object>(strings: TemplateStringsArray, ...values: Array<Interp<ComponentPropsWithRef<T> & P>>) => {
    type Props = ComponentPropsWithRef<T> & P & { className?: string };
    const Styled = forwardRef(function Styled(props: object, ref: Ref<unknown>): ReactElement {
      const { css } = useCss();
      let text = '';
      strings.forEach((s, i) => {
        text += s;
        if (i < values.length) {
          const v = values[i];
          const out = typeof v === 'function' ? v(props as Props) : v;
          if (out !== false && out !== null && out !== undefined) text += String(out);
        }
      });
      const forwarded: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) if (!k.startsWith('$')) forwarded[k] = v;
      forwarded.className = cx(css(text), (props as { className?: string }).className);
      forwarded.ref = ref;
      return createElement(tag, forwarded);
    });
    Styled.displayName = `styled(${typeof tag === 'string' ? tag : 'Component'})`;
    return Styled as unknown as (props: Props) => ReactElement;
  };
}
