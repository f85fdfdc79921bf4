/**
 * The editor data `npm run manifest` writes (vscode.html-custom-data.json for VS Code's `html.customData`, web-types.json
 * for the JetBrains IDEs) says what custom-elements.json says: every tag, attribute, allowed value, event, slot, part
 * and custom property; each file is valid in its editor's format; VS Code's own HTML language service completes the
 * tags, attributes and values from it; and the package ships both where package.json says.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import { getLanguageService, newHTMLDataProvider, TextDocument, type HTMLDataV1 } from 'vscode-html-languageservice';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

type Named = { name: string; description?: string };
type Declaration = {
  tagName: string;
  description: string;
  attributes: Array<Named & { description: string; type: { text: string }; default?: string; fieldName: string }>;
  members: Array<Named & { static?: boolean; type: { text: string } }>;
  events: Array<Named & { type: { text: string } }>;
  cssParts?: Named[];
  cssProperties?: Named[];
  slots?: Named[];
};
const manifest = readJson<{ modules: Array<{ declarations: Declaration[] }> }>('custom-elements.json');
const declarations = manifest.modules.flatMap((m) => m.declarations);

type VscodeValue = { name: string; description?: string };
type VscodeAttribute = {
  name: string;
  description?: { kind: string; value: string };
  values?: VscodeValue[];
  valueSet?: string;
};
type VscodeTag = {
  name: string;
  description: { kind: string; value: string };
  attributes: VscodeAttribute[];
  references: Array<{ name: string; url: string }>;
};
const vscode = readJson<{ version: number; tags: VscodeTag[] }>('vscode.html-custom-data.json');

type WebTypesElement = {
  name: string;
  description: string;
  'doc-url': string;
  attributes: Array<{ name: string; description: string; default?: string; value: { type: string }; values?: Named[] }>;
  slots?: Named[];
  js: { properties: Array<Named & { type: string }>; events: Array<Named & { type: string }> };
  css: { parts: Named[]; properties: Named[] };
};
const webTypes = readJson<{ name: string; version: string; contributions: { html: { elements: WebTypesElement[] } } }>(
  'web-types.json',
);
const pkg = readJson<{
  name: string;
  version: string;
  files: string[];
  exports: Record<string, unknown>;
  'web-types': string;
}>('package.json');

/** `'a' | 'b'` → ['a', 'b']; undefined when the type is not a union of string literals. */
/** The literals of a union of string literals; a union that also takes any string (`(string & {})`) suggests them. */
function literals(type: string): string[] | undefined {
  const parts = type
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '(string & {})');
  return parts.every((p) => /^'[^']*'$/.test(p)) ? parts.map((p) => p.slice(1, -1)) : undefined;
}
const openType = (type: string) => type.includes('(string & {})');

const names = (list: Named[] | undefined) => (list ?? []).map((x) => x.name);

