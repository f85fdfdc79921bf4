import type { Request } from 'express';

/** The languages of the sandbox's own pages (wallet, login). */
export type PageLocale = 'en' | 'zh';

/** A page's language: `?locale=` (en | zh), else the browser's first preference between the two, else English. */
export function pageLocale(req: Request): PageLocale {
  const q = typeof req.query.locale === 'string' ? req.query.locale.toLowerCase() : '';
  if (q.startsWith('zh')) return 'zh';
  if (q.startsWith('en')) return 'en';
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).locale : undefined;
  if (typeof body === 'string') return body.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  return req.acceptsLanguages('en', 'zh') === 'zh' ? 'zh' : 'en';
}
