/**
 * End-to-end tests: the real widget against the real reference server in Debian's Chromium.
 * One server per run on its own port and a fresh data folder (the demo seed is written to
 * `<data>/demo.json`, which the tests read through e2e/fixtures.ts).
 */
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8788);
// Set once in the runner process; workers inherit it, so all agree on one data folder.
process.env.PINMARK_E2E_DATA ??= join(process.cwd(), '.tmp', `e2e-data-${Date.now()}`);
process.env.PINMARK_E2E_URL ??= `http://localhost:${port}`;
// A customer's own site on its own origin (e2e/own-site.spec.ts), allowed as the README tells.
process.env.PINMARK_E2E_CUSTOMER_ORIGIN ??= `http://127.0.0.1:${port + 1000}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that fails once is a bug to find (the lost launcher press was one).
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.PINMARK_E2E_URL,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /paused\.spec\.ts/ },
    // Pausing is per markup and every spec shares the demo markup: run it alone, after the rest.
    { name: 'paused', use: { browserName: 'chromium' }, testMatch: /paused\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${process.env.PINMARK_E2E_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.PINMARK_E2E_DATA,
      PUBLIC_URL: process.env.PINMARK_E2E_URL,
      ALLOWED_ORIGINS: process.env.PINMARK_E2E_CUSTOMER_ORIGIN,
      // E-mail notifications gather for 1 s instead of 2 min, so the Mail page shows them at once.
      PINMARK_MAIL_BATCH_SECONDS: '1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
