import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import type { SandboxContext } from '../context.ts';
import { registerMigrations, type Queryable } from '../db.ts';
import { HttpError } from '../platform.ts';
import { integer } from '../validate.ts';
import { esc, page, sendHtml, SERVICE } from './html.ts';
import { currentUser, DEMO_USERS, sessionToken, type SandboxUser } from './users.ts';

/**
 * Organizations of the blocklet service (what the header's org switcher calls), under `/.well-known/service`:
 *
 *   GET  api/user/orgs?search&page(1)&pageSize(20, ≤100)   → {orgs[], paging{page, pageSize, total}} (the user's orgs)
 *   POST api/user/orgs  {org:{name, description}} (or flat)  → the created org (the user is its owner), 201
 *   GET  api/user/orgs/:id                                   → the org (member only, else 404)
 *   GET  api/user/role?name=                                 → {name, orgId} (the session's current org or null)
 *   POST api/user/switch-passport {orgId}                    → {orgId}; the passport switch: the session's current org
 *   GET  user/orgs?locale=                                   → the org list page ("View all", after creating)
 *
 * Limits (spec §5/§9): name trimmed, required ('Name cannot be empty'), ≤ 25; description trimmed, ≤ 255.
 * Seed: "Sandbox Team" (owner Olivia, every demo user a member), "Casey's Shop" (owner Casey) and 24 partner orgs
 * Olivia belongs to, so her list pages (page size 20).
 */
export const ORG_NAME_MAX = 25;
export const ORG_DESCRIPTION_MAX = 255;

