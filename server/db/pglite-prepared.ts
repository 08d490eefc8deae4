/**
 * Named prepared statements on PGlite, for the statements marked `prepare` (db.ts QueryOptions).
 * PGlite's own `query` parses, analyses and plans its text on every call, in six protocol calls;
 * for the API's hottest write (a new thread: one statement of a dozen CTEs) the planning alone was
 * about two thirds of the request's CPU on PGlite (issue 15). Here each text is parsed once per
 * database (PGlite is one session, so one prepared statement serves every later call), and each
 * call is one protocol exchange: Bind, Describe, Execute and Sync together. PostgreSQL keeps the
 * statement's plan as it does for `pg`'s named statements (postgres.ts), and re-plans by itself
 * when a migration changes a table the statement uses.
 *
 * A call takes the same locks PGlite's `query` takes: outside a transaction both the transaction
 * lock and the query lock (so it never runs between the statements of someone else's transaction),
 * inside one only the query lock, whose transaction already holds the other.
 */
import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Runs one prepared statement and answers its rows. */
export type PreparedRunner = <T>(sql: string, params: unknown[]) => Promise<T[]>;

interface Prepared {
  name: string;
  /** The parameters' types as PostgreSQL inferred them (for serializing the values). */
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Prepared-statement runners for one PGlite database: outside any transaction, and inside the open one. */
export function preparedStatements(pg: PGlite): { outside: PreparedRunner; inside: PreparedRunner } {
  const statements = new Map<string, Prepared>();

  async function prepare(sql: string): Promise<Prepared> {
    const known = statements.get(sql);
    if (known) return known;
    const name = `pinmark_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    // The Sync in the same message ends the exchange even when Parse fails (the error is thrown).
    const described = await pg.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(sql, prepared);
    return prepared;
  }

  async function run<T>(sql: string, params: unknown[]): Promise<T[]> {
    const { name, paramTypes } = await prepare(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pg.execProtocolStream(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
  }

  async function outside<T>(sql: string, params: unknown[]): Promise<T[]> {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const rows = await run<T>(sql, params);
        // As PGlite's own query does after a statement outside a transaction.
        await pg.syncToFs();
        return rows;
      }),
    );
  }

  return { outside, inside: (sql, params) => pg._runExclusiveQuery(() => run(sql, params)) };
}
