// The Angular twin of svelte-check.mjs, for the package's directives (blocklet-pay-elements/angular):
// 1. ngc (Angular's template type checker, strictTemplates) over the Angular app and type-tests/*.angular.ts
//    (tsconfig.angular.json): the element right after an `<!-- expect-error: … -->` comment in a template must be an
//    error, and nothing else may be. So a misspelt binding, a wrong value, a wrong handler that compiles fails the
//    check, and so does a real error in the app.
// 2. Angular's linker (what an Angular CLI build runs over a library in node_modules) completes the directives'
//    partial declarations, as it would in an AOT app (the app here runs them through the JIT compiler).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { transformSync } from '@babel/core';
import { performCompilation, readConfiguration } from '@angular/compiler-cli';
import linkerPlugin from '@angular/compiler-cli/linker/babel';

const here = import.meta.dirname;
const root = join(here, '..');
const started = performance.now();

const expected = new Map(); // "file:line" → what the comment says
for (const f of readdirSync(here).filter((n) => n.endsWith('.angular.ts'))) {
  const lines = readFileSync(join(here, f), 'utf8').split('\n');
  lines.forEach((text, i) => {
    const m = /<!--\s*expect-error:?\s*(.*?)\s*-->/.exec(text);
    if (m) expected.set(`${relative(root, join(here, f))}:${i + 2}`, m[1]);
  });
}

const config = readConfiguration(join(root, 'tsconfig.angular.json'));
if (config.errors.length) {
  console.error(config.errors.map((d) => d.messageText).join('\n'));
  process.exit(1);
}
const { diagnostics } = performCompilation({ rootNames: config.rootNames, options: config.options });
const problems = diagnostics.map((d) => {
  const text = typeof d.messageText === 'string' ? d.messageText : d.messageText.messageText;
  if (!d.file || d.start === undefined) return { at: '', text: `${text}` };
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  const file = relative(root, d.file.fileName);
  return { at: `${file}:${line + 1}`, text: `${file}:${line + 1}:${character + 1} ${text.split('\n')[0]}` };
});

const failures = [];
for (const p of problems) if (!expected.has(p.at)) failures.push(`unexpected: ${p.text}`);
for (const [at, what] of expected)
  if (!problems.some((p) => p.at === at)) failures.push(`no error at ${at} (expected: ${what})`);

// The linker turns every ɵɵngDeclare… call of the package's directives into the definitions an AOT build runs.
const entry = createRequire(join(root, 'package.json')).resolve('blocklet-pay-elements/angular');
const linked = transformSync(readFileSync(entry, 'utf8'), {
  filename: entry,
  babelrc: false,
  configFile: false,
  plugins: [[linkerPlugin, { linkerJitMode: false, unknownDeclarationVersionHandling: 'error' }]],
})?.code;
if (!linked || /ɵɵngDeclare/.test(linked) || !/ɵɵdefineDirective/.test(linked))
  failures.push('the linker left partial declarations in blocklet-pay-elements/angular');

if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`angular-check: ${expected.size} expected errors, no other problems; the directives link (${seconds} s)`);
