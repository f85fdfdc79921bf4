/**
 * The session a request carries (shared HTTP, for every area's routes): the `login_token` cookie, then the
 * `authToken` query parameter, then a bearer header, as the platform accepts them. The sessions themselves are the
 * platform identity's (service/data/users.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Queryable } from './db.ts';
import { SESSION_COOKIE, sessionUser, type SandboxUser } from './service/data/users.ts';

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // Not valid percent-encoding: someone else's cookie, or junk. Not ours to read.
    }
  }
  return out;
}

/** What a session token looks like (createSession: base64url); anything else is no session at all. */
const TOKEN_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** The session token a request carries: cookie, then `authToken` query, then a bearer header. */
export function sessionToken(req: IncomingMessage): string | null {
  const valid = (t: string | null | undefined) => (t && TOKEN_RE.test(t) ? t : null);
  const cookie = valid(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
  if (cookie) return cookie;
  const url = new URL(req.url ?? '/', 'http://sandbox.local');
  const q = valid(url.searchParams.get('authToken'));
  if (q) return q;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return valid(auth.slice(7).trim());
  return null;
}

/** The signed-in user of a request, or null. */
export async function currentUser(db: Queryable, req: IncomingMessage): Promise<SandboxUser | null> {
  const token = sessionToken(req);
  return token ? sessionUser(db, token) : null;
}
