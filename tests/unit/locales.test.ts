/**
 * Every visible string lives in locales/<locale>.json, one file per language the elements speak (core/locale
 * LOCALES): every file has every key of en.json (each plural in exactly the forms its language's plural rules ask
 * for), the same {{variables}}, no key en.json lacks; and every literal key the code asks for exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/core/locale.ts';

const root = resolve(import.meta.dirname, '../..');
const read = (locale: string) => JSON.parse(readFileSync(join(root, `locales/${locale}.json`), 'utf8'));

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const vars = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!))].sort();

const enKeys = flatten(read('en'));
/** Keys of en.json without their plural suffix: the plural ones and the plain ones. */
const plurals = new Set([...enKeys.keys()].filter((k) => PLURAL.test(k)).map(base));
const plain = [...enKeys.keys()].filter((k) => !PLURAL.test(k));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('locales', () => {
  it('has a file for every locale the elements speak, and no other', () => {
    const files = readdirSync(join(root, 'locales'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const keys = flatten(read(locale));
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

      it('has every key of en.json, each plural in the forms of its plural rules', () => {
        const missing = plain.filter((k) => !keys.has(k));
        for (const p of plurals) for (const c of categories) if (!keys.has(`${p}_${c}`)) missing.push(`${p}_${c}`);
        expect(missing, `missing in ${locale}.json`).toEqual([]);
        const empty = [...keys].filter(([, v]) => !v.trim()).map(([k]) => k);
        expect(empty, `empty in ${locale}.json`).toEqual([]);
      });

      it('has no key en.json lacks', () => {
        // zh keeps a `_one` beside its `_other` (Chinese has one plural form; i18next reads only `_other`).
        const extra = [...keys.keys()].filter((k) => (PLURAL.test(k) ? !plurals.has(base(k)) : !enKeys.has(k)));
        expect(extra, `extra in ${locale}.json`).toEqual([]);
      });

      it('keeps the {{variables}} of en.json', () => {
        const mismatched = [...keys].filter(([k, v]) => {
          const english = enKeys.get(k) ?? enKeys.get(`${base(k)}_other`);
          if (english === undefined) return false;
          const want = vars(english);
          const got = vars(v);
          // A plural form for exactly zero, one or two may say its number in words ("فاتورة واحدة").
          const wordy = /_(zero|one|two)$/.test(k);
          return wordy
            ? got.some((x) => !want.includes(x)) || want.some((x) => x !== 'count' && !got.includes(x))
            : want.join() !== got.join();
        });
        expect(mismatched.map(([k]) => k)).toEqual([]);
      });
    });
  }

  it('every literal key the code translates exists in en.json', () => {
    const known = new Set([...enKeys.keys()].map(base));
    const missing: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*\.[\w.]+)'/g)) {
        if (!known.has(m[1]!)) missing.push(`${file.slice(root.length + 1)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
