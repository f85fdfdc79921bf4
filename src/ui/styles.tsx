/**
 * goober bound to one shadow root. Every element gets its own binding (created once per root and passed
 * down through React context), so rules are written into a `<style id="_goober">` inside that root and
 * never into `document.head`.
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

const bindings = new WeakMap<ShadowRoot, StyleBinding>();

/** One binding per shadow root (memoized). */
export function bindStyles(target: ShadowRoot): StyleBinding {
  let b = bindings.get(target);
  if (!b) {
    // NB: goober's own `keyframes`/`glob` are already bound ({k:1}/{g:1}); re-binding them would lose the target,
    // so they are derived from `css` with the target and the flag together.
    const base = gooberCss as unknown as { bind(ctx: object): CssFn };
    b = {
      css: base.bind({ target }),
      glob: base.bind({ target, g: 1 }),
      keyframes: base.bind({ target, k: 1 }),
      cx,
      target,
    };
    bindings.set(target, b);
  }
  return b;
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
