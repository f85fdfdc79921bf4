import { Router } from 'express';

/**
 * The icon service stand-in (there is no internet in the sandbox): Iconify's API shape under
 * `/.well-known/service/sandbox/icons`, for the icons the seeded navigation and the header's products menu use.
 *
 *   GET sandbox/icons/{prefix}.json?icons=a,b  → 200 {prefix, icons: {a: {body}}, width: 24, height: 24, not_found?: [...]}
 *                                                 404 (body 404) for an unknown prefix; 400 {error} without icons
 *   GET sandbox/icons-down/{prefix}.json       → 503 {error}: a host that is down, to try the header's fallback hosts
 *
 * The bodies are simplified outlines drawn in the style of the tabler set (24 × 24, 2 px strokes).
 */

const stroke = (d: string) =>
  `<path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="${d}"/>`;

export const TABLER_ICONS: Record<string, string> = {
  'building-store':
    'M3 21h18M3 7v1a3 3 0 0 0 6 0V7m0 1a3 3 0 0 0 6 0V7m0 1a3 3 0 0 0 6 0V7H3l2-4h14l2 4M5 21V10.85M19 21V10.85M9 21v-4a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v4',
  'shopping-cart': 'M6 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0m11 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 17H6V3H4m2 2l14 1l-1 7H6',
  receipt: 'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2l-2 2l-2-2l-2 2l-2-2l-3 2m4-14h6m-6 4h6m-2 4h2',
  book: 'M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6v13m9-13v13m9-13v13',
  'brand-github':
    'M9 19c-4.3 1.4-4.3-2.5-6-3m12 5v-3.5c0-1 .1-1.4-.5-2c2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2a4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12.3 12.3 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6c-.6.6-.6 1.2-.5 2V21',
  'brand-x': 'M4 4l11.733 16H20L8.267 4zm0 16l6.768-6.768m2.46-2.46L20 4',
  code: 'M7 8l-4 4l4 4m10-8l4 4l-4 4M14 4l-4 16',
  settings:
    'M10.325 4.317c.426-1.756 2.924-1.756 3.35 0a1.724 1.724 0 0 0 2.573 1.066c1.543-.94 3.31.826 2.37 2.37a1.724 1.724 0 0 0 1.065 2.572c1.756.426 1.756 2.924 0 3.35a1.724 1.724 0 0 0-1.066 2.573c.94 1.543-.826 3.31-2.37 2.37a1.724 1.724 0 0 0-2.572 1.065c-.426 1.756-2.924 1.756-3.35 0a1.724 1.724 0 0 0-2.573-1.066c-1.543.94-3.31-.826-2.37-2.37a1.724 1.724 0 0 0-1.065-2.572c-1.756-.426-1.756-2.924 0-3.35a1.724 1.724 0 0 0 1.066-2.573c-.94-1.543.826-3.31 2.37-2.37c1 .608 2.296.07 2.572-1.065M9 12a3 3 0 1 0 6 0a3 3 0 0 0-6 0',
  bell: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6M9 17v1a3 3 0 0 0 6 0v-1',
  photo:
    'M15 8h.01M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm0 10l5-5c.928-.893 2.072-.893 3 0l5 5m-2-2l1-1c.928-.893 2.072-.893 3 0l3 3',
  pencil: 'M4 20h4L18.5 9.5a2.828 2.828 0 1 0-4-4L4 16v4m9.5-13.5l4 4',
  robot:
    'M6 6a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2zm6-4v2m-3 8v9m6-9v9M5 16l4-2m6 0l4 2M9 18h6M10 8v.01M14 8v.01',
  world: 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0-18 0m.6-3h16.8M3.6 15h16.8M11.5 3a17 17 0 0 0 0 18m1-18a17 17 0 0 1 0 18',
  rocket:
    'M4 13a8 8 0 0 1 7 7a6 6 0 0 0 3-5a9 9 0 0 0 6-8a3 3 0 0 0-3-3a9 9 0 0 0-8 6a6 6 0 0 0-5 3m3 1a6 6 0 0 0-3 6a6 6 0 0 0 6-3m4-8a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  'credit-card': 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm0 2h18M7 15h.01M11 15h2',
  box: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3m0 9l8-4.5M12 12v9m0-9L4 7.5',
  'stack-2': 'M12 4L4 8l8 4l8-4l-8-4m-8 8l8 4l8-4M4 16l8 4l8-4',
  database: 'M4 6a8 3 0 1 0 16 0A8 3 0 1 0 4 6m0 0v6a8 3 0 0 0 16 0V6m-16 6v6a8 3 0 0 0 16 0v-6',
  network:
    'M6 9a6 6 0 1 0 12 0A6 6 0 0 0 6 9m6-6c1.333.333 2 2.333 2 6s-.667 5.667-2 6m0-12c-1.333.333-2 2.333-2 6s.667 5.667 2 6M6 9h12M3 20h7m4 0h7m-11 0a2 2 0 1 0 4 0a2 2 0 0 0-4 0m2-5v3',
  server:
    'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm0 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm4-7v.01M7 16v.01',
  link: 'M9 15l6-6m-4-3l.463-.536a5 5 0 0 1 7.071 7.072L18 13m-5 5l-.397.534a5.07 5.07 0 0 1-7.127 0a4.97 4.97 0 0 1 0-7.071L6 11',
  id: 'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm4 3a2 2 0 1 0 4 0a2 2 0 1 0-4 0m8-2h2m-2 4h2M7 16h10',
  wallet:
    'M17 8V5a1 1 0 0 0-1-1H6a2 2 0 0 0 0 4h12a1 1 0 0 1 1 1v3m0 4v3a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V6m16 6v4h-4a2 2 0 0 1 0-4z',
  at: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0m8 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-5.5 8.28',
  certificate:
    'M12 15a3 3 0 1 0 6 0a3 3 0 1 0-6 0m1 2.5V22l2-1.5l2 1.5v-4.5M10 19H5a2 2 0 0 1-2-2V7c0-1.1.9-2 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-1 1.73M6 9h12M6 12h3m-3 3h2',
  'plug-connected':
    'M7 12l5 5l-1.5 1.5a3.536 3.536 0 1 1-5-5zm10 0l-5-5l1.5-1.5a3.536 3.536 0 1 1 5 5zM3 21l2.5-2.5m13-13L21 3m-11 8l-2 2m5 1l-2 2',
  stars:
    'M17.8 19.817l-2.172 1.138a.392.392 0 0 1-.568-.41l.415-2.411l-1.757-1.707a.389.389 0 0 1 .217-.665l2.428-.352l1.086-2.193a.392.392 0 0 1 .702 0l1.086 2.193l2.428.352a.39.39 0 0 1 .217.665l-1.757 1.707l.414 2.41a.39.39 0 0 1-.567.411zM6.2 19.817l-2.172 1.138a.392.392 0 0 1-.568-.41l.415-2.411l-1.757-1.707a.389.389 0 0 1 .217-.665l2.428-.352l1.086-2.193a.392.392 0 0 1 .702 0l1.086 2.193l2.428.352a.39.39 0 0 1 .217.665L8.545 17.93l.414 2.41a.39.39 0 0 1-.567.411zm5.8-10l-2.172 1.138a.392.392 0 0 1-.568-.41l.415-2.411l-1.757-1.707a.389.389 0 0 1 .217-.665l2.428-.352l1.086-2.193a.392.392 0 0 1 .702 0l1.086 2.193l2.428.352a.39.39 0 0 1 .217.665l-1.757 1.707l.414 2.41a.39.39 0 0 1-.567.411z',
  'file-text':
    'M14 3v4a1 1 0 0 0 1 1h4M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2M9 9h1m-1 4h6m-6 4h6',
  'world-www':
    'M19.5 7A9 9 0 0 0 12 3a8.99 8.99 0 0 0-7.5 4m15 10A9 9 0 0 1 12 21a8.99 8.99 0 0 1-7.5-4M11.5 3a16.99 16.99 0 0 0-1.5 4m2.5-4a17 17 0 0 1 1.5 4m-3 10c.4 1.4.9 2.8 1.5 4m1-4c-.4 1.4-.9 2.8-1.5 4M2 10l1 4l1.5-4L6 14l1-4m10 0l1 4l1.5-4l1.5 4l1-4M9.5 10l1 4l1.5-4l1.5 4l1-4',
  'terminal-2': 'M8 9l3 3l-3 3m5 0h3M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  'chart-line': 'M4 19h16M4 15l4-6l4 2l4-5l4 4',
  layout:
    'M4 6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v1a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zm0 9a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zm10-9a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2z',
  cloud:
    'M6.657 18C4.085 18 2 15.993 2 13.517s2.085-4.482 4.657-4.482c.393-1.762 1.794-3.2 3.675-3.773c1.88-.572 3.956-.193 5.444 1c1.488 1.19 2.162 3.007 1.77 4.769h.99c1.913 0 3.464 1.56 3.464 3.486S20.449 18 18.536 18z',
};

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function iconSet(prefix: string, names: string[]): { status: number; body: unknown } {
  if (prefix !== 'tabler') return { status: 404, body: 404 };
  const icons: Record<string, { body: string }> = {};
  const notFound: string[] = [];
  for (const n of names) {
    const d = NAME.test(n) ? TABLER_ICONS[n] : undefined;
    if (d) icons[n] = { body: stroke(d) };
    else notFound.push(n);
  }
  return {
    status: 200,
    body: { prefix, icons, width: 24, height: 24, ...(notFound.length ? { not_found: notFound } : {}) },
  };
}

export function createIconRoutes(): Router {
  const r = Router();
  r.get('/sandbox/icons/:file', (req, res) => {
    const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/.exec(String(req.params.file));
    if (!m) {
      res.status(404).json(404);
      return;
    }
    const raw = typeof req.query.icons === 'string' ? req.query.icons : '';
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!names.length || names.length > 100) {
      res.status(400).json({ error: 'icons must list 1 to 100 icon names', code: 'BAD_ICONS' });
      return;
    }
    const out = iconSet(m[1]!, names);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'public, max-age=604800');
    res.status(out.status).json(out.body);
  });
  r.get('/sandbox/icons-down/:file', (_req, res) => {
    res.status(503).json({ error: 'Icon service unavailable', code: 'ICONS_DOWN' });
  });
  return r;
}
