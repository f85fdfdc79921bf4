/**
 * Reading typed fields of a store request body (no HTTP), with the sandbox's validators (../../validate.ts): bad
 * input is a 400 with a clear message.
 */
import { text as validText } from '../../validate.ts';

export type Body = Record<string, unknown>;

/** A text field, trimmed, of at most `max` characters (255 unless told); undefined when absent unless required. */
export function text(body: Body, key: string, { required = false, max = 255 } = {}): string | undefined {
  return validText(body[key], key, { required, max, trim: true });
}
