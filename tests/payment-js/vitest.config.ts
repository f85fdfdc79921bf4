import { defineConfig } from 'vitest/config';

// The official @blocklet/payment-js client against the sandbox: `npm run test:payment-js`, which installs the client
// in tools/payment-js first (its own package.json and lock, like tools/lint). CI runs it beside the main suite, on a
// busy machine: hence the generous timeouts.
export default defineConfig({
  test: {
    include: ['tests/payment-js/**/*.test.ts'],
    environment: 'node',
    // The sandbox harness (tests/server/harness.ts) keeps its migrated-database dump in this run's directory.
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
