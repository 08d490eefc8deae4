/**
 * Shared by the Idempotency-Key tests (idempotency.test.ts, idempotency-failures.test.ts): a server
 * with two reviewers, request options carrying a key, and helpers to count rows and read a key's
 * stored row.
 */
import { queryOne } from '../db/db.ts';
import { createTestServer, type RequestOptions } from '../testing/support.ts';

export const keyed = (key: string, options: RequestOptions = {}): RequestOptions => ({
  ...options,
  headers: { ...options.headers, 'Idempotency-Key': key },
});

/** The server, reviewers and helpers every idempotency test file starts from (call once, at the top). */
export async function idempotencyServer() {
  const s = await createTestServer();
  const alice = await s.exchangeToken({ sub: 'idem-alice', name: 'Alice' });
  const bob = await s.exchangeToken({ sub: 'idem-bob', name: 'Bob' });
  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    (await queryOne<{ n: number }>(s.db, `SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
  const keyRow = (key: string) =>
    queryOne<{ status: number | null }>(s.db, 'SELECT status FROM idempotency_keys WHERE idempotency_key = $1', [key]);

  return { s, alice, bob, count, keyRow };
}
