import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium-args.mjs';

// End-to-end flows against the host server on a fresh in-memory sandbox database, driven in Debian's
// Chromium (no browser download). Screenshots of each flow are kept under test-results/.
// Each worker has a server of its own (ports E2E_PORT, E2E_PORT + 1, …; tests/e2e/support.ts picks it): its own
// database and sandbox clock, so the spec files run three at a time without meeting each other's data. The flows
// mostly wait (polls, debounces, page loads: two workers keep about 30% of 2 cores busy), so npm test runs them
// alone, after the other suites, with a third worker.
const PORT = Number(process.env.E2E_PORT || 4173);
const WORKERS = Number(process.env.E2E_WORKERS || 3);
// A throwaway app key for this run, shared by the server (SANDBOX_APP_SK) and the tests that call the merchant API
// as a merchant's server would (set before the workers fork, so they all see the same one).
const APP_SK = (process.env.E2E_APP_SK ??= `0x${randomBytes(32).toString('hex')}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  // One retry: a 2-core runner under load occasionally misses a timing window; a test that fails twice fails the run.
  retries: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: 'npx tsx hosts/server/main.ts',
    url: `http://127.0.0.1:${PORT + i}/__blocklet__.js?type=json`,
    env: { PORT: String(PORT + i), SANDBOX_DB: 'memory', SANDBOX_APP_SK: APP_SK },
    reuseExistingServer: false,
    // The sandbox migrates a fresh PGlite database at start: tens of seconds on a loaded 2-core runner.
    timeout: 180_000,
    stdout: 'pipe' as const,
  })),
});
