/**
 * The `GET /threads` response cache: a repeated read is served from the cache with the same ETag
 * (and 304 for If-None-Match), and every kind of write that changes a thread response is visible
 * on the very next read — through the API where one exists, by SQL where only another tool writes
 * (read marks, attachment rows, pin elements), since the triggers of migration 0012 are what
 * invalidates. Viewers never share their per-viewer parts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../auth/tokens.ts';
import { createApiKey, createWebpageMarkup } from '../seed.ts';
import {
  API,
  createTestServer,
  PNG_1X1,
  movePinBody,
  postForm,
  threadBody,
  type TestResponse,
  type TestServer,
} from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let apiKey: string;
let listUrl: string;

beforeAll(async () => {
  s = await createTestServer();
  alice = await s.exchangeToken({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
  bob = await s.exchangeToken({ sub: 'bob', name: 'Bob', email: 'bob@example.com' });
  apiKey = s.seed.workspaceApiKey;
  listUrl = `${API}/threads?markupId=${s.seed.markupId}`;
  for (let i = 0; i < 3; i++) await createThread(alice.token);
});
afterAll(async () => {
  await s.close();
});

async function createThread(token: string, body: object = threadBody()) {
  const res = await s.request('POST', `${API}/threads`, { token, body });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Reads the list twice: the second read must be a cache hit (same ETag, same bytes). */
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

