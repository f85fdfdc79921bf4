/**
 * `npm ci && npm test` on a fresh clone: every script of `npm test` that runs a tool or app with dependencies of its
 * own (tools/lint, hosts/frameworks) installs them first through scripts/install-once.mjs, which installs once and
 * again only when the lock file changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'scripts/install-once.mjs');
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

describe('npm test installs what it needs', () => {
  const own = [
    { dir: 'hosts/frameworks', setup: 'hosts:setup', uses: /--prefix hosts\/frameworks/ },
    { dir: 'tools/lint', setup: 'lint:setup', uses: /tools\/lint\/node_modules\/\.bin/ },
  ];
  for (const { dir, setup, uses } of own) {
    it(`every script using ${dir} runs ${setup} first`, () => {
      expect(scripts[setup]).toBe(`node scripts/install-once.mjs ${dir}`);
      const users = Object.entries(scripts).filter(([name, cmd]) => uses.test(cmd) && name !== 'hosts:install');
      expect(users.length).toBeGreaterThan(0);
      for (const [name, cmd] of users) expect(cmd, name).toMatch(new RegExp(`^npm run ${setup} && `));
    });
  }

  it('the checks of npm test reach the hosts typecheck through a script that installs them', () => {
    // Its first stage runs the checks (scripts/parallel.mjs runs each name as `npm run <name>`).
    expect(scripts.test).toMatch(/^node scripts\/parallel\.mjs [^&]*\bchecks\b/);
    expect(scripts.checks).toContain('hosts:typecheck');
  });
});

describe('scripts/install-once.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'install-once-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A package with one local dependency (file:, so npm ci needs no network).
  mkdirSync(join(dir, 'dep'));
  writeFileSync(join(dir, 'dep/package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
  const manifest = { name: 'app', version: '1.0.0', dependencies: { dep: 'file:./dep' } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  const lock = {
    ...manifest,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': manifest,
      dep: { version: '1.0.0' },
      'node_modules/dep': { resolved: 'dep', link: true },
    },
  };
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
  const run = () => execFileSync('node', [script, dir], { encoding: 'utf8' });

  it('installs a folder without node_modules, then does nothing until its lock file changes', () => {
    expect(run()).toContain(`installing ${dir}`);
    expect(readFileSync(join(dir, 'node_modules/dep/package.json'), 'utf8')).toContain('"dep"');
    expect(run()).toBe('');
    // The lock file changed after the install (a pull, a new dependency): the install is older than it.
    const earlier = new Date(Date.now() - 60000);
    utimesSync(join(dir, 'node_modules/.package-lock.json'), earlier, earlier);
    expect(run()).toContain(`installing ${dir}`);
    expect(run()).toBe('');
  }, 60000);
});
