/**
 * Real PostgreSQL through `pg`, chosen when DATABASE_URL is set. A pool serves ordinary queries;
 * a transaction checks out one client for its whole duration. Type parsers are aligned with
 * PGlite (int8 and numeric as numbers) so rows look the same whichever driver produced them.
 * Statements marked `prepare` (db.ts QueryOptions) are named, so each connection prepares them once.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, QueryOptions } from './db.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Prepared statements are named after their text, so every connection prepares each one under one name. */
const statementNames = new Map<string, string>();

function statement(sql: string, params: unknown[], options: QueryOptions | undefined): pg.QueryConfig {
  if (!options?.prepare) return { text: sql, values: params };
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `pinmark_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<T[]> {
      const result = await client.query(statement(sql, params, options));
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    async close() {
      throw new Error('close() called on a transaction handle');
    },
  };
  return db;
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // A connection the server closes (restart, failover, pg_terminate_backend) is an 'error' event:
  // unhandled, it would crash the process. The failing query (if any) still rejects; an idle
  // connection is dropped from the pool and replaced on demand.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection failed and was dropped (${error.message})`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  let closed = false;
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<T[]> {
      const result = await pool.query(statement(sql, params, options));
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
