/**
 * The `GET /threads` response cache: a repeated read is served from the cache with the same ETag
 * (and 304 for If-None-Match), and every kind of write that changes a thread response is visible
 * on the very next read — through the API where one exists, by SQL where only another tool writes
 * (read marks, attachment rows, pin elements), since the triggers of migration 0012 are what
 * invalidates. Viewers never share their per-viewer parts. Races, versions and revoked
 * credentials are in thread-list-cache-consistency.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { API, PNG_1X1, movePinBody, postForm } from '../testing/support.ts';
import { threadListCacheServer } from './thread-list-cache-test-kit.ts';

const { s, alice, bob, apiKey, listUrl, createThread, list, threadIn, across, ok } = await threadListCacheServer();
afterAll(async () => {
  await s.close();
});

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
});
