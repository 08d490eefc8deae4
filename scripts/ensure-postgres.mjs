#!/usr/bin/env node
/**
 * Finds PostgreSQL's server programs for the `server-pg` test project, or installs Debian's
 * `postgresql` package when that is possible (root with apt-get). Never fails the run: without
 * PostgreSQL the project is skipped, and this prints one line saying so and how to enable it.
 * Kept in step with `postgresBinDir()` in scripts/test-postgres.ts (vitest reads that one).
 */
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const hasServerBinaries = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(path.join(dir, bin)));

function binDir() {
  if (process.env.PINMARK_PG_BIN) return hasServerBinaries(process.env.PINMARK_PG_BIN) ? process.env.PINMARK_PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'))
    .find(hasServerBinaries);
}

const HOW =
  "install Debian's `postgresql` package (`sudo apt-get install -y postgresql`), set PINMARK_PG_BIN to a folder with initdb and pg_ctl, or PINMARK_TEST_PG_URL to a server whose role may CREATE DATABASE";

if (process.env.PINMARK_TEST_PG === '0') {
  console.log('PostgreSQL tests skipped: PINMARK_TEST_PG=0.');
  process.exit(0);
}
if (process.env.PINMARK_TEST_PG_URL) {
  console.log('PostgreSQL tests use the server at PINMARK_TEST_PG_URL.');
  process.exit(0);
}

let dir = binDir();
if (!dir && !process.env.PINMARK_PG_BIN) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    /* no apt */
  }
  if (isRoot && hasApt) {
    console.log("PostgreSQL not found; installing Debian's postgresql package (apt-get install -y postgresql)…");
    // Tests start clusters of their own: postgresql-common first, told not to create (and start)
    // a system cluster when the server package is installed.
    const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends';
    try {
      execSync(
        [
          'apt-get update -qq',
          `${install} postgresql-common >/dev/null`,
          "sed -ri 's/^#?\\s*create_main_cluster\\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf",
          `${install} postgresql >/dev/null`,
        ].join(' && '),
        { stdio: 'inherit' },
      );
    } catch {
      console.error('apt-get could not install postgresql.');
    }
    dir = binDir();
  }
}
if (dir) console.log(`PostgreSQL: ${dir}`);
else console.log(`PostgreSQL tests skipped (the server suite runs on PGlite only): no PostgreSQL server found. To run them, ${HOW}.`);
