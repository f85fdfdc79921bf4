import { Router, type Request } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { integer } from '../../validate.ts';
import { createOrg, currentOrgId, getOrg, listOrgs, switchOrg } from '../domain/orgs.ts';
import { esc, page, sendHtml, SERVICE } from './html.ts';
import { type SandboxUser } from '../data/users.ts';
import { currentUser, sessionToken } from '../../session.ts';

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
 * Limits (spec §5/§9): name trimmed, required ('Name cannot be empty'), ≤ 25; description trimmed, ≤ 255. The routes
 * parse, ask for a session, call the domain (domain/orgs.ts) and answer.
 */

function intParam(value: unknown, name: string, def: number, min: number, max: number): number {
  return value === undefined || value === '' ? def : integer(value, name, { min, max, code: 'INVALID_PARAM' });
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
    res.status(201).json(await createOrg(ctx.db, user.did, req.body));
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
    res.json({ name, orgId: await currentOrgId(ctx.db, sessionToken(req), user.did) });
  });

  r.post('/api/user/switch-passport', async (req, res) => {
    const user = await requireUser(ctx, req, 'switch organizations');
    res.json(await switchOrg(ctx.db, user.did, sessionToken(req), req.body));
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
          body: `<h1>Organizations</h1><p class="lead">Sign in to see your organizations.</p><a class="btn primary" href="${SERVICE}/login?redirect=${encodeURIComponent(self)}">Sign in</a>`,
        }),
      );
      return;
    }
    const { orgs, paging } = await listOrgs(ctx.db, user.did, { page: 1, pageSize: 100 });
    const current = await currentOrgId(ctx.db, sessionToken(req), user.did);
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
