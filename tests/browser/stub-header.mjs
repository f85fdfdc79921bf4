// Stand-in for the blocklet-service endpoints <site-header> calls beyond the session (see stub-platform.mjs):
// organizations (list/search/paging, create, get, role, passport switch). `state.header` holds the switches
// (POST /__stub/state { header: { … } }):
//   orgCount: how many orgs the user has (default 3; names 'Org 01'…; 'Org 01' is owned)
//   listFails / createFails / getFails: HTTP status for that call     listDelayMs: delay of each list call
//   unread: the unread notification count (default 0)
// Requests are recorded in state.header.log (GET /__stub/header-log) so tests can check what was asked.

function orgsOf(cfg) {
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
export async function handleHeaderStub(state, method, url, readBody, json) {
  const p = url.pathname;
  state.header ??= {};
  const cfg = state.header;
  cfg.log ??= [];
  if (p === '/__stub/header-log') return json(cfg.log);
  const S = '/.well-known/service/';
  // The icon service (Iconify shape): /__stub/icons/{prefix}.json?icons=a,b; /__stub/icons-down/… answers 503.
  const icon = p.match(/^\/__stub\/(icons|icons-down)\/([a-z0-9-]+)\.json$/);
  if (icon) {
    cfg.iconLog ??= [];
    cfg.iconLog.push(`${p}${url.search}`);
    if (icon[1] === 'icons-down') return json({ error: 'Icon service unavailable' }, 503);
    if (icon[2] !== 'tabler') return json(404, 404);
    const names = (url.searchParams.get('icons') ?? '').split(',').filter(Boolean);
    const icons = {};
    for (const n of names) icons[n] = { body: '<rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor"/>' };
    return json({ prefix: 'tabler', icons, width: 24, height: 24 });
  }
  if (p === '/__stub/icon-log') return json(cfg.iconLog ?? []);
  // Analytics page views and events (recorded; GET /__stub/analytics-log lists them with the time since the state reset).
  if (p.startsWith('/.well-known/analytics/')) {
    cfg.analyticsLog ??= [];
    cfg.analyticsLog.push(p);
    return { status: 204, type: 'text/plain', body: '' };
  }
  if (p === '/__stub/analytics-log') return json(cfg.analyticsLog ?? []);
  // A slow signed-out session (tests rewrite the session request here to see the login guard's indicator).
  if (p === '/__stub/slow-session') {
    await new Promise((r) => setTimeout(r, Number(url.searchParams.get('ms') || 500)));
    return json({ user: null });
  }
  if (p === `${S}api/notifications/unread-count`) {
    if (!state.signedIn) return json({ error: 'Sign in first', code: 'LOGIN_REQUIRED' }, 401);
    return json({ unReadCount: cfg.unread ?? 0 });
  }
  if (!p.startsWith(`${S}api/user/orgs`) && p !== `${S}api/user/role` && p !== `${S}api/user/switch-passport`)
    return null;
  const body = method === 'POST' ? JSON.parse((await readBody()) || '{}') : undefined;
  cfg.log.push({ method, path: p, query: Object.fromEntries(url.searchParams), body });
  if (!state.signedIn) return json({ error: 'Sign in first', code: 'LOGIN_REQUIRED' }, 401);
  const orgs = orgsOf(cfg);
  if (p === `${S}api/user/role`)
    return json({ name: url.searchParams.get('name'), orgId: cfg.currentId ?? orgs[0]?.id ?? null });
  if (p === `${S}api/user/switch-passport`) {
    if (!orgs.some((o) => o.id === body?.orgId)) return json({ error: 'Organization not found' }, 404);
    cfg.currentId = body.orgId;
    return json({ orgId: body.orgId });
  }
  if (p === `${S}api/user/orgs` && method === 'GET') {
    if (cfg.listDelayMs) await new Promise((r) => setTimeout(r, cfg.listDelayMs));
    if (cfg.listFails) return json({ error: 'Orgs are down' }, cfg.listFails);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') || 1);
    const pageSize = Number(url.searchParams.get('pageSize') || 20);
    const list = search ? orgs.filter((o) => o.name.toLowerCase().includes(search)) : orgs;
    return json({
      orgs: list.slice((page - 1) * pageSize, page * pageSize),
      paging: { page, pageSize, total: list.length },
    });
  }
  if (p === `${S}api/user/orgs` && method === 'POST') {
    if (cfg.createDelayMs) await new Promise((r) => setTimeout(r, cfg.createDelayMs));
    if (cfg.createFails) return json({ error: 'Organization limit reached' }, cfg.createFails);
    const org = { id: `org_new${orgs.length}`, name: body.org.name, description: body.org.description, isOwner: true };
    orgs.push(org);
    return json(org, 201);
  }
  const one = p.match(/^\/\.well-known\/service\/api\/user\/orgs\/([^/]+)$/);
  if (one) {
    if (cfg.getFails) return json({ error: 'Forbidden' }, cfg.getFails);
    const org = orgs.find((o) => o.id === decodeURIComponent(one[1]));
    return org ? json(org) : json({ error: 'Organization not found' }, 404);
  }
  return null;
}
