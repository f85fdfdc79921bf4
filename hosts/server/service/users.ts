import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { registerMigrations, type Db, type Queryable } from '../db.ts';

/**
 * Sandbox users and sessions. A person signs in as a demo user of a role; the session token goes in
 * the `login_token` cookie (same origin) and is also accepted as the `authToken` query parameter or a
 * `Authorization: Bearer` header (cross-origin embeds), as the platform accepts it.
 */
export type Role = 'customer' | 'developer' | 'admin' | 'owner';
export type Passport = { role: string; name: string; title: string };
export type SandboxUser = {
  did: string;
  role: Role;
  fullName: string;
  email: string;
  avatar: string;
  passports: Passport[];
  didSpace?: { endpoint: string; did: string };
  sourceAppPid?: string;
};

export const SESSION_COOKIE = 'login_token';

const passport = (role: string, title: string): Passport => ({ role, name: role, title });

/** One demo user per role, plus a second customer so tests can check that data stays private. */
export const DEMO_USERS: SandboxUser[] = [
  {
    did: 'z1SandboxCustomerCaseyA1b2C3d4E5f6G7h8',
    role: 'customer',
    fullName: 'Casey Customer',
    email: 'casey@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: 'z1SandboxCustomerChrisH8g7F6e5D4c3B2a1',
    role: 'customer',
    fullName: 'Chris Buyer',
    email: 'chris@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest')],
  },
  {
    did: 'z1SandboxDeveloperDanaQ1w2E3r4T5y6U7i8',
    role: 'developer',
    fullName: 'Dana Developer',
    email: 'dana@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest'), passport('developer', 'Developer')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: 'z1SandboxAdminAdamZ9x8C7v6B5n4M3a2S1d0',
    role: 'admin',
    fullName: 'Adam Admin',
    email: 'adam@example.com',
    avatar: '',
    passports: [passport('admin', 'Admin')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: 'z1SandboxOwnerOliviaP0o9I8u7Y6t5R4e3W2',
    role: 'owner',
    fullName: 'Olivia Owner',
    email: 'olivia@example.com',
    avatar: '',
    passports: [passport('owner', 'Owner')],
    sourceAppPid: 'zNKsandboxApp',
  },
];

registerMigrations('users', [
  {
    id: '001-users-sessions',
    up: `
      CREATE TABLE users (
        did TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        data JSONB NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        user_did TEXT NOT NULL REFERENCES users(did),
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );`,
  },
  {
    id: '002-seed-demo-users',
    up: async (tx) => {
      for (const u of DEMO_USERS) {
        await tx.query('INSERT INTO users (did, role, data, created_at) VALUES ($1, $2, $3, $4)', [
          u.did,
          u.role,
          u,
          tx.clock.iso(),
        ]);
      }
    },
  },
]);

export async function getUser(db: Queryable, did: string): Promise<SandboxUser | null> {
  const { rows } = await db.query<{ data: SandboxUser }>('SELECT data FROM users WHERE did = $1', [did]);
  return rows[0]?.data ?? null;
}

export async function createSession(db: Db, did: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query('INSERT INTO sessions (token, user_did, created_at) VALUES ($1, $2, $3)', [
    token,
    did,
    db.clock.iso(),
  ]);
  return token;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token = $1', [token]);
}

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

/** The user of a session token, or null. */
export async function sessionUser(db: Queryable, token: string): Promise<SandboxUser | null> {
  const { rows } = await db.query<{ data: SandboxUser }>(
    'SELECT u.data FROM sessions s JOIN users u ON u.did = s.user_did WHERE s.token = $1',
    [token],
  );
  return rows[0]?.data ?? null;
}
