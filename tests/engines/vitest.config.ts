import { defineConfig } from 'vitest/config';

// The journeys in Firefox and WebKit (`npm run test:engines`, after `npm run build`): one file per engine, each
// with its own browser and its own sandbox server (global-setup.ts), the two side by side.
export default defineConfig({
  test: {
    include: ['tests/engines/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/global-setup.ts'],
    maxWorkers: 2,
    // A journey waits on polls, the wallet and page loads; a loaded 2-core machine stretches them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One retry, as the other browser suites have: a test that fails twice fails the run.
    retry: 1,
  },
});
