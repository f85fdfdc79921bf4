/**
 * integrityManifest(): after the build has written dist/elements, hashes every file a page may load from a CDN
 * (each element entry and every chunk; not the reference host's own script) and writes
 * `dist/elements/integrity.json`:
 *
 *   { "version": "0.1.0", "algorithm": "sha384", "files": { "pay-checkout.js": "sha384-…", "chunks/core-….js": "sha384-…" } }
 *
 * The entry's value goes in `<script type="module" integrity="…" crossorigin="anonymous">`; the chunks' values in an
 * import map's `integrity` section pin the modules the entry imports (README, "From a CDN"). The hashes are of the
 * bytes written, so they match what the server sends under /elements/{version}/.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

export const INTEGRITY_FILE = 'integrity.json';

export type IntegrityManifest = { version: string; algorithm: 'sha384'; files: Record<string, string> };

export const sri = (bytes: Buffer | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/** The manifest of a built directory (also used by tests to check what the server sends). */
export function integrityOf(dir: string, version: string, exclude: readonly string[]): IntegrityManifest {
  const files: Record<string, string> = {};
  for (const file of listFiles(dir).sort()) {
    const rel = relative(dir, file).split(sep).join('/');
    if (!rel.endsWith('.js') || exclude.includes(rel)) continue;
    files[rel] = sri(readFileSync(file));
  }
  return { version, algorithm: 'sha384', files };
}

export function integrityManifest(opts: { version: string; exclude: readonly string[] }): Plugin {
  return {
    name: 'integrity-manifest',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const manifest = integrityOf(dir, opts.version, opts.exclude);
      writeFileSync(join(dir, INTEGRITY_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
