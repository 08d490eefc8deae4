/**
 * Picks the database for the process: real PostgreSQL when DATABASE_URL is set, otherwise PGlite
 * persisted under DATA_DIR/pgdata. Migrations run before anything else touches it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

export interface OpenedDatabase {
  db: Db;
  /** Human description for the start-up banner. */
  description: string;
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<OpenedDatabase> {
  let opened: OpenedDatabase;
  if (options.databaseUrl) {
    opened = { db: await openPostgres(options.databaseUrl), description: 'PostgreSQL (DATABASE_URL)' };
  } else {
    const dir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    opened = { db: await openPglite(dir), description: `PGlite in ${dir}` };
  }
  try {
    await migrate(opened.db);
  } catch (error) {
    await opened.db.close();
    throw error;
  }
  return opened;
}
