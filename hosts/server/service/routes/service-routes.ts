import { Router, type Request, type Response } from 'express';
import type { SandboxContext } from '../../context.ts';
import { integer } from '../../validate.ts';
import { appLogoSvg, avatarSvg } from '../../images.ts';
import { listNotifications } from '../domain/notifications.ts';
import { signIn } from '../domain/sign-in.ts';
import { createNotificationRoutes } from './notifications-routes.ts';
import { createIconRoutes } from './icons-routes.ts';
import { createWalletRoutes } from './wallet-page.ts';
import { createLoginRoutes } from './login-page.ts';
import { createOrgRoutes } from './orgs-routes.ts';
import { esc, page, safeRedirect, sendHtml, SANDBOX_CSS, SERVICE } from './html.ts';
import { deleteSession, getUser, SESSION_COOKIE, type SandboxUser } from '../data/users.ts';
import { currentUser, sessionToken } from '../../session.ts';

/**
 * The blocklet service under `/.well-known/service`: session, the sandbox sign-in page, sign-out, avatars, the
 * app logo, notification count and orgs (placeholders), and the sandbox wallet page.
 */

export const avatarUrl = (did: string) => `${SERVICE}/user/avatar/${encodeURIComponent(did)}`;

/** The session user as the platform answers it (spec section 3). */
export function sessionUser(u: SandboxUser): Record<string, unknown> {
  return {
    did: u.did,
    role: u.role,
    fullName: u.fullName,
    email: u.email,
    avatar: u.avatar || avatarUrl(u.did),
    passports: u.passports,
    ...(u.didSpace ? { didSpace: u.didSpace } : {}),
    ...(u.sourceAppPid ? { sourceAppPid: u.sourceAppPid } : {}),
  };
}

/** This server's origin as the browser sees it (for same-origin redirects). */
const requestOrigin = (req: Request): string => `${req.protocol}://${req.get('host') ?? ''}`;

function wantsJson(req: Request): boolean {
  if (req.is('application/json')) return true;
  const accept = String(req.headers.accept ?? '');
  return accept.includes('application/json') && !accept.includes('text/html');
}

function setSessionCookie(res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/' });
}
function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
}

const svg = (res: Response, body: string, cache = 'public, max-age=300') => {
  res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
  res.setHeader('Cache-Control', cache);
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.send(body);
};

const ROLE_LABEL: Record<string, string> = {
  customer: 'Customer',
  developer: 'Developer',
  admin: 'Admin',
  owner: 'Owner',
};

/* ------------------------------------------------------------------ pages */

/* ----------------------------------------------------------------- routes */

