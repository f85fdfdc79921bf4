/**
 * The contract checker: validates a response against the JSON Schema generated from @blocklet/payment-types
 * (schemas.json, see scripts/contract-schemas.ts), and tells which fields the elements read that the real type lacks.
 *
 * Policy (the types do not say everything the wire does):
 * - a required field must be present; `null` is accepted for any field, because the types are Sequelize attributes
 *   and an unset nullable column comes back as null (the types do not say which columns allow null);
 * - a value must have the type's type; a string field typed as a union (LiteralUnion included) must be one of it;
 * - extra fields sent are not errors (the real server and the client pass them through): `unknownReads` is what
 *   catches a field the elements READ that the real type does not have.
 */
import Ajv, { type ErrorObject } from 'ajv';
import type { Struct } from 'superstruct';
import generated from './schemas.json' with { type: 'json' };

type Schema = { [k: string]: any };
export type SchemaFile = { definitions: Record<string, Schema>; roots: Record<string, Schema> };
export type RootName = keyof typeof generated.roots;

const withNull = (s: Schema): Schema => {
  if (s.type === 'null' || s.anyOf?.some((x: Schema) => x.type === 'null') || Object.keys(s).length === 0) return s;
  return { anyOf: [s, { type: 'null' }] };
};

/** The schemas as the validator uses them: null allowed for every property, extra properties allowed. */
function validatorSchemas(file: SchemaFile, ignoreMissing: Set<string>): SchemaFile {
  const copy: SchemaFile = JSON.parse(JSON.stringify(file));
  for (const def of Object.values(copy.definitions)) {
    if (def.type !== 'object') continue;
    for (const [k, v] of Object.entries(def.properties ?? {})) def.properties[k] = withNull(v as Schema);
    // `object` is a tag the expanded types declare inconsistently (TProductExpanded says 'price', TCustomerExpanded
    // and TSubscriptionItemExpanded say 'subscription'): not something to hold a server to.
    delete def.properties?.object;
    if (def.required) def.required = def.required.filter((k: string) => k !== 'object' && !ignoreMissing.has(k));
    if (def.additionalProperties === false) delete def.additionalProperties;
  }
  return copy;
}

/**
 * `ignoreMissing`: required columns a caller accepts as absent (by field name), e.g. the columns the sandbox does
 * not model; a present field is still checked.
 */
export function createChecker(opts: { file?: SchemaFile; ignoreMissing?: readonly string[] } = {}) {
  const file = opts.file ?? (generated as SchemaFile);
  const forValidation = validatorSchemas(file, new Set(opts.ignoreMissing ?? []));
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
  ajv.addSchema({ $id: 'contract', definitions: forValidation.definitions });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  const rewrite = (s: Schema): Schema =>
    JSON.parse(JSON.stringify(s).replaceAll('"#/definitions/', '"contract#/definitions/'));

  /** Every defect of `data` as the real type `root`: `path: message` lines (empty when it conforms). */
  function validate(root: string, data: unknown): string[] {
    let fn = compiled.get(root);
    if (!fn) {
      const schema = forValidation.roots[root];
      if (!schema) throw new Error(`no real type named ${root} in schemas.json`);
      fn = ajv.compile(rewrite(schema));
      compiled.set(root, fn);
    }
    if (fn(data)) return [];
    return dedupe(fn.errors ?? []);
  }

  function resolve(s: Schema | undefined): Schema[] {
    if (!s) return [];
    if (s.$ref) return resolve(file.definitions[String(s.$ref).replace('#/definitions/', '')]);
    if (s.anyOf) return (s.anyOf as Schema[]).flatMap(resolve);
    if (s.allOf) return (s.allOf as Schema[]).flatMap(resolve);
    return [s];
  }

  /** Whether the real type `root` has the field at `path` (`a.b`, `*` for an array item or a record value). */
  function hasField(root: string, path: string): boolean {
    let level = resolve(file.roots[root]);
    for (const key of path.split('.')) {
      const next: Schema[] = [];
      for (const s of level) {
        if (key === '*') {
          if (s.type === 'array') next.push(...resolve(s.items));
          else if (s.type === 'object' && s.additionalProperties && s.additionalProperties !== false)
            next.push(...resolve(s.additionalProperties === true ? {} : s.additionalProperties));
          continue;
        }
        if (Object.keys(s).length === 0)
          next.push({}); // any: anything goes below
        else if (s.type === 'object') {
          if (s.properties && key in s.properties) next.push(...resolve(s.properties[key]));
          else if (s.additionalProperties !== false)
            next.push(
              ...resolve(s.additionalProperties === true || !s.additionalProperties ? {} : s.additionalProperties),
            );
        }
      }
      if (!next.length) return false;
      level = next;
    }
    return true;
  }

  /** The paths of `paths` the real type does not have. */
  function unknownReads(root: string, paths: string[]): string[] {
    return paths.filter((p) => !hasField(root, p));
  }

  return { validate, hasField, unknownReads };
}

function dedupe(errors: ErrorObject[]): string[] {
  // anyOf [X, null] reports X's error plus "must be null" plus "must match a schema in anyOf": keep the useful ones.
  const out = errors
    .filter((e) => !(e.keyword === 'type' && e.params.type === 'null') && e.keyword !== 'anyOf')
    .map((e) => {
      const where = e.instancePath || '(root)';
      if (e.keyword === 'required') return `${where}/${e.params.missingProperty}: missing required field`;
      if (e.keyword === 'enum')
        return `${where}: ${JSON.stringify(e.data)} is not one of ${JSON.stringify(e.params.allowedValues)}`;
      if (e.keyword === 'const')
        return `${where}: ${JSON.stringify(e.data)} is not ${JSON.stringify(e.params.allowedValue)}`;
      return `${where}: ${e.message}`;
    });
  return [...new Set(out)];
}

/**
 * The field paths a superstruct response schema reads (`type()`/`object()` keys, `*` for array items), as the elements
 * check them at the boundary: `list.*.paymentCurrency.symbol`.
 */
export function structPaths(struct: Struct<any, any>, prefix = ''): string[] {
  const s = struct as unknown as { type: string; schema: unknown };
  if ((s.type === 'type' || s.type === 'object') && s.schema && typeof s.schema === 'object') {
    return Object.entries(s.schema as Record<string, Struct<any, any>>).flatMap(([k, v]) => {
      const p = prefix ? `${prefix}.${k}` : k;
      return [p, ...structPaths(v, p)];
    });
  }
  if (s.type === 'array' && s.schema) return structPaths(s.schema as Struct<any, any>, prefix ? `${prefix}.*` : '*');
  return [];
}
