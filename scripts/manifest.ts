/**
 * npm run manifest — from the elements' declared metadata (elements/<tag>.meta.ts), the one generator of:
 * - custom-elements.json (schema 2.1.0), describing what the package ships (dist/elements/<tag>.js);
 * - the attribute/event table in README.md between the markers `<!-- elements:start -->` and `<!-- elements:end -->`;
 * - the typings in types/: elements.d.ts (element interfaces with typed properties and event maps,
 *   HTMLElementTagNameMap), one <entry>.d.ts per package entry, react.d.ts (React 19 JSX), vue.d.ts (Vue
 *   GlobalComponents) and svelte.d.ts (Svelte 5 SvelteHTMLElements). The elements' own `useEmit<'tag'>()` is typed
 *   from elements.d.ts too;
 * - elements/_runtime/<tag>.ts: what each element module needs at run time (tag, its own attribute names and types
 *   without the shared settings), so that the documentation in the metadata stays out of the bundles;
 * - the editor data: vscode.html-custom-data.json (VS Code's `html.customData`) and web-types.json (JetBrains IDEs,
 *   named by the package.json `web-types` field);
 * - angular/index.js and angular/index.d.ts (`<package>/angular`): Angular standalone directives with typed inputs
 *   and outputs, for templates checked by ngc's strictTemplates.
 *
 * `npm run manifest -- --check` writes nothing and exits 1 when any of these is out of date (the unit
 * tests run it, so the manifest and the typings cannot drift from the code).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

/** The union of an attribute's values; with `openValues`, any other string too (editors still suggest the values). */
const valuesType = (a: AttributeMeta): string =>
  a.values!.map((v) => `'${v}'`).join(' | ') + (a.openValues ? ' | (string & {})' : '');