export type OrgRow = {
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
        await tx.query(
          `INSERT INTO orgs (id, name, description, owner_did, created_at) VALUES ($1, $2, $3, $4, now() - ($5 || ' minutes')::interval)`,
          [id, name, description, owner, String(minutes)],
        );
        for (const did of new Set([owner, ...members])) {
          await tx.query('INSERT INTO org_members (org_id, user_did, role) VALUES ($1, $2, $3)', [
            id,
            did,
            did === owner ? 'owner' : 'member',
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

function intParam(value: unknown, name: string, def: number, min: number, max: number): number {
  return value === undefined || value === '' ? def : integer(value, name, { min, max, code: 'INVALID_PARAM' });
}

/** Validates and trims a new org (platform error shape on failure). */
export function checkOrgInput(body: unknown): { name: string; description: string } {
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

export async function getOrg(db: Queryable, userDid: string, id: string) {
  const { rows } = await db.query<OrgRow>(`${ORG_SELECT} WHERE o.id = $2`, [userDid, id]);
  return rows[0] ? toOrg(rows[0], userDid) : null;
}

/** The session's current org: the one switched to, else the user's first org (or null). */
export async function currentOrgId(db: Queryable, req: Request, user: SandboxUser): Promise<string | null> {
  const token = sessionToken(req);
  if (token) {
    const { rows } = await db.query<{ org_id: string }>(
      'SELECT s.org_id FROM session_orgs s JOIN org_members m ON m.org_id = s.org_id AND m.user_did = $2 WHERE s.token = $1',
      [token, user.did],
    );
    if (rows[0]) return rows[0].org_id;
  }
  const first = await listOrgs(db, user.did, { page: 1, pageSize: 1 });
  return first.orgs[0]?.id ?? null;
}

async function requireUser(ctx: SandboxContext, req: Request, what: string): Promise<SandboxUser> {
  const user = await currentUser(ctx.db, req);
  if (!user) throw new HttpError(401, `Sign in to ${what}`, 'LOGIN_REQUIRED');
  return user;
}

export function createOrgRoutes(ctx: SandboxContext): Router {
  const r = Router();

  r.get('/api/user/orgs', async (req, res) => {
    const user = await requireUser(ctx, req, 'list organizations');
    const page = intParam(req.query.page, 'page', 1, 1, 100_000);
    const pageSize = intParam(req.query.pageSize, 'pageSize', 20, 1, 100);
    const search = typeof req.query.search === 'string' ? req.query.search.slice(0, 100) : '';
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listOrgs(ctx.db, user.did, { search, page, pageSize }));
  });

  r.post('/api/user/orgs', async (req, res) => {
    const user = await requireUser(ctx, req, 'create an organization');
    const input = checkOrgInput(req.body);
    const id = `org_${randomBytes(8).toString('hex')}`;
    const org = await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO orgs (id, name, description, owner_did) VALUES ($1, $2, $3, $4)', [
        id,
        input.name,
        input.description,
        user.did,
      ]);
      await tx.query('INSERT INTO org_members (org_id, user_did, role) VALUES ($1, $2, $3)', [id, user.did, 'owner']);
      return getOrg(tx, user.did, id);
    });
    res.status(201).json(org);
  });

  r.get('/api/user/orgs/:id', async (req, res) => {
    const user = await requireUser(ctx, req, 'read an organization');
    const org = await getOrg(ctx.db, user.did, String(req.params.id));
    if (!org) throw new HttpError(404, 'Organization not found', 'ORG_NOT_FOUND');
    res.json(org);
  });

  r.get('/api/user/role', async (req, res) => {
    const user = await requireUser(ctx, req, 'read your role');
    const name = typeof req.query.name === 'string' && req.query.name ? req.query.name : user.role;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ name, orgId: await currentOrgId(ctx.db, req, user) });
  });

  r.post('/api/user/switch-passport', async (req, res) => {
    const user = await requireUser(ctx, req, 'switch organizations');
    const orgId = (req.body as Record<string, unknown> | undefined)?.orgId;
    if (typeof orgId !== 'string' || !orgId) throw new HttpError(400, 'orgId is required', 'INVALID_ORG');
    if (!(await getOrg(ctx.db, user.did, orgId))) throw new HttpError(404, 'Organization not found', 'ORG_NOT_FOUND');
    const token = sessionToken(req);
    if (!token) throw new HttpError(401, 'Sign in to switch organizations', 'LOGIN_REQUIRED');
    await ctx.db.query(
      'INSERT INTO session_orgs (token, org_id) VALUES ($1, $2) ON CONFLICT (token) DO UPDATE SET org_id = EXCLUDED.org_id',
      [token, orgId],
    );
    res.json({ orgId });
  });

  r.get('/user/orgs', async (req, res) => {
    const user = await currentUser(ctx.db, req);
    const self = `${SERVICE}/user/orgs`;
    const zh = req.query.locale === 'zh';
    if (!user) {
      sendHtml(
        res,
        page({
          title: 'Organizations',
          body: `<h1>Organizations</h1><p class="lead">Sign in to see your organizations.</p><a class="btn primary" href="${SERVICE}/sandbox/login?redirect=${encodeURIComponent(self)}">Sign in</a>`,
        }),
      );
      return;
    }
    const { orgs, paging } = await listOrgs(ctx.db, user.did, { page: 1, pageSize: 100 });
    const current = await currentOrgId(ctx.db, req, user);
    const rows = orgs
      .map(
        (o) =>
          `<div class="row"><dt>${esc(o.name)}${o.id === current ? ' <span class="role owner">current</span>' : ''}</dt><dd>${esc(o.isOwner ? 'Owner' : 'Member')} · ${esc(o.description || '—')}</dd></div>`,
      )
      .join('');
    sendHtml(
      res,
      page({
        title: 'Organizations',
        lang: zh ? 'zh' : 'en',
        body: `<h1>Organizations</h1><p class="lead">${paging.total} organizations of ${esc(user.fullName)}.</p>
<div class="summary plain"><div class="title">Your organizations</div><dl>${rows}</dl></div>
<a class="btn secondary" href="/">Back to the store</a>`,
      }),
    );
  });

  return r;
}
