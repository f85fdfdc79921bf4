import type { Request } from 'express';
import { HttpError } from '../platform.ts';
import { boolean, choice, integer, isAbsent, queryBoolean, text, unixSeconds } from '../validate.ts';
import { Where, type Paging } from './repo.ts';

/**
 * Request parsing shared by the resource routes: reading fields of the body and the query with the sandbox's
 * validators (../validate.ts). Bad input is always a 400 with a clear message.
 */

export type Body = Record<string, unknown>;

/** `?livemode=false` selects test data; anything else (or nothing) is live, as the platform defaults. */
export function livemodeOf(req: Request): boolean {
  return String(req.query.livemode ?? 'true') !== 'false';
}

export function bodyOf(req: Request): Body {
  const b: unknown = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new HttpError(400, 'The request body must be a JSON object');
  return b as Body;
}

export function paramOf(req: Request, name: string): string {
  const v = req.params[name];
  return typeof v === 'string' ? v : '';
}

export function queryString(req: Request, name: string): string | undefined {
  const v = req.query[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export const PAGE_MAX = 1_000_000;
export const PAGE_SIZE_MAX = 100;

/** page (1-based) and pageSize (or limit), default 20, at most 100; order 'created_at:ASC' or [['updated_at','ASC']]. */
export function pagingOf(req: Request): Paging {
  const q = req.query;
  const raw = Array.isArray(q.order) ? q.order.flat().join(':') : String(q.order ?? '');
  const [field = '', dir = ''] = raw.split(':');
  const size = q.pageSize ?? q.limit;
  return {
    page: isAbsent(q.page) ? 1 : integer(q.page, 'page', { min: 1, max: PAGE_MAX }),
    pageSize: isAbsent(size) ? 20 : integer(size, q.pageSize !== undefined ? 'pageSize' : 'limit', { min: 1, max: PAGE_SIZE_MAX }),
    order: dir.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    orderBy: field === 'updated_at' ? 'updated_at' : 'created_at',
  };
}

/** A Where for a list: the request's mode plus any `metadata.<key>=<value>` filters. */
export function listWhere(req: Request): Where {
  const where = new Where().eq('livemode', livemodeOf(req));
  for (const [key, value] of Object.entries(req.query)) {
    if (key.startsWith('metadata.') && typeof value === 'string') {
      where.add(`data->'metadata'->>${where.param(key.slice('metadata.'.length))} = ${where.param(value)}`);
    }
  }
  return where;
}

/**
 * Search `?query=`: `field:'value'` terms match a top-level field exactly (Stripe-style), any other words
 * must appear somewhere in the document (case-insensitive).
 */
export function addSearch(where: Where, query: unknown): Where {
  const text = typeof query === 'string' ? query : '';
  const rest = text.replace(/([a-z_]+):(?:'([^']*)'|"([^"]*)"|(\S+))/gi, (_m, field: string, a?: string, b?: string, c?: string) => {
    where.add(`data->>${where.param(field)} = ${where.param(a ?? b ?? c ?? '')}`);
    return ' ';
  });
  for (const word of rest.split(/\s+/).filter((w) => w && !/^(AND|OR)$/i.test(w))) {
    where.add(`data::text ILIKE ${where.param(`%${word.replace(/[%_\\]/g, '\\$&')}%`)}`);
  }
  return where;
}

// --- body fields -------------------------------------------------------------------------------------

export function str(body: Body, key: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
  return text(body[key], key, opts);
}

export function oneOf<T extends string>(body: Body, key: string, values: readonly T[], fallback?: T): T {
  return choice(body[key] ?? fallback, key, values);
}

/** An integer field in [min, max]; `fallback` when absent. */
export function int(body: Body, key: string, opts: { min: number; max: number; fallback?: number }): number | undefined {
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

/** Copies the given optional keys that are present in the body (for updates). */
export function pick(body: Body, keys: readonly string[]): Body {
  const out: Body = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}

/** `?active=true|false` (or 1|0) as a boolean, undefined when absent; anything else is a 400. */
export function queryBool(req: Request, name: string): boolean | undefined {
  return queryBoolean(req.query[name], name);
}

/** Optional string-array field (images, codes...). */
export function strings(body: Body, key: string): string[] | undefined {
  const list = arr(body, key);
  if (list && list.some((v) => typeof v !== 'string')) throw new HttpError(400, `${key} must be an array of strings`);
  return list as string[] | undefined;
}
