import { defineConfig } from 'vitest/config';

// Tests of the built package (`npm run build` first): npm run test:package.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 90000,
  },
});
