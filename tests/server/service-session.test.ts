import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

const S = '/.well-known/service';
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').match(/login_token=([^;]*)/)?.[1] ?? null;

async function formLogin(did: string, redirect: string) {
  return fetch(`${sb.url}${S}/sandbox/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ did, redirect }).toString(),
  });
}

describe('__blocklet__.js', () => {
  it('serves window.blocklet as javascript, not cached', async () => {
    const res = await fetch(`${sb.url}/__blocklet__.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const text = await res.text();
    expect(text.startsWith('window.blocklet = {')).toBe(true);
    const win: { blocklet?: Record<string, any> } = {};
    new Function('window', text)(win);
    expect(win.blocklet).toMatchObject({
      appPid: sb.ctx.app.pid,
      appName: sb.ctx.app.name,
      prefix: '/',
      serverVersion: '1.17.12',
    });
    expect(win.blocklet!.appUrl).toBe(sb.url);
  });

  it('serves the same data as JSON with CORS open', async () => {
    const res = await fetch(`${sb.url}/__blocklet__.js?type=json`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const b = await res.json();
    expect(b).toMatchObject({
      did: sb.ctx.app.did,
      appId: sb.ctx.app.did,
      appPid: sb.ctx.app.pid,
      groupPrefix: '/',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'zh', name: '简体中文' },
        { code: 'ja', name: '日本語' },
        { code: 'ko', name: '한국어' },
        { code: 'es', name: 'Español' },
        { code: 'fr', name: 'Français' },
        { code: 'de', name: 'Deutsch' },
        { code: 'pt-BR', name: 'Português (Brasil)' },
        { code: 'ru', name: 'Русский' },
        { code: 'ar', name: 'العربية' },
      ],
      theme: { prefer: 'system' },
      preferences: { permissionMode: 'staking' },
      settings: { notification: { toastAlert: true }, org: { enabled: true } },
    });
    expect(b.componentMountPoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          did: 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk',
          mountPoint: '/payment/',
          status: 'running',
        }),
        expect.objectContaining({ mountPoint: '/store/', status: 'running' }),
      ]),
    );
    const nav = b.navigation as Array<Record<string, any>>;
    expect(nav.some((n) => Array.isArray(n.items) && n.items.length > 0 && !n.section)).toBe(true);
    expect(nav.some((n) => n.id === '/userCenter/notification')).toBe(true);
    expect(nav.filter((n) => n.section === 'sessionManager').every((n) => Array.isArray(n.role))).toBe(true);
    expect(Number.parseInt(b.USE_ARCBLOCK_THEME, 10)).toBeGreaterThanOrEqual(0);
    // The logos it names are real SVGs, light and dark.
    for (const key of ['appLogo', 'appLogoDark', 'appLogoRect', 'appLogoRectDark']) {
      const logo = await fetch(`${sb.url}${b[key]}`);
      expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      expect(await logo.text()).toMatch(/^<svg /);
    }
  });
});

