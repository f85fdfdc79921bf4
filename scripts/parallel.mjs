// `node scripts/parallel.mjs lint typecheck deps`: runs npm scripts side by side, two at a time (or
// `--jobs <n>`, or PARALLEL=<n>), and fails when any of them fails. Each script's output is printed whole when it
// ends, under its name and its time, so the logs of two scripts never interleave. `--timeout <minutes>` ends a
// script that runs longer (its whole process group: browsers and servers too) and prints what it wrote so far: a
// hang then fails the run in minutes, naming the script, instead of running into CI's limit with nothing printed.
// At the end, the lines that tell what failed are printed again, in short: CI shows only the end of the log.
// `--idle <script>` runs that script at the lowest CPU priority (`nice -n 19`, inherited by everything it starts):
// it gets the cores only while the others leave them idle.
//
// In `npm test`, three stages. First what is CPU-bound and untimed, side by side: the static checks (ESLint, knip,
// Prettier, dependency-cruiser and vue-tsc, two at a time, longest first: ESLint ~90 s, vue-tsc ~70 s, …), the build
// with its size and package checks, and vitest (unit, server and contract tests). Then the element tests in Chromium,
// Firefox and WebKit, alone: they run one file at a time, mostly wait (debounces, animations) and are timed, so starved
// of CPU they miss their windows (measured alone: 452 s, 839 s of CPU). Then the Playwright flows beside the journeys
// and the platform-client checks: beside the element tests (measured on 2 cores) the flows and the element tests both
// took more than twice as long, and beside vitest at equal priority all three failed.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(args.splice(jobsAt, 2)[1]) : Number(process.env.PARALLEL);
const timeoutAt = args.indexOf('--timeout');
const timeoutMs = timeoutAt >= 0 ? Number(args.splice(timeoutAt, 2)[1]) * 60_000 : 0;
const idle = new Set();
for (let at = args.indexOf('--idle'); at >= 0; at = args.indexOf('--idle')) {
  args.splice(at, 1); // the flag; the script after it stays in the list
  idle.add(args[at]);
}
const scripts = args;
const limit = Math.max(1, jobs || 2);
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The process groups of the scripts running now (each is detached: a group of its own). */
const running = new Set();
const killGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};
// Detached groups do not get the terminal's Ctrl-C: pass an interrupt on to them, then stop.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });

function run(name) {
  return new Promise((resolve) => {
    const t = performance.now();
    const command = ['npm', 'run', '--silent', name];
    // `nice` exists wherever npm test runs (Linux, macOS); elsewhere the script runs at normal priority.
    if (idle.has(name) && process.platform !== 'win32') command.unshift('nice', '-n', '19');
    // Its own process group (detached), so a timeout can end everything it started.
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child.pid);
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    let timedOut = false;
    let done = false;
    const finish = (ok, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      running.delete(child.pid);
      const text = Buffer.concat(out);
      process.stdout.write(`\n> ${name}: ${ok ? 'ok' : `failed (${why})`} in ${seconds(t)}\n`);
      process.stdout.write(text);
      if (!ok) recaps.push(`> ${name}: failed (${why}) in ${seconds(t)}\n${recap(text.toString())}`);
      resolve(ok);
    };
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            killGroup(child.pid);
            // A process that left the group may still hold the output open: do not wait on it for long.
            setTimeout(() => finish(false, `timed out after ${timeoutMs / 60_000} min`), 5000).unref();
          }, timeoutMs)
        : undefined;
    child.on('close', (code, signal) => {
      if (timedOut) finish(false, `timed out after ${timeoutMs / 60_000} min`);
      else finish(code === 0, signal ?? `exit ${code}`);
    });
  });
}

/** What a failed script said about its failures: CI keeps only the end of a long log, where the others' output lands. */
const recaps = [];
const RECAP_LINES = 30;
function recap(text) {
  const lines = stripVTControlCharacters(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean);
  const telling = lines.filter(
    (line) => /\b(FAIL|failed|Error|timed out|Timeout|expected)\b|^\s*[✗✘×]/.test(line) && !/\b0 failed\b/.test(line),
  );
  const picked = [...new Set(telling.length ? telling : lines.slice(-RECAP_LINES))];
  const shown = picked.slice(0, RECAP_LINES).map((line) => `  ${line.slice(0, 240)}`);
  if (picked.length > RECAP_LINES) shown.push(`  … and ${picked.length - RECAP_LINES} more lines like these, above`);
  return shown.join('\n');
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
  console.error(`\nWhat failed, in short (each script's whole output is above):\n${recaps.join('\n')}`);
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
