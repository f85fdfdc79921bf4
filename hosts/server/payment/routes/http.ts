import type { Request } from 'express';
import { HttpError } from '../../platform.ts';
import { integer, isAbsent, queryBoolean } from '../../validate.ts';
import { Where, type Paging } from '../data/repo.ts';
import type { Body } from '../domain/fields.ts';

/**
 * Request parsing shared by the resource routes: reading fields of the body and the query with the sandbox's
 * validators (../validate.ts). Bad input is always a 400 with a clear message.
 */

/** The body-field readers (domain/fields.ts, no HTTP) are re-exported: routes read requests through this file. */
export { int, oneOf, str, type Body } from '../domain/fields.ts';

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
    pageSize: isAbsent(size)
      ? 20
      : integer(size, q.pageSize !== undefined ? 'pageSize' : 'limit', { min: 1, max: PAGE_SIZE_MAX }),
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
  const rest = text.replace(
    /([a-z_]+):(?:'([^']*)'|"([^"]*)"|(\S+))/gi,
    (_m, field: string, a?: string, b?: string, c?: string) => {
      where.add(`data->>${where.param(field)} = ${where.param(a ?? b ?? c ?? '')}`);
      return ' ';
    },
  );
  for (const word of rest.split(/\s+/).filter((w) => w && !/^(AND|OR)$/i.test(w))) {
    where.add(`data::text ILIKE ${where.param(`%${word.replace(/[%_\\]/g, '\\$&')}%`)}`);
  }
  return where;
}

/** `?active=true|false` (or 1|0) as a boolean, undefined when absent; anything else is a 400. */
export function queryBool(req: Request, name: string): boolean | undefined {
  return queryBoolean(req.query[name], name);
}
