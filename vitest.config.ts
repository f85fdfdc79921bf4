import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeNamespaces } from './scripts/vite-locale-namespaces.ts';

export default defineConfig({
  // Element sources import their strings as `locale:en/<namespaces>` (tests/unit/ssr.test.ts imports them).
  plugins: [localeNamespaces(import.meta.dirname)],
  test: {
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, with the second core
    // idle (the main process only collects results). The server test files are CPU-bound and independent (each has
    // its own sandbox), so they run two at a time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A run directory where the server tests share one migrated sandbox database (tests/server/harness.ts).
    globalSetup: ['tests/server/global-setup.ts'],
    // Timeouts catch a hang, not slowness: in npm test the suite shares the machine with the static checks and the
    // build (scripts/parallel.mjs); at idle priority beside the browser tests, a sandbox's start took over 30 s and
    // the fuzz over 4 minutes.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      // Pure logic: each file in a fresh module graph, as they stub globals (location, storage, timers) and import
      // the client's module-level singletons (i18n, caches). They are small, so isolating them costs little.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The sandbox's own tests and the contract test: every file starts sandboxes of its own (createSandboxServer,
      // its own database, clock and event bus), so nothing of a test lives in module state and the files can share
      // a worker's module graph. Isolating them re-imported Express, PGlite, the DID Connect libraries and the whole
      // sandbox for each of ~65 files: more than half of the suite's CPU time (measured: 18 payment files took 139 s
      // of CPU isolated, 58 s shared). A file that changes process-wide state (process.env, globals, timers) puts it
      // back in its afterAll/afterEach.
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'], isolate: false },
      },
    ],
  },
});
