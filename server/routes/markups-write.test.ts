/**
 * Changing one markup: rename, delete (soft, with its threads, files and tokens gone) and the
 * project-review extension. The bulk endpoints are in markups-bulk.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWebpageMarkup } from '../seed.ts';
import { API, md5Hex, postForm, threadBody } from '../testing/support.ts';
import { completedMarkupUpload } from '../testing/malformed-cases-markups.ts';
import { markupsServer } from './markups-test-kit.ts';

const { s, key, workspaceId, newMarkup, count, exists } = await markupsServer();
afterAll(async () => {
  await s.close();
});

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