describe('vscode.html-custom-data.json (VS Code html.customData)', () => {
  it('has every element, attribute, allowed value, event, part and custom property of custom-elements.json', () => {
    expect(vscode.version).toBe(1.1);
    expect(vscode.tags.map((t) => t.name).sort()).toEqual(declarations.map((d) => d.tagName).sort());
    for (const d of declarations) {
      const tag = vscode.tags.find((t) => t.name === d.tagName)!;
      expect(tag.description.value).toContain(d.description);
      expect(tag.attributes.map((a) => a.name)).toEqual(d.attributes.map((a) => a.name));
      for (const a of d.attributes) {
        const entry = tag.attributes.find((x) => x.name === a.name)!;
        expect(entry.description?.value, `${d.tagName} ${a.name}`).toContain(a.description.split('. ')[0]);
        const values = literals(a.type.text);
        if (values) expect(names(entry.values), `${d.tagName} ${a.name}`).toEqual(values);
        else expect(entry.values, `${d.tagName} ${a.name}`).toBeUndefined();
        // Boolean attributes may be written without a value (VS Code's built-in value set "v").
        expect(entry.valueSet === 'v', `${d.tagName} ${a.name}`).toBe(a.type.text === 'boolean');
        if (a.default) expect(entry.description?.value).toContain(`Default: \`${a.default}\``);
      }
      // The format has no events, parts or custom properties: the tag's description lists them.
      for (const name of [...names(d.events), ...names(d.cssParts), ...names(d.cssProperties)])
        expect(tag.description.value, `${d.tagName}: ${name}`).toContain(`\`${name}\``);
      expect(tag.references).toEqual([
        { name: expect.stringContaining(d.tagName), url: `https://www.npmjs.com/package/${pkg.name}#${d.tagName}` },
      ]);
    }
  });

  it("is valid against VS Code's custom data schema (vscode-html-languageservice's docs/customData.schema.json)", () => {
    const schema = JSON.parse(
      readFileSync(join(root, 'node_modules/vscode-html-languageservice/docs/customData.schema.json'), 'utf8'),
    ) as object;
    // strict: false for the schema's editor-only keywords (defaultSnippets, patternErrorMessage).
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(vscode), JSON.stringify(validate.errors)).toBe(true);
    // The schema can fail: a value without a name, a URL that is not one.
    expect(validate({ version: 1.1, tags: [{ name: 'x', attributes: [{ name: 'a', values: [{}] }] }] })).toBe(false);
    expect(validate({ version: 1.1, tags: [{ name: 'x', references: [{ name: 'r', url: 'README.md' }] }] })).toBe(
      false,
    );
  });

  it("gives VS Code's HTML language service the tags, attributes, values and descriptions", () => {
    const service = getLanguageService({
      customDataProviders: [newHTMLDataProvider('pay-elements', vscode as HTMLDataV1)],
      useDefaultDataProvider: false,
    });
    /** Completion labels at `|` in the markup. */
    const complete = (markup: string) => {
      const offset = markup.indexOf('|');
      const doc = TextDocument.create('file:///page.html', 'html', 1, markup.replace('|', ''));
      return service.doComplete(doc, doc.positionAt(offset), service.parseHTMLDocument(doc)).items;
    };
    const labels = (markup: string) => complete(markup).map((i) => i.label);
    expect(labels('<pay-|')).toEqual(expect.arrayContaining(['pay-checkout', 'pay-portal', 'pay-pricing-table']));
    expect(labels('<pay-checkout |')).toEqual(
      expect.arrayContaining(['checkout-id', 'mode', 'extra-params', 'theme', 'livemode']),
    );
    expect(labels('<pay-checkout mode="|"')).toEqual(['standard', 'minimal', 'standalone']);
    expect(labels('<pay-portal view="|"')).toEqual(expect.arrayContaining(['invoices', 'past-due', 'credit-grant']));
    expect(labels('<pay-portal view="|"')).not.toContain('standard');

    const doc = TextDocument.create('file:///page.html', 'html', 1, '<pay-checkout mode="minimal"></pay-checkout>');
    const hover = service.doHover(doc, doc.positionAt(3), service.parseHTMLDocument(doc));
    expect(JSON.stringify(hover?.contents)).toContain('Checkout for a checkout session');
    expect(JSON.stringify(hover?.contents)).toContain('pay-complete');
  });
});

/**
 * The web-types format, as far as web-types.json uses it: a subset of JetBrains' JSON schema of version 2 of the format
 * (https://github.com/JetBrains/web-types, schema/web-types.json; documented at
 * https://plugins.jetbrains.com/docs/intellij/websymbols-web-types.html). No npm package ships that schema. Stricter
 * than the original where it lets anything through (it takes unknown keys as contributions of a kind of their own),
 * so that a misspelt key fails here.
 */
