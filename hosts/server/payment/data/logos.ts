/**
 * Currency and method logos as data: URLs, so they work on any origin with no extra route.
 *
 * Raster (PNG), not SVG: every SVG in an <img> costs the page a document of its own, text shaping and a raster on the
 * main thread. The checkout's five SVG logos took 30 to 50 ms (at 4x CPU throttle) of its cold first render, more
 * than any module of ours; as PNG they are decoded off the main thread. The PNGs are rendered from logo-specs.ts by
 * `npm run sandbox:logos`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_SPECS, type LogoName } from './logo-specs.ts';

const dir = join(import.meta.dirname, 'logos');

export const LOGOS = Object.fromEntries(
  Object.keys(LOGO_SPECS).map((name) => [
    name,
    `data:image/png;base64,${readFileSync(join(dir, `${name}.png`)).toString('base64')}`,
  ]),
) as Record<LogoName, string>;
