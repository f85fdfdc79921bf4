/**
 * goober bound to one shadow root. Every element gets its own binding (created once per root and passed
 * down through React context), so rules land inside that root and never in `document.head`.
 *
 * Strict CSP: the rules go into constructable stylesheets adopted by the root (`adoptedStyleSheets`), never into a
 * `<style>` element, so the elements work under `style-src 'self'` (no 'unsafe-inline'). goober is pointed at a
 * stand-in for its `<style>` text node (`adoptedSheets().rules`); each append goober makes is inserted as one grouping
 * rule with `insertRule` (only the new rules are parsed). Constructable stylesheets: every current browser (Safari
 * from 16.4).
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

type Sheets = { host: CSSStyleSheet; hostText: string; rules: { data: string } };
const adopted = new WeakMap<ShadowRoot, Sheets>();

/**
 * The root's two adopted sheets: the element's own (theme tokens, base rules), then goober's rules. `rules` stands
 * in for the text node of goober's `<style>`: goober appends (`data = data + rules`) or, for global styles only,
 * replaces; an append is inserted as one `@media all{…}` rule (one insertRule: only the new text is parsed, invalid
 * rules inside are skipped as in a `<style>`), anything else re-parses the whole text once.
 */
function adoptedSheets(root: ShadowRoot): Sheets {
  let a = adopted.get(root);
  if (!a) {
    const sheet = new CSSStyleSheet();
    let text = '';
    a = {
      host: new CSSStyleSheet(),
      hostText: '',
      rules: {
        get data() {
          return text;
        },
        set data(next: string) {
          const prev = text;
          text = next;
          // goober's output is balanced (it serializes parsed objects), so the block always parses.
          if (next.startsWith(prev)) sheet.insertRule(`@media all{${next.slice(prev.length)}}`, sheet.cssRules.length);
          else sheet.replaceSync(next);
        },
      },
    };
    root.adoptedStyleSheets = [a.host, sheet]; // the root is the element's own
    adopted.set(root, a);
  }
  return a;
}

const bindings = new WeakMap<ShadowRoot, StyleBinding>();

/**
 * `css` that remembers the class of each template and values: goober serializes, hashes and looks the rules up on
 * every call, and most calls are the same few hundred templates rendered again (a first render makes some 600).
 * Per root, like the rules themselves; object inputs go straight through.
 */
function remembered(css: CssFn): CssFn {
  const byTemplate = new WeakMap<TemplateStringsArray, Map<string, string>>();
  const byText = new Map<string, string>();
  return (tag, ...values) => {
    let seen: Map<string, string>;
    let key: string;
    if (typeof tag === 'string') {
      seen = byText;
      key = tag;
    } else if (Array.isArray(tag)) {
      const template = tag as TemplateStringsArray;
      seen = byTemplate.get(template) ?? new Map<string, string>();
      if (!byTemplate.has(template)) byTemplate.set(template, seen);
      // goober writes '' for false and the text of anything else: the key keeps a value's type apart from its text.
      key = values.map((v) => (typeof v === 'string' ? v : `\u0001${String(v)}`)).join('\u0000');
    } else return css(tag, ...values);
    let name = seen.get(key);
    if (name === undefined) seen.set(key, (name = css(tag, ...values)));
    return name;
  };
}

/** One binding per shadow root (memoized). */
export function bindStyles(target: ShadowRoot): StyleBinding {
  let b = bindings.get(target);
  if (!b) {
    // NB: goober's own `keyframes`/`glob` are already bound ({k:1}/{g:1}); re-binding them would lose the target,
    // so they are derived from `css` with the target and the flag together.
    const base = gooberCss as unknown as { bind(ctx: object): CssFn };
    // goober looks its <style> up with querySelector('#_goober') and writes into its firstChild's `data`.
    const holder = { parentNode: target, firstChild: adoptedSheets(target).rules };
    const sink = { querySelector: () => holder };
    b = {
      css: remembered(base.bind({ target: sink })),
      glob: base.bind({ target: sink, g: 1 }),
      keyframes: remembered(base.bind({ target: sink, k: 1 })),
      cx,
      target,
    };
    bindings.set(target, b);
  }
  return b;
}

/**
 * Sets the element's own stylesheet (theme tokens on `:host`, base rules), adopted ahead of goober's rules;
 * re-parsed only when the text changes (a theme switch).
 */
export function setHostCss(root: ShadowRoot, css: string): void {
  const a = adoptedSheets(root);
  if (a.hostText !== css) a.host.replaceSync((a.hostText = css));
}

export const StyleContext = createContext<StyleBinding | null>(null);

export function useCss(): StyleBinding {
  const b = useContext(StyleContext);
  if (!b) throw new Error('useCss() must be used inside an element made with defineElement()');
  return b;
}

type Interp<P> =
  string | number | false | null | undefined | ((props: P) => string | number | false | null | undefined);

/**
 * A tiny `styled` on top of the per-root `css`: declare at module level, the rule is written into the rendering
 * element's shadow root. Function interpolations receive the props. `$`-prefixed props are not forwarded to the DOM.
 *
 *   const Row = styled('div')<{ $gap?: number }>`display:flex;gap:${(p) => p.$gap ?? 8}px;`;
 * @public the element toolkit's documented API (src/ui/README.md)
 */
export function styled<T extends ElementType>(tag: T) {
  return <P extends object = object>(
    strings: TemplateStringsArray,
    ...values: Array<Interp<ComponentPropsWithRef<T> & P>>
  ) => {
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
