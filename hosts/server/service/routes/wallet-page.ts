import { Router, type Request } from 'express';
import * as Jwt from '@arcblock/jwt';
import type { SandboxContext } from '../../context.ts';
import { fromBase58, toBase58 } from '@ocap/util';
import { requestOrigin } from './blocklet.ts';
import { isRequestLine } from './connect-routes.ts';
import { demoSecretKey, demoWallet } from '../data/demo-wallets.ts';
import { esc, page, sendHtml, SERVICE } from './html.ts';
import { DEMO_USERS, type SandboxUser } from '../data/users.ts';
import { pageLocale, type PageLocale } from './page-locale.ts';

/**
 * The sandbox wallet: a web wallet for testers, speaking DID Connect over HTTP like a phone (sandbox only).
 *
 *   GET  /.well-known/service/sandbox/wallets            → [{did, name, sk, pk}]: the demo users' keys, public on
 *                                                          purpose, like a card processor's test cards
 *   GET  /.well-known/service/sandbox/wallet?url=<link>  the page: <link> is a DID Wallet deep link or the raw
 *                                                          `…/auth?_t_=` URL of this sandbox
 *   POST /.well-known/service/sandbox/wallet             the page's form {url, did, answer: approve | decline}
 *
 * The page's server side is the wallet's backend: it holds the demo keys, fetches the request from the app's `auth`
 * endpoint (a real HTTP request to this server's loopback address, as the request's host: the token becomes
 * `scanned`), verifies the app's signed JWT with the app's public key, shows what is asked (the app, each claim, the
 * text a `signature` claim signs) and answers with JWTs signed by the chosen demo user's key, POSTed to the same
 * `auth` URL a phone would use. Only this sandbox's own DID Connect URLs are opened (never another host).
 */

type Claim = Record<string, unknown> & { type: string };
type Request_ = {
  appPk: string;
  payload: { challenge: string; url: string; requestedClaims: Claim[]; appInfo?: { name?: string } };
};
type Outcome = { status: 'ok' | 'error'; errorMessage: string };

const AUTH_PATH_RE = /^(?:\/[A-Za-z0-9._-]+)*\/api\/did\/([a-z0-9-]+)\/auth$/;
const UA = 'ABTWallet/5.5.0 (sandbox web wallet)';

const T = {
  en: {
    title: 'Sandbox wallet',
    lead: 'A web wallet for testing: it answers this sandbox’s DID Connect requests with the keys of the demo users. Nothing real is charged.',
    from: 'Request from',
    verified: 'Signed by the app (verified)',
    connect: 'Which account continues?',
    asked: 'asked for',
    continue: 'Continue',
    approve: 'Approve',
    decline: 'Decline',
    signAs: 'Signing as',
    signText: 'You sign this text',
    claims: 'Asked',
    bad: 'This is not a wallet request of this sandbox.',
    badTitle: 'Unknown request',
    again: 'Start again from the page that asked to get a new request.',
    failedOpen: 'The request could not be opened',
    approved: (noun: string) => `${noun} approved`,
    approvedText: 'You can return to the page that asked; it updates by itself.',
    declined: 'Declined',
    declinedText: 'Nothing was charged. You can return to the page that asked and try again.',
    failed: (noun: string) => `${noun} failed`,
    finished: 'Sandbox wallet · this request is finished.',
    nouns: {
      payment: 'Payment',
      subscription: 'Subscription',
      setup: 'Setup',
      collect: 'Payment',
      'collect-batch': 'Payment',
      're-stake': 'Stake',
      'stake-and-join': 'Stake',
      'auto-recharge-auth': 'Authorization',
      'connect-cli': 'Connection',
      'gen-key-pair': 'Key pair',
      login: 'Sign-in',
    } as Record<string, string>,
    request: 'Request',
  },
  zh: {
    title: '沙盒钱包',
    lead: '用于测试的网页钱包：以演示用户的密钥回应本沙盒的 DID Connect 请求。不会产生真实扣款。',
    from: '请求来自',
    verified: '应用已签名（已验证）',
    connect: '以哪个账户继续？',
    asked: '请求的账户',
    continue: '继续',
    approve: '批准',
    decline: '拒绝',
    signAs: '签名账户',
    signText: '你将签名以下内容',
    claims: '请求内容',
    bad: '这不是本沙盒的钱包请求。',
    badTitle: '未知请求',
    again: '请回到发起请求的页面重新开始。',
    failedOpen: '无法打开该请求',
    approved: (noun: string) => `${noun}已批准`,
    approvedText: '你可以回到发起请求的页面，它会自动更新。',
    declined: '已拒绝',
    declinedText: '没有任何扣款。你可以回到发起请求的页面重试。',
    failed: (noun: string) => `${noun}失败`,
    finished: '沙盒钱包 · 此请求已结束。',
    nouns: {
      payment: '支付',
      subscription: '订阅',
      setup: '设置',
      collect: '支付',
      'collect-batch': '支付',
      're-stake': '质押',
      'stake-and-join': '质押',
      'auto-recharge-auth': '授权',
      'connect-cli': '连接',
      'gen-key-pair': '密钥对',
      login: '登录',
    } as Record<string, string>,
    request: '请求',
  },
} satisfies Record<PageLocale, unknown>;
type Texts = (typeof T)['en'];

