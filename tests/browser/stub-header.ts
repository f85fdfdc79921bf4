// Stand-in for the blocklet-service endpoints <site-header> calls beyond the session (see stub-platform.ts):
// organizations (list/search/paging, create, get, role, passport switch). `state.header` holds the switches
// (POST /__stub/state { header: { … } }):
//   orgCount: how many orgs the user has (default 3; names 'Org 01'…; 'Org 01' is owned)
//   listFails / createFails / getFails: HTTP status for that call
//   listDelayMs / createDelayMs / getDelayMs: delay of each call
//   unread: the unread notification count (default 0)
// Requests are recorded in state.header.log (GET /__stub/header-log) so tests can check what was asked.

import type { IconSet } from '../../src/api/resources/icons.ts';
import type { UnreadCount } from '../../src/api/resources/notifications.ts';
import type { Org, OrgPage, OrgRole } from '../../src/api/resources/orgs.ts';
import type { Session } from '../../src/api/types.ts';
import { fail, ok, record, wait, type Answer, type Discarded, type ErrorStatus, type Handler } from './stub-common.ts';

export type HeaderSwitches = {
  orgCount?: number;
  listFails?: ErrorStatus;
  createFails?: ErrorStatus;
  getFails?: ErrorStatus;
  listDelayMs?: number;
  createDelayMs?: number;
  getDelayMs?: number;
  unread?: number;
  // Recorded: the orgs (made on first use), the current one, and what was asked.
  orgs?: Array<Answer<Org>>;
  currentId?: string;
  log?: Array<{ method: string; path: string; query: Record<string, string>; body: unknown }>;
  iconLog?: string[];
  analyticsLog?: string[];
};

function orgsOf(cfg: HeaderSwitches): Array<Answer<Org>> {
  if (!cfg.orgs) {
    const n = cfg.orgCount ?? 3;
    cfg.orgs = Array.from({ length: n }, (_, i) => {
      const k = String(i + 1).padStart(2, '0');
      return {
        id: `org_${k}`,
        name: i === 1 ? 'Beta Builders' : `Org ${k}`,
        description: `Organization ${k}`,
        isOwner: i === 0,
      };
    });
  }
  return cfg.orgs;
}

/** Returns {status, type, body} for the paths this module owns, else null. */
export const handleHeaderStub: Handler = async (state, method, url, readBody) => {
  const p = url.pathname;
  state.header ??= {};
  const cfg = state.header;
  cfg.log ??= [];
  if (p === '/__stub/header-log') return record(cfg.log);
  const S = '/.well-known/service/';
  // The icon service (Iconify shape): /__stub/icons/{prefix}.json?icons=a,b; /__stub/icons-down/… answers 503.
  const icon = p.match(/^\/__stub\/(icons|icons-down)\/([a-z0-9-]+)\.json$/);
  if (icon) {
    cfg.iconLog ??= [];
    cfg.iconLog.push(`${p}${url.search}`);
    if (icon[1] === 'icons-down') return fail(503, 'Icon service unavailable');
    // Iconify answers an unknown prefix with a bare 404 as the body.
    if (icon[2] !== 'tabler') return { status: 404, type: 'application/json', body: '404' };
    const names = (url.searchParams.get('icons') ?? '').split(',').filter(Boolean);
    const icons: IconSet['icons'] = {};
    for (const n of names) icons[n] = { body: '<rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor"/>' };
    return ok<IconSet>({ prefix: 'tabler', icons, width: 24, height: 24 });
  }
  if (p === '/__stub/icon-log') return record(cfg.iconLog ?? []);
  // Analytics page views and events (recorded; GET /__stub/analytics-log lists them).
  if (p.startsWith('/.well-known/analytics/')) {
    cfg.analyticsLog ??= [];
    cfg.analyticsLog.push(p);
    return { status: 204, type: 'text/plain', body: '' };
  }
  if (p === '/__stub/analytics-log') return record(cfg.analyticsLog ?? []);
  // A slow signed-out session (tests rewrite the session request here to see the login guard's indicator).
  if (p === '/__stub/slow-session') {
    await wait(Number(url.searchParams.get('ms') || 500));
    return ok<Session>({ user: null });
  }
  if (p === `${S}api/notifications/unread-count`) {
    if (!state.signedIn) return fail(401, 'Sign in first', 'LOGIN_REQUIRED');
    return ok<UnreadCount>({ unReadCount: cfg.unread ?? 0 });
  }
  if (!p.startsWith(`${S}api/user/orgs`) && p !== `${S}api/user/role` && p !== `${S}api/user/switch-passport`)
    return null;
  const body = method === 'POST' ? (JSON.parse((await readBody()) || '{}') as Record<string, unknown>) : undefined;
  cfg.log.push({ method, path: p, query: Object.fromEntries(url.searchParams), body });
  if (!state.signedIn) return fail(401, 'Sign in first', 'LOGIN_REQUIRED');
  const orgs = orgsOf(cfg);
  if (p === `${S}api/user/role`) return ok<OrgRole>({ orgId: cfg.currentId ?? orgs[0]?.id ?? null });
  if (p === `${S}api/user/switch-passport`) {
    const orgId = (body as { orgId?: string } | undefined)?.orgId;
    if (!orgId || !orgs.some((o) => o.id === orgId)) return fail(404, 'Organization not found');
    cfg.currentId = orgId;
    return ok<Discarded>({});
  }
  if (p === `${S}api/user/orgs` && method === 'GET') {
    if (cfg.listDelayMs) await wait(cfg.listDelayMs);
    if (cfg.listFails) return fail(cfg.listFails, 'Orgs are down');
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') || 1);
    const pageSize = Number(url.searchParams.get('pageSize') || 20);
    const list = search ? orgs.filter((o) => o.name.toLowerCase().includes(search)) : orgs;
    return ok<OrgPage>({
      orgs: list.slice((page - 1) * pageSize, page * pageSize),
      paging: { page, pageSize, total: list.length },
    });
  }
  if (p === `${S}api/user/orgs` && method === 'POST') {
    if (cfg.createDelayMs) await wait(cfg.createDelayMs);
    if (cfg.createFails) return fail(cfg.createFails, 'Organization limit reached');
    const input = (body as { org?: { name?: string; description?: string } } | undefined)?.org;
    const org = {
      id: `org_new${orgs.length}`,
      name: input?.name ?? '',
      description: input?.description,
      isOwner: true,
    };
    orgs.push(org);
    return ok<Org>(org, 201);
  }
  const one = p.match(/^\/\.well-known\/service\/api\/user\/orgs\/([^/]+)$/);
  if (one) {
    if (cfg.getDelayMs) await wait(cfg.getDelayMs);
    if (cfg.getFails) return fail(cfg.getFails, 'Forbidden');
    const org = orgs.find((o) => o.id === decodeURIComponent(one[1]!));
    return org ? ok<Org>(org) : fail(404, 'Organization not found');
  }
  return null;
};
