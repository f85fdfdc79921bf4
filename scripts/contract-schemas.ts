/**
 * JSON Schemas of the real Payment Kit responses, generated from @blocklet/payment-types (tests/contract/real-types.ts
 * names each response type the elements read) into tests/contract/schemas.json.
 *
 *   npx tsx scripts/contract-schemas.ts           regenerate the file
 *   npx tsx scripts/contract-schemas.ts --check   fail (exit 1) when the committed file differs from the types
 *
 * TypeScript 7 (the project's compiler) has no JavaScript API, so this reads the types with the 5.x compiler
 * (devDependency `typescript-5`). It walks the checker's resolved types (sequelize's InferAttributes, type-fest's
 * LiteralUnion, intersections) rather than the syntax: what the schema says is what `tsc` would accept.
 * Every object schema carries `additionalProperties: false` unless the type has an index signature, so the contract
 * test can tell a field the real type has from one it does not; the validator itself ignores extra fields sent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-5';

type Schema = Record<string, unknown>;

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}tests/contract/real-types.ts`;
const outFile = `${root}tests/contract/schemas.json`;

export function generate(): { definitions: Record<string, Schema>; roots: Record<string, Schema> } {
  const program = ts.createProgram([entry], {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error('tests/contract/real-types.ts not found');
  const missing = ts.getPreEmitDiagnostics(program, source).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (missing.length) {
    throw new Error(missing.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  }

  const definitions: Record<string, Schema> = {};
  const named = new Map<ts.Type, string>();
  const usedNames = new Set<string>();

  const isPrimitiveLike = (t: ts.Type) =>
    (t.flags &
      (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike)) !==
    0;

  // A Date is sent as its ISO string.
  const isDate = (t: ts.Type) => t.getSymbol()?.name === 'Date' && !!checker.getPropertyOfType(t, 'getTime');

  function objectName(t: ts.Type): string {
    const sym = t.aliasSymbol ?? t.getSymbol();
    let base = sym && !sym.name.startsWith('__') ? sym.name : 'Object';
    if (t.aliasTypeArguments?.length)
      base += `_${t.aliasTypeArguments.map((a) => a.aliasSymbol?.name ?? a.getSymbol()?.name ?? 'T').join('_')}`;
    base = base.replace(/[^A-Za-z0-9_]/g, '_');
    let name = base;
    for (let i = 2; usedNames.has(name); i++) name = `${base}${i}`;
    usedNames.add(name);
    return name;
  }

  function convert(t: ts.Type): Schema {
    const f = t.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Never) return { not: {} };
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & ts.TypeFlags.StringLiteral) return { type: 'string', const: (t as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (t as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(t) === 'true' };
    if (f & ts.TypeFlags.String || f & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & (ts.TypeFlags.BigInt | ts.TypeFlags.ESSymbol | ts.TypeFlags.Void | ts.TypeFlags.Undefined))
      return { not: {} };
    if (t.isUnion()) return convertUnion(t.types);
    if (t.isIntersection()) {
      // `string & {…}` (type-fest LiteralUnion, sequelize CreationOptional brands) is the primitive.
      const prim = t.types.find(isPrimitiveLike) ?? t.types.find(isDate);
      if (prim) return convert(prim);
      // `TCheckoutSession & {line_items: TLineItemExpanded[]}`: LineItem[] & TLineItemExpanded[] is an array of both.
      if (t.types.every((m) => checker.isArrayType(m))) {
        return {
          type: 'array',
          items: { allOf: t.types.map((m) => convert(checker.getTypeArguments(m as ts.TypeReference)[0]!)) },
        };
      }
    }
    if (checker.isArrayType(t) || checker.isTupleType(t)) {
      const args = checker.getTypeArguments(t as ts.TypeReference);
      return {
        type: 'array',
        items: args.length === 1 || checker.isArrayType(t) ? convert(args[0]!) : { anyOf: args.map(convert) },
      };
    }
    if (isDate(t)) return { type: 'string' };
    if (t.getCallSignatures().length && !checker.getPropertiesOfType(t).length) return { not: {} };
    return objectRef(t);
  }

  function convertUnion(members: ts.Type[]): Schema {
    let parts = members.filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const hasTrue = parts.some((m) => m.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(m) === 'true');
    const hasFalse = parts.some((m) => m.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(m) === 'false');
    const out: Schema[] = [];
    if (hasTrue && hasFalse) {
      parts = parts.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral));
      out.push({ type: 'boolean' });
    }
    // type-fest's LiteralUnion<'a' | 'b', string> is `'a' | 'b' | (string & Record<never, never>)`: the real union is
    // the literals (the `string &` part only keeps editor completion), so it becomes an enum. A bare `string` stays open.
    const literals = parts
      .filter((m) => m.flags & ts.TypeFlags.StringLiteral)
      .map((m) => (m as ts.StringLiteralType).value);
    const brandedString = parts.some((m) => m.isIntersection() && m.types.some((x) => x.flags & ts.TypeFlags.String));
    const plainString = parts.some((m) => m.flags & ts.TypeFlags.String) || (brandedString && !literals.length);
    if (plainString) out.push({ type: 'string' });
    else if (literals.length) out.push({ type: 'string', enum: [...new Set(literals)].sort() });
    for (const m of parts) {
      if (m.flags & ts.TypeFlags.StringLiteral) continue;
      if (m.flags & ts.TypeFlags.String) continue;
      if (m.isIntersection() && m.types.some((x) => x.flags & ts.TypeFlags.String)) continue;
      out.push(convert(m));
    }
    const unique = [...new Map(out.map((s) => [JSON.stringify(s), s])).values()];
    return unique.length === 1 ? unique[0]! : { anyOf: unique };
  }

  function objectRef(t: ts.Type): Schema {
    const known = named.get(t);
    if (known) return { $ref: `#/definitions/${known}` };
    const name = objectName(t);
    named.set(t, name);
    definitions[name] = {};
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(t)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (decl && (ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl))) continue;
      const pt = checker.getTypeOfSymbol(prop);
      if (pt.getCallSignatures().length && !(pt.flags & ts.TypeFlags.Union)) continue;
      if (prop.name.startsWith('__')) continue;
      const schema = convert(pt);
      properties[prop.name] = schema;
      const optional =
        (prop.flags & ts.SymbolFlags.Optional) !== 0 ||
        (pt.isUnion() && pt.types.some((m) => m.flags & ts.TypeFlags.Undefined));
      if (!optional) required.push(prop.name);
    }
    const index =
      checker.getIndexTypeOfType(t, ts.IndexKind.String) ?? checker.getIndexTypeOfType(t, ts.IndexKind.Number);
    const def: Schema = { type: 'object', properties };
    if (required.length) def.required = required.sort();
    def.additionalProperties = index ? convert(index) : false;
    definitions[name] = def;
    return { $ref: `#/definitions/${name}` };
  }

  const roots: Record<string, Schema> = {};
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  for (const sym of exported.sort((a, b) => a.name.localeCompare(b.name))) {
    const decl = sym.declarations?.[0];
    if (!decl || !ts.isTypeAliasDeclaration(decl)) continue;
    roots[sym.name] = convert(checker.getTypeAtLocation(decl.name));
  }
  return { definitions, roots };
}

function main() {
  const text = `${JSON.stringify(generate(), null, 1)}\n`;
  if (process.argv.includes('--check')) {
    const committed = readFileSync(outFile, 'utf8');
    if (committed !== text) {
      console.error(
        'tests/contract/schemas.json is out of date with @blocklet/payment-types: run `npx tsx scripts/contract-schemas.ts`.',
      );
      process.exit(1);
    }
    console.log('tests/contract/schemas.json matches @blocklet/payment-types.');
    return;
  }
  writeFileSync(outFile, text);
  console.log(`wrote tests/contract/schemas.json (${text.length} bytes)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
