/**
 * Every visible string lives in locales/en.json and locales/zh.json: the two have the same keys (plural forms aside),
 * the same {{variables}}, and every literal key the code asks for exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const en = JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8'));
const zh = JSON.parse(readFileSync(join(root, 'locales/zh.json'), 'utf8'));

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
const vars = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const enKeys = flatten(en);
const zhKeys = flatten(zh);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('locales', () => {
  it('en and zh have the same keys (plural forms aside)', () => {
    const a = new Set([...enKeys.keys()].map(base));
    const b = new Set([...zhKeys.keys()].map(base));
    expect(
      [...a].filter((k) => !b.has(k)),
      'missing in zh',
    ).toEqual([]);
    expect(
      [...b].filter((k) => !a.has(k)),
      'missing in en',
    ).toEqual([]);
  });

  it('en and zh use the same interpolation variables', () => {
    const mismatched = [...enKeys].filter(([k, v]) => {
      const other = zhKeys.get(k) ?? zhKeys.get(`${base(k)}_other`);
      return other !== undefined && vars(v) !== vars(other);
    });
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

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
