/**
 * npm run manifest — from the elements' declared metadata (elements/<tag>.meta.ts), the one generator of:
 * - custom-elements.json (schema 2.1.0), describing what the package ships (dist/elements/<tag>.js);
 * - the attribute/event table in README.md between the markers `<!-- elements:start -->` and `<!-- elements:end -->`;
 * - the typings in types/: elements.d.ts (element interfaces with typed properties and event maps,
 *   HTMLElementTagNameMap), one <entry>.d.ts per package entry, react.d.ts (React 19 JSX), vue.d.ts (Vue
 *   GlobalComponents) and svelte.d.ts (Svelte 5 SvelteHTMLElements). The elements' own `useEmit<'tag'>()` is typed
 *   from elements.d.ts too;
 * - elements/_runtime/<tag>.ts: what each element module needs at run time (tag, its own attribute names and types
 *   without the shared settings), so that the documentation in the metadata stays out of the bundles.
 *
 * `npm run manifest -- --check` writes nothing and exits 1 when any of these is out of date (the unit
 * tests run it, so the manifest and the typings cannot drift from the code).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { camelCase, SHARED_ATTRIBUTES, type AttributeMeta, type ElementMeta } from '../elements/_meta.ts';

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

/** Where the package ships an element's module (relative to the package root). */
export const builtPath = (tag: string): string => `dist/elements/${tag}.js`;

/**
 * Object (json) attributes with a dashed name: the element also has a property under that name (src/ui/element.ts),
 * which frameworks binding the dashed name set (Vue `:extra-params`, React 19 and Svelte `extra-params={…}`,
 * Angular `[extra-params]`).
 */
export const dashedAliases = (m: ElementMeta): AttributeMeta[] =>
  m.attributes.filter((a) => a.type === 'json' && camelCase(a.name) !== a.name);

const aliasDescription = (a: AttributeMeta): string =>
  `The ${camelCase(a.name)} property under the attribute's name, for frameworks that bind \`${a.name}\`: takes the object (text is read as the attribute's JSON).`;

/** TypeScript type of an attribute's property. */
export function propertyType(a: AttributeMeta): string {
  if (a.tsType) return a.tsType;
  if (a.values) return a.values.map((v) => `'${v}'`).join(' | ');
  return a.type === 'json' ? 'Record<string, unknown>' : a.type;
}

