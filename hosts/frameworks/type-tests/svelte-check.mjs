// svelte-check over the Svelte app and type-tests/*.svelte (tsconfig.svelte.json), as `@vue-expect-error` works for
// vue-tsc: an element right after an `<!-- expect-error: … -->` comment must be an error, and nothing else may be.
// So a typo such as `<pay-checkout chekout-id="typo">` that compiles fails the check, and so does a real error.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '..');

const expected = new Map(); // "file:line" → what the comment says
for (const f of readdirSync(here).filter((n) => n.endsWith('.svelte'))) {
  const lines = readFileSync(join(here, f), 'utf8').split('\n');
  lines.forEach((text, i) => {
    const m = /<!--\s*expect-error:?\s*(.*?)\s*-->/.exec(text);
    if (m) expected.set(`${relative(root, join(here, f))}:${i + 2}`, m[1]);
  });
}

const run = spawnSync('npx', ['svelte-check', '--tsconfig', './tsconfig.svelte.json', '--output', 'machine'], {
  cwd: root,
  encoding: 'utf8',
});
const problems = [];
for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
  const m = /^\d+ (ERROR|WARNING) "([^"]+)" (\d+):(\d+) (.*)$/.exec(line);
  if (m) problems.push({ at: `${m[2]}:${m[3]}`, text: `${m[1]} ${m[2]}:${m[3]}:${m[4]} ${m[5]}` });
}
if (!/COMPLETED/.test(run.stdout)) {
  console.error(run.stdout, run.stderr);
  console.error('svelte-check did not complete');
  process.exit(1);
}

const failures = [];
for (const p of problems) if (!expected.has(p.at)) failures.push(`unexpected: ${p.text}`);
for (const [at, what] of expected)
  if (!problems.some((p) => p.at === at)) failures.push(`no error at ${at} (expected: ${what})`);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`svelte-check: ${expected.size} expected errors, no other problems`);
