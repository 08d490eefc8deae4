/**
 * The direct form of POST /threads and of replies (threads-direct-writes.ts): on the usual request
 * the credential lookup takes the rate-limit count and the write checks the markup or thread
 * itself, two statements in all; wherever that write finds something wrong, the answer is still
 * the route's own (404 for another workspace's or a deleted markup, 401 counting nothing for a
 * revoked token), and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanOutOnce } from '../mail/fanout.ts';
import { setMailEnabled } from '../mail/state.ts';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
const statements: string[] = [];
beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice' });
  const query = s.db.query.bind(s.db);
  s.db.query = ((sql: string, params?: unknown[], options?: { prepare?: boolean }) => {
    statements.push(sql);
    return query(sql, params, options);
  }) as typeof s.db.query;
});
afterAll(async () => {
  await s.close();
});

const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: number }>(sql, params))[0]!.n);
const stored = async () => ({
  threads: await count('SELECT count(*)::int AS n FROM threads'),
  messages: await count('SELECT count(*)::int AS n FROM messages'),
  activity: await count('SELECT count(*)::int AS n FROM activity_events'),
});

/** The statements one request runs. */
async function statementsOf(run: () => Promise<{ status: number }>): Promise<{ status: number; statements: number }> {
  statements.length = 0;
  const res = await run();
  return { status: res.status, statements: statements.length };
}

describe('the direct write path', () => {
  it('creates a thread and a reply in two statements each (credential with rate-limit count, write)', async () => {
    const thread = await statementsOf(() => s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() }));
    expect(thread).toEqual({ status: 200, statements: 2 });
    const id = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const reply = await statementsOf(() =>
      s.request('POST', `${API}/threads/${id}/messages`, { token: alice.token, body: { content: 'Agreed.' } }),
    );
    expect(reply).toEqual({ status: 200, statements: 2 });
    const counters = await s.db.query<{ bucket: string; hits: number }>(
      "SELECT bucket, hits FROM rate_limits WHERE bucket LIKE 'messages:%' ORDER BY bucket",
    );
    expect(counters.map((c) => [c.bucket.split(':').slice(0, 2).join(':'), c.hits])).toEqual([
      ['messages:a', 1],
      ['messages:c', 1],
    ]);
    expect(counters[1]!.bucket).toBe(`messages:c:user:${alice.userId}`);
  });

  it("refuses another workspace's API key with 404, storing nothing", async () => {
    const now = s.clock.now();
    const orgId = await createOrganization(s.db, 'Elsewhere', now);
    const ws = await createWorkspace(s.db, orgId, 'Elsewhere', now);
    const key = await createApiKey(s.db, { kind: 'workspace', organizationId: orgId, workspaceId: ws.id, name: 'k', now });
    const id = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const before = await stored();
    const thread = await s.request('POST', `${API}/threads`, { token: key, body: threadBody({ projectId: s.seed.markupId }) });
    expect([thread.status, thread.body.error.code]).toEqual([404, 'not_found']);
    const reply = await s.request('POST', `${API}/threads/${id}/messages`, { token: key, body: { content: 'x' } });
    expect([reply.status, reply.body.error.code]).toEqual([404, 'not_found']);
    expect(await stored()).toEqual(before);
  });

  it('refuses a deleted markup with 404, storing nothing', async () => {
    const now = s.clock.now();
    const markup = await createWebpageMarkup(s.db, { workspaceId: s.seed.workspaceId, name: 'Gone', url: 'https://gone.example/', now });
    const onIt = await s.exchangeToken({ sub: 'dana', markupId: markup });
    const id = (await s.request('POST', `${API}/threads`, { token: onIt.token, body: threadBody() })).body.data.id;
    await s.db.query('UPDATE markups SET deleted_at = now() WHERE id = $1', [markup]);
    const before = await stored();
    expect((await s.request('POST', `${API}/threads`, { token: onIt.token, body: threadBody() })).status).toBe(404);
    expect((await s.request('POST', `${API}/threads/${id}/messages`, { token: onIt.token, body: { content: 'x' } })).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('answers a revoked exchange token 401 and counts nothing for it', async () => {
    const carol = await s.exchangeToken({ sub: 'carol', name: 'Carol' });
    await s.db.query('UPDATE exchange_tokens SET revoked_at = now() WHERE user_id = $1', [carol.userId]);
    const before = await count('SELECT coalesce(sum(hits), 0)::int AS n FROM rate_limits');
    const res = await s.request('POST', `${API}/threads`, { token: carol.token, body: threadBody() });
    expect([res.status, res.body.error.code]).toEqual([401, 'unauthorized']);
    expect(await count('SELECT coalesce(sum(hits), 0)::int AS n FROM rate_limits')).toBe(before);
  });

  it('with e-mail on, still two statements: the write records its mail event itself, which the fan-out reads', async () => {
    await setMailEnabled(s.db, true, s.clock.now());
    try {
      await s.db.query('DELETE FROM mail_events');
      const thread = await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() });
      const reply = await statementsOf(() =>
        s.request('POST', `${API}/threads/${thread.body.data.id}/messages`, { token: alice.token, body: { content: 'Mailed words' } }),
      );
      expect(reply).toEqual({ status: 200, statements: 2 });
      const events = await s.db.query<{ event_type: string; payload: { ref?: { threadId: string } } }>(
        'SELECT event_type, payload FROM mail_events ORDER BY occurred_at, event_type',
      );
      expect(events.map((e) => [e.event_type, e.payload.ref?.threadId])).toEqual([
        ['comment_created', thread.body.data.id],
        ['comment_reply_created', thread.body.data.id],
      ]);
      // Read into the webhook payload's shape before recipients and composing see it.
      expect(await fanOutOnce(s.db, { now: s.clock.now(), batchWindowMs: 0, batchSize: 10 })).toBe(2);
      expect(await count('SELECT count(*)::int AS n FROM mail_events WHERE fanned_out_at IS NULL')).toBe(0);
    } finally {
      await setMailEnabled(s.db, false, s.clock.now());
    }
  });
});
