/**
 * Unit tests in two projects: `node` for the server and pure code (`*.node.test.ts`, `server/**`),
 * `browser` for widget code that needs real layout (`src/**\/*.test.ts(x)`), run in Debian's Chromium.
 */
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

export default defineConfig({
  // Pre-bundled up front: discovered mid-run on a cold cache, Vite re-optimises it and reloads a test.
  optimizeDeps: { include: ['html2canvas', 'quill'] },
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
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.{ts,tsx}'],
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
