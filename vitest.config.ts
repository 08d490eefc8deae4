/**
 * Unit tests in three projects: `node` for the server (on PGlite) and pure code (`*.node.test.ts`,
 * `server/**`), `server-pg` for the server suite again on a real PostgreSQL (only where one is
 * installed or PINMARK_TEST_PG_URL names one; see scripts/test-postgres.ts), and `browser` for
 * widget and review-app code that needs real layout (`src/**\/*.test.ts(x)`, `app/**\/*.test.ts(x)`), run in Debian's Chromium.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.ts';
import { postgresTestsEnabled } from './scripts/test-postgres.ts';
import { html2canvasSlices } from './scripts/html2canvas-slices.ts';

const serverOnPostgres: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'server-pg',
    environment: 'node',
    include: ['server/**/*.test.ts'],
    // server/testing/database.ts then opens each file's database on PostgreSQL instead of PGlite.
    env: { PINMARK_TEST_DB: 'postgres' },
    globalSetup: ['server/testing/postgres-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
};

export default defineConfig({
  // Pre-bundled up front: discovered mid-run on a cold cache, Vite re-optimises it and reloads a test.
  // html2canvas is not: pre-bundling skips plugins, and the tests must run the sliced html2canvas the
  // widget ships (scripts/html2canvas-slices.ts). It is an ES module already, so it needs no bundling.
  optimizeDeps: { include: ['quill'], exclude: ['html2canvas'] },
  plugins: [html2canvasSlices()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'src/**/*.node.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The pinmark CLI (cli/): one real server process for all its files (cli/testing/global-setup.ts).
        extends: true,
        test: {
          name: 'cli',
          environment: 'node',
          include: ['cli/**/*.test.ts'],
          globalSetup: ['cli/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(postgresTestsEnabled() ? [serverOnPostgres] : []),
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.node.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
