/**
 * Theme tokens: CSS custom properties set on `:host` of every element, light and dark.
 *
 * A page overrides any of them by setting the property on the element (`pay-checkout { --pay-color-primary: #7c3aed }`):
 * outer styles win over `:host` rules. Colours are chosen for WCAG AA: text tokens reach 4.5:1 on `bg` and
 * `surface`, `border-strong` (input and control outlines) and `focus` reach 3:1.
 */
export type TokenSet = Record<`--pay-${string}`, string>;

/** Tokens that do not change with the theme (their descriptions: elements/_tokens.ts). */
export const sharedTokens: TokenSet = {
  '--pay-radius': '8px',
  '--pay-radius-sm': '6px',
  '--pay-radius-lg': '12px',
  '--pay-font-family':
    'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","PingFang SC","Microsoft YaHei",sans-serif',
  '--pay-font-family-mono': 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
  '--pay-font-size': '14px',
  '--pay-line-height': '1.5',
  '--pay-control-height': '40px',
  '--pay-header-height': '64px',
  '--pay-transition': '150ms ease',
};

export const lightTokens: TokenSet = {
  '--pay-color-primary': '#1d4ed8',
  '--pay-color-primary-hover': '#1e40af',
  '--pay-color-on-primary': '#ffffff',
  '--pay-color-bg': '#ffffff',
  '--pay-color-surface': '#f8fafc',
  '--pay-color-surface-raised': '#ffffff',
  '--pay-color-hover': 'rgba(15,23,42,.06)',
  '--pay-color-text': '#0f172a',
  '--pay-color-muted': '#475569',
  '--pay-color-border': '#e2e8f0',
  '--pay-color-border-strong': '#64748b',
  '--pay-color-focus': '#2563eb',
  '--pay-color-danger': '#b91c1c',
  '--pay-color-danger-bg': '#fef2f2',
  '--pay-color-success': '#15803d',
  '--pay-color-success-bg': '#f0fdf4',
  '--pay-color-warning': '#a16207',
  '--pay-color-warning-bg': '#fefce8',
  '--pay-color-info': '#0369a1',
  '--pay-color-info-bg': '#f0f9ff',
  '--pay-color-secondary': '#4338ca',
  '--pay-color-secondary-bg': '#eef2ff',
  '--pay-color-neutral-bg': '#f1f5f9',
  '--pay-color-skeleton': '#e2e8f0',
  '--pay-color-skeleton-shine': '#f1f5f9',
  '--pay-color-overlay': 'rgba(15,23,42,.45)',
  '--pay-shadow': '0 1px 2px rgba(15,23,42,.06),0 1px 3px rgba(15,23,42,.1)',
  '--pay-shadow-lg': '0 10px 30px rgba(15,23,42,.18)',
};

export const darkTokens: TokenSet = {
  '--pay-color-primary': '#60a5fa',
  '--pay-color-primary-hover': '#93c5fd',
  '--pay-color-on-primary': '#0b1220',
  '--pay-color-bg': '#0b1220',
  '--pay-color-surface': '#111a2e',
  '--pay-color-surface-raised': '#17223a',
  '--pay-color-hover': 'rgba(226,232,240,.08)',
  '--pay-color-text': '#e5e7eb',
  '--pay-color-muted': '#a3adbd',
  '--pay-color-border': '#263248',
  '--pay-color-border-strong': '#7c8ba3',
  '--pay-color-focus': '#93c5fd',
  '--pay-color-danger': '#fca5a5',
  '--pay-color-danger-bg': '#2a1215',
  '--pay-color-success': '#86efac',
  '--pay-color-success-bg': '#0f2a1a',
  '--pay-color-warning': '#fcd34d',
  '--pay-color-warning-bg': '#2b2108',
  '--pay-color-info': '#7dd3fc',
  '--pay-color-info-bg': '#0c2231',
  '--pay-color-secondary': '#c7d2fe',
  '--pay-color-secondary-bg': '#1e1b4b',
  '--pay-color-neutral-bg': '#1e293b',
  '--pay-color-skeleton': '#1e293b',
  '--pay-color-skeleton-shine': '#2a3850',
  '--pay-color-overlay': 'rgba(0,0,0,.6)',
  '--pay-shadow': '0 1px 2px rgba(0,0,0,.4),0 1px 3px rgba(0,0,0,.5)',
  '--pay-shadow-lg': '0 10px 30px rgba(0,0,0,.55)',
};

