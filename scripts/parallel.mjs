// `node scripts/parallel.mjs lint typecheck deps`: runs npm scripts side by side, two at a time (or
// `--jobs <n>`, or PARALLEL=<n>), and fails when any of them fails. Each script's output is printed whole when it ends, under its
// name and its time, so the logs of two scripts never interleave. `--idle <script>` runs that script at the lowest
// CPU priority (`nice -n 19`, inherited by everything it starts): it gets the cores only while the others leave them
// idle.
//
// For the static checks of `npm test`: ESLint, knip, Prettier, dependency-cruiser and vue-tsc each keep one core
// busy, so on a 2-core runner two of them together take about the time of the longer one, not the sum; they are
// listed longest first (ESLint ~90 s, vue-tsc ~70 s, Prettier ~30 s, …), so no long one starts last. Then, after
// the build, the browser tests beside vitest: the browser tests run one file at a time and mostly wait (debounces,
// animations; alone they keep about 15% of 2 cores busy) and are timed, so starved of CPU they miss their windows;
// vitest is CPU-bound and untimed but for generous timeouts, so it runs `--idle` and fills the cores they leave. The
// Playwright flows come last, alone: beside the browser tests (measured on 2 cores) both took more than twice as
// long, and beside vitest at equal priority all three failed.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(args.splice(jobsAt, 2)[1]) : Number(process.env.PARALLEL);
const idle = new Set();
for (let at = args.indexOf('--idle'); at >= 0; at = args.indexOf('--idle')) {
  args.splice(at, 1); // the flag; the script after it stays in the list
  idle.add(args[at]);
}
const scripts = args;
const limit = Math.max(1, jobs || 2);
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(name) {
  return new Promise((resolve) => {
    const t = performance.now();
    const command = ['npm', 'run', '--silent', name];
    // `nice` exists wherever npm test runs (Linux, macOS); elsewhere the script runs at normal priority.
    if (idle.has(name) && process.platform !== 'win32') command.unshift('nice', '-n', '19');
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      process.stdout.write(`\n> ${name}: ${ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(t)}\n`);
      process.stdout.write(Buffer.concat(out));
      resolve(ok);
    });
  });
}

const queue = [...scripts];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) if (!(await run(name))) failed.push(name);
  }),
);
console.log(`\n${scripts.length - failed.length}/${scripts.length} passed in ${seconds(started)}`);
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