export function buildManifest(metas: ElementMeta[]): object {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: metas.map((m) => ({
      kind: 'javascript-module',
      path: builtPath(m.tag),
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
            type: { text: a.type === 'json' ? 'string' : propertyType(a) },
            description:
              a.type === 'json'
                ? `${a.description} The attribute holds JSON text; the ${camelCase(a.name)} property takes the object.`
                : a.description,
            ...(a.default !== undefined ? { default: a.default } : {}),
          })),
          // Every property mirrors its attribute (a property write sets the attribute: JSON text for objects); an object
          // property also has an alias under its dashed name; the class has a static version.
          members: [
            ...m.attributes.map((a) => ({
              kind: 'field',
              name: camelCase(a.name),
              attribute: a.name,
              reflects: true,
              type: { text: `${propertyType(a)} | undefined` },
              description: a.description,
            })),
            ...dashedAliases(m).map((a) => ({
              kind: 'field',
              name: a.name,
              attribute: a.name,
              reflects: true,
              type: { text: `${propertyType(a)} | string | undefined` },
              description: aliasDescription(a),
            })),
            {
              kind: 'field',
              name: 'version',
              static: true,
              readonly: true,
              type: { text: 'string' },
              description:
                'The package version of the copy that defined the element (customElements.get(tag).version), for support requests.',
            },
          ],
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
        { kind: 'js', name: 'default', declaration: { name: m.className, module: builtPath(m.tag) } },
        {
          kind: 'custom-element-definition',
          name: m.tag,
          declaration: { name: m.className, module: builtPath(m.tag) },
        },
      ],
    })),
  };
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function buildReadmeTable(metas: ElementMeta[]): string {
  const out: string[] = [];
  for (const m of metas) {
    out.push(`### \`<${m.tag}>\``, '', m.summary, '');
    out.push('| attribute | property | type | default | description |', '|---|---|---|---|---|');
    for (const a of m.attributes) {
      const type = a.values
        ? a.values.map((v) => `\`${v}\``).join(' \\| ')
        : a.type === 'json'
          ? 'object (JSON)'
          : a.type;
      out.push(
        `| \`${a.name}\` | \`${camelCase(a.name)}\` | ${type} | ${a.default ? `\`${a.default}\`` : ''} | ${esc(a.description)} |`,
      );
    }
    if (m.events.length) {
      out.push('', '| event | detail | description |', '|---|---|---|');
      for (const e of m.events) {
        out.push(
          `| \`${e.name}\` | \`${esc(e.detail)}\` | ${esc(e.description)}${e.cancelable ? ' (cancelable)' : ''} |`,
        );
      }
    }
    if (m.parts?.length) out.push('', `Parts: ${m.parts.map((p) => `\`${p.name}\``).join(', ')}.`);
    out.push('');
  }
  return out.join('\n').trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Typings (types/*.d.ts)

const HEADER = '// Generated by `npm run manifest` from elements/*.meta.ts. Do not edit.\n';
const pascal = (tag: string): string => camelCase(`-${tag}`);
const doc = (text: string, indent = '  '): string =>
  `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */\n`;
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** Type of an attribute written as an attribute (markup, JSX attribute names): text, JSON text, or a boolean. */
function attributeValueType(a: AttributeMeta): string {
  if (a.values) return a.values.map((v) => `'${v}'`).join(' | ');
  if (a.type === 'boolean') return "boolean | '' | 'true' | 'false'";
  if (a.type === 'number') return 'number | `${number}`';
  return 'string';
}

function elementTypes(m: ElementMeta): string {
  const P = pascal(m.tag);
  const out: string[] = [];
  out.push(`/** Events of \`<${m.tag}>\` (they bubble and are composed). */\n`);
  out.push(`export interface ${P}EventMap {\n`);
  for (const e of m.events) {
    out.push(doc(`${e.description}${e.cancelable ? ' Cancelable: preventDefault() stops the default action.' : ''}`));
    out.push(`  '${e.name}': CustomEvent<${e.detail}>;\n`);
  }
  out.push('}\n\n');
  out.push(`/** Properties of \`<${m.tag}>\`: each mirrors its attribute (JSON attributes take objects here). */\n`);
  out.push(`export interface ${P}Properties {\n`);
  for (const a of m.attributes) {
    out.push(doc(`\`${a.name}\`${a.default ? ` (default ${a.default})` : ''}: ${a.description}`));
    out.push(`  ${key(camelCase(a.name))}: ${propertyType(a)} | undefined;\n`);
  }
  for (const a of dashedAliases(m)) {
    out.push(doc(aliasDescription(a)));
    out.push(`  ${key(a.name)}: ${propertyType(a)} | string | undefined;\n`);
  }
  out.push('}\n\n');
  out.push(`/** Attributes of \`<${m.tag}>\` as written in markup (JSON attributes hold JSON text). */\n`);
  out.push(`export interface ${P}Attributes {\n`);
  for (const a of m.attributes) {
    out.push(
      doc(a.type === 'json' ? `JSON text; prefer the ${camelCase(a.name)} property for objects.` : a.description),
    );
    out.push(`  ${key(a.name)}?: ${attributeValueType(a)};\n`);
  }
  out.push('}\n\n');
  out.push(doc(m.summary, ''));
  out.push(`export interface ${m.className} extends HTMLElement, ${P}Properties {\n`);
  for (const fn of ['addEventListener', 'removeEventListener']) {
    const opts = fn === 'addEventListener' ? 'boolean | AddEventListenerOptions' : 'boolean | EventListenerOptions';
    out.push(
      `  ${fn}<K extends keyof ${P}EventMap>(type: K, listener: (this: ${m.className}, ev: ${P}EventMap[K]) => unknown, options?: ${opts}): void;\n`,
      `  ${fn}<K extends keyof HTMLElementEventMap>(type: K, listener: (this: ${m.className}, ev: HTMLElementEventMap[K]) => unknown, options?: ${opts}): void;\n`,
      `  ${fn}(type: string, listener: EventListenerOrEventListenerObject, options?: ${opts}): void;\n`,
    );
  }
  out.push('}\n');
  return out.join('');
}

