import type { Response } from 'express';

/**
 * Shared HTML helpers for every page the sandbox serves (sign-in, wallet, host pages).
 *
 * One strict Content-Security-Policy for all HTML: scripts only from our origin (no inline script, no eval),
 * styles only from our origin — no 'unsafe-inline': the elements put their styles into adopted constructable
 * stylesheets and our pages use external stylesheets only — images from our origin and data: URLs, websockets
 * for the realtime relay, frames only from our origin (the embed demo).
 */
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; frame-src 'self'; object-src 'none'; base-uri 'self'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Sends an HTML document with the CSP and no caching. */
export function sendHtml(res: Response, html: string, status = 200): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
  res.send(html);
}

/** A same-origin path to go back to after signing in/out: starts with one '/', else '/'. */
export function safeRedirect(input: unknown, origin?: string): string {
  if (typeof input !== 'string' || input.length > 2048) return '/';
  let value: string = input;
  // A full URL on this origin (the header's login guard sends the current page as it is) becomes its path.
  if (origin && /^https?:\/\//i.test(value)) {
    try {
      const u = new URL(value);
      if (u.origin !== origin) return '/';
      value = `${u.pathname}${u.search}${u.hash}`;
    } catch {
      return '/';
    }
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // No control characters or backslashes (browsers read '\' as '/').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}

export const SERVICE = '/.well-known/service';
export const STYLESHEET = `${SERVICE}/sandbox/sandbox.css`;

/** The sandbox's page shell (sign-in, wallet, result pages): one card, centred, light/dark by the system. */
export function page(opts: { title: string; body: string; lang?: string; wide?: boolean; scripts?: string[] }): string {
  return `<!doctype html>
<html lang="${esc(opts.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(opts.title)} · Sandbox platform</title>
<link rel="icon" href="${SERVICE}/blocklet/logo">
<link rel="stylesheet" href="${STYLESHEET}">
${(opts.scripts ?? []).map((src) => `<script src="${esc(src)}" defer></script>`).join('\n')}
</head>
<body>
<main class="shell${opts.wide ? ' wide' : ''}">
<a class="brand" href="/"><picture><source srcset="${SERVICE}/blocklet/logo-rect-dark" media="(prefers-color-scheme: dark)"><img src="${SERVICE}/blocklet/logo-rect" alt="Sandbox Store" width="190" height="40"></picture></a>
<section class="card">
${opts.body}
</section>
<p class="foot">Sandbox platform — demo data only. No real money moves.</p>
</main>
</body>
</html>`;
}

export const SANDBOX_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f4f6fb; --card: #ffffff; --text: #0f172a; --muted: #5b6475; --line: #e3e7ef;
  --accent: #1d4ed8; --accent-text: #ffffff; --accent-soft: #e8efff; --ok: #067647; --ok-soft: #e7f6ee;
  --err: #b42318; --err-soft: #fdecea; --warn: #9a5b00; --warn-soft: #fff4e0; --focus: #2563eb;
  --shadow: 0 1px 2px rgba(15, 23, 42, .06), 0 8px 24px rgba(15, 23, 42, .08);
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1220; --card: #121a2b; --text: #e5e7eb; --muted: #9aa4b5; --line: #243047;
    --accent: #60a5fa; --accent-text: #0b1220; --accent-soft: #16233b; --ok: #4ade80; --ok-soft: #0f2a1c;
    --err: #f87171; --err-soft: #2c1417; --warn: #fbbf24; --warn-soft: #2b2110; --focus: #93c5fd;
    --shadow: 0 1px 2px rgba(0, 0, 0, .4), 0 8px 24px rgba(0, 0, 0, .35);
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
html, body { margin: 0; }
body {
  background: var(--bg); color: var(--text); min-height: 100vh;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif;
}
.shell { max-width: 520px; margin: 0 auto; padding: 40px 20px 32px; }
.shell.wide { max-width: 760px; }
.brand { display: inline-block; margin: 0 0 20px; border-radius: 8px; }
.brand img { display: block; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 16px; box-shadow: var(--shadow); padding: 28px; }
h1 { font-size: 22px; line-height: 1.25; margin: 0 0 6px; letter-spacing: -.01em; }
h2 { font-size: 15px; margin: 22px 0 8px; color: var(--muted); font-weight: 600; }
p { margin: 0 0 12px; }
.lead { color: var(--muted); margin-bottom: 20px; }
.foot { color: var(--muted); font-size: 13px; text-align: center; margin-top: 18px; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.users { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.user-form { margin: 0; }
.user-btn {
  width: 100%; display: flex; align-items: center; gap: 14px; text-align: left; cursor: pointer;
  background: var(--card); color: var(--text); border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px;
  font: inherit; transition: border-color .15s, background .15s;
}
.user-btn:hover { border-color: var(--accent); background: var(--accent-soft); }
.user-btn img { width: 44px; height: 44px; border-radius: 50%; flex: none; }
.user-btn .who { display: flex; flex-direction: column; min-width: 0; flex: 1; }
.user-btn .name { font-weight: 600; }
.user-btn .email { color: var(--muted); font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.role {
  flex: none; font-size: 12px; font-weight: 600; padding: 3px 10px; border-radius: 999px;
  background: var(--accent-soft); color: var(--accent); text-transform: capitalize;
}
.role.customer { background: var(--ok-soft); color: var(--ok); }
.role.developer { background: var(--warn-soft); color: var(--warn); }
.role.admin, .role.owner { background: var(--err-soft); color: var(--err); }
.signed-in { display: flex; align-items: center; gap: 12px; padding: 12px 14px; border: 1px solid var(--line); border-radius: 12px; margin-bottom: 18px; }
.signed-in img { width: 40px; height: 40px; border-radius: 50%; }
.signed-in .who { flex: 1; display: flex; flex-direction: column; }
.signed-in .label { color: var(--muted); font-size: 13px; }
.summary { margin: 0 0 20px; border: 1px solid var(--line); border-radius: 12px; overflow: hidden; }
.summary .title { padding: 14px 16px; font-weight: 600; background: var(--accent-soft); }
.summary dl { margin: 0; padding: 6px 16px 10px; }
.summary .row { display: flex; justify-content: space-between; gap: 16px; padding: 8px 0; border-bottom: 1px solid var(--line); }
.summary .row:last-child { border-bottom: 0; font-weight: 600; }
.summary dt { color: var(--muted); }
.summary .row:last-child dt { color: var(--text); }
.summary dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.actions { display: flex; gap: 12px; flex-wrap: wrap; }
.actions form { margin: 0; flex: 1; min-width: 140px; }
.btn {
  display: inline-flex; align-items: center; justify-content: center; width: 100%; min-height: 44px; padding: 10px 18px;
  border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; border: 1px solid transparent;
}
.btn.primary { background: var(--accent); color: var(--accent-text); }
.btn.primary:hover { filter: brightness(1.08); }
.btn.secondary { background: transparent; color: var(--text); border-color: var(--line); }
.btn.secondary:hover { border-color: var(--muted); }
.btn.inline { width: auto; }
.status { display: flex; gap: 14px; align-items: flex-start; padding: 16px; border-radius: 12px; margin-bottom: 18px; }
.status .icon { flex: none; width: 36px; height: 36px; border-radius: 50%; display: grid; place-items: center; font-weight: 700; font-size: 18px; }
.status.ok { background: var(--ok-soft); }
.status.ok .icon { background: var(--ok); color: var(--card); }
.status.err { background: var(--err-soft); }
.status.err .icon { background: var(--err); color: var(--card); }
.status.neutral { background: var(--accent-soft); }
.status.neutral .icon { background: var(--muted); color: var(--card); }
.status h1 { font-size: 19px; }
.status p { margin: 0; color: var(--muted); }
.meta { color: var(--muted); font-size: 13px; margin-top: 16px; word-break: break-all; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--accent-soft); padding: 1px 5px; border-radius: 5px; }
.summary dd code { word-break: break-all; }
.actions a.btn { flex: 1; min-width: 140px; width: auto; }
.summary.plain .row:last-child { font-weight: inherit; }
.summary.plain .row:last-child dt { color: var(--muted); }
@media (max-width: 480px) {
  .shell { padding: 24px 12px; }
  .card { padding: 20px 16px; }
  .user-btn { gap: 10px; padding: 10px; }
  .role { padding: 3px 8px; }
}
.login { display: flex; gap: 20px; align-items: center; flex-wrap: wrap; margin: 0 0 8px; }
.qr { flex: none; width: 232px; height: 232px; border-radius: 12px; border: 1px solid var(--line); background: #ffffff; }
.login-side { flex: 1; min-width: 180px; display: flex; flex-direction: column; gap: 10px; }
.login-status { color: var(--muted); margin: 4px 0 0; min-height: 1.5em; }
.login-status.err { color: var(--err); }
.claims { margin: 0 0 18px; padding-left: 20px; }
.claims li { margin: 4px 0; }
fieldset.accounts { border: 0; margin: 0 0 18px; padding: 0; }
fieldset.accounts legend { font-weight: 600; margin: 0 0 10px; padding: 0; }
.pick {
  display: flex; align-items: center; gap: 12px; border: 1px solid var(--line); border-radius: 12px; padding: 10px 14px;
  cursor: pointer;
}
.pick:hover { border-color: var(--accent); background: var(--accent-soft); }
.pick input { width: 18px; height: 18px; accent-color: var(--accent); flex: none; }
.pick input:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.pick .who { display: flex; flex-direction: column; min-width: 0; }
.pick .name { font-weight: 600; }
code.did { word-break: break-all; font-size: 12px; background: transparent; padding: 0; color: var(--muted); }
.demo-frame { width: 100%; height: 760px; border: 1px solid var(--line); border-radius: 12px; background: var(--card); }
`;
