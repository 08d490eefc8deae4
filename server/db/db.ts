/**
 * The query layer every other server module talks to. Two drivers implement it (embedded PGlite
 * and real PostgreSQL through `pg`) and run the very same SQL with `$1` placeholders, so nothing
 * above this file knows which database is underneath.
 */

export interface QueryOptions {
  /**
   * Run often enough (every request of a hot route) to be prepared once per connection: PostgreSQL
   * then skips parsing it and, once a generic plan proves as good, planning it. For statements
   * whose plan cannot depend on the values (lookups by key, writes); PGlite runs it like any other.
   */
  prepare?: boolean;
}

export interface Db {
  /** One statement with `$n` parameters; rows as plain objects. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Several statements without parameters (migration scripts). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Called on a transaction handle, it simply runs `fn` inside the enclosing transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first row, or undefined. */
export async function queryOne<T = Record<string, unknown>>(
  db: Db,
  sql: string,
  params?: unknown[],
  options?: QueryOptions,
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params, options);
  return rows[0];
}

/**
 * Timestamps always travel as ISO strings cast with `::timestamptz`, never as Date objects, so
 * both drivers serialize them identically and the injected test clock decides "now".
 */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** A jsonb parameter: serialized here, because `pg` would turn a JS array into a Postgres array. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Parameters of a statement assembled in pieces: `add(value)` appends a value and answers its
 * placeholder (`$n`), so the SQL names each value where it is used instead of by a counted number.
 */
export function parameterList(): { values: unknown[]; add(value: unknown): string } {
  const values: unknown[] = [];
  return {
    values,
    add(value) {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