describe('GET /threads cache', () => {
  it('serves a repeat from the cache, with an ETag, and 304 for If-None-Match', async () => {
    const { etag, data } = await list();
    expect(data.threads.length).toBe(3);
    const notModified = await s.request('GET', listUrl, { token: alice.token, headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    const other = await s.request('GET', listUrl, { token: alice.token, headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status).toBe(200);
    // Another query is another body.
    expect((await list(alice.token, `${listUrl}&limit=2`)).etag).not.toBe(etag);
  });

  it('keeps each viewer to their own scopes, e-mail and read marks', async () => {
    const mine = (await list(alice.token)).data.threads[0];
    const bobs = (await list(bob.token)).data.threads[0];
    const keys = (await list(apiKey)).data.threads[0];
    expect(mine.scopes).toContain('delete-thread');
    expect(bobs.scopes).not.toContain('delete-thread');
    expect(keys.scopes).toContain('delete-thread');
    expect(mine.user.email).toBe('alice@example.com');
    expect(bobs.user.email).toBeUndefined();
    expect(keys.user.email).toBe('alice@example.com');
    await s.db.query('INSERT INTO thread_reads (thread_id, user_id, last_seen_at) VALUES ($1, $2, $3::timestamptz)', [
      mine.id,
      alice.userId,
      new Date(s.clock.now()).toISOString(),
    ]);
    expect((await list(alice.token)).data.threads[0].userMetaData.lastSeenAt).toBe(s.clock.now());
    expect((await list(bob.token)).data.threads[0].userMetaData.lastSeenAt).toBeNull();
  });

  it('shows a new thread, a reply, an edit and a deleted message at once', async () => {
    let made: any;
    const created = await across(async () => (made = await createThread(bob.token)));
    expect(created.after.total).toBe(created.before.total + 1);
    expect(threadIn(created.after, made.id)).toBeTruthy();

    let replyId = '';
    const replied = await across(async () => {
      replyId = (await ok(s.request('POST', `${API}/threads/${made.id}/messages`, { token: alice.token, body: { content: 'a reply' } })))
        .id;
    });
    expect(threadIn(replied.after, made.id).messages.map((m: any) => m.plainText ?? m.content)).toHaveLength(2);

    const edited = await across(() =>
      ok(s.request('PATCH', `${API}/messages/${replyId}`, { token: alice.token, body: { content: 'edited' } })),
    );
    expect(JSON.stringify(threadIn(edited.after, made.id).messages[1])).toContain('edited');

    const deleted = await across(() => ok(s.request('DELETE', `${API}/messages/${replyId}`, { token: alice.token }), 204));
    expect(threadIn(deleted.after, made.id).messages).toHaveLength(1);
  });

  it('shows resolve, unresolve, a moved pin and a deleted thread at once', async () => {
    const t = await createThread(alice.token);
    const resolved = await across(() => ok(s.request('POST', `${API}/threads/${t.id}/resolve`, { token: alice.token })));
    expect(threadIn(resolved.after, t.id).resolved).toBe(true);
    const reopened = await across(() => ok(s.request('POST', `${API}/threads/${t.id}/unresolve`, { token: alice.token })));
    expect(threadIn(reopened.after, t.id).resolved).toBe(false);

    const move = movePinBody();
    const moved = await across(() => ok(s.request('PATCH', `${API}/threads/${t.id}/move-pin`, { token: alice.token, body: move })));
    expect(threadIn(moved.after, t.id).elements[0].path).toBe('#faq > li:nth-child(3)');
    expect(threadIn(moved.after, t.id).parents).toEqual([]);

    const gone = await across(() => ok(s.request('DELETE', `${API}/threads/${t.id}`, { token: alice.token }), 204));
    expect(threadIn(gone.after, t.id)).toBeUndefined();
    expect(gone.after.total).toBe(gone.before.total - 1);
  });

  it('shows a screenshot, an attachment and changed pin rows at once', async () => {
    const t = await createThread(alice.token);
    const bytes = PNG_1X1;
    const fileId = randomUUID();
    const q = new URLSearchParams({ fileId, filesize: String(bytes.length), filename: 'shot.png', mimeType: 'image/png' });
    const policy = await ok(s.request('GET', `${API}/threads/${t.id}/screenshot-upload-policy?${q}`, { token: alice.token }));
    const stored = await postForm(s.app, policy.policy, { bytes, type: 'image/png' });
    expect(stored.status).toBe(204);
    const shot = {
      fileId,
      key: policy.key,
      etag: stored.headers.get('etag'),
      mimeType: 'image/png',
      width: 1280,
      height: 800,
      filesize: bytes.length,
    };
    const shown = await across(() => ok(s.request('PUT', `${API}/threads/${t.id}/screenshot`, { token: alice.token, body: shot })));
    expect(threadIn(shown.before, t.id).screenshot).toBeNull();
    expect(threadIn(shown.after, t.id).screenshot).toMatchObject({ width: 1280, height: 800 });

    const p = await ok(
      s.request('POST', `${API}/upload-policy`, {
        token: alice.token,
        body: { resourceType: 'message_attachment', resourceId: t.id, filename: 'notes.txt', contentType: 'text/plain', filesize: 5 },
      }),
    );
    const file = await postForm(s.app, p.policy, { bytes: 'hello', type: 'text/plain', name: 'notes.txt' });
    await ok(
      s.request('POST', `${API}/upload-complete`, { token: alice.token, body: { fileId: p.fileId, etag: file.headers.get('etag') } }),
    );
    const messageId = threadIn(shown.after, t.id).messages[0].id;
    const attached = await across(() =>
      ok(
        s.request('PATCH', `${API}/messages/${messageId}`, {
          token: alice.token,
          body: { content: 'see file', attachments: [{ fileId: p.fileId }] },
        }),
      ),
    );
    expect(threadIn(attached.after, t.id).messages[0].attachments).toHaveLength(1);

    const renamed = await across(() =>
      s.db.query("UPDATE message_attachments SET original_filename = 'renamed.txt' WHERE upload_id = $1", [p.fileId]),
    );
    expect(threadIn(renamed.after, t.id).messages[0].attachments[0].originalFilename).toBe('renamed.txt');

    const element = await across(() => s.db.query("UPDATE thread_elements SET path = 'main > p' WHERE thread_id = $1", [t.id]));
    expect(threadIn(element.after, t.id).elements[0].path).toBe('main > p');
    const parent = await across(() => s.db.query('UPDATE thread_parents SET depth = 7 WHERE thread_id = $1', [t.id]));
    expect(threadIn(parent.after, t.id).parents[0].depth).toBe(7);
  });

  it('shows an author rename, a membership and a paused markup at once', async () => {
    const renamed = await across(() =>
      ok(
        s.request('PATCH', `${API}/users/external/alice`, {
          token: apiKey,
          body: { name: 'Alice Renamed', avatarUrl: 'https://a.example/a.png' },
        }),
        204,
      ),
    );
    expect(renamed.after.threads[0].user).toMatchObject({ name: 'Alice Renamed', avatarUrl: 'https://a.example/a.png' });
    expect(renamed.after.threads[0].messages[0].user.name).toBe('Alice Renamed');

    const joined = await across(() =>
      s.db.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role, created_at, modified_at) VALUES ($1, $2, 'viewer', now(), now())`,
        [s.seed.workspaceId, alice.userId],
      ),
    );
    expect(joined.before.threads[0].user.guest).toBe(true);
    expect(joined.after.threads[0].user.guest).toBe(false);

    const paused = await across(() => s.db.query('UPDATE markups SET read_only = true WHERE id = $1', [s.seed.markupId]));
    expect(paused.before.threads[0].scopes).toContain('reply');
    expect(paused.after.threads[0].scopes).not.toContain('reply');
    const resumed = await across(() => s.db.query('UPDATE markups SET read_only = false WHERE id = $1', [s.seed.markupId]));
    expect(resumed.after.threads[0].scopes).toContain('reply');
  });

  it('neither keeps nor tags a page whose reads straddled a write', async () => {
    const t = await createThread(alice.token);
    await list();
    await s.request('GET', `${API}/threads/${t.id}`, { token: alice.token });
    // Resolve the thread between the page query and the children query of the next miss.
    const query = s.db.query.bind(s.db);
    let armed = true;
    s.db.query = (async (sql: string, params?: unknown[]) => {
      if (armed && sql.includes("'elements'")) {
        armed = false;
        await query('UPDATE threads SET resolved = true WHERE id = $1', [t.id]);
      }
      return query(sql, params);
    }) as typeof s.db.query;
    try {
      await s.db.query('UPDATE thread_elements SET path = path WHERE thread_id = $1', [t.id]); // a miss next
      const straddled = await s.request('GET', listUrl, { token: alice.token });
      expect(straddled.status).toBe(200);
      expect(armed).toBe(false);
      expect(straddled.headers.get('etag')).toBeNull();
    } finally {
      s.db.query = query;
    }
    expect(threadIn((await list()).data, t.id).resolved).toBe(true);
  });

  it('lets concurrent writes to one markup all commit (no deadlock on the version row)', async () => {
    const targets = [await createThread(alice.token), await createThread(bob.token)];
    const writes = Array.from({ length: 24 }, (_, i) => {
      const t = targets[Math.floor(i / 4) % 2]!;
      const kind = i % 4;
      if (kind === 0) return s.request('POST', `${API}/threads/${t.id}/messages`, { token: alice.token, body: { content: `r${i}` } });
      if (kind === 1) return s.request('POST', `${API}/threads/${t.id}/resolve`, { token: bob.token });
      if (kind === 2) return s.request('POST', `${API}/threads/${t.id}/unresolve`, { token: alice.token });
      return s.request('POST', `${API}/threads`, { token: bob.token, body: threadBody() });
    });
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    expect(statuses.every((st) => st === 200)).toBe(true);
    const after = (await list()).data;
    expect(threadIn(after, targets[0]!.id).messages.length).toBe(1 + 3);
  });

  it('moves the version once per transaction, to a value it never held', async () => {
    const version = async () =>
      (await s.db.query<{ v: string }>('SELECT threads_version::text AS v FROM markups WHERE id = $1', [s.seed.markupId]))[0]!.v;
    const seen = new Set([await version()]);
    for (let i = 0; i < 3; i++) {
      await createThread(alice.token);
      const v = await version();
      expect(seen.has(v)).toBe(false);
      seen.add(v);
    }
    // A write to another markup leaves this one's version (and cache) alone.
    const before = await version();
    const other = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Other',
      url: 'https://o.example/',
      now: s.clock.now(),
    });
    await createThread(apiKey, threadBody({ projectId: other }));
    expect(await version()).toBe(before);
  });
  it('refuses a credential revoked since its last read at once, though the list reuses recent ones', async () => {
    const carol = await s.exchangeToken({ sub: 'carol', name: 'Carol' });
    await list(carol.token);
    await ok(s.request('DELETE', `${API}/users/external/carol`, { token: apiKey }), 204);
    const refused = await s.request('GET', listUrl, { token: carol.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');

    const key = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: s.seed.organizationId,
      workspaceId: s.seed.workspaceId,
      name: 'Short-lived',
      now: s.clock.now(),
    });
    await list(key);
    await s.db.query('UPDATE api_keys SET revoked_at = now() WHERE token_hash = $1', [sha256Hex(key)]);
    expect((await s.request('GET', listUrl, { token: key })).status).toBe(401);
    expect((await s.request('GET', `${listUrl}&limit=3`, { token: key })).status).toBe(401);

    // An exchange token that expired while reused is refused as expired.
    const dave = await s.exchangeToken({ sub: 'dave', name: 'Dave' });
    await list(dave.token);
    s.clock.advance(24 * 3600_000);
    const expired = await s.request('GET', listUrl, { token: dave.token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('token_expired');
  });
});
