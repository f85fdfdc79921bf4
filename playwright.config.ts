import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// End-to-end flows against the host server on a fresh in-memory sandbox database, driven in Debian's
// Chromium (no browser download). Screenshots of each flow are kept under test-results/.
const PORT = Number(process.env.E2E_PORT || 4173);
// A throwaway app key for this run, shared by the server (SANDBOX_APP_SK) and the tests that call the merchant API
// as a merchant's server would (set before the workers fork, so they all see the same one).
process.env.E2E_APP_SK ??= `0x${randomBytes(32).toString('hex')}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: a 2-core runner under load occasionally misses a timing window; a test that fails twice fails the run.
  retries: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'npx tsx hosts/server/main.ts',
    url: `http://127.0.0.1:${PORT}/__blocklet__.js?type=json`,
    env: { PORT: String(PORT), SANDBOX_DB: 'memory', SANDBOX_APP_SK: process.env.E2E_APP_SK },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
