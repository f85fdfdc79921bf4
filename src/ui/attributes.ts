/**
 * The one attribute ↔ property converter of every element (defineElement's base in element.ts and
 * `<pay-provider>`). No React here: `<pay-provider>` imports it without pulling React in.
 *
 * Booleans follow HTML: presence is `true` (`<x open>`), `"false"`/`"0"`/`"off"`/`"no"` is `false`, removing the
 * attribute resets the prop to `undefined`.
 */
import type { SettingsInput } from './settings.ts';

export type PropType = 'string' | 'number' | 'boolean' | 'json';

/** Props every element takes (the shared settings), also what `<pay-provider>` provides. */
export const SHARED_PROPS: Record<keyof SettingsInput, PropType> = {
  baseUrl: 'string',
  authToken: 'string',
  locale: 'string',
  livemode: 'boolean',
  theme: 'string',
};

export const toDashed = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const toCamel = (dashed: string): string => dashed.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Attribute value → prop value (null = attribute absent). */
export function parseAttribute(type: PropType, value: string | null): unknown {
  if (value === null) return undefined;
  switch (type) {
    case 'boolean':
      return !/^(false|0|off|no)$/i.test(value.trim());
    case 'number': {
      if (value.trim() === '') return undefined;
      const n = Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        console.warn(`[pay-elements] ignoring an attribute that is not valid JSON: ${value.slice(0, 80)}`);
        return undefined;
      }
    default:
      return value;
  }
}

/** Prop value → attribute value (null = remove the attribute). */
export function stringifyProp(type: PropType, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'boolean':
      return value ? '' : 'false';
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** A property write → the prop value kept (booleans coerced, null → undefined). */
export const propValue = (type: PropType, value: unknown): unknown =>
  value === undefined || value === null ? undefined : type === 'boolean' ? Boolean(value) : value;
