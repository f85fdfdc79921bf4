/**
 * The images the sandbox draws as SVG (no HTTP): the app logo, a user's avatar and a blocklet's tile logo, shared by
 * the service (its logo and avatar routes) and the store (a blocklet's logo route).
 */

/* ------------------------------------------------------------------ logos */

/** The app logo: a rounded square with a stylised store bag and a coin. Square or with the wordmark. */
export function appLogoSvg(opts: { rect: boolean; dark: boolean }): string {
  const tile = opts.dark ? '#60a5fa' : '#1d4ed8';
  const tile2 = opts.dark ? '#818cf8' : '#4f46e5';
  const fg = opts.dark ? '#0b1220' : '#ffffff';
  const coin = opts.dark ? '#fbbf24' : '#f59e0b';
  const text = opts.dark ? '#e5e7eb' : '#0f172a';
  const sub = opts.dark ? '#9aa4b5' : '#5b6475';
  const mark = (x: number, y: number, s: number) => `
  <g transform="translate(${x} ${y}) scale(${s / 64})">
    <rect width="64" height="64" rx="16" fill="url(#g${opts.dark ? 'd' : 'l'})"/>
    <path d="M18 24h28l-2.5 24a4 4 0 0 1-4 3.6H24.5a4 4 0 0 1-4-3.6z" fill="none" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M25 24v-3a7 7 0 0 1 14 0v3" fill="none" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="46" cy="44" r="9" fill="${coin}" stroke="${fg}" stroke-width="3"/>
    <path d="M46 39.5v9" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>
  </g>`;
  const defs = `<defs><linearGradient id="g${opts.dark ? 'd' : 'l'}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tile}"/><stop offset="1" stop-color="${tile2}"/></linearGradient></defs>`;
  if (!opts.rect) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Sandbox Store">${defs}${mark(0, 0, 64)}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40" role="img" aria-label="Sandbox Store">${defs}${mark(0, 2, 36)}
  <text x="46" y="21" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="${text}" textLength="136" lengthAdjust="spacingAndGlyphs">Sandbox Store</text>
  <text x="46" y="35" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="10" fill="${sub}" textLength="136" lengthAdjust="spacingAndGlyphs">PAYMENTS · BLOCKLETS</text>
</svg>`;
}

/* ---------------------------------------------------------------- avatars */

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...(words[words.length - 1] ?? '')][0] ?? '') : '';
  return (first + last).toUpperCase();
}

const XML_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESC[c] ?? c);

/** A round avatar with initials; the colour is stable per seed (the DID). */
export function avatarSvg(seed: string, label: string, size: number): string {
  const hue = hash(seed) % 360;
  const text = xml(initials(label));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96" role="img" aria-label="${xml(label)}">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 68% 52%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 40%)"/></linearGradient></defs>
<rect width="96" height="96" rx="48" fill="url(#a)"/>
<text x="48" y="48" dy=".35em" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="${text.length > 1 ? 36 : 42}" font-weight="600" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
}

/** A square tile logo for a blocklet (store seed): gradient, initials and a small glyph per category. */
export function tileLogoSvg(seed: string, label: string, size = 128): string {
  const hue = hash(seed) % 360;
  const text = xml(initials(label));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128" role="img" aria-label="${xml(label)}">
<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 72% 56%)"/><stop offset="1" stop-color="hsl(${(hue + 55) % 360} 70% 38%)"/></linearGradient></defs>
<rect width="128" height="128" rx="28" fill="url(#t)"/>
<circle cx="104" cy="24" r="34" fill="#fff" fill-opacity=".12"/>
<circle cx="20" cy="112" r="26" fill="#000" fill-opacity=".08"/>
<text x="64" y="64" dy=".35em" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="50" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
}
