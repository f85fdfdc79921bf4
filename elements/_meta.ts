/**
 * The public API of an element, declared once: the element file builds its attribute/property mapping
 * and events from it, and `npm run manifest` turns it into custom-elements.json and the README table.
 */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export type AttributeMeta = {
  /** Dashed attribute name; the property is its camelCase form. */
  name: string;
  type: AttributeType;
  description: string;
  default?: string;
  /** Allowed values, for enumerations (typed as a union of string literals). */
  values?: string[];
  /** `values` are the usual ones, not the only ones (any string is taken): typed as the union or any string. */
  openValues?: boolean;
  /**
   * TypeScript type of the property when `type` alone says too little (the shape of a `json` object). The
   * generated typings (types/*.d.ts) use it; a typo fails `npm run typecheck`.
   */
  tsType?: string;
};

export type EventMeta = {
  /** Full event name, prefix included (e.g. `pay-complete`). */
  name: string;
  /**
   * TypeScript text of the detail type: the one source of the event's shape. `npm run manifest` writes it into the
   * generated typings (types/elements.d.ts), which type both the consumers' listeners and the element's own
   * `useEmit<'tag'>()` calls, so a detail that drifts from the code fails `npm run typecheck`.
   */
  detail: string;
  description: string;
  cancelable?: boolean;
};

export type ElementMeta = {
  tag: string;
  /** Class name in the manifest and the typings (the module's default export). */
  className: string;
  summary: string;
  attributes: AttributeMeta[];
  events: EventMeta[];
  parts?: Array<{ name: string; description: string }>;
  cssProperties?: Array<{ name: string; description: string; default?: string }>;
  slots?: Array<{ name: string; description: string }>;
};

/** Settings every element takes; an element's own attribute wins over the nearest `<pay-provider>`. */
export const SHARED_ATTRIBUTES: AttributeMeta[] = [
  {
    name: 'base-url',
    type: 'string',
    description:
      "The platform's payment API base URL. Defaults to the payment component's mount point in window.blocklet; a URL on another origin is resolved through {origin}/__blocklet__.js?type=json.",
  },
  {
    name: 'auth-token',
    type: 'string',
    description: 'Session token for cross-origin embeds; sent only to the configured platform origin.',
  },
  {
    name: 'locale',
    type: 'string',
    description:
      'UI language, a BCP 47 tag: en, zh, ja, ko, es, fr, de, pt-BR, ru or ar (right to left). A tag falls back along its chain (zh-TW and tw → zh, pt and pt-PT → pt-BR, es-MX → es); anything else → en. Unset: the page’s lang, then the browser’s language.',
    values: ['en', 'zh', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar'],
    openValues: true,
  },
  {
    name: 'livemode',
    type: 'boolean',
    description: "Live or test data. Unset: localStorage 'livemode' ('false' means test mode), default true.",
  },
  { name: 'theme', type: 'string', description: 'Colour theme.', default: 'auto', values: ['light', 'dark', 'auto'] },
];

export const camelCase = (dashed: string): string => dashed.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
