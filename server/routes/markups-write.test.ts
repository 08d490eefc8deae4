/**
 * Changing markups: rename, delete (soft, with its threads, files and tokens gone), the bulk
 * endpoints (all or nothing, one 422 with a detail per bad item) and the project-review extension.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, md5Hex, postForm, threadBody, type TestServer, createTestServer } from '../testing/support.ts';
import { completedMarkupUpload, insertFolder } from '../testing/malformed-cases-markups.ts';
import { MAX_BULK_ITEMS } from '../schemas/markups.ts';

let s: TestServer;
let key: string;
let workspaceId: string;
beforeAll(async () => {
  s = await createTestServer();
  key = s.seed.workspaceApiKey;
  workspaceId = s.seed.workspaceId;
  await s.request('POST', `${API}/webhook-registrations`, {
    token: key,
    body: { url: 'https://receiver.example/h', workspaceId, enabled: true },
  });
});
afterAll(async () => {
  await s.close();
});

const newMarkup = (name = 'Page') =>
  createWebpageMarkup(s.db, { workspaceId, name, url: `https://${name.toLowerCase().replace(/\W/g, '')}.example/`, now: s.clock.now() });
const count = async (sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params))[0]!.n;
const exists = async (key: string) => (await s.storage.head(key)) !== null;

describe('POST /markups/:id (rename)', () => {
  it('renames (trimmed), moves modifiedAt only on a change', async () => {
    const id = await newMarkup();
    s.clock.advance(1000);
    const res = await s.request('POST', `${API}/markups/${id}`, { token: key, body: { name: '  New name ' } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('New name');
    expect(res.body.data.modifiedAt).not.toBe(res.body.data.createdAt);
    s.clock.advance(1000);
    const again = await s.request('POST', `${API}/markups/${id}`, { token: key, body: { name: 'New name' } });
    expect(again.body.data.modifiedAt).toBe(res.body.data.modifiedAt);
  });

  it('refuses empty and too long names (422), unknown ids (404) and exchange tokens (403)', async () => {
    const id = await newMarkup();
    for (const name of ['', '   ', 'x'.repeat(256)])
      expect((await s.request('POST', `${API}/markups/${id}`, { token: key, body: { name } })).status).toBe(422);
    expect(
      (await s.request('POST', `${API}/markups/00000000-0000-4000-8000-000000000000`, { token: key, body: { name: 'x' } })).status,
    ).toBe(404);
    const reviewer = await s.exchangeToken({ sub: 'rename-rev' });
    expect((await s.request('POST', `${API}/markups/${s.seed.markupId}`, { token: reviewer.token, body: { name: 'x' } })).status).toBe(403);
  });
});

describe('DELETE /markups/:id', () => {
  it('soft-deletes: 204, then 404 everywhere; threads, files and exchange tokens go; metrics keep the project', async () => {
    const reviewer = await s.exchangeToken({ sub: 'doomed-rev' });
    const thread = await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
    expect(thread.status).toBeLessThan(300);
    // A file on the markup's thread (an attachment) and a markup asset.
    const policy = await s.request('POST', `${API}/upload-policy`, {
      token: reviewer.token,
      body: {
        resourceType: 'message_attachment',
        resourceId: thread.body.data.id,
        filename: 'n.txt',
        contentType: 'text/plain',
        filesize: 5,
      },
    });
    await postForm(s.app, policy.body.data.policy, { bytes: 'hello', type: 'text/plain', name: 'n.txt' });
    await s.request('POST', `${API}/upload-complete`, {
      token: reviewer.token,
      body: { fileId: policy.body.data.fileId, etag: md5Hex('hello') },
    });
    const reply = await s.request('POST', `${API}/threads/${thread.body.data.id}/messages`, {
      token: reviewer.token,
      body: { message: { ops: [{ insert: 'see file\n' }] }, attachments: [{ fileId: policy.body.data.fileId }] },
    });
    expect(reply.status, reply.text).toBeLessThan(300);
    const attachmentKey = policy.body.data.key as string;
    expect(await exists(attachmentKey)).toBe(true);

    const markupId = s.seed.markupId;
    const day = new Date(s.clock.now()).toISOString().slice(0, 10);
    const projects = async () =>
      (await s.request('GET', `${API}/product-metrics/user/workspace-totals?startDate=${day}&endDate=${day}`, { token: key })).body.data
        .projectsCreated;
    const projectsBefore = await projects();
    expect((await s.request('DELETE', `${API}/markups/${markupId}`, { token: key })).status).toBe(204);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: key })).status).toBe(404);
    expect((await s.request('GET', `${API}/threads/${thread.body.data.id}`, { token: key })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/markups/${markupId}`, { token: key })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: reviewer.token })).status).toBe(401);
    expect(await exists(attachmentKey)).toBe(false);
    expect(await count('SELECT 1 FROM threads WHERE markup_id = $1', [markupId])).toBe(0);
    expect(await count('SELECT 1 FROM uploads WHERE id = $1', [policy.body.data.fileId])).toBe(0);
    const row = (await s.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM markups WHERE id = $1', [markupId]))[0]!;
    expect(row.deleted_at).not.toBeNull();
    expect(await projects()).toBe(projectsBefore);
  });

  it('removes a file markup\u2019s stored files', async () => {
    const fileId = await completedMarkupUpload(s, key, workspaceId);
    expect((await s.request('POST', `${API}/markups/bulk/from-files`, { token: key, body: { items: [{ fileId }] } })).status).toBe(204);
    const { storage_key: storageKey, resource_id: markupId } = (
      await s.db.query<{ storage_key: string; resource_id: string }>('SELECT storage_key, resource_id FROM uploads WHERE id = $1', [fileId])
    )[0]!;
    expect(await exists(storageKey)).toBe(true);
    expect((await s.request('DELETE', `${API}/markups/${markupId}`, { token: key })).status).toBe(204);
    expect(await exists(storageKey)).toBe(false);
    expect(await count('SELECT 1 FROM markup_assets WHERE markup_id = $1', [markupId])).toBe(0);
  });
});

describe('POST /markups/bulk/from-url', () => {
  it('creates every item (one markup_created each) or none', async () => {
    const folder = await insertFolder(s, workspaceId, 'Bulk');
    const before = await count('SELECT 1 FROM webhook_deliveries WHERE event_type = $1', ['markup_created']);
    const ok = await s.request('POST', `${API}/markups/bulk/from-url`, {
      token: key,
      body: {
        items: [{ url: 'https://b1.example/' }, { url: 'https://b2.example/', name: 'Two', parentFolderId: folder, workspaceId: '' }],
      },
    });
    expect(ok.status).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE url IN ($1, $2)', ['https://b1.example/', 'https://b2.example/'])).toBe(2);
    expect(await count('SELECT 1 FROM webhook_deliveries WHERE event_type = $1', ['markup_created'])).toBe(before + 2);

    const markups = await count('SELECT 1 FROM markups');
    const bad = await s.request('POST', `${API}/markups/bulk/from-url`, {
      token: key,
      body: {
        items: [
          { url: 'https://fine.example/' },
          { url: 'https://x.example/a.png' },
          { url: 'https://y.example/', parentFolderId: '00000000-0000-4000-8000-000000000000' },
          { url: 'https://z.example/', workspaceId: '00000000-0000-4000-8000-000000000000' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'items.1.url',
      'items.2.parentFolderId',
      'items.3.workspaceId',
    ]);
    expect(await count('SELECT 1 FROM markups')).toBe(markups);
  });

  it(`refuses an empty list and more than ${MAX_BULK_ITEMS} items (422)`, async () => {
    expect((await s.request('POST', `${API}/markups/bulk/from-url`, { token: key, body: { items: [] } })).status).toBe(422);
    const many = Array.from({ length: MAX_BULK_ITEMS + 1 }, (_, i) => ({ url: `https://m${i}.example/` }));
    expect((await s.request('POST', `${API}/markups/bulk/from-url`, { token: key, body: { items: many } })).status).toBe(422);
  });
});

describe('POST /markups/bulk/from-files', () => {
  it('turns completed markup_asset uploads into file markups waiting for conversion', async () => {
    const fileId = await completedMarkupUpload(s, key, workspaceId, 'Mockup.png');
    expect((await s.request('POST', `${API}/markups/bulk/from-files`, { token: key, body: { items: [{ fileId }] } })).status).toBe(204);
    const m = (
      await s.db.query<{ id: string; name: string; type: string; is_ready: boolean; original_mime_type: string }>(
        'SELECT m.id, m.name, m.type, m.is_ready, m.original_mime_type FROM markups m JOIN markup_assets a ON a.markup_id = m.id WHERE a.file_id = $1',
        [fileId],
      )
    )[0]!;
    expect(m).toMatchObject({ name: 'Mockup', type: 'image', is_ready: false, original_mime_type: 'image/png' });
    const read = await s.request('GET', `${API}/markups/${m.id}`, { token: key });
    expect(read.body.data.images[0].url).toContain('/storage/');
    // Used once only.
    const again = await s.request('POST', `${API}/markups/bulk/from-files`, { token: key, body: { items: [{ fileId }] } });
    expect(again.status).toBe(422);
    expect(again.body.error.details[0]).toMatchObject({ path: 'items.0.fileId', message: 'already belongs to a markup' });
  });

  it('refuses pending, foreign-type, unknown and repeated uploads, all in one 422, creating nothing', async () => {
    const a = await completedMarkupUpload(s, key, workspaceId);
    const pending = await s.request('POST', `${API}/upload-policy`, {
      token: key,
      body: { resourceType: 'markup_asset', resourceId: workspaceId, filename: 'p.png', contentType: 'image/png', filesize: 10 },
    });
    const avatar = await s.request('POST', `${API}/upload-policy`, {
      token: key,
      body: { resourceType: 'workspace_icon', resourceId: workspaceId, filename: 'i.png', contentType: 'image/png', filesize: 10 },
    });
    const markups = await count('SELECT 1 FROM markups');
    const res = await s.request('POST', `${API}/markups/bulk/from-files`, {
      token: key,
      body: {
        items: [
          { fileId: a },
          { fileId: pending.body.data.fileId },
          { fileId: avatar.body.data.fileId },
          { fileId: '00000000-0000-4000-8000-000000000000' },
          { fileId: a },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'items.1.fileId',
      'items.2.fileId',
      'items.3.fileId',
      'items.4.fileId',
    ]);
    expect(await count('SELECT 1 FROM markups')).toBe(markups);
    expect(await count('SELECT 1 FROM markup_assets WHERE file_id = $1', [a])).toBe(0);
  });
});

describe('POST /markups/bulk/move and /bulk/delete', () => {
  it('moves into a live folder of the same workspace; refuses the rest in one 422', async () => {
    const [m1, m2] = [await newMarkup('Move one'), await newMarkup('Move two')];
    const folder = await insertFolder(s, workspaceId, 'Target');
    expect(
      (await s.request('POST', `${API}/markups/bulk/move`, { token: key, body: { markupIds: [m1, m2, m1], targetFolderId: folder } }))
        .status,
    ).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE folder_id = $1', [folder])).toBe(2);

    const other = await createWorkspace(s.db, s.seed.organizationId, 'Elsewhere', s.clock.now());
    const foreign = await createWebpageMarkup(s.db, { workspaceId: other.id, name: 'F', url: 'https://f.example/', now: s.clock.now() });
    const archived = await newMarkup('Archived');
    await s.db.query("UPDATE markups SET status = 'archived' WHERE id = $1", [archived]);
    const res = await s.request('POST', `${API}/markups/bulk/move`, {
      token: s.seed.organizationApiKey,
      body: { markupIds: [m1, foreign, archived, '00000000-0000-4000-8000-000000000000'], targetFolderId: folder },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['markupIds.1', 'markupIds.2', 'markupIds.3']);
    const ws = (await s.request('GET', `${API}/workspace`, { token: key })).body.data;
    for (const targetFolderId of [ws.archiveFolderId, other.rootFolderId, 'nope']) {
      const r = await s.request('POST', `${API}/markups/bulk/move`, { token: key, body: { markupIds: [m1], targetFolderId } });
      expect(r.status, targetFolderId).toBe(422);
    }
    expect(await count('SELECT 1 FROM markups WHERE folder_id = $1', [folder])).toBe(2);
  });

  it('deletes all named markups or none', async () => {
    const [d1, d2] = [await newMarkup('Del one'), await newMarkup('Del two')];
    const bad = await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1, 'not-an-id'] } });
    expect(bad.status).toBe(422);
    expect(await count('SELECT 1 FROM markups WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [[d1, d2]])).toBe(2);
    expect((await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1, d2] } })).status).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [[d1, d2]])).toBe(0);
    // Already deleted → unknown.
    expect((await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1] } })).status).toBe(422);
  });
});

describe('POST /markups/:id/reviews (extension)', () => {
  it('records a review by the markup\u2019s reviewer or an API key, shown in projectReviews and announced', async () => {
    const id = await newMarkup('Reviewed');
    const reviewer = await s.exchangeToken({ sub: 'reviewer-1', markupId: id });
    const res = await s.request('POST', `${API}/markups/${id}/reviews`, { token: reviewer.token, body: { comment: ' Approved ' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ projectId: id, userId: reviewer.userId, comment: 'Approved', createdAt: s.clock.now() });
    s.clock.advance(1000);
    expect((await s.request('POST', `${API}/markups/${id}/reviews`, { token: key, body: { comment: 'Signed off' } })).status).toBe(201);
    const markup = await s.request('GET', `${API}/markups/${id}`, { token: reviewer.token });
    expect(markup.body.data.projectReviews.map((r: { comment: string }) => r.comment)).toEqual(['Approved', 'Signed off']);
    const events = await s.db.query<{ payload: string }>(
      "SELECT payload FROM webhook_deliveries WHERE event_type = 'project_review_created' ORDER BY created_at, id",
    );
    const first = JSON.parse(events[0]!.payload);
    expect(first.data).toMatchObject({
      markup: { id },
      actor: { id: reviewer.userId },
      review: { projectId: id, comment: 'Approved', userId: reviewer.userId },
    });
  });

  it('is allowed on a read-only markup (a sign-off is what a paused markup waits for)', async () => {
    const id = await createWebpageMarkup(s.db, {
      workspaceId,
      name: 'Paused',
      url: 'https://paused.example/',
      now: s.clock.now(),
      readOnly: true,
    });
    const reviewer = await s.exchangeToken({ sub: 'reviewer-3', markupId: id });
    expect((await s.request('POST', `${API}/markups/${id}/reviews`, { token: reviewer.token, body: { comment: 'Done' } })).status).toBe(
      201,
    );
  });

  it('refuses empty comments (422), other markups\u2019 reviewers and unknown markups (404)', async () => {
    const id = await newMarkup('Guarded');
    const reviewer = await s.exchangeToken({ sub: 'reviewer-2', markupId: id });
    expect((await s.request('POST', `${API}/markups/${id}/reviews`, { token: reviewer.token, body: { comment: '  ' } })).status).toBe(422);
    const elsewhere = await newMarkup('Elsewhere');
    expect((await s.request('POST', `${API}/markups/${elsewhere}/reviews`, { token: reviewer.token, body: { comment: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await s.request('POST', `${API}/markups/00000000-0000-4000-8000-000000000000/reviews`, { token: key, body: { comment: 'x' } }))
        .status,
    ).toBe(404);
  });
});
