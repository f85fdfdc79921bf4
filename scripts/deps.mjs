// `npm run deps`: the dependency (layer and cycle) check, rules in .dependency-cruiser.cjs.
//
// dependency-cruiser reads TypeScript through the `typescript` package's JavaScript API, which TypeScript 7 (the
// project's compiler, native) no longer has. So this runs the dependency-cruiser CLI with `typescript` resolved to
// the `typescript-5` alias (a dev dependency used only here), for both its ESM imports and its require() calls.
// Arguments are passed through: `npm run deps -- -T dot hosts/server/payment | dot -Tsvg > deps.svg`.
import Module, { register } from 'node:module';

const ALIAS = 'typescript-5';
const mapped = (specifier) =>
  specifier === 'typescript' || specifier.startsWith('typescript/')
    ? ALIAS + specifier.slice('typescript'.length)
    : null;

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(s, c, next) {
      if (s === 'typescript' || s.startsWith('typescript/')) return next(${JSON.stringify(ALIAS)} + s.slice(10), c);
      return next(s, c);
    }`),
);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, mapped(request) ?? request, ...rest);
};

const args = process.argv.slice(2);
process.argv = [process.argv[0], 'depcruise', ...(args.length ? args : ['hosts', 'src', 'elements'])];
await import(new URL('../../bin/dependency-cruise.mjs', import.meta.resolve('dependency-cruiser')).href);
