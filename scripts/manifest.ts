/**
 * npm run manifest — writes custom-elements.json (schema 2.1.0) from the elements' declared metadata
 * (elements/<tag>.meta.ts) and refreshes the attribute/event table in README.md between the markers
 * `<!-- elements:start -->` and `<!-- elements:end -->`.
 *
 * `npm run manifest -- --check` writes nothing and exits 1 when either file is out of date (the unit
 * tests run it, so the manifest cannot drift from the code).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { camelCase, type ElementMeta } from '../elements/_meta.ts';

const root = resolve(import.meta.dirname, '..');

export async function loadMetas(): Promise<ElementMeta[]> {
  const dir = join(root, 'elements');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.meta.ts'))
    .sort();
  const metas: ElementMeta[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { default: ElementMeta };
    metas.push(mod.default);
  }
  return metas;
}

export function buildManifest(metas: ElementMeta[]): object {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: metas.map((m) => ({
      kind: 'javascript-module',
      path: `elements/${m.tag}.ts`,
      declarations: [
        {
          kind: 'class',
          customElement: true,
          tagName: m.tag,
          name: m.className,
          description: m.summary,
          superclass: { name: 'HTMLElement' },
          attributes: m.attributes.map((a) => ({
            name: a.name,
            fieldName: camelCase(a.name),
            type: { text: a.values ? a.values.map((v) => `'${v}'`).join(' | ') : a.type === 'json' ? 'object' : a.type },
            description: a.description,
            ...(a.default !== undefined ? { default: a.default } : {}),
          })),
          members: m.attributes.map((a) => ({
            kind: 'field',
            name: camelCase(a.name),
            attribute: a.name,
            reflects: false,
            type: { text: a.values ? a.values.map((v) => `'${v}'`).join(' | ') : a.type === 'json' ? 'object' : a.type },
            description: a.description,
          })),
          events: m.events.map((e) => ({
            name: e.name,
            type: { text: `CustomEvent<${e.detail}>` },
            description: `${e.description}${e.cancelable ? ' Cancelable: preventDefault() stops the default action.' : ''}`,
          })),
          ...(m.parts ? { cssParts: m.parts } : {}),
          ...(m.cssProperties ? { cssProperties: m.cssProperties } : {}),
          ...(m.slots ? { slots: m.slots } : {}),
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: m.tag, declaration: { name: m.className, module: `elements/${m.tag}.ts` } },
      ],
    })),
  };
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function buildReadmeTable(metas: ElementMeta[]): string {
  const out: string[] = [];
  for (const m of metas) {
    out.push(`### \`<${m.tag}>\``, '', m.summary, '');
    out.push('| attribute | type | default | description |', '|---|---|---|---|');
    for (const a of m.attributes) {
      const type = a.values ? a.values.map((v) => `\`${v}\``).join(' \\| ') : a.type;
      out.push(`| \`${a.name}\` | ${type} | ${a.default ? `\`${a.default}\`` : ''} | ${esc(a.description)} |`);
    }
    if (m.events.length) {
      out.push('', '| event | detail | description |', '|---|---|---|');
      for (const e of m.events) {
        out.push(`| \`${e.name}\` | \`${esc(e.detail)}\` | ${esc(e.description)}${e.cancelable ? ' (cancelable)' : ''} |`);
      }
    }
    if (m.parts?.length) out.push('', `Parts: ${m.parts.map((p) => `\`${p.name}\``).join(', ')}.`);
    out.push('');
  }
  return out.join('\n').trim();
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const metas = await loadMetas();
  const manifest = `${JSON.stringify(buildManifest(metas), null, 2)}\n`;
  const manifestPath = join(root, 'custom-elements.json');
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- elements:start -->';
  const end = '<!-- elements:end -->';
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  const nextReadme = `${readme.slice(0, i + start.length)}\n${buildReadmeTable(metas)}\n${readme.slice(j)}`;
  let current = '';
  try {
    current = readFileSync(manifestPath, 'utf8');
  } catch {
    /* first run */
  }
  if (check) {
    const stale = [current !== manifest && 'custom-elements.json', readme !== nextReadme && 'README.md'].filter(Boolean);
    if (stale.length) {
      console.error(`Out of date: ${stale.join(', ')}. Run npm run manifest.`);
      process.exit(1);
    }
    console.log(`custom-elements.json and README.md match ${metas.length} elements.`);
    return;
  }
  writeFileSync(manifestPath, manifest);
  writeFileSync(readmePath, nextReadme);
  console.log(`Wrote custom-elements.json and the README table for ${metas.length} elements.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
