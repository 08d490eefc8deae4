/**
 * A fresh, migrated database per test file, on the driver the vitest project chose: PGlite in
 * memory (project `node`), or a database of its own on a real PostgreSQL (project `server-pg`,
 * which sets PINMARK_TEST_DB=postgres and starts the server in postgres-setup.ts). Also the way
 * a test reaches that PostgreSQL itself, e.g. to run several server processes on one database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../db/db.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { openPglite, pgliteTemplate } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { databaseUrl } from './postgres-setup.ts';

/** True in the `server-pg` project: tests that only make sense on PGlite skip themselves. */
export const onPostgres = process.env.PINMARK_TEST_DB === 'postgres';

export interface TestDatabase {
  db: Db;
  /** Closes the connection(s) and throws the database away. */
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) return openPgliteTestDatabase();
  const created = await createTestPostgresDatabase();
  if (!created) throw new Error('PINMARK_TEST_DB=postgres but no PostgreSQL was provided (run the `server-pg` project)');
  const db = await openPostgres(created.url);
  return {
    db,
    close: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/** A migrated in-memory PGlite whichever the project (for comparing the two drivers). */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const db = await openPglite(undefined, { loadDataDir: await migratedPgliteTemplate() });
  return { db, close: () => db.close() };
}

export interface TestPostgresDatabase {
  /** Connection string to a new database, already migrated (give it to servers as DATABASE_URL). */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** Whether this project has a PostgreSQL (for `describe.skipIf(!testPostgresAvailable())`). */
export function testPostgresAvailable(): boolean {
  return inject('pinmarkPostgres') !== undefined;
}

/**
 * A new migrated database on the run's PostgreSQL, or undefined when there is none (any project
 * but `server-pg`, or PostgreSQL not installed): the caller skips then. Drop it in afterAll.
 */
export async function createTestPostgresDatabase(options: { empty?: boolean } = {}): Promise<TestPostgresDatabase | undefined> {
  const provided = inject('pinmarkPostgres');
  if (!provided) return undefined;
  const name = `pinmark_test_${randomBytes(6).toString('hex')}`;
  // `empty`: no tables at all, for tests of migrating itself.
  await adminQuery(provided.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : provided.template}`);
  let dropped = false;
  return {
    url: databaseUrl(provided.adminUrl, name),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await dropDatabase(provided.adminUrl, name);
    },
  };
}

/**
 * Without FORCE first: PostgreSQL waits (up to 5 s) for connections just closed to go, whereas
 * FORCE would kill them while the client is still ending them (an 'error' event nobody hears).
 * FORCE only for connections a test left open.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  try {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  } catch {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated empty database as a PGlite dump, cached in the OS temp directory under a key of the
 * PGlite version and the migrations, so each test file skips initdb (seconds) after the first.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(version).update(JSON.stringify(loadMigrations())).digest('hex').slice(0, 16);
  const file = path.join(tmpdir(), `pinmark-test-pglite-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dump = await pgliteTemplate(migrate);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