export function buildTypings(metas: ElementMeta[]): Record<string, string> {
  const files: Record<string, string> = {};
  const tags = metas.map((m) => m.tag);
  const P = (tag: string) => pascal(tag);
  const cls = (m: ElementMeta) => m.className;

  files['elements.d.ts'] = [
    HEADER,
    '// Interfaces of the elements, their properties, attributes and events. Importing any entry of the package\n',
    "// (or this file) also types document.querySelector('pay-checkout') and friends through HTMLElementTagNameMap.\n\n",
    metas.map(elementTypes).join('\n'),
    '\n/** Every element by tag. */\n',
    'export interface PayElements {\n',
    ...metas.map((m) => `  '${m.tag}': ${cls(m)};\n`),
    '}\n\n/** Event maps by tag (event name → CustomEvent). */\n',
    'export interface PayElementEventMaps {\n',
    ...metas.map((m) => `  '${m.tag}': ${P(m.tag)}EventMap;\n`),
    '}\n\n/** Properties by tag. */\n',
    'export interface PayElementProperties {\n',
    ...metas.map((m) => `  '${m.tag}': ${P(m.tag)}Properties;\n`),
    '}\n\n/** Attributes by tag. */\n',
    'export interface PayElementAttributes {\n',
    ...metas.map((m) => `  '${m.tag}': ${P(m.tag)}Attributes;\n`),
    '}\n\n',
    "/** The detail of an event: `PayEventDetail<'pay-checkout', 'pay-complete'>`. */\n",
    'export type PayEventDetail<T extends keyof PayElementEventMaps, E extends keyof PayElementEventMaps[T]> =\n',
    '  PayElementEventMaps[T][E] extends CustomEvent<infer D> ? D : never;\n\n',
    'declare global {\n  interface HTMLElementTagNameMap {\n',
    ...metas.map((m) => `    '${m.tag}': ${cls(m)};\n`),
    '  }\n}\n',
  ].join('');

  for (const m of metas) {
    files[`${m.tag}.d.ts`] = [
      HEADER,
      `// \`import '<package>/${m.tag}'\` defines <${m.tag}>.\n`,
      `import type { ${cls(m)} } from './elements.js';\n\n`,
      `export type { ${cls(m)}, ${P(m.tag)}EventMap, ${P(m.tag)}Properties, ${P(m.tag)}Attributes } from './elements.js';\n\n`,
      `/**\n * The <${m.tag}> class, already defined; undefined where there is no DOM (server rendering defines nothing).\n * \`version\` is the package version of the copy that defined it (for support requests).\n */\n`,
      `declare const ${cls(m)}: { prototype: ${cls(m)}; new (): ${cls(m)}; readonly version: string } | undefined;\n`,
      `export default ${cls(m)};\n`,
    ].join('');
  }

  files['define-all.d.ts'] = [
    HEADER,
    `// \`import '<package>/define-all'\` (or the package root) defines ${tags.map((t) => `<${t}>`).join(', ')}.\n`,
    "export type * from './elements.js';\n",
  ].join('');

  files['react.d.ts'] = [
    HEADER,
    "// React 19 JSX for the elements: `import type {} from '<package>/react'` once in the app (or list it in tsconfig\n",
    '// `types`). Attributes by their dashed names, properties by their camelCase names (objects for JSON props, also\n',
    '// under their dashed names; React 19 sets a prop as a property when the element has it, so import the element\n',
    '// before rendering), and events as\n',
    '// `onpay-complete={(e) => e.detail.invoiceId}` (React 19 adds a listener for `on<event-name>` props).\n',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n",
    "import type { PayElementAttributes, PayElementEventMaps, PayElementProperties, PayElements } from './elements.js';\n\n",
    'type Handlers<M> = { [K in keyof M & string as `on${K}`]?: (event: M[K]) => void };\n',
    'type Jsx<T extends keyof PayElements> = DetailedHTMLProps<HTMLAttributes<PayElements[T]>, PayElements[T]> &\n',
    '  Omit<PayElementAttributes[T], keyof PayElementProperties[T]> &\n',
    '  Partial<PayElementProperties[T]> &\n',
    '  Handlers<PayElementEventMaps[T]>;\n\n',
    "declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n",
    ...metas.map((m) => `      '${m.tag}': Jsx<'${m.tag}'>;\n`),
    '    }\n  }\n}\n',
  ].join('');

  files['vue.d.ts'] = [
    HEADER,
    "// Vue 3 template types (vue-tsc / Volar): `import type {} from '<package>/vue'` once in the app. Tell Vue the tags\n",
    "// are custom elements (compilerOptions.isCustomElement: (tag) => tag.startsWith('pay-') || ...). Bind objects as\n",
    '// properties: `:extra-params="params"` (the element has a property by that name) or `:extraParams.prop="params"`.\n',
    "import type { DefineComponent } from 'vue';\n",
    "import type { PayElementAttributes, PayElementEventMaps, PayElementProperties, PayElements } from './elements.js';\n\n",
    'type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;\n',
    'type Handlers<M> = { [K in keyof M & string as `on${Capitalize<Camel<K>>}`]?: (event: M[K]) => void };\n',
    'type Props<T extends keyof PayElements> = Omit<PayElementAttributes[T], keyof PayElementProperties[T]> &\n',
    '  Partial<PayElementProperties[T]> &\n',
    '  Handlers<PayElementEventMaps[T]>;\n\n',
    "declare module 'vue' {\n  interface GlobalComponents {\n",
    ...metas.map((m) => `    '${m.tag}': DefineComponent<Props<'${m.tag}'>>;\n`),
    '  }\n}\n',
  ].join('');

  files['svelte.d.ts'] = [
    HEADER,
    "// Svelte 5 template types (svelte-check): `import type {} from '<package>/svelte'` once in the app (e.g. in\n",
    '// src/app.d.ts). Attributes by their dashed names (a misspelt one or a wrong value is an error), object properties\n',
    '// by either name (`extra-params={params}` or `{extraParams}`; Svelte sets a prop as a property when the element\n',
    '// has it, so import the element before the first render), and events as `onpay-complete={(e) => …}` (Svelte 5\n',
    '// adds a listener for the name after `on`).\n',
    "import type { HTMLAttributes } from 'svelte/elements';\n",
    "import type { PayElementAttributes, PayElementEventMaps, PayElementProperties, PayElements } from './elements.js';\n\n",
    'type Handlers<M> = { [K in keyof M & string as `on${K}`]?: (event: M[K]) => void };\n',
    'type Props<T extends keyof PayElements> = HTMLAttributes<PayElements[T]> &\n',
    '  Omit<PayElementAttributes[T], keyof PayElementProperties[T]> &\n',
    '  Partial<PayElementProperties[T]> &\n',
    '  Handlers<PayElementEventMaps[T]>;\n\n',
    "declare module 'svelte/elements' {\n  interface SvelteHTMLElements {\n",
    ...metas.map((m) => `    '${m.tag}': Props<'${m.tag}'>;\n`),
    '  }\n}\n\nexport {};\n',
  ].join('');
  return files;
}

