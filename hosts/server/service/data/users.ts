import { randomBytes } from 'node:crypto';
import { registerMigrations, type Db, type Queryable, type Tx } from '../../db.ts';
import { DEMO_DIDS, LEGACY_DEMO_DIDS, type DemoWalletKey } from './demo-wallets.ts';

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
  /** A demo user's wallet key (demo-wallets.ts): its DID is that key's address. */
  walletKey?: DemoWalletKey;
};

export const SESSION_COOKIE = 'login_token';

const passport = (role: string, title: string): Passport => ({ role, name: role, title });

/**
 * One demo user per role, plus a second customer so tests can check that data stays private. Each has a real key
 * pair (demo-wallets.ts): its DID is the key's address, so the sandbox wallet answers DID Connect requests as it.
 */
export const DEMO_USERS: SandboxUser[] = [
  {
    did: DEMO_DIDS.casey,
    walletKey: 'casey',
    role: 'customer',
    fullName: 'Casey Customer',
    email: 'casey@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: DEMO_DIDS.chris,
    walletKey: 'chris',
    role: 'customer',
    fullName: 'Chris Buyer',
    email: 'chris@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest')],
  },
  {
    did: DEMO_DIDS.dana,
    walletKey: 'dana',
    role: 'developer',
    fullName: 'Dana Developer',
    email: 'dana@example.com',
    avatar: '',
    passports: [passport('guest', 'Guest'), passport('developer', 'Developer')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: DEMO_DIDS.adam,
    walletKey: 'adam',
    role: 'admin',
    fullName: 'Adam Admin',
    email: 'adam@example.com',
    avatar: '',
    passports: [passport('admin', 'Admin')],
    sourceAppPid: 'zNKsandboxApp',
  },
  {
    did: DEMO_DIDS.olivia,
    walletKey: 'olivia',
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
  {
    // The demo users had made-up DIDs before they had keys: a database seeded then is moved to the keys' addresses
    // (a fresh one is seeded with them and has nothing to move).
    id: '003-demo-users-real-dids',
    up: async (tx) => {
      for (const key of Object.keys(LEGACY_DEMO_DIDS) as DemoWalletKey[]) {
        await renameDid(
          tx,
          LEGACY_DEMO_DIDS[key],
          DEMO_DIDS[key],
          DEMO_USERS.find((u) => u.walletKey === key)!,
        );
      }
    },
  },
]);

/**
 * Rewrites the user DID `from` to `to` everywhere it is stored: the user row (inserted anew, then the old one
 * removed, so the sessions that reference it move over), then every text and JSON column of every table that holds
 * the old string (customers, wallets, subscriptions, notifications, store rows …).
 */
export async function renameDid(tx: Tx, from: string, to: string, seed: SandboxUser): Promise<void> {
  const { rows } = await tx.query<{ n: number }>('SELECT 1 AS n FROM users WHERE did = $1', [from]);
  if (!rows.length) return;
  // The old row's data (passports a user gained …) with its DID replaced, and the user's wallet key.
  await tx.query(
    `INSERT INTO users (did, role, data, created_at)
     SELECT $2, role, replace(data::text, $1, $2)::jsonb || jsonb_build_object('walletKey', $3::text), created_at
     FROM users WHERE did = $1 ON CONFLICT (did) DO NOTHING`,
    [from, to, seed.walletKey],
  );
  const cols = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')
       AND c.table_name NOT IN ('_migrations', 'users')`,
  );
  for (const { table_name: t, column_name: c, data_type: type } of cols.rows) {
    const id = (x: string) => `"${x.replace(/"/g, '""')}"`;
    const cast = type === 'jsonb' ? '::jsonb' : type === 'json' ? '::json' : '';
    await tx.query(
      `UPDATE ${id(t)} SET ${id(c)} = replace(${id(c)}::text, $1, $2)${cast} WHERE ${id(c)}::text LIKE '%' || $1 || '%'`,
      [from, to],
    );
  }
  await tx.query('DELETE FROM users WHERE did = $1', [from]);
}

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

/** The user of a session token, or null. */
export async function sessionUser(db: Queryable, token: string): Promise<SandboxUser | null> {
  const { rows } = await db.query<{ data: SandboxUser }>(
    'SELECT u.data FROM sessions s JOIN users u ON u.did = s.user_did WHERE s.token = $1',
    [token],
  );
  return rows[0]?.data ?? null;
}
