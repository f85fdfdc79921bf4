import { defineConfig } from 'vitest/config';

// Cross-checks with the platform's own code: `npm run test:crosscheck`, which installs the platform's browser DID
// Connect client in tools/did-connect-react first (its own package.json and lock, like tools/payment-js). The
// realtime client and server (@arcblock/ws) come from the root install. CI runs it beside the main suite, on a busy
// machine: hence the generous timeouts.
export default defineConfig({
  test: {
    include: ['tests/crosscheck/**/*.test.ts', 'tests/crosscheck/**/*.test.tsx'],
    environment: 'node',
    // The sandbox harness (tests/server/harness.ts) keeps its migrated-database dump in this run's directory.
    globalSetup: ['tests/server/global-setup.ts'],
    // did-connect-react and the platform packages it imports ship ES modules without `"type": "module"` and with
    // extensionless imports (written for bundlers): Vite transforms them, as the platform's build would.
    server: { deps: { inline: [/tools\/did-connect-react\/node_modules\/(@arcblock|@blocklet|keyv-browser)\//] } },
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