/** The `…/auth?_t_=` URL of a deep link (its `url` parameter, encoded twice) or of the URL itself. */
export function authUrlOfLink(link: string): URL | null {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return null;
  }
  if (u.searchParams.get('action') === 'requestAuth' && u.searchParams.get('url')) {
    let inner = u.searchParams.get('url')!;
    if (/^https?%3A/i.test(inner)) inner = decodeURIComponent(inner);
    try {
      u = new URL(inner);
    } catch {
      return null;
    }
  }
  return u;
}

/** The auth URL of `link` when it is one of this sandbox's own DID Connect requests, with its action. */
function ownRequest(req: Request, link: unknown): { url: URL; action: string } | null {
  if (typeof link !== 'string' || !link || link.length > 4096) return null;
  const url = authUrlOfLink(link);
  if (!url || !['http:', 'https:'].includes(url.protocol)) return null;
  if (url.host !== new URL(requestOrigin(req)).host) return null;
  const m = AUTH_PATH_RE.exec(url.pathname);
  if (!m || !url.searchParams.get('_t_')) return null;
  return { url, action: m[1]! };
}

/** The demo users' wallets as testers read them. */
export function demoWallets(): Array<{ did: string; name: string; role: string; sk: string; pk: string }> {
  return DEMO_USERS.filter((u) => u.walletKey).map((u) => {
    const w = demoWallet(u.walletKey!);
    return { did: w.address, name: u.fullName, role: u.role, sk: demoSecretKey(u.walletKey!), pk: String(w.publicKey) };
  });
}

