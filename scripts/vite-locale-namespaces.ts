/**
 * Vite plugin: `import en from 'locale:en/common,error,checkout'` gives an object with just those top-level
 * namespaces of locales/en.json. Each element imports only its own namespaces, so no element's first paint carries
 * another element's strings (a plain JSON import would be one shared module holding every namespace any element
 * uses). locales/en.json and locales/zh.json stay the single source of every string.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'locale:';
const RESOLVED = '\0locale:';
const ID = /^(en|zh)\/([A-Za-z][\w-]*(?:,[A-Za-z][\w-]*)*)$/;

export function localeNamespaces(root: string): Plugin {
  return {
    name: 'locale-namespaces',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const m = ID.exec(id.slice(RESOLVED.length));
      if (!m) throw new Error(`Bad locale import "${id.slice(1)}": use locale:<en|zh>/<namespace>[,<namespace>…]`);
      const file = resolve(root, 'locales', `${m[1]}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked: Record<string, unknown> = {};
      for (const ns of m[2]!.split(',')) {
        if (!(ns in all)) throw new Error(`locales/${m[1]}.json has no namespace "${ns}"`);
        picked[ns] = all[ns];
      }
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
