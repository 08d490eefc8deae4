#!/usr/bin/env node
/**
 * Started by `scripts/test-postgres.ts` next to each throwaway test cluster. It waits for its stdin
 * (a pipe from the test run) to close, then stops the cluster and deletes its folder, so a run that
 * dies without cleaning up (SIGKILL, a crash) never leaves a PostgreSQL running behind it.
 * Argument: JSON { pgCtl, dataDir, base, user? }.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const { pgCtl, dataDir, base, user } = JSON.parse(process.argv[2] ?? '{}');
if (!pgCtl || !dataDir || !base) process.exit(2);

// Its own session already keeps Ctrl-C away; ignoring these makes sure cleanup still happens.
for (const signal of ['SIGINT', 'SIGHUP']) process.on(signal, () => undefined);

let done = false;
function cleanUp() {
  if (done) return;
  done = true;
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    const args = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
    const [cmd, argv] = user ? ['runuser', ['-u', user, '--', pgCtl, ...args]] : [pgCtl, args];
    spawnSync(cmd, argv, { stdio: 'ignore', timeout: 30_000 });
  }
  rmSync(base, { recursive: true, force: true });
  process.exit(0);
}

process.stdin.on('end', cleanUp);
process.stdin.on('close', cleanUp);
process.stdin.on('error', cleanUp);
process.on('SIGTERM', cleanUp);
process.stdin.resume();
