// `node scripts/install-once.mjs <dir> [npm ci flags…]`: installs a folder's own locked dependencies (`npm ci
// --prefix <dir>`) unless they are already installed from its current lock file. `npm test` calls it for the tools
// and apps that keep their dependencies apart from the package's (tools/lint, hosts/frameworks, tools/payment-js, tools/did-connect-react), so
// `npm ci && npm test` on a fresh clone needs nothing else, and a second run costs one stat.
//
// "Installed from the current lock file": npm ci writes node_modules/.package-lock.json (npm's hidden lock file) after
// the install; a lock file changed since (a pull, a branch switch, a new dependency) is newer than it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Whether `dir` needs `npm ci`: no install yet, or one older than its package-lock.json. */
export function needsInstall(dir) {
  const lock = statSync(join(dir, 'package-lock.json')).mtimeMs;
  let installed;
  try {
    installed = statSync(join(dir, 'node_modules', '.package-lock.json')).mtimeMs;
  } catch {
    return true;
  }
  return installed < lock;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, ...flags] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node scripts/install-once.mjs <dir> [npm ci flags…]');
    process.exit(2);
  }
  if (!needsInstall(dir)) process.exit(0);
  // CI starts the slow installs early, in the background, and npm test asks for the same ones later: the second
  // caller waits for the first (a lock folder beside node_modules) instead of running a second npm ci over it.
  // A living owner is waited for however long it takes (the caller's own time limit ends a hang): a second npm ci
  // in the same folder would delete the tree the first one is writing, and both would fail.
  const lock = join(dir, '.install-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (!ownerAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  let status = 0;
  try {
    if (needsInstall(dir)) {
      console.log(`installing ${dir} (npm ci)`);
      status =
        spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', ...flags], { stdio: 'inherit' }).status ??
        1;
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  process.exit(status);
}

/** Whether the process that holds the lock still runs (a killed install leaves its lock behind). */
function ownerAlive(lock) {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    if (error.code === 'EPERM') return true;
    // No pid file: the owner is between mkdir and write (a moment), or died there (the lock is older than that).
    if (error.code === 'ENOENT') return Date.now() - lockCreatedAt(lock) < 10_000;
    return false;
  }
}

function lockCreatedAt(lock) {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}