describe('session', () => {
  it('is null when signed out', async () => {
    const res = await fetch(`${sb.url}${S}/api/did/session`);
    expect(await res.json()).toEqual({ user: null });
  });

  it('the login page: a DID Connect login (QR, deep link, external script) and every demo user, strict CSP', async () => {
    const res = await fetch(`${sb.url}${S}/login?redirect=/checkout`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toMatch(/<html lang="en">/);
    // Each demo user is a button whose name starts "Sign in as <name>" (the visible text follows a hidden prefix).
    for (const u of DEMO_USERS) expect(html).toContain(`<span class="sr-only">Sign in as </span>${u.fullName}`);
    // No inline script or style: one external script, the QR as an inline SVG with a text alternative.
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script src="${S}/sandbox/login.js" defer>`]);
    expect(html).not.toMatch(/style="/);
    expect(html).toMatch(/<svg class="qr"[^>]* role="img" aria-label="QR code of the DID Connect sign-in request"/);
    const link = /<a class="btn primary" href="([^"]+)">Open DID Wallet<\/a>/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect(link.startsWith('https://abtwallet.io/i/?action=requestAuth&url=')).toBe(true);
    const token = /data-status-url="[^"]*_t_=([0-9a-f]{8})"/.exec(html)![1]!;
    expect(html).toContain('data-redirect="/checkout"');
    const status = await (await fetch(`${sb.url}${S}/api/did/login/status?_t_=${token}`)).json();
    expect(status).toMatchObject({ token, status: 'created' });
    // The old sandbox address leads there; the script is served from our origin.
    const old = await fetch(`${sb.url}${S}/sandbox/login?redirect=/checkout`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`${S}/login?redirect=%2Fcheckout`);
    const js = await fetch(`${sb.url}${S}/sandbox/login.js`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    // Chinese for a Chinese browser.
    const zh = await (await fetch(`${sb.url}${S}/login`, { headers: { 'accept-language': 'zh-CN' } })).text();
    expect(zh).toMatch(/<html lang="zh">/);
    expect(zh).toContain('打开 DID Wallet');
  });

  it('signs in through DID Connect: a demo wallet answers login, the token carries sessionToken', async () => {
    const { connect, walletOf } = await import('../support/did-wallet.ts');
    const { demoSecretKey } = await import('../../hosts/server/service/data/demo-wallets.ts');
    const opened = await (await fetch(`${sb.url}${S}/api/did/login/token`)).json();
    const out = await connect(opened.url, walletOf(demoSecretKey('dana')));
    expect(out.status).toBe('ok');
    const state = await (await fetch(`${sb.url}${S}/api/did/login/status?_t_=${opened.token}`)).json();
    expect(state).toMatchObject({ status: 'succeed', sessionToken: expect.any(String) });
    const session = await (
      await fetch(`${sb.url}${S}/api/did/session`, { headers: { cookie: `login_token=${state.sessionToken}` } })
    ).json();
    expect(session.user).toMatchObject({ did: DEMO_USERS[2]!.did, role: 'developer' });
    // A wallet the sandbox does not know signs in nobody.
    const { fromRandom } = await import('@ocap/wallet');
    const stranger = await (await fetch(`${sb.url}${S}/api/did/login/token`)).json();
    expect((await connect(stranger.url, fromRandom())).status).toBe('error');
  });

  it('form sign-in sets an HttpOnly cookie and redirects (303) to a same-origin path', async () => {
    const casey = DEMO_USERS[0]!;
    const res = await formLogin(casey.did, '/customer?x=1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/customer?x=1');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const token = cookieOf(res)!;
    const session = await (
      await fetch(`${sb.url}${S}/api/did/session`, { headers: { cookie: `login_token=${token}` } })
    ).json();
    expect(session.user).toMatchObject({
      did: casey.did,
      role: 'customer',
      fullName: casey.fullName,
      email: casey.email,
      passports: casey.passports,
    });
    expect(session.user.avatar).toBe(`${S}/user/avatar/${casey.did}`);
  });

  it.each(['//evil.com', 'https://evil.com/x', 'javascript:alert(1)', '/\\evil.com', ''])(
    'never redirects off-site: %s',
    async (redirect) => {
      const res = await formLogin(DEMO_USERS[1]!.did, redirect);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    },
  );

  it('a full URL on this origin (the login guard sends the page as it is) comes back as its path', async () => {
    const res = await formLogin(DEMO_USERS[1]!.did, `${sb.url}/plain/header?from=guard#top`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/plain/header?from=guard#top');
    const other = await formLogin(
      DEMO_USERS[1]!.did,
      `http://evil.example${new URL(sb.url).port ? `:${new URL(sb.url).port}` : ''}/plain/header`,
    );
    expect(other.headers.get('location')).toBe('/');
  });

  it('JSON sign-in by role returns the session token; bearer and authToken work; logout ends it', async () => {
    const res = await fetch(`${sb.url}${S}/sandbox/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'developer' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ role: 'developer' });
    expect(typeof body.token).toBe('string');
    expect(cookieOf(res)).toBe(body.token);
    const bearer = await (
      await fetch(`${sb.url}${S}/api/did/session`, { headers: { authorization: `Bearer ${body.token}` } })
    ).json();
    expect(bearer.user.role).toBe('developer');
    const query = await (await fetch(`${sb.url}${S}/api/did/session?authToken=${body.token}`)).json();
    expect(query.user.role).toBe('developer');

    const out = await fetch(`${sb.url}${S}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/login_token=;/);
    const after = await (
      await fetch(`${sb.url}${S}/api/did/session`, { headers: { authorization: `Bearer ${body.token}` } })
    ).json();
    expect(after.user).toBeNull();
  });

  it('GET sandbox/logout clears the session and redirects safely', async () => {
    const login = await formLogin(DEMO_USERS[0]!.did, '/');
    const token = cookieOf(login)!;
    const res = await fetch(`${sb.url}${S}/sandbox/logout?redirect=//evil.com`, {
      redirect: 'manual',
      headers: { cookie: `login_token=${token}` },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const after = await (
      await fetch(`${sb.url}${S}/api/did/session`, { headers: { cookie: `login_token=${token}` } })
    ).json();
    expect(after.user).toBeNull();
  });

  it('rejects unknown users and roles with 400', async () => {
    for (const body of [{ role: 'pirate' }, { did: 'z1nobody' }, {}]) {
      const res = await fetch(`${sb.url}${S}/sandbox/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
  });

  it('avatars are SVGs with initials and accept resize parameters', async () => {
    const res = await fetch(`${sb.url}${S}/user/avatar/${DEMO_USERS[0]!.did}?imageFilter=resize&w=48&h=48`);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toContain('width="48"');
    expect(svg).toContain('>CC<');
  });

  it('notification count answers for a signed-in user; orgs need a session', async () => {
    const login = await formLogin(DEMO_USERS[0]!.did, '/');
    const cookie = `login_token=${cookieOf(login)}`;
    expect(await (await fetch(`${sb.url}${S}/api/notifications/unread-count`, { headers: { cookie } })).json()).toEqual(
      { unReadCount: 0 },
    );
    expect((await fetch(`${sb.url}${S}/api/user/orgs`)).status).toBe(401);
  });

  it('profile and notification pages (linked from the header) render for both states', async () => {
    const anon = await (await fetch(`${sb.url}${S}/user`)).text();
    expect(anon).toContain(`${S}/login?redirect=${encodeURIComponent(`${S}/user`)}`);
    const login = await formLogin(DEMO_USERS[2]!.did, '/');
    const cookie = `login_token=${cookieOf(login)}`;
    const res = await fetch(`${sb.url}${S}/user`, { headers: { cookie } });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('Dana Developer');
    expect(await (await fetch(`${sb.url}${S}/user/notifications`, { headers: { cookie } })).text()).toContain(
      'all caught up',
    );
  });
});