/** TypeScript type of an attribute's property. */
export function propertyType(a: AttributeMeta): string {
  if (a.tsType) return a.tsType;
  if (a.values) return valuesType(a);
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
  if (a.values) return valuesType(a);
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

// ---------------------------------------------------------------------------------------------------------------
// Editor data: VS Code's HTML custom data and JetBrains' web-types

type PackageInfo = { name: string; version: string };

/** Where an element's attributes and events are documented: the README's section, as the npm page shows it. */
export const docUrl = (pkg: PackageInfo, tag: string): string => `https://www.npmjs.com/package/${pkg.name}#${tag}`;

const md = (value: string) => ({ kind: 'markdown', value });
const code = (s: string) => `\`${s}\``;

function attributeMarkdown(a: AttributeMeta): string {
  const facts = [
    `Property: ${code(camelCase(a.name))}`,
    a.type === 'json' ? 'JSON text (the property takes the object)' : a.values ? null : `Type: ${a.type}`,
    a.default !== undefined ? `Default: ${code(a.default)}` : null,
  ].filter(Boolean);
  return `${a.description}\n\n${facts.join('. ')}.`;
}

function elementMarkdown(m: ElementMeta): string {
  const out = [m.summary];
  if (m.events.length)
    out.push(
      `**Events:**\n${m.events.map((e) => `- ${code(e.name)} ${code(`{ detail: ${e.detail} }`)}: ${e.description}${e.cancelable ? ' (cancelable)' : ''}`).join('\n')}`,
    );
  if (m.slots?.length)
    out.push(
      `**Slots:**\n${m.slots.map((s) => `- ${s.name ? code(s.name) : '(default)'}: ${s.description}`).join('\n')}`,
    );
  if (m.parts?.length) out.push(`**CSS parts** (\`::part(…)\`): ${m.parts.map((p) => code(p.name)).join(', ')}.`);
  if (m.cssProperties?.length)
    out.push(`**CSS custom properties:** ${m.cssProperties.map((p) => code(p.name)).join(', ')}.`);
  return out.join('\n\n');
}

/**
 * VS Code's HTML custom data (version 1.1; the format: docs/customData.md and docs/customData.schema.json of
 * vscode-html-languageservice): completion and hover for the tags, their attributes and enumerated values in HTML
 * files, with `"html.customData": ["./node_modules/<package>/vscode.html-custom-data.json"]` in the settings. The
 * format has no events, parts or custom properties: the tag's description lists them.
 */
export function buildVscodeData(metas: ElementMeta[], pkg: PackageInfo): object {
  return {
    version: 1.1,
    tags: metas.map((m) => ({
      name: m.tag,
      description: md(elementMarkdown(m)),
      attributes: m.attributes.map((a) => ({
        name: a.name,
        description: md(attributeMarkdown(a)),
        // "v": the built-in value set of attributes written without a value (`<pay-portal dashboard>`).
        ...(a.values ? { values: a.values.map((v) => ({ name: v })) } : a.type === 'boolean' ? { valueSet: 'v' } : {}),
      })),
      references: [{ name: `<${m.tag}>: attributes and events`, url: docUrl(pkg, m.tag) }],
    })),
  };
}

/**
 * JetBrains web-types (version 2 of the format: https://github.com/JetBrains/web-types, schema/web-types.json),
 * read by WebStorm and the other JetBrains IDEs from the package.json `web-types` field: the elements with their
 * attributes (value types, enumerated values, defaults), properties, events, slots, CSS parts and custom properties.
 */
export function buildWebTypes(metas: ElementMeta[], pkg: PackageInfo): object {
  const attributeValue = (a: AttributeMeta) =>
    a.values
      ? { type: a.openValues ? 'string' : 'enum' } // open values: suggested, not the only ones
      : a.type === 'boolean'
        ? { type: 'boolean', required: false } // `<pay-portal dashboard>`: the value may be left out
        : { type: a.type === 'json' ? 'string' : a.type };
  return {
    $schema: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json',
    name: pkg.name,
    version: pkg.version,
    'js-types-syntax': 'typescript',
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: metas.map((m) => ({
          name: m.tag,
          description: m.summary,
          'doc-url': docUrl(pkg, m.tag),
          attributes: m.attributes.map((a) => ({
            name: a.name,
            description: attributeMarkdown(a),
            ...(a.default !== undefined ? { default: a.default } : {}),
            value: attributeValue(a),
            ...(a.values ? { values: a.values.map((v) => ({ name: v })) } : {}),
          })),
          ...(m.slots?.length ? { slots: m.slots.map((s) => ({ name: s.name, description: s.description })) } : {}),
          js: {
            properties: [
              ...m.attributes.map((a) => ({
                name: camelCase(a.name),
                description: a.description,
                type: `${propertyType(a)} | undefined`,
              })),
              ...dashedAliases(m).map((a) => ({
                name: a.name,
                description: aliasDescription(a),
                type: `${propertyType(a)} | string | undefined`,
              })),
            ],
            events: m.events.map((e) => ({
              name: e.name,
              description: `${e.description}${e.cancelable ? ' Cancelable: preventDefault() stops the default action.' : ''}`,
              type: `CustomEvent<${e.detail}>`,
            })),
          },
          css: {
            parts: (m.parts ?? []).map((p) => ({ name: p.name, description: p.description })),
            properties: (m.cssProperties ?? []).map((p) => ({ name: p.name, description: p.description })),
          },
        })),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Angular: standalone directives (angular/index.js and angular/index.d.ts, the `<package>/angular` entry)

/** The Angular version whose partial-compilation format angular/index.js is written in (what ngc emits). */
const ANGULAR_FORMAT_VERSION = '19.0.0';

export const directiveName = (m: ElementMeta): string => `${pascal(m.tag)}Directive`;

/** The inputs of an element's directive: every attribute under its own name and (when different) its property name. */
export function angularInputs(m: ElementMeta): Array<{ name: string; attribute: AttributeMeta; asAttribute: boolean }> {
  return m.attributes.flatMap((a) => {
    const camel = camelCase(a.name);
    return camel === a.name
      ? [{ name: a.name, attribute: a, asAttribute: true }]
      : [
          { name: a.name, attribute: a, asAttribute: true },
          { name: camel, attribute: a, asAttribute: false },
        ];
  });
}

/** The outputs of an element's directive: each event under a camelCase field, published under the event's name. */
export function angularOutputs(m: ElementMeta): Array<{ field: string; event: string }> {
  const outputs = m.events.map((e) => ({ field: camelCase(e.name), event: e.name }));
  for (const o of outputs)
    if (angularInputs(m).some((i) => i.name === o.field))
      throw new Error(`<${m.tag}>: the output field ${o.field} is also an input`);
  return outputs;
}

const str = (s: string): string => `'${s}'`;

export function buildAngular(metas: ElementMeta[]): Record<string, string> {
  const js: string[] = [
    HEADER,
    "// Angular standalone directives for the elements: `import { PayCheckoutDirective } from '<package>/angular'` and\n",
    "// list it in a standalone component's `imports` (or PAY_ELEMENTS_DIRECTIVES for all of them), instead of\n",
    '// CUSTOM_ELEMENTS_SCHEMA. Each directive matches its tag; its inputs are the attributes under their dashed and\n',
    '// their property names, handed to the element (text as the attribute, which the element parses as it parses markup;\n',
    '// anything else as the property), and its outputs are the events, declared so that `strictTemplates` types\n',
    '// `$event`: the element dispatches them and Angular listens on the element; the outputs themselves never emit.\n',
    "// Written in Angular's partial-compilation format (what ngc emits for a library), which the Angular CLI's\n",
    '// linker or the JIT compiler completes. Import the element modules too: the directives do not define the elements.\n',
    "import * as i0 from '@angular/core';\n\n",
    '/** An input of a directive → its element. */\n',
    'function forward(el, attribute, property, value) {\n',
    "  if (typeof value === 'string') {\n",
    '    if (el.getAttribute(attribute) !== value) el.setAttribute(attribute, value);\n',
    '  } else el[property] = value;\n',
    '}\n',
  ];
  const dts: string[] = [
    HEADER,
    '// Angular standalone directives for the elements (see index.js): typed inputs and outputs for `strictTemplates`.\n',
    "import * as i0 from '@angular/core';\n",
    `import type {\n${metas.flatMap((m) => [`${pascal(m.tag)}Attributes`, `${pascal(m.tag)}EventMap`, `${pascal(m.tag)}Properties`].map((n) => `  ${n},\n`)).join('')}} from '../types/elements.js';\n`,
  ];
  for (const m of metas) {
    const D = directiveName(m);
    const P = pascal(m.tag);
    const inputs = angularInputs(m);
    const outputs = angularOutputs(m);
    js.push(`\n/** Typed inputs and outputs of \`<${m.tag}>\`. */\n`, `export class ${D} {\n`);
    js.push('  #el = i0.inject(i0.ElementRef).nativeElement;\n');
    for (const i of inputs) {
      const a = i.attribute;
      js.push(
        `  set ${key(i.name)}(value) {\n    forward(this.#el, ${str(a.name)}, ${str(camelCase(a.name))}, value);\n  }\n`,
      );
    }
    for (const o of outputs) js.push(`  ${o.field} = i0.output();\n`);
    js.push(
      `  static ɵfac = i0.ɵɵngDeclareFactory({ minVersion: '12.0.0', version: '${ANGULAR_FORMAT_VERSION}', ngImport: i0, type: ${D}, deps: [], target: i0.ɵɵFactoryTarget.Directive });\n`,
      `  static ɵdir = i0.ɵɵngDeclareDirective({ minVersion: '14.0.0', version: '${ANGULAR_FORMAT_VERSION}', type: ${D}, isStandalone: true, selector: ${str(m.tag)}, inputs: { ${inputs.map((i) => `${key(i.name)}: ${str(i.name)}`).join(', ')} }${outputs.length ? `, outputs: { ${outputs.map((o) => `${o.field}: ${str(o.event)}`).join(', ')} }` : ''}, ngImport: i0 });\n`,
      '}\n',
    );

    dts.push(
      `\n/**\n * \`<${m.tag}>\` in Angular templates: ${m.summary.replace(/\*\//g, '*\\/')}\n * Inputs: the attributes under their dashed and property names; outputs: the events (\`$event\` is the CustomEvent).\n */\n`,
      `export declare class ${D} {\n`,
    );
    for (const i of inputs) {
      const a = i.attribute;
      const camel = camelCase(a.name);
      // The dashed name also takes the attribute's text (a static attribute, JSON text for objects); the property name
      // takes what the property takes.
      const type = i.asAttribute
        ? `${P}Properties[${str(camel)}] | ${P}Attributes[${str(a.name)}] | null`
        : `${P}Properties[${str(camel)}] | null`;
      dts.push(
        doc(`\`${a.name}\`${a.default ? ` (default ${a.default})` : ''}: ${a.description}`),
        `  set ${key(i.name)}(value: ${type});\n`,
      );
    }
    for (const o of outputs) {
      const e = m.events.find((ev) => ev.name === o.event)!;
      dts.push(
        doc(`\`(${e.name})\`: ${e.description}`),
        `  readonly ${o.field}: i0.OutputEmitterRef<${P}EventMap[${str(e.name)}]>;\n`,
      );
    }
    dts.push(
      `  static ɵfac: i0.ɵɵFactoryDeclaration<${D}, never>;\n`,
      `  static ɵdir: i0.ɵɵDirectiveDeclaration<${D}, ${JSON.stringify(m.tag)}, never, { ${inputs.map((i) => `${JSON.stringify(i.name)}: { "alias": ${JSON.stringify(i.name)}; "required": false; };`).join(' ')} }, ${outputs.length ? `{ ${outputs.map((o) => `${JSON.stringify(o.field)}: ${JSON.stringify(o.event)};`).join(' ')} }` : '{}'}, never, never, true, never>;\n`,
      '}\n',
    );
  }
  js.push(
    "\n/** Every directive, for a standalone component's `imports`. */\n",
    `export const PAY_ELEMENTS_DIRECTIVES = [${metas.map(directiveName).join(', ')}];\n`,
  );
  dts.push(
    "\n/** Every directive, for a standalone component's `imports`. */\n",
    `export declare const PAY_ELEMENTS_DIRECTIVES: readonly [${metas.map((m) => `typeof ${directiveName(m)}`).join(', ')}];\n`,
  );
  return { 'index.js': js.join(''), 'index.d.ts': dts.join('') };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const metas = await loadMetas();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageInfo;
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- elements:start -->';
  const end = '<!-- elements:end -->';
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  const json = (value: object): string => `${JSON.stringify(value, null, 2)}\n`;
  const inDir = (dir: string, files: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`${dir}/${name}`, text]));
  // Every generated file by its path from the root. Their folders (types/, elements/_runtime/, angular/) hold nothing
  // else: a stray file there fails the check.
  const outputs: Record<string, string> = {
    'custom-elements.json': json(buildManifest(metas)),
    'README.md': `${readme.slice(0, i + start.length)}\n${buildReadmeTable(metas)}\n${readme.slice(j)}`,
    'vscode.html-custom-data.json': json(buildVscodeData(metas, pkg)),
    'web-types.json': json(buildWebTypes(metas, pkg)),
    ...inDir('types', buildTypings(metas)),
    ...inDir('elements/_runtime', buildRuntimeMeta(metas)),
    ...inDir('angular', buildAngular(metas)),
  };
  const read = (file: string): string => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  const stale = Object.entries(outputs)
    .filter(([file, text]) => read(file) !== text)
    .map(([file]) => file);
  const extra = ['types', 'elements/_runtime', 'angular'].flatMap((dir) => {
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      /* first run */
    }
    return entries
      .filter((d) => d.isFile() && !(`${dir}/${d.name}` in outputs))
      .map((d) => `${dir}/${d.name} (not generated: remove it)`);
  });
  const what =
    'custom-elements.json, README.md, the editor data (vscode.html-custom-data.json, web-types.json), types/, angular/ and elements/_runtime/';
  if (check) {
    if (stale.length || extra.length) {
      console.error(`Out of date: ${[...stale, ...extra].join(', ')}. Run npm run manifest.`);
      process.exit(1);
    }
    console.log(`${what} match ${metas.length} elements.`);
    return;
  }
  for (const file of stale) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), outputs[file]!);
  }
  if (extra.length) console.warn(`Not generated: ${extra.join(', ')}`);
  console.log(`Wrote ${what} for ${metas.length} elements (${stale.length} files changed).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
