#!/usr/bin/env node
/**
 * `npm test`: the one command CI and developers run. Steps, stopping at the first failure:
 * Chromium → PostgreSQL → typecheck → format (Prettier) → lint (ESLint) → build → unit tests (vitest: node, server-pg and browser
 * projects) → end-to-end (Playwright). Ends with one summary line `N passed, N failed` counted from
 * the runners' JSON reports. Without PostgreSQL the server-pg project is skipped, not failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = join(process.cwd(), '.tmp', 'reports');
mkdirSync(reportDir, { recursive: true });
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function counts() {
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
    skipped += p.stats?.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

/** The line ensure-postgres.mjs printed when the server-pg project will not run, repeated at the end. */
let postgresSkipped;

function ensurePostgres() {
  console.log('\n=== postgres: node scripts/ensure-postgres.mjs');
  const result = spawnSync('node', ['scripts/ensure-postgres.mjs'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  postgresSkipped = (result.stdout ?? '').match(/^PostgreSQL tests skipped.*$/m)?.[0];
  return result.status === 0;
}

const steps = [
  () => run('chromium', 'node', ['scripts/ensure-chromium.mjs']),
  ensurePostgres,
  () => run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  () => run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
  () => run('lint', 'npx', ['eslint', '.']),
  () => run('build', 'npm', ['run', 'build', '--silent']),
  () => run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
  () => run('e2e', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }),
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
const { passed, failed, skipped } = counts();
if (postgresSkipped) console.log(`\n${postgresSkipped}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
