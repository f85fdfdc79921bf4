/**
 * Reading typed fields of a request body (or of any JSON object a domain call takes), with the sandbox's
 * validators (../../validate.ts). Bad input is a 400 with a clear message. No HTTP: ../routes/http.ts re-exports these for
 * the routes, and domain files that parse create/update parameters import them from here.
 */
import { HttpError } from '../../platform.ts';
import { boolean, choice, integer, isAbsent, text, unixSeconds } from '../../validate.ts';

export type Body = Record<string, unknown>;

export function str(body: Body, key: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
  return text(body[key], key, opts);
}

export function oneOf<T extends string>(body: Body, key: string, values: readonly T[], fallback?: T): T {
  return choice(body[key] ?? fallback, key, values);
}

/** An integer field in [min, max]; `fallback` when absent. */
export function int(
  body: Body,
  key: string,
  opts: { min: number; max: number; fallback?: number },
): number | undefined {
  const v = body[key];
  return isAbsent(v) ? opts.fallback : integer(v, key, opts);
}

/** A unix-seconds field (from `min`), undefined when absent. */
export function time(body: Body, key: string, opts: { min?: number } = {}): number | undefined {
  const v = body[key];
  return isAbsent(v) ? undefined : unixSeconds(v, key, opts);
}

/** A boolean field (JSON true or false only), undefined when absent. */
export function bool(body: Body, key: string): boolean | undefined {
  const v = body[key];
  return v === undefined || v === null ? undefined : boolean(v, key);
}

export function obj(body: Body, key: string): Body | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new HttpError(400, `${key} must be an object`);
  return v as Body;
}

export function arr(body: Body, key: string): unknown[] | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new HttpError(400, `${key} must be an array`);
  return v;
}

/** Optional string-array field (images, codes...). */
export function strings(body: Body, key: string): string[] | undefined {
  const list = arr(body, key);
  if (list && list.some((v) => typeof v !== 'string')) throw new HttpError(400, `${key} must be an array of strings`);
  return list as string[] | undefined;
}
