/**
 * Vite plugin for the elements' strings. locales/<locale>.json stays the single source of every string; elements
 * import parts of it:
 *
 * - `import en from 'locale:en/common,error,checkout'`: an object with just those top-level namespaces of one file.
 *   Each element imports only its own namespaces, so no element's first paint carries another element's strings (a
 *   plain JSON import would be one shared module holding every namespace any element uses).
 * - `import messages from 'messages:common,error,checkout'`: `{ en, load }`, the English namespaces bundled and
 *   `load(locale)` importing the same namespaces of any other locale in locales/ on first use: one lazy chunk per
 *   locale, so a page downloads only the language it shows. The list of those chunks is itself a small lazy chunk
 *   (`locale-index:<namespaces>`), so a first paint carries one import however many languages there are; the element
 *   asks for its locale's strings as it connects, beside its screen's code (src/ui/element.ts), which hides the hop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const LOCALE = 'locale:';
const MESSAGES = 'messages:';
const INDEX = 'locale-index:';
const NAMESPACES = /^[A-Za-z][\w-]*(?:,[A-Za-z][\w-]*)*$/;
const LOCALE_ID = /^([a-z]{2}(?:-[A-Z]{2})?)\/(.+)$/;

export function localeNamespaces(root: string): Plugin {
  const dir = resolve(root, 'locales');
  /** Every locale with a file, English first. */
  const locales = () =>
    readdirSync(dir)
      .filter((f) => /^[a-z]{2}(-[A-Z]{2})?\.json$/.test(f))
      .map((f) => f.slice(0, -'.json'.length))
      .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  return {
    name: 'locale-namespaces',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(LOCALE) || id.startsWith(MESSAGES) || id.startsWith(INDEX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${MESSAGES}`)) {
        const namespaces = id.slice(1 + MESSAGES.length);
        if (!NAMESPACES.test(namespaces)) throw new Error(`Bad messages import "${id.slice(1)}"`);
        return [
          `import en from ${JSON.stringify(`${LOCALE}en/${namespaces}`)};`,
          // English, and a locale without a file, get the English tree (the fallback of every key), not a rejection.
          `export default {en,load:(l)=>import(${JSON.stringify(`${INDEX}${namespaces}`)}).then((m)=>m.default(l)).then((t)=>t||en)};`,
        ].join('\n');
      }
      if (id.startsWith(`\0${INDEX}`)) {
        const namespaces = id.slice(1 + INDEX.length);
        if (!NAMESPACES.test(namespaces)) throw new Error(`Bad locale index import "${id.slice(1)}"`);
        const loaders = locales()
          .filter((l) => l !== 'en')
          .map((l) => `${JSON.stringify(l)}:()=>import(${JSON.stringify(`${LOCALE}${l}/${namespaces}`)})`);
        return [
          `const loaders={${loaders.join(',')}};`,
          `export default (l)=>loaders[l]?.().then((m)=>m.default);`,
        ].join('\n');
      }
      if (!id.startsWith(`\0${LOCALE}`)) return null;
      const m = LOCALE_ID.exec(id.slice(1 + LOCALE.length));
      if (!m || !NAMESPACES.test(m[2]!)) {
        throw new Error(`Bad locale import "${id.slice(1)}": use locale:<locale>/<namespace>[,<namespace>…]`);
      }
      const file = resolve(dir, `${m[1]}.json`);
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