const contribution = (extra: Record<string, object> = {}, required = ['name']) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties: { name: { type: 'string' }, description: { type: 'string' }, 'doc-url': { type: 'string' }, ...extra },
});
const WEB_TYPES_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['name', 'version', 'contributions'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'string' },
    'js-types-syntax': { enum: ['typescript'] },
    'description-markup': { enum: ['html', 'markdown', 'none'] },
    contributions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        html: {
          type: 'object',
          additionalProperties: false,
          properties: {
            elements: {
              type: 'array',
              items: contribution({
                attributes: {
                  type: 'array',
                  items: contribution({
                    default: { type: 'string' },
                    required: { type: 'boolean' },
                    // html-attribute-value
                    value: {
                      type: 'object',
                      additionalProperties: false,
                      properties: {
                        kind: { enum: ['no-value', 'plain', 'expression'] },
                        type: { type: 'string' },
                        required: { type: 'boolean' },
                        default: { type: 'string' },
                      },
                    },
                    // Contributions of the /html/values kind: the values of an attribute whose value type is "enum".
                    values: { type: 'array', items: contribution() },
                  }),
                },
                slots: { type: 'array', items: contribution() },
                js: {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    properties: { type: 'array', items: contribution({ type: { type: 'string' } }) },
                    events: { type: 'array', items: contribution({ type: { type: 'string' } }) },
                  },
                },
                css: {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    parts: { type: 'array', items: contribution() },
                    properties: { type: 'array', items: contribution() },
                  },
                },
              }),
            },
          },
        },
      },
    },
  },
};

describe('web-types.json (JetBrains IDEs)', () => {
  it('has every element, attribute, allowed value, property, event, slot, part and custom property', () => {
    expect(webTypes).toMatchObject({ name: pkg.name, version: pkg.version });
    const elements = webTypes.contributions.html.elements;
    expect(elements.map((e) => e.name).sort()).toEqual(declarations.map((d) => d.tagName).sort());
    for (const d of declarations) {
      const el = elements.find((e) => e.name === d.tagName)!;
      expect(el.description).toBe(d.description);
      expect(el['doc-url']).toBe(`https://www.npmjs.com/package/${pkg.name}#${d.tagName}`);
      expect(el.attributes.map((a) => a.name)).toEqual(d.attributes.map((a) => a.name));
      for (const a of d.attributes) {
        const entry = el.attributes.find((x) => x.name === a.name)!;
        const values = literals(a.type.text);
        expect(entry.value.type, `${d.tagName} ${a.name}`).toBe(
          values ? (openType(a.type.text) ? 'string' : 'enum') : a.type.text,
        );
        expect(names(entry.values), `${d.tagName} ${a.name}`).toEqual(values ?? []);
        expect(entry.default).toBe(a.default);
      }
      const members = d.members.filter((m) => !m.static);
      expect(el.js.properties.map((p) => [p.name, p.type])).toEqual(members.map((m) => [m.name, m.type.text]));
      expect(el.js.events.map((e) => [e.name, e.type])).toEqual(d.events.map((e) => [e.name, e.type.text]));
      expect(names(el.slots)).toEqual(names(d.slots));
      expect(names(el.css.parts)).toEqual(names(d.cssParts));
      expect(names(el.css.properties)).toEqual(names(d.cssProperties));
    }
  });

  it('is valid web-types (version 2 of the format)', () => {
    const validate = new Ajv({ allErrors: true }).compile(WEB_TYPES_SCHEMA);
    expect(validate(webTypes), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(webTypes) as unknown as {
      contributions: { html: { elements: Array<{ attributes: Array<{ value: { kind?: string } }> }> } };
    };
    broken.contributions.html.elements[0]!.attributes[0]!.value.kind = 'text';
    expect(validate(broken)).toBe(false);
  });
});

describe('the package', () => {
  it('ships the editor data and names it in package.json', () => {
    for (const file of ['vscode.html-custom-data.json', 'web-types.json']) {
      expect(pkg.files).toContain(file);
      expect(pkg.exports[`./${file}`]).toBe(`./${file}`);
    }
    expect(pkg['web-types']).toBe('./web-types.json');
  });
});
