import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeNamespaces } from './scripts/vite-locale-namespaces.ts';

export default defineConfig({
  // Element sources import their strings as `locale:en/<namespaces>` (tests/unit/ssr.test.ts imports them).
  plugins: [localeNamespaces(import.meta.dirname)],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, with the second core
    // idle (the main process only collects results). The server test files are CPU-bound and independent (each has
    // its own sandbox), so they run two at a time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A run directory where the server tests share one migrated sandbox database (tests/server/harness.ts).
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
