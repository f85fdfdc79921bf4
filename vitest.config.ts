import { defineConfig } from 'vitest/config';
import { localeNamespaces } from './scripts/vite-locale-namespaces.ts';

export default defineConfig({
  // Element sources import their strings as `locale:en/<namespaces>` (tests/unit/ssr.test.ts imports them).
  plugins: [localeNamespaces(import.meta.dirname)],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    // A run directory where the server tests share one migrated sandbox database (tests/server/harness.ts).
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
