// `node scripts/install-once.mjs <dir> [npm ci flags…]`: installs a folder's own locked dependencies (`npm ci
// --prefix <dir>`) unless they are already installed from its current lock file. `npm test` calls it for the tools
// and apps that keep their dependencies apart from the package's (tools/lint, hosts/frameworks, tools/payment-js, tools/did-connect-react), so
// `npm ci && npm test` on a fresh clone needs nothing else, and a second run costs one stat.
//
// "Installed from the current lock file": npm ci writes node_modules/.package-lock.json (npm's hidden lock file) after
// the install; a lock file changed since (a pull, a branch switch, a new dependency) is newer than it.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
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
  if (needsInstall(dir)) {
    console.log(`installing ${dir} (npm ci)`);
    const { status } = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', ...flags], {
      stdio: 'inherit',
    });
    process.exit(status ?? 1);
  }
}
