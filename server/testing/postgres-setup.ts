/**
 * vitest globalSetup of the `server-pg` project: one PostgreSQL for the whole run (a throwaway
 * cluster, or PINMARK_TEST_PG_URL) with a migrated template database, from which every test file
 * copies a fresh database of its own (server/testing/database.ts). Torn down after the run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresBinDir, startTestCluster, type TestCluster } from '../../scripts/test-postgres.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrate.ts';

/** What the setup hands to test files (`inject('pinmarkPostgres')`). */
export interface TestPostgres {
  /** Superuser connection string (to the `postgres` database). */
  adminUrl: string;
  /** The migrated database each test file copies. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pinmarkPostgres?: TestPostgres;
  }
}

/** The same server and credentials, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: TestCluster | undefined;
  let adminUrl = process.env.PINMARK_TEST_PG_URL;
  if (!adminUrl) {
    const binDir = postgresBinDir();
    if (!binDir) throw new Error('server-pg: no PostgreSQL server binaries (run `node scripts/ensure-postgres.mjs`)');
    cluster = await startTestCluster(binDir);
    adminUrl = cluster.url;
  }
  // Unique per run, so runs sharing one PINMARK_TEST_PG_URL server do not collide.
  const template = `pinmark_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openPostgres(databaseUrl(adminUrl, template));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    cluster?.stop();
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
  project.provide('pinmarkPostgres', { adminUrl, template });

  return async () => {
    if (cluster) return cluster.stop();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
