import { Router, type Request } from 'express';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import type { SandboxContext } from '../../context.ts';
import { requestOrigin } from './blocklet.ts';
import { LOGIN_ACTION, SERVICE_DID_PREFIX } from './connect-routes.ts';
import { esc, page, safeRedirect, sendHtml, SERVICE } from './html.ts';
import { pageLocale, type PageLocale } from './page-locale.ts';
import { DEMO_USERS, type SandboxUser } from '../data/users.ts';
import { currentUser } from '../../session.ts';

/**
 * The platform's login page, `/.well-known/service/login?redirect=…` (did-connect-react's `openMode: 'redirect'`
 * goes there):
 *
 * - A DID Connect login (action `login` under `/.well-known/service/api/did`, connect-routes.ts): the page asks for a
 *   token over HTTP (this server's loopback address, as the request's host), shows the deep link as a QR code (an
 *   inline SVG drawn here with lean-qr) beside "Open DID Wallet" and the sandbox's web wallet, and its script
 *   (`/sandbox/login.js`, no inline script under the CSP) polls the status every 2 s. On `succeed` the token's state
 *   carries `sessionToken`: the script stores it as the `login_token` cookie and follows the redirect (same origin
 *   only: the server already reduced it to a path, the script checks again).
 * - The demo users as a tester shortcut: one form each, posting to `POST /.well-known/service/sandbox/login` (which
 *   stays for scripts).
 */

const T = {
  en: {
    title: 'Sign in',
    heading: (app: string) => `Sign in to ${app}`,
    lead: 'Scan the code with DID Wallet, or open the request in a wallet.',
    qr: 'QR code of the DID Connect sign-in request',
    open: 'Open DID Wallet',
    web: 'Use the sandbox wallet',
    waiting: 'Waiting for the wallet…',
    scanned: 'Scanned — confirm in DID Wallet',
    done: 'Signed in. Taking you back…',
    failed: 'The sign-in did not complete:',
    expired: 'This request has expired.',
    again: 'Start again',
    shortcut: 'Tester shortcut: sign in as a demo user',
    shortcutLead: 'Each demo user has a role; the sandbox signs you in at once.',
    signAsPrefix: 'Sign in as',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    returnTo: 'You will return to',
    unavailable: 'The sign-in request could not be created:',
    roles: { customer: 'Customer', second: 'Customer (2nd)', developer: 'Developer', admin: 'Admin', owner: 'Owner' },
  },
  zh: {
    title: '登录',
    heading: (app: string) => `登录 ${app}`,
    lead: '用 DID Wallet 扫描二维码，或在钱包中打开该请求。',
    qr: 'DID Connect 登录请求的二维码',
    open: '打开 DID Wallet',
    web: '使用沙盒钱包',
    waiting: '等待钱包响应…',
    scanned: '已扫描 — 请在 DID Wallet 中确认',
    done: '已登录，正在返回…',
    failed: '登录未完成：',
    expired: '该请求已过期。',
    again: '重新开始',
    shortcut: '测试快捷方式：以演示用户登录',
    shortcutLead: '每个演示用户有各自的角色；沙盒会立即为你登录。',
    signAsPrefix: '登录为',
    signedInAs: '当前登录',
    signOut: '退出登录',
    returnTo: '登录后将返回',
    unavailable: '无法创建登录请求：',
    roles: { customer: '客户', second: '客户（第二位）', developer: '开发者', admin: '管理员', owner: '所有者' },
  },
} satisfies Record<PageLocale, unknown>;
type Texts = (typeof T)['en'];

/** A QR code of `text` as an inline SVG (no style attribute: the CSP allows none), with a text alternative. */
export function qrSvg(text: string, label: string): string {
  const code = generate(text);
  const pad = 4;
  const n = code.size + pad * 2;
  return `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${n} ${n}" width="232" height="232" role="img" aria-label="${esc(label)}" shape-rendering="crispEdges"><rect x="${-pad}" y="${-pad}" width="${n}" height="${n}" fill="#ffffff"/><path d="${toSvgPath(code)}" fill="#000000"/></svg>`;
}

const LOGIN_JS = `(() => {
  const root = document.getElementById('did-login');
  if (!root) return;
  const d = root.dataset;
  const live = document.getElementById('did-login-status');
  const say = (text, bad) => { live.textContent = text; live.className = bad ? 'login-status err' : 'login-status'; };
  const safe = (r) => (typeof r === 'string' && r.startsWith('/') && !r.startsWith('//') && !r.includes('\\\\')) ? r : '/';
  let stopped = false;
  const fail = (text) => {
    stopped = true;
    say(text, true);
    document.getElementById('did-login-again').hidden = false;
  };
  async function poll() {
    if (stopped) return;
    try {
      const res = await fetch(d.statusUrl, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (res.status === 400) return fail(d.textExpired);
      const s = await res.json();
      if (res.status === 403) return fail(d.textFailed + ' ' + (s.error || ''));
      if (s.status === 'scanned') say(d.textScanned);
      if (s.status === 'succeed' && s.sessionToken) {
        stopped = true;
        document.cookie = 'login_token=' + encodeURIComponent(s.sessionToken) + '; path=/; samesite=lax';
        say(d.textDone);
        location.assign(safe(d.redirect));
        return;
      }
      if (s.status === 'error' || s.status === 'busy' || s.status === 'forbidden') return fail(d.textFailed + ' ' + (s.error || s.status));
    } catch (e) { /* a network hiccup: keep polling */ }
    setTimeout(poll, 2000);
  }
  setTimeout(poll, 2000);
})();
`;