export function createServiceRoutes(ctx: SandboxContext): Router {
  const r = Router();

  r.get('/sandbox/sandbox.css', (_req, res) => {
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(SANDBOX_CSS);
  });

  /* session */
  r.get('/api/did/session', async (req, res) => {
    const user = await currentUser(ctx.db, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user: user ? sessionUser(user) : null });
  });

  /* the platform's login page (login-page.ts); the sandbox's old address leads there */
  r.use(createLoginRoutes(ctx));
  r.get('/sandbox/login', (req, res) => {
    const redirect = safeRedirect(req.query.redirect, requestOrigin(req));
    res.redirect(302, `${SERVICE}/login?redirect=${encodeURIComponent(redirect)}`);
  });

  r.post('/sandbox/login', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const redirect = safeRedirect(body.redirect ?? req.query.redirect, requestOrigin(req));
    const { token, user } = await signIn(ctx.db, body);
    setSessionCookie(res, token);
    if (wantsJson(req)) {
      res.json({ token, user: sessionUser(user), redirect });
      return;
    }
    res.redirect(303, redirect);
  });

  const logout = async (req: Request, res: Response) => {
    const token = sessionToken(req);
    if (token) await deleteSession(ctx.db, token);
    clearSessionCookie(res);
  };
  r.post('/api/user/logout', async (req, res) => {
    await logout(req, res);
    res.json({});
  });
  r.get('/sandbox/logout', async (req, res) => {
    await logout(req, res);
    res.redirect(303, safeRedirect(req.query.redirect, requestOrigin(req)));
  });

  /* images */
  r.get('/user/avatar/:did', async (req, res) => {
    const did = String(req.params.did).replace(/^did:abt:/, '');
    const user = await getUser(ctx.db, did);
    // Any whole size is drawn between 16 and 512 px.
    const size = Math.min(
      512,
      Math.max(16, integer(req.query.w ?? req.query.h ?? req.query.size ?? 96, 'size', { min: 1, max: 4096 })),
    );
    svg(res, avatarSvg(did, user?.fullName ?? did.replace(/^z1?/, ''), size));
  });
  const logo = (rect: boolean, dark: boolean) => (_req: Request, res: Response) => svg(res, appLogoSvg({ rect, dark }));
  r.get('/blocklet/logo', logo(false, false));
  r.get('/blocklet/logo-dark', logo(false, true));
  r.get('/blocklet/logo-rect', logo(true, false));
  r.get('/blocklet/logo-rect-dark', logo(true, true));
  r.get('/blocklet/logo-bundle/:did', logo(false, false));
  r.get('/blocklet/logo/:variant', (req, res) => {
    const v = String(req.params.variant);
    svg(res, appLogoSvg({ rect: v.includes('rect'), dark: v.includes('dark') }));
  });

  /* notifications (count) and organizations (orgs-routes.ts) */
  r.use(createNotificationRoutes(ctx));
  r.use(createOrgRoutes(ctx));
  r.use(createIconRoutes());

  /* profile and notification pages the header links to (simple sandbox versions) */
  r.get('/user', async (req, res) => {
    const user = await currentUser(ctx.db, req);
    const self = `${SERVICE}/user`;
    const body = user
      ? `<h1>Your profile</h1><p class="lead">The sandbox account you are signed in with.</p>
<div class="signed-in"><img src="${avatarUrl(user.did)}" alt="" width="40" height="40"><span class="who"><strong>${esc(user.fullName)}</strong><span class="label">${esc(user.email)}</span></span><span class="role ${esc(user.role)}">${esc(ROLE_LABEL[user.role] ?? user.role)}</span></div>
<div class="summary plain"><div class="title">Account</div><dl>
<div class="row"><dt>DID</dt><dd><code>${esc(user.did)}</code></dd></div>
<div class="row"><dt>Passports</dt><dd>${esc(user.passports.map((p) => p.title).join(', '))}</dd></div>
</dl></div>
<div class="actions"><a class="btn primary" href="/customer">Billing</a><a class="btn secondary" href="${SERVICE}/sandbox/logout?redirect=/">Sign out</a></div>`
      : `<h1>Your profile</h1><p class="lead">Sign in to see your sandbox account.</p><a class="btn primary" href="${SERVICE}/login?redirect=${encodeURIComponent(self)}">Sign in</a>`;
    sendHtml(res, page({ title: 'Profile', body }));
  });
  r.get('/user/notifications', async (req, res) => {
    const user = await currentUser(ctx.db, req);
    const self = `${SERVICE}/user/notifications`;
    let body: string;
    if (user) {
      const rows = (await listNotifications(ctx.db, user.did, 1, 50)).list;
      const items = rows
        .map(
          (n) =>
            `<div class="row"><dt>${esc(String(n.title ?? n.severity ?? ''))}${n.read ? '' : ' <span class="role owner">unread</span>'}</dt><dd>${esc(String(n.description ?? ''))}</dd></div>`,
        )
        .join('');
      body = rows.length
        ? `<h1>Notifications</h1><div class="summary plain"><div class="title">Latest</div><dl>${items}</dl></div><a class="btn secondary" href="/">Back to the store</a>`
        : `<h1>Notifications</h1><div class="status neutral" role="status"><span class="icon" aria-hidden="true">✓</span><div><p>You are all caught up. Notifications from the sandbox will appear here.</p></div></div><a class="btn secondary" href="/">Back to the store</a>`;
    } else {
      body = `<h1>Notifications</h1><p class="lead">Sign in to read your notifications.</p><a class="btn primary" href="${SERVICE}/login?redirect=${encodeURIComponent(self)}">Sign in</a>`;
    }
    sendHtml(res, page({ title: 'Notifications', body }));
  });

  /* sandbox wallet (wallet-page.ts) */
  r.use(createWalletRoutes(ctx));

  return r;
}
