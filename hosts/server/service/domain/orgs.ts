/**
 * Organizations of the blocklet service (no HTTP): an org has a name (trimmed, required, at most 25 characters) and a
 * description (at most 255), an owner and members; a user sees the orgs they belong to, and a session has a current
 * org (the passport switch). ../routes/orgs-routes.ts is its router.
 *
 * Seed: "Sandbox Team" (owner Olivia, every demo user a member), "Casey's Shop" (owner Casey) and 24 partner orgs
 * Olivia belongs to, so her list pages (page size 20).
 */
import { randomBytes } from 'node:crypto';
import { registerMigrations, type Db, type Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { DEMO_USERS } from '../data/users.ts';

const ORG_NAME_MAX = 25;
const ORG_DESCRIPTION_MAX = 255;

type OrgRow = {
  id: string;
  name: string;
  description: string;
  owner_did: string;
  created_at: string | Date;
  members: number;
};

const OWNER = DEMO_USERS.find((u) => u.role === 'owner')!;
const CASEY = DEMO_USERS[0]!;

registerMigrations('orgs', [
  {
    id: '001-orgs',
    up: `
      CREATE TABLE orgs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        owner_did TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE org_members (
        org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
        user_did TEXT NOT NULL,
        role TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (org_id, user_did)
      );
      CREATE TABLE session_orgs (
        token TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE
      );`,
  },
  {
    id: '002-seed-orgs',
    up: async (tx) => {
      const add = async (
        id: string,
        name: string,
        description: string,
        owner: string,
        members: string[],
        minutes: number,
      ) => {
        await tx.query(`INSERT INTO orgs (id, name, description, owner_did, created_at) VALUES ($1, $2, $3, $4, $5)`, [
          id,
          name,
          description,
          owner,
          new Date(tx.clock.now() - minutes * 60_000).toISOString(),
        ]);
        for (const did of new Set([owner, ...members])) {
          await tx.query('INSERT INTO org_members (org_id, user_did, role, created_at) VALUES ($1, $2, $3, $4)', [
            id,
            did,
            did === owner ? 'owner' : 'member',
            tx.clock.iso(),
          ]);
        }
      };
      await add(
        'org_sandbox_team',
        'Sandbox Team',
        'Everyone in the sandbox',
        OWNER.did,
        DEMO_USERS.map((u) => u.did),
        10_000,
      );
      await add('org_casey_shop', "Casey's Shop", 'A small shop run by Casey', CASEY.did, [], 9_000);
      for (let i = 1; i <= 24; i++) {
        const n = String(i).padStart(2, '0');
        await add(`org_partner_${n}`, `Partner Org ${n}`, `Partner organization number ${i}`, OWNER.did, [], 8_000 - i);
      }
    },
  },
]);

const toOrg = (r: OrgRow, userDid: string) => ({
  id: r.id,
  orgId: r.id,
  name: r.name,
  description: r.description,
  ownerDid: r.owner_did,
  isOwner: r.owner_did === userDid,
  membersCount: Number(r.members),
  createdAt: new Date(r.created_at).toISOString(),
});

/** Validates and trims a new org (platform error shape on failure). */
function checkOrgInput(body: unknown): { name: string; description: string } {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const org = (raw.org && typeof raw.org === 'object' ? raw.org : raw) as Record<string, unknown>;
  if (org.name !== undefined && typeof org.name !== 'string')
    throw new HttpError(400, 'name must be a string', 'INVALID_ORG');
  if (org.description !== undefined && org.description !== null && typeof org.description !== 'string') {
    throw new HttpError(400, 'description must be a string', 'INVALID_ORG');
  }
  const name = String(org.name ?? '').trim();
  const description = String(org.description ?? '').trim();
  if (!name) throw new HttpError(400, 'Name cannot be empty', 'INVALID_ORG');
  if ([...name].length > ORG_NAME_MAX)
    throw new HttpError(400, `Name must be at most ${ORG_NAME_MAX} characters`, 'INVALID_ORG');
  if ([...description].length > ORG_DESCRIPTION_MAX) {
    throw new HttpError(400, `Description must be at most ${ORG_DESCRIPTION_MAX} characters`, 'INVALID_ORG');
  }
  return { name, description };
}

const ORG_SELECT = `SELECT o.id, o.name, o.description, o.owner_did, o.created_at,
  (SELECT count(*) FROM org_members c WHERE c.org_id = o.id) AS members
  FROM orgs o JOIN org_members m ON m.org_id = o.id AND m.user_did = $1`;

/** The user's orgs (a search in name and description), oldest first: a page and the total. */
export async function listOrgs(
  db: Queryable,
  userDid: string,
  opts: { search?: string; page: number; pageSize: number },
) {
  const search = (opts.search ?? '').trim().toLowerCase();
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = search ? ` WHERE lower(o.name) LIKE $2 OR lower(o.description) LIKE $2` : '';
  const args = search ? [userDid, like] : [userDid];
  const total = Number(
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${ORG_SELECT}${where}) x`, args)).rows[0]?.n ?? 0,
  );
  const { rows } = await db.query<OrgRow>(
    `${ORG_SELECT}${where} ORDER BY o.created_at ASC, o.id ASC LIMIT ${opts.pageSize} OFFSET ${(opts.page - 1) * opts.pageSize}`,
    args,
  );
  return { orgs: rows.map((r) => toOrg(r, userDid)), paging: { page: opts.page, pageSize: opts.pageSize, total } };
}

/** One of the user's orgs, or null (none, or the user is not a member). */
export async function getOrg(db: Queryable, userDid: string, id: string) {
  const { rows } = await db.query<OrgRow>(`${ORG_SELECT} WHERE o.id = $2`, [userDid, id]);
  return rows[0] ? toOrg(rows[0], userDid) : null;
}

/** The session's current org: the one switched to (while the user is a member), else the user's first (or null). */
export async function currentOrgId(db: Queryable, token: string | null, userDid: string): Promise<string | null> {
  if (token) {
    const { rows } = await db.query<{ org_id: string }>(
      'SELECT s.org_id FROM session_orgs s JOIN org_members m ON m.org_id = s.org_id AND m.user_did = $2 WHERE s.token = $1',
      [token, userDid],
    );
    if (rows[0]) return rows[0].org_id;
  }
  const first = await listOrgs(db, userDid, { page: 1, pageSize: 1 });
  return first.orgs[0]?.id ?? null;
}

/** A new org of the user (its owner and first member) from the body's `org` (or flat) name and description. */
export async function createOrg(db: Db, userDid: string, body: unknown) {
  const input = checkOrgInput(body);
  const id = `org_${randomBytes(8).toString('hex')}`;
  return db.transaction(async (tx) => {
    const now = tx.clock.iso();
    await tx.query('INSERT INTO orgs (id, name, description, owner_did, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      input.name,
      input.description,
      userDid,
      now,
    ]);
    await tx.query('INSERT INTO org_members (org_id, user_did, role, created_at) VALUES ($1, $2, $3, $4)', [
      id,
      userDid,
      'owner',
      now,
    ]);
    return getOrg(tx, userDid, id);
  });
}

/**
 * Makes the body's `orgId`, an org the user belongs to (else 404), the current org of the session `token`: the
 * platform's passport switch.
 */
export async function switchOrg(db: Queryable, userDid: string, token: string | null, body: unknown) {
  const orgId = (body as Record<string, unknown> | undefined)?.orgId;
  if (typeof orgId !== 'string' || !orgId) throw new HttpError(400, 'orgId is required', 'INVALID_ORG');
  if (!(await getOrg(db, userDid, orgId))) throw new HttpError(404, 'Organization not found', 'ORG_NOT_FOUND');
  if (!token) throw new HttpError(401, 'Sign in to switch organizations', 'LOGIN_REQUIRED');
  await db.query(
    'INSERT INTO session_orgs (token, org_id) VALUES ($1, $2) ON CONFLICT (token) DO UPDATE SET org_id = EXCLUDED.org_id',
    [token, orgId],
  );
  return { orgId };
}