async function loginToken(ctx: SandboxContext, req: Request, lang: string): Promise<{ token: string; url: string }> {
  const origin = new URL(requestOrigin(req));
  const local = ctx.localOrigin() || origin.origin;
  const res = await fetch(`${local}${SERVICE_DID_PREFIX}/${LOGIN_ACTION}/token?locale=${lang}`, {
    headers: {
      accept: 'application/json',
      'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US',
      'x-forwarded-host': origin.host,
      'x-forwarded-proto': origin.protocol.replace(/:$/, ''),
      'user-agent': String(req.headers['user-agent'] ?? ''),
    },
  });
  const body = (await res.json()) as { token?: string; url?: string; error?: string };
  if (!res.ok || !body.token || !body.url) throw new Error(body.error || `HTTP ${res.status}`);
  return { token: body.token, url: body.url };
}

function loginPage(
  t: Texts,
  lang: string,
  app: string,
  user: SandboxUser | null,
  redirect: string,
  login: { token: string; url: string } | { error: string },
): string {
  const connect =
    'token' in login
      ? `<div class="login" id="did-login" data-status-url="${esc(`${SERVICE_DID_PREFIX}/${LOGIN_ACTION}/status?_t_=${login.token}`)}" data-redirect="${esc(redirect)}" data-text-scanned="${esc(t.scanned)}" data-text-done="${esc(t.done)}" data-text-failed="${esc(t.failed)}" data-text-expired="${esc(t.expired)}">
${qrSvg(login.url, t.qr)}
<div class="login-side">
<a class="btn primary" href="${esc(login.url)}">${esc(t.open)}</a>
<a class="btn secondary" href="${SERVICE}/sandbox/wallet?url=${esc(encodeURIComponent(login.url))}&amp;locale=${esc(lang)}" target="_blank" rel="noopener">${esc(t.web)}</a>
<p class="login-status" id="did-login-status" role="status" aria-live="polite">${esc(t.waiting)}</p>
<a class="btn secondary" id="did-login-again" href="${SERVICE}/login?redirect=${esc(encodeURIComponent(redirect))}&amp;locale=${esc(lang)}" hidden>${esc(t.again)}</a>
</div></div>`
      : `<div class="status err" role="alert"><span class="icon" aria-hidden="true">!</span><div><p>${esc(t.unavailable)} ${esc(login.error)}</p></div></div>`;
  const firstCustomer = DEMO_USERS.findIndex((x) => x.role === 'customer');
  const items = DEMO_USERS.map((u, i) => {
    const role = u.role === 'customer' && i !== firstCustomer ? t.roles.second : t.roles[u.role];
    return `<li><form class="user-form" method="post" action="${SERVICE}/sandbox/login">
<input type="hidden" name="did" value="${esc(u.did)}"><input type="hidden" name="redirect" value="${esc(redirect)}">
<button class="user-btn" type="submit">
<img src="${SERVICE}/user/avatar/${encodeURIComponent(u.did)}?imageFilter=resize&amp;w=88&amp;h=88" alt="" width="44" height="44">
<span class="who"><span class="name"><span class="sr-only">${esc(t.signAsPrefix)} </span>${esc(u.fullName)}</span><span class="email">${esc(u.email)}</span></span>
<span class="role ${esc(u.role)}">${esc(role)}</span>
</button></form></li>`;
  }).join('\n');
  const current = user
    ? `<div class="signed-in"><img src="${SERVICE}/user/avatar/${encodeURIComponent(user.did)}" alt="" width="40" height="40"><span class="who"><span class="label">${esc(t.signedInAs)}</span><strong>${esc(user.fullName)}</strong></span>
<a class="btn secondary inline" href="${SERVICE}/sandbox/logout?redirect=${esc(encodeURIComponent(redirect))}">${esc(t.signOut)}</a></div>`
    : '';
  return page({
    title: t.title,
    lang,
    scripts: [`${SERVICE}/sandbox/login.js`],
    body: `<h1>${esc(t.heading(app))}</h1>
<p class="lead">${esc(t.lead)}</p>
${current}
${connect}
<h2>${esc(t.shortcut)}</h2>
<p class="meta">${esc(t.shortcutLead)}</p>
<ul class="users" aria-label="${esc(t.shortcut)}">
${items}
</ul>
<p class="meta">${esc(t.returnTo)} <code>${esc(redirect)}</code></p>`,
  });
}

export function createLoginRoutes(ctx: SandboxContext): Router {
  const r = Router();
  r.get('/sandbox/login.js', (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(LOGIN_JS);
  });
  r.get('/login', async (req, res) => {
    const lang = pageLocale(req);
    const redirect = safeRedirect(req.query.redirect, requestOrigin(req));
    const user = await currentUser(ctx.db, req);
    let login: { token: string; url: string } | { error: string };
    try {
      login = await loginToken(ctx, req, lang);
    } catch (err) {
      login = { error: (err as Error).message };
    }
    sendHtml(res, loginPage(T[lang], lang, ctx.app.name, user, redirect, login));
  });
  return r;
}
