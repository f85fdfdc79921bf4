import { defineConfig } from 'vitest/config';

// The official @blocklet/payment-js client against the sandbox: `npm run test:payment-js`, which installs the client
// in tools/payment-js first (its own package.json and lock, like tools/lint).
export default defineConfig({
  test: {
    include: ['tests/payment-js/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