/**
 * elements/_runtime/<tag>.ts: one element's metadata without its documentation, for that element's module. One file
 * per element, so that each bundle carries only its own (a shared file would land in the chunk every element loads).
 */
export function buildRuntimeMeta(metas: ElementMeta[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const m of metas) {
    // The shared settings (base-url, locale…) are every element's already (SHARED_PROPS): not repeated in each bundle.
    const shared = new Set(SHARED_ATTRIBUTES.map((a) => a.name));
    const attrs = m.attributes
      .filter((a) => !shared.has(a.name))
      .map((a) => `{ name: '${a.name}', type: '${a.type}' }`)
      .join(', ');
    files[`${m.tag}.ts`] = [
      HEADER,
      `// <${m.tag}> reads this instead of elements/${m.tag}.meta.ts, so descriptions, events, parts and custom\n`,
      '// properties (documentation) do not ship in the bundles.\n',
      "import type { AttributeType } from '../_meta.ts';\n\n",
      'export const meta: { tag: string; attributes: Array<{ name: string; type: AttributeType }> } = {\n',
      `  tag: '${m.tag}',\n  attributes: [${attrs}],\n};\n`,
    ].join('');
  }
  return files;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const metas = await loadMetas();
  mkdirSync(join(root, 'types'), { recursive: true });
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
  const typesDir = join(root, 'types');
  const typings = buildTypings(metas);
  const runtimeDir = join(root, 'elements', '_runtime');
  mkdirSync(runtimeDir, { recursive: true });
  const runtime = buildRuntimeMeta(metas);
  const read = (file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const staleTypes = Object.entries(typings)
    .filter(([name, text]) => read(join(typesDir, name)) !== text)
    .map(([name]) => `types/${name}`);
  const extra = readdirSync(typesDir, { withFileTypes: true })
    .filter((d) => d.isFile() && !(d.name in typings))
    .map((d) => `types/${d.name} (not generated: remove it)`);
  const staleRuntime = Object.entries(runtime)
    .filter(([name, text]) => read(join(runtimeDir, name)) !== text)
    .map(([name]) => `elements/_runtime/${name}`);
  if (check) {
    const stale = [
      current !== manifest && 'custom-elements.json',
      readme !== nextReadme && 'README.md',
      ...staleRuntime,
      ...staleTypes,
      ...extra,
    ].filter(Boolean);
    if (stale.length) {
      console.error(`Out of date: ${stale.join(', ')}. Run npm run manifest.`);
      process.exit(1);
    }
    console.log(`custom-elements.json, README.md, types/ and elements/_runtime/ match ${metas.length} elements.`);
    return;
  }
  writeFileSync(manifestPath, manifest);
  writeFileSync(readmePath, nextReadme);
  for (const [name, text] of Object.entries(typings)) writeFileSync(join(typesDir, name), text);
  for (const [name, text] of Object.entries(runtime)) writeFileSync(join(runtimeDir, name), text);
  if (extra.length) console.warn(`Not generated: ${extra.join(', ')}`);
  console.log(
    `Wrote custom-elements.json, the README table, types/ and elements/_runtime/ for ${metas.length} elements.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
