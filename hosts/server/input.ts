import express, { type RequestHandler } from 'express';
import { HttpError } from './platform.ts';

/**
 * Limits every request meets before any route does any work with it (app.ts installs them for every area):
 *
 * - a NUL byte (`%00`) anywhere in the URL (path or query) is a 400: the platform's database rejects it in text,
 *   and no id, name or value ever holds one;
 * - a JSON body is at most BODY_LIMIT (413 beyond), form bodies at most FORM_LIMIT;
 * - right after parsing, a body nested deeper than MAX_DEPTH, or holding a NUL byte or a broken UTF-16 string
 *   (a lone surrogate such as "\ud800") in any key or value, is a 400 — before signature verification, which hashes
 *   the whole body.
 *
 * Errors have the platform's shape `{error, code}`; `bodyParserError` gives the body parser's own errors clear
 * messages too.
 */

export const BODY_LIMIT = 1024 * 1024;
export const FORM_LIMIT = 64 * 1024;
export const MAX_DEPTH = 32;

const NUL_IN_URL = /%00/i;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  if (NUL_IN_URL.test(req.originalUrl)) {
    throw new HttpError(
      400,
      'The request URL contains a NUL byte (%00), which no path or query value may hold',
      'NUL_BYTE',
    );
  }
  // A path segment that is not valid percent-encoded UTF-8 (%FF, an overlong %C0%80, a lone surrogate %ED%A0%80) can
  // name no resource: refuse it here, once, instead of in every route that decodes an id.
  try {
    decodeURIComponent(req.path);
  } catch {
    throw new HttpError(400, 'The request path is not valid percent-encoded UTF-8', 'MALFORMED_URL');
  }
  next();
};

export const jsonBody = express.json({ limit: BODY_LIMIT });
export const formBody = express.urlencoded({ extended: false, limit: FORM_LIMIT });

function badText(s: string): string | null {
  if (s.includes('\0')) return 'a NUL byte';
  if (LONE_SURROGATE.test(s)) return 'an invalid Unicode character (a lone surrogate)';
  return null;
}

/** Walks a parsed body without recursion: depth, NUL bytes, lone surrogates. Throws a 400 on the first problem. */
export function checkParsed(body: unknown): void {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const bad = badText(value);
      if (bad) throw new HttpError(400, `The request body contains ${bad} in a value`, 'INVALID_TEXT');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH)
      throw new HttpError(400, `The request body is nested too deeply (at most ${MAX_DEPTH} levels)`, 'BODY_TOO_DEEP');
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, depth + 1]);
      continue;
    }
    for (const [k, v] of Object.entries(value)) {
      const bad = badText(k);
      if (bad) throw new HttpError(400, `The request body contains ${bad} in a key`, 'INVALID_TEXT');
      stack.push([v, depth + 1]);
    }
  }
}

export const checkBody: RequestHandler = (req, _res, next) => {
  checkParsed(req.body);
  next();
};

/** The body parser's errors (too large, not JSON, unknown charset…) as clear 4xx errors; null for anything else. */
export function bodyParserError(err: unknown): HttpError | null {
  const e = err as { type?: unknown; status?: unknown; message?: unknown } | null;
  if (!e || typeof e.type !== 'string' || typeof e.status !== 'number' || e.status < 400 || e.status >= 500)
    return null;
  switch (e.type) {
    case 'entity.too.large':
      return new HttpError(
        413,
        `The request body is too large (at most ${BODY_LIMIT / 1024 / 1024} MB as JSON, ${FORM_LIMIT / 1024} KB as a form)`,
        'BODY_TOO_LARGE',
      );
    case 'entity.parse.failed':
      return new HttpError(
        400,
        'The request body is not valid JSON (a JSON object or array is expected)',
        'INVALID_JSON',
      );
    case 'parameters.too.many':
      return new HttpError(413, 'The form has too many fields', 'BODY_TOO_LARGE');
    default:
      return new HttpError(e.status, String(e.message || 'Bad request'), 'BAD_BODY');
  }
}
