/** CSS snippets shared by the primitives (strings for goober's `css`). */

/** Visible focus: 2px outline in the focus token, offset so it never hides the control (WCAG 2.4.7 / 2.4.11). */
export const focusRing = `
  &:focus-visible { outline: 2px solid var(--pay-color-focus); outline-offset: 2px; }
`;

export const visuallyHidden = `
  position: absolute !important; width: 1px !important; height: 1px !important; padding: 0 !important;
  margin: -1px !important; overflow: hidden !important; clip: rect(0 0 0 0) !important;
  white-space: nowrap !important; border: 0 !important;
`;

/** Tone → [foreground token, background token]. */
export type Tone = 'success' | 'secondary' | 'warning' | 'default' | 'error' | 'info';
export const toneColors: Record<Tone, [string, string]> = {
  success: ['var(--pay-color-success)', 'var(--pay-color-success-bg)'],
  secondary: ['var(--pay-color-secondary)', 'var(--pay-color-secondary-bg)'],
  warning: ['var(--pay-color-warning)', 'var(--pay-color-warning-bg)'],
  default: ['var(--pay-color-muted)', 'var(--pay-color-neutral-bg)'],
  error: ['var(--pay-color-danger)', 'var(--pay-color-danger-bg)'],
  info: ['var(--pay-color-info)', 'var(--pay-color-info-bg)'],
};

/**
 * For an icon that points along the line (back, forward): mirrored when the element lays out right to left (its
 * language root carries `dir`, src/ui/element-root.tsx). Icons that do not point a direction stay as they are.
 */
export const flipInRtl = `[dir='rtl'] & { transform: scaleX(-1); }`;

/**
 * For text that comes as data (a product's name and description, a plan's features, a blocklet's summary): its
 * paragraph takes the direction of its own first letter (an English description in an Arabic checkout keeps its full
 * stop at its end), while it stays aligned as the element's own text is. With `plaintext`, `start` would follow the
 * text's own direction (and engines compute `match-parent` to that same `start`), so the side is the element's:
 * left, and right inside a right-to-left element.
 */
export const dataText = `unicode-bidi: plaintext; text-align: left; [dir='rtl'] & { text-align: right; }`;

/**
 * One line of data text (a name, an email, a payment method), cut with an ellipsis when it does not fit. The element
 * also takes `dir="auto"`: an ellipsis falls at the end of its box's own direction, so without it an English name in
 * a right-to-left element lost its first letters (WebKit) or was cut with no ellipsis at all (Firefox).
 */
export const dataEllipsis = `${dataText} overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`;