export function createWalletRoutes(ctx: SandboxContext): Router {
  const r = Router();
  const appPk = toBase58(Buffer.from(ctx.appKey.pk.replace(/^0x/, ''), 'hex'));

  /** One HTTP call to the app's auth URL, through this server's loopback address, as the URL's host. */
  async function callApp(url: URL, lang: string, body?: unknown): Promise<Record<string, unknown>> {
    const local = ctx.localOrigin();
    const target = local ? `${local}${url.pathname}${url.search}` : url.href;
    const res = await fetch(target, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'user-agent': UA,
        accept: 'application/json',
        'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US',
        'x-forwarded-host': url.host,
        'x-forwarded-proto': url.protocol.replace(/:$/, ''),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return json;
  }

  /** The app's signed answer, verified with the app's key: its payload (throws with the app's error otherwise). */
  async function verified(json: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (typeof json.error === 'string' && json.error && !json.authInfo) throw new Error(json.error);
    if (json.appPk !== appPk || typeof json.authInfo !== 'string') throw new Error('Not signed by this app');
    if (!(await Jwt.verify(json.authInfo, appPk))) throw new Error('The app signature does not verify');
    return Jwt.decode(json.authInfo) as Record<string, unknown>;
  }

  async function fetchRequest(url: URL, lang: string): Promise<Request_> {
    const payload = await verified(await callApp(url, lang));
    if (!Array.isArray(payload.requestedClaims)) {
      throw new Error(String(payload.errorMessage || 'This request has ended'));
    }
    return { appPk, payload: payload as Request_['payload'] };
  }

  async function answerRequest(
    url: URL,
    request: Request_,
    user: SandboxUser,
    kind: 'approve' | 'decline',
    lang: string,
  ): Promise<{ next: Request_ } | { outcome: Outcome }> {
    const wallet = demoWallet(user.walletKey!);
    const claims: Claim[] = [];
    if (kind === 'approve') {
      for (const c of request.payload.requestedClaims) {
        if (c.type === 'signature') {
          const origin = String(c.origin || c.digest || '');
          claims.push({ ...c, sig: await wallet.sign(origin, c.method !== 'none') });
        } else claims.push({ ...c });
      }
    }
    const userInfo = await wallet.signJWT({
      action: kind === 'approve' ? 'responseAuth' : 'declineAuth',
      challenge: request.payload.challenge,
      requestedClaims: claims,
    });
    const answerUrl = new URL(request.payload.url);
    const payload = await verified(
      await callApp(answerUrl, lang, {
        userPk: toBase58(Buffer.from(String(wallet.publicKey).replace(/^0x/, ''), 'hex')),
        userInfo,
      }),
    );
    if (Array.isArray(payload.requestedClaims) && payload.challenge)
      return { next: { appPk, payload: payload as Request_['payload'] } };
    return {
      outcome: { status: payload.status === 'ok' ? 'ok' : 'error', errorMessage: String(payload.errorMessage ?? '') },
    };
  }

  r.get('/sandbox/wallets', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(demoWallets());
  });

  r.get('/sandbox/wallet', async (req, res) => {
    const lang = pageLocale(req);
    const t: Texts = T[lang];
    const own = ownRequest(req, req.query.url);
    if (!own) return sendHtml(res, problemPage(t, lang, t.badTitle, t.bad), 400);
    try {
      const request = await fetchRequest(own.url, lang);
      sendHtml(res, requestPage(t, lang, own, request, null));
    } catch (err) {
      sendHtml(res, problemPage(t, lang, t.failedOpen, (err as Error).message), 409);
    }
  });

  r.post('/sandbox/wallet', async (req, res) => {
    const lang = pageLocale(req);
    const t: Texts = T[lang];
    const body = (req.body ?? {}) as Record<string, unknown>;
    const own = ownRequest(req, body.url);
    if (!own) return sendHtml(res, problemPage(t, lang, t.badTitle, t.bad), 400);
    const kind = body.answer === 'decline' ? 'decline' : 'approve';
    const user = DEMO_USERS.find((u) => u.did === body.did && u.walletKey);
    try {
      const request = await fetchRequest(own.url, lang);
      if (!user) return sendHtml(res, requestPage(t, lang, own, request, null), 400);
      const out = await answerRequest(own.url, request, user, kind, lang);
      if ('next' in out) return sendHtml(res, requestPage(t, lang, own, out.next, user));
      sendHtml(res, outcomePage(t, lang, own.action, kind, out.outcome));
    } catch (err) {
      sendHtml(res, problemPage(t, lang, t.failedOpen, (err as Error).message), 409);
    }
  });

  return r;
}

/* ------------------------------------------------------------------ pages */

function problemPage(t: Texts, lang: string, title: string, text: string): string {
  return page({
    title: t.title,
    lang,
    body: `<div class="status err" role="alert"><span class="icon" aria-hidden="true">!</span><div><h1>${esc(title)}</h1><p>${esc(text)}</p><p>${esc(t.again)}</p></div></div>`,
  });
}

function outcomePage(t: Texts, lang: string, action: string, kind: string, outcome: Outcome): string {
  const noun = t.nouns[action] ?? t.request;
  let block: string;
  if (outcome.status === 'ok' && kind === 'approve') {
    block = `<div class="status ok" role="status"><span class="icon" aria-hidden="true">✓</span><div><h1>${esc(t.approved(noun))}</h1><p>${esc(t.approvedText)}</p></div></div>`;
  } else if (outcome.status === 'ok') {
    block = `<div class="status neutral" role="status"><span class="icon" aria-hidden="true">✕</span><div><h1>${esc(t.declined)}</h1><p>${esc(t.declinedText)}</p></div></div>`;
  } else {
    block = `<div class="status err" role="alert"><span class="icon" aria-hidden="true">!</span><div><h1>${esc(t.failed(noun))}</h1><p>${esc(outcome.errorMessage)}</p></div></div>`;
  }
  return page({ title: t.title, lang, body: `${block}\n<p class="meta">${esc(t.finished)}</p>` });
}

