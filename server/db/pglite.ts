/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly), in memory for tests or in a
 * data directory for `npm start`. PGlite is a single connection, so its own transaction lock
 * already serializes writers; it must be closed cleanly or the data directory needs recovery.
 * Statements marked `prepare` (db.ts QueryOptions) run as named prepared statements
 * (pglite-prepared.ts), as they do on PostgreSQL.
 */
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db, QueryOptions } from './db.ts';
import { preparedStatements, type PreparedRunner } from './pglite-prepared.ts';

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(
  target: Queryable,
  prepared: PreparedRunner,
  inTransaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown>,
  close: () => Promise<void>,
): Db {
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<T[]> {
      if (options?.prepare) return prepared<T>(sql, params);
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return inTransaction(fn as (tx: Db) => Promise<unknown>) as Promise<T>;
    },
    close,
  };
}

function transactionDb(tx: Transaction, prepared: PreparedRunner): Db {
  // A nested transaction simply joins the enclosing one.
  const db: Db = wrap(
    tx,
    prepared,
    (fn) => fn(db),
    async () => {
      throw new Error('close() called on a transaction handle');
    },
  );
  return db;
}

/**
 * numeric (what sum() of a bigint and avg() return) as a number, as postgres.ts parses it: PGlite
 * would give a string, so the same query would answer differently on the two drivers.
 */
const PARSERS = { [types.NUMERIC]: (value: string) => Number(value) };

function pgliteDb(pg: PGlite): Db {
  const statements = preparedStatements(pg);
  return wrap(
    pg,
    statements.outside,
    (fn) => pg.transaction((tx) => fn(transactionDb(tx, statements.inside))),
    async () => {
      if (!pg.closed) await pg.close();
    },
  );
}

/**
 * Opens PGlite; `dataDir` undefined means in memory. `loadDataDir` starts from a dump (tests use a
 * migrated template: loading one is several times faster than initdb).
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  return pgliteDb(await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options, parsers: PARSERS }));
}

/** A dump of a fresh in-memory database after `prepare` ran on it (for `loadDataDir`). */
export async function pgliteTemplate(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = await PGlite.create({ parsers: PARSERS });
  try {
    await prepare(pgliteDb(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
