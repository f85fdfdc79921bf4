/**
 * custom-elements.json is true to what ships: the paths are the package's built entries, every declared class is
 * exported by its module, and every theme custom property the elements read is documented.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
type Decl = {
  name: string;
  tagName?: string;
  members?: Array<{ name: string; reflects?: boolean; attribute?: string; static?: boolean; type?: { text: string } }>;
  slots?: Array<{ name: string; description: string }>;
  cssProperties?: Array<{ name: string; description: string }>;
};
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: Array<{
    path: string;
    declarations: Decl[];
    exports: Array<{ kind: string; name: string; declaration: { name: string; module: string } }>;
  }>;
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { default?: string; types?: string } | string>;
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.(tsx?|css)$/.test(f) ? [p] : [];
  });
}

describe('custom-elements.json', () => {
  it("names the package's built entries, each exported by package.json with its typings", () => {
    for (const m of manifest.modules) {
      const tag = m.declarations[0]?.tagName ?? '';
      expect(m.path).toBe(`dist/elements/${tag}.js`);
      const entry = pkg.exports[`./${tag}`];
      expect(entry).toEqual({ types: `./types/${tag}.d.ts`, default: `./${m.path}` });
      // The entry's source exists (vite builds every elements/<tag>.ts into dist/elements/<tag>.js).
      expect(statSync(join(root, 'elements', `${tag}.ts`)).isFile()).toBe(true);
    }
  });

  it('declares only classes its modules export (as the default export)', () => {
    for (const m of manifest.modules) {
      for (const d of m.declarations) {
        expect(m.exports).toContainEqual({
          kind: 'js',
          name: 'default',
          declaration: { name: d.name, module: m.path },
        });
        // The typings declare the same name.
        expect(readFileSync(join(root, 'types', `${d.tagName}.d.ts`), 'utf8')).toContain(`export default ${d.name};`);
      }
    }
  });

  it('says every property reflects to its attribute', () => {
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      for (const member of (d.members ?? []).filter((m) => !m.static))
        expect(member.reflects, `${d.tagName} ${member.attribute}`).toBe(true);
    }
  });

  it('documents a static version on every element, an alias under the dashed name of each object property', () => {
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      expect(
        d.members?.find((m) => m.name === 'version'),
        d.tagName,
      ).toMatchObject({ static: true, type: { text: 'string' } });
    }
    const checkout = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'pay-checkout');
    expect(checkout?.members?.map((m) => m.name)).toEqual(expect.arrayContaining(['extraParams', 'extra-params']));
  });

  it('says what every custom property changes, and what every slot is for', () => {
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      for (const p of d.cssProperties ?? [])
        expect(p.description, `${d.tagName} ${p.name}`).not.toMatch(/^Theme token\.?$/);
    }
    const provider = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'pay-provider');
    expect(provider?.slots?.find((s) => s.name === '')?.description).toBeTruthy();
  });

  it('documents only custom properties something reads', () => {
    const used = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/var\(\s*(--pay-[\w-]+)/g)) used.add(m[1]!);
    }
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      expect(
        (d.cssProperties ?? []).map((p) => p.name).filter((n) => !used.has(n)),
        `<${d.tagName}>`,
      ).toEqual([]);
    }
  });

  it('documents every --pay-* custom property the elements read', () => {
    const used = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/var\(\s*(--pay-[\w-]+)/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const d of manifest.modules.flatMap((m) => m.declarations).filter((d) => d.cssProperties)) {
      const documented = new Set(d.cssProperties!.map((p) => p.name));
      expect(
        [...used].filter((name) => !documented.has(name)),
        `<${d.tagName}>`,
      ).toEqual([]);
    }
  });

  it("types every element's emit by its tag (useEmit<'tag'>(), checked against the declared events)", () => {
    const untyped = sources(join(root, 'src'))
      .filter((f) => !f.endsWith('context.tsx'))
      .filter((f) => /\buseEmit\(\)/.test(readFileSync(f, 'utf8')));
    expect(untyped).toEqual([]);
  });
});
