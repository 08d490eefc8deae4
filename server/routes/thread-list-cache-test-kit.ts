/**
 * Shared by the `GET /threads` cache tests (thread-list-cache.test.ts,
 * thread-list-cache-consistency.test.ts): a server whose seeded markup has three threads by Alice,
 * two reviewers and the workspace key, and helpers that read the list twice (the second read must
 * be a cache hit) and run a write between two reads.
 */
import { expect } from 'vitest';
import { API, createTestServer, threadBody, type TestResponse } from '../testing/support.ts';

/** The server, viewers and helpers every thread-list cache test file starts from (call once, at the top). */
export async function threadListCacheServer() {
  const s = await createTestServer();
  const alice = await s.exchangeToken({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
  const bob = await s.exchangeToken({ sub: 'bob', name: 'Bob', email: 'bob@example.com' });
  const apiKey = s.seed.workspaceApiKey;
  const listUrl = `${API}/threads?markupId=${s.seed.markupId}`;

  async function createThread(token: string, body: object = threadBody()) {
    const res = await s.request('POST', `${API}/threads`, { token, body });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** Reads the list twice: the second read must be a cache hit (same ETag, same bytes). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw JSON a test reads
  async function list(token = alice.token, url = listUrl): Promise<{ data: any; etag: string }> {
    const first = await s.request('GET', url, { token });
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await s.request('GET', url, { token });
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);
    return { data: first.body.data, etag: etag! };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw JSON a test reads
  const threadIn = (data: any, id: string) => data.threads.find((t: { id: string }) => t.id === id);

  /** Primes the cache, runs the write, and returns the list before and after. */
  async function across(write: () => Promise<unknown>, token = alice.token) {
    const before = await list(token);
    await write();
    const after = await list(token);
    expect(after.etag).not.toBe(before.etag);
    return { before: before.data, after: after.data };
  }

  async function ok(res: Promise<TestResponse>, status = 200) {
    const r = await res;
    expect(r.status, r.text).toBe(status);
    return r.body?.data;
  }

  for (let i = 0; i < 3; i++) await createThread(alice.token);
  return { s, alice, bob, apiKey, listUrl, createThread, list, threadIn, across, ok };
}