const decl = (t: TokenSet) =>
  Object.entries(t)
    .map(([k, v]) => `${k}:${v};`)
    .join('');

const TYPOGRAPHY = [
  'font:400 var(--pay-font-size)/var(--pay-line-height) var(--pay-font-family)',
  'font-kerning:auto',
  'font-feature-settings:normal',
  'font-variation-settings:normal',
  'font-synthesis:weight style small-caps',
  'font-optical-sizing:auto',
  'font-size-adjust:none',
  'color:var(--pay-color-text)',
  '-webkit-text-fill-color:currentcolor',
  '-webkit-text-stroke:0',
  'text-align:start',
  'text-align-last:auto',
  'text-indent:0',
  'text-transform:none',
  'text-shadow:none',
  'text-emphasis:none',
  'text-underline-offset:auto',
  'text-underline-position:auto',
  'text-rendering:auto',
  'letter-spacing:normal',
  'word-spacing:normal',
  'white-space:normal',
  'text-wrap-style:auto',
  'word-break:normal',
  'overflow-wrap:anywhere',
  'line-break:auto',
  'hyphens:manual',
  'tab-size:8',
  'font-variant-emoji:normal',
  'writing-mode:horizontal-tb',
  'text-orientation:mixed',
  'list-style:disc',
  'quotes:auto',
  'cursor:auto',
  'caret-color:auto',
  'border-collapse:separate',
  'border-spacing:0',
  'empty-cells:show',
  'caption-side:top',
]
  .map((d) => `${d}!important;`)
  .join('');

/**
 * The stylesheet text for `:host`: shared tokens, then the palette for the resolved theme
 * (`auto` = light plus a prefers-color-scheme: dark media block). Also the host's base typography.
 */
export function hostCss(theme: 'light' | 'dark' | 'auto'): string {
  const base =
    `:host{display:block;${decl(sharedTokens)}background:var(--pay-color-bg);-webkit-text-size-adjust:100%;}` +
    // Typography is the element's own: every inherited text property is reset on :host, `!important` because a
    // page's `*{…}` rule matches the host itself (and an inner !important wins over the page's, even its
    // !important). Only the tokens (--pay-font-family, --pay-font-size, --pay-line-height, --pay-color-text) and
    // ::part() rules theme it. docs/consumers.md says what cannot be reset (text-decoration, direction).
    `:host{${TYPOGRAPHY}}` +
    ':host([hidden]){display:none !important;}' +
    // The hidden attribute wins over component classes that set display (a collapsed list stays collapsed).
    '[hidden]{display:none !important;}' +
    '*,*::before,*::after{box-sizing:border-box;}' +
    // Text from data never widens a screen: a long word may break anywhere (overflow-wrap on :host above), and
    // because `anywhere` (unlike break-word) also lowers min-content, flex, grid and table children shrink instead
    // of growing with it (a table cell that must keep its words says white-space: nowrap).
    // Bidirectional text from data (a U+202E in a product name) ends with its element: spans and links (where data
    // text sits) isolate, as <bdi> does; a name written next to other text in one element goes in a <bdi>.
    'span,a{unicode-bidi:isolate;}';
  if (theme === 'light') return `${base}:host{${decl(lightTokens)}color-scheme:light;}`;
  if (theme === 'dark') return `${base}:host{${decl(darkTokens)}color-scheme:dark;}`;
  return (
    `${base}:host{${decl(lightTokens)}color-scheme:light;}` +
    `@media (prefers-color-scheme: dark){:host{${decl(darkTokens)}color-scheme:dark;}}`
  );
}
