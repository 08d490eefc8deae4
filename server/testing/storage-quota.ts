/**
 * Helpers of the storage-quota attack test (server/attacks/storage-quota.test.ts, hole 8 of issue 13): a server
 * with tiny quotas, an upload the way a client makes one, what the ledger and the object store
 * hold, and the two refusals.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { API, createTestServer, md5Hex, postForm, type TestServer } from './support.ts';

export const USER_BYTES = 1000;
export const WORKSPACE_BYTES = 5000;
export const quotaServer = () => createTestServer({ config: { quotas: { userBytes: USER_BYTES, workspaceBytes: WORKSPACE_BYTES } } });

export type Reviewer = { token: string; userId: string };

export const count = async (s: TestServer, sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params))[0]!.n;
/** What the ledger holds (pending policies at their declared size), in all or of one uploader. */
export const storedBytes = async (s: TestServer, userId?: string) =>
  (
    await s.db.query<{ n: number }>(
      'SELECT COALESCE(sum(filesize), 0) AS n FROM uploads WHERE $1::uuid IS NULL OR created_by_user_id = $1::uuid',
      [userId ?? null],
    )
  )[0]!.n;
/** Every file in the object store (temporary files of refused uploads included). */
export const objectFiles = (s: TestServer) =>
  readdirSync(s.objectsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(s.objectsDir, name)).isFile())
    .sort();

export const policy = (s: TestServer, token: string, resourceId: string, filesize: number, resourceType = 'message_attachment') =>
  s.request('POST', `${API}/upload-policy`, {
    token,
    body: {
      resourceType,
      resourceId,
      filename: 'notes.txt',
      contentType: resourceType === 'message_attachment' ? 'text/plain' : 'image/png',
      filesize,
    },
  });

/** policy → the store → upload-complete; returns the fileId. */
export async function storeFile(s: TestServer, token: string, resourceId: string, size: number): Promise<string> {
  const p = await policy(s, token, resourceId, size);
  expect(p.status, p.text).toBe(200);
  const bytes = 'x'.repeat(size);
  const stored = await postForm(s.app, p.body.data.policy, { bytes, type: 'text/plain', name: 'notes.txt' });
  expect(stored.status).toBe(204);
  const done = await s.request('POST', `${API}/upload-complete`, { token, body: { fileId: p.body.data.fileId, etag: md5Hex(bytes) } });
  expect(done.status, done.text).toBe(200);
  return p.body.data.fileId;
}

/** The usage counters (migration 0015) say what the ledger holds, per workspace and per uploader. */
export async function expectCountersMatchLedger(s: TestServer): Promise<void> {
  const ledger = await s.db.query<{ workspace_id: string; user_id: string; bytes: number; pending_bytes: number }>(
    `SELECT workspace_id, COALESCE(created_by_user_id, '00000000-0000-0000-0000-000000000000') AS user_id, sum(filesize) AS bytes,
       COALESCE(sum(filesize) FILTER (WHERE completed_at IS NULL), 0) AS pending_bytes FROM uploads GROUP BY GROUPING SETS ((workspace_id), (workspace_id, created_by_user_id))
     HAVING GROUPING(created_by_user_id) = 1 OR created_by_user_id IS NOT NULL ORDER BY 1, 2`,
  );
  const counters = await s.db.query<{ workspace_id: string; user_id: string; bytes: number; pending_bytes: number }>(
    'SELECT workspace_id, user_id, bytes, pending_bytes FROM storage_usage_now WHERE bytes <> 0 OR pending_bytes <> 0 ORDER BY 1, 2',
  );
  const plain = (rows: typeof ledger) => rows.map((r) => ({ ...r, bytes: Number(r.bytes), pending_bytes: Number(r.pending_bytes) }));
  expect(plain(counters)).toEqual(plain(ledger));
}

export function expectRefused(res: { status: number; body: any; text: string }, status: 413 | 507, message: RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(status === 413 ? 'payload_too_large' : 'quota_exceeded');
  expect(res.body.error.message).toMatch(message);
}
