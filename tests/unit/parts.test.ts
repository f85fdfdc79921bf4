/**
 * The ::part names the elements render are documented in their metadata (custom-elements.json, README).
 *
 * A static scan of the sources: `part="a b"`, `somePart="a"` props (passed down to a primitive's `part`), `part={'a'}`
 * and `part={x ? 'a' : 'b'}`. A file belongs to the element of its directory (src/checkout → <pay-checkout>…);
 * src/overdue renders in the checkout and the portal; src/ui primitives in every element, so their parts belong in
 * the shared PARTS list (elements/_tokens.ts).
 *
 * UNDOCUMENTED lists parts rendered but not yet described: empty since every part is documented (issue 12 counted 93
 * of 193 undocumented). Keep it empty: a new part is described in elements/*.meta.ts (or _tokens.ts) with its code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARTS } from '../../elements/_tokens.ts';

const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: Array<{ declarations: Array<{ tagName: string; cssParts?: Array<{ name: string }> }> }>;
};

const OWNERS: Record<string, string[]> = {
  checkout: ['pay-checkout'],
  portal: ['pay-portal'],
  header: ['site-header'],
  'blocklet-store': ['blocklet-store'],
  overdue: ['pay-checkout', 'pay-portal'],
  ui: ['pay-checkout', 'pay-portal', 'site-header', 'blocklet-store'],
};

const UNDOCUMENTED: Record<string, string[]> = {
  shared: [],
  'pay-checkout': [],
  'pay-portal': [],
  'site-header': [],
  'blocklet-store': [],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const PART = /\b\w*[pP]art=(?:"([^"]*)"|\{'([^']*)'\}|\{[^}?]*\?\s*'([^']*)'\s*:\s*'([^']*)'\s*\})/g;

/** Rendered part names by element (src/ui's under `shared`). */
function renderedParts(): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  for (const file of files(join(root, 'src'))) {
    const dir = relative(join(root, 'src'), file).split('/')[0] ?? '';
    const owners = dir === 'ui' ? ['shared'] : OWNERS[dir];
    if (!owners) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(PART)) {
      for (const names of m.slice(1)) {
        for (const name of names?.split(/\s+/).filter(Boolean) ?? [])
          for (const o of owners) (out[o] ??= new Set()).add(name);
      }
    }
  }
  return out;
}

const documented = (tag: string) =>
  new Set(
    manifest.modules
      .flatMap((m) => m.declarations)
      .find((d) => d.tagName === tag)
      ?.cssParts?.map((p) => p.name),
  );

describe('::part names', () => {
  const rendered = renderedParts();

  it('finds the parts the sources render (the scan works)', () => {
    for (const name of ['submit', 'summary']) expect(rendered['pay-checkout']).toContain(name);
    expect(rendered.shared).toContain('field');
    expect(rendered['site-header']).toContain('org-avatar-owner');
  });

  it.each(
    Object.keys(OWNERS)
      .filter((d) => d !== 'overdue' && d !== 'ui')
      .map((d) => OWNERS[d]![0]!),
  )('<%s> documents every part it renders', (tag) => {
    const docs = documented(tag);
    const missing = [...(rendered[tag] ?? []), ...(rendered.shared ?? [])].filter((n) => !docs.has(n));
    const known = new Set([...(UNDOCUMENTED[tag] ?? []), ...UNDOCUMENTED.shared!]);
    expect(
      [...new Set(missing.filter((n) => !known.has(n)))].sort(),
      'rendered but not documented in the metadata',
    ).toEqual([]);
    const nowDocumented = (UNDOCUMENTED[tag] ?? []).filter((n) => docs.has(n) || !rendered[tag]?.has(n));
    expect(nowDocumented, 'documented (or gone): remove from UNDOCUMENTED').toEqual([]);
  });

  it('shared primitives document their parts in PARTS', () => {
    const shared = new Set(PARTS.map((p) => p.name));
    const stale = UNDOCUMENTED.shared!.filter((n) => shared.has(n) || !rendered.shared?.has(n));
    expect(stale, 'documented (or gone): remove from UNDOCUMENTED.shared').toEqual([]);
  });
});