/** The text a signature claim signs (its base58 `origin`), as rows: a title, `label: value` lines, the request. */
function signedText(claim: Claim): string {
  const origin = String(claim.origin ?? '');
  if (!origin) return `<p class="meta">${esc(String(claim.digest ?? ''))}</p>`;
  const lines = Buffer.from(fromBase58(origin)).toString('utf8').split('\n');
  const title = lines.shift() ?? '';
  const last = lines.length && isRequestLine(lines[lines.length - 1]!) ? lines.pop()! : '';
  const rows = lines
    .map((l) => {
      const i = l.lastIndexOf(': ');
      return i > 0
        ? `<div class="row"><dt>${esc(l.slice(0, i))}</dt><dd>${esc(l.slice(i + 2))}</dd></div>`
        : `<div class="row"><dt>${esc(l)}</dt><dd></dd></div>`;
    })
    .join('');
  return `<div class="summary"><div class="title">${esc(title)}</div><dl>${rows}</dl></div>${last ? `<p class="meta">${esc(last)}</p>` : ''}`;
}

function requestPage(
  t: Texts,
  lang: string,
  own: { url: URL; action: string },
  request: Request_,
  user: SandboxUser | null,
): string {
  const claims = request.payload.requestedClaims;
  const principal = claims.find((c) => c.type === 'authPrincipal');
  const target = principal && typeof principal.target === 'string' ? principal.target : '';
  const app = request.payload.appInfo?.name ?? '';
  const hidden = `<input type="hidden" name="url" value="${esc(own.url.href)}"><input type="hidden" name="locale" value="${esc(lang)}">`;
  const listed = claims
    .map((c) => `<li><strong>${esc(c.type)}</strong> — ${esc(String(c.description ?? ''))}</li>`)
    .join('');
  const head = `<h1>${esc(t.title)}</h1><p class="lead">${esc(t.lead)}</p>
<div class="summary plain"><div class="title">${esc(t.from)} ${esc(app)}</div><dl>
<div class="row"><dt>${esc(t.request)}</dt><dd><code>${esc(own.url.searchParams.get('_t_') ?? '')}</code> · ${esc(own.action)}</dd></div>
<div class="row"><dt>${esc(t.verified)}</dt><dd><code>${esc(request.appPk.slice(0, 12))}…</code></dd></div>
</dl></div>
<h2>${esc(t.claims)}</h2><ul class="claims">${listed}</ul>`;
  const sig = claims.find((c) => c.type === 'signature');
  if (!user || principal) {
    // First step: pick the account (the one the app asks for comes first).
    const users = [...DEMO_USERS.filter((u) => u.walletKey)].sort(
      (a, b) => Number(b.did === target) - Number(a.did === target),
    );
    const checked = users[0]?.did;
    const items = users
      .map(
        (
          u,
        ) => `<li><label class="pick"><input type="radio" name="did" value="${esc(u.did)}"${u.did === checked ? ' checked' : ''}>
<span class="who"><span class="name">${esc(u.fullName)}${u.did === target ? ` <span class="role customer">${esc(t.asked)}</span>` : ''}</span><code class="did">${esc(u.did)}</code></span></label></li>`,
      )
      .join('');
    return page({
      title: t.title,
      lang,
      body: `${head}${sig ? `<h2>${esc(t.signText)}</h2>${signedText(sig)}` : ''}
<form method="post" action="${SERVICE}/sandbox/wallet">${hidden}
<fieldset class="accounts"><legend>${esc(t.connect)}</legend><ul class="users">${items}</ul></fieldset>
<div class="actions"><button class="btn primary" type="submit" name="answer" value="approve">${esc(sig ? t.approve : t.continue)}</button>
<button class="btn secondary" type="submit" name="answer" value="decline">${esc(t.decline)}</button></div>
</form>`,
    });
  }
  return page({
    title: t.title,
    lang,
    body: `${head}
<div class="signed-in"><span class="who"><span class="label">${esc(t.signAs)}</span><strong>${esc(user.fullName)}</strong><code class="did">${esc(user.did)}</code></span></div>
${sig ? `<h2>${esc(t.signText)}</h2>${signedText(sig)}` : ''}
<form method="post" action="${SERVICE}/sandbox/wallet">${hidden}<input type="hidden" name="did" value="${esc(user.did)}">
<div class="actions"><button class="btn primary" type="submit" name="answer" value="approve">${esc(t.approve)}</button>
<button class="btn secondary" type="submit" name="answer" value="decline">${esc(t.decline)}</button></div>
</form>`,
  });
}
