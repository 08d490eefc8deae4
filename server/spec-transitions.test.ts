/**
 * Spec §3 ("States and transitions"), one test per row of its table, end to end through the HTTP
 * app. Most rows are covered in depth by the route suites; this file is the single place that
 * checks the table itself, so a row that stops holding shows up under its own name. Status codes
 * the spec leaves open follow docs/api-decisions.md.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversionWorker } from './conversion/worker.ts';
import { mp4Of, pngOf } from './testing/conversion-files.ts';
import { freshWorkspace, newMarkup } from './testing/items-fixtures.ts';
import { createWebpageMarkup } from './seed.ts';
import { API, PNG_1X1, TEST_SDK_ORIGIN, createTestServer, postForm, silentLogger, threadBody, type TestServer } from './testing/support.ts';

let s: TestServer;
let reviewer: { token: string; userId: string };
let wsKey: string;
beforeAll(async () => {
  s = await createTestServer();
  wsKey = s.seed.workspaceApiKey;
  reviewer = await s.exchangeToken({ sub: 'spec-reviewer', name: 'Rita' });
  // Every event type of the demo workspace lands in the outbox, so rows can check "also happens".
  const hook = await s.request('POST', `${API}/webhook-registrations`, {
    token: wsKey,
    body: { url: 'https://receiver.example/spec', workspaceId: s.seed.workspaceId, enabled: true, eventTypes: [] },
  });
  expect(hook.status).toBe(200);
});
afterAll(async () => {
  await s.close();
});

const newThread = async () => {
  const res = await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
  expect(res.status, res.text).toBe(200);
  return res.body.data.id as string;
};
const eventsOf = (type: string, markupId: string) =>
  s.db.query<{ payload: string }>('SELECT payload FROM webhook_deliveries WHERE event_type = $1 AND payload::jsonb #>> $3 = $2', [
    type,
    markupId,
    '{data,markup,id}',
  ]);

describe('§3 states and transitions', () => {
  it('§3 Thread resolved=false → POST /threads/:id/resolve (caller may resolve) → resolved=true, returns threadId and modifiedAt', async () => {
    const id = await newThread();
    s.clock.advance(1000);
    const res = await s.request('POST', `${API}/threads/${id}/resolve`, { token: reviewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ threadId: id, modifiedAt: s.clock.now() });
    expect((await s.request('GET', `${API}/threads/${id}`, { token: reviewer.token })).body.data.resolved).toBe(true);
  });

  it('§3 Thread resolved=true → POST /threads/:id/unresolve → resolved=false, returns threadId', async () => {
    const id = await newThread();
    expect((await s.request('POST', `${API}/threads/${id}/resolve`, { token: reviewer.token })).status).toBe(200);
    const res = await s.request('POST', `${API}/threads/${id}/unresolve`, { token: reviewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ threadId: id });
    expect((await s.request('GET', `${API}/threads/${id}`, { token: reviewer.token })).body.data.resolved).toBe(false);
  });

  it('§3 Thread any → DELETE /threads/:id → deleted, its messages are deleted too', async () => {
    const id = await newThread();
    const reply = await s.request('POST', `${API}/threads/${id}/messages`, {
      token: reviewer.token,
      body: { message: { ops: [{ insert: 'Reply\n' }] } },
    });
    expect(reply.status).toBe(200);
    const res = await s.request('DELETE', `${API}/threads/${id}`, { token: reviewer.token });
    expect(res.status).toBe(204);
    expect((await s.request('GET', `${API}/threads/${id}`, { token: reviewer.token })).status).toBe(404);
    expect(
      (
        await s.request('PATCH', `${API}/messages/${reply.body.data.id}`, {
          token: reviewer.token,
          body: { message: { ops: [{ insert: 'x\n' }] } },
        })
      ).status,
    ).toBe(404);
    expect(await s.db.query('SELECT id FROM messages WHERE thread_id = $1', [id])).toEqual([]);
  });

  it('§3 Markup readOnly=false → PATCH /markups/:id/read-only readOnly=true (plan has pauseCommentsEnabled) → readOnly=true, new comments paused, set_project_read_only event', async () => {
    const markupId = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Pause me',
      url: 'https://pause.example/',
      now: s.clock.now(),
    });
    const guest = await s.exchangeToken({ sub: 'spec-pause', markupId });
    const res = await s.request('PATCH', `${API}/markups/${markupId}/read-only`, { token: wsKey, body: { readOnly: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: markupId, readOnly: true });
    expect((await s.request('POST', `${API}/threads`, { token: guest.token, body: threadBody() })).status).toBe(403);
    const events = await eventsOf('set_project_read_only', markupId);
    expect(events.map((e) => JSON.parse(e.payload).data.markup.readOnly)).toEqual([true]);
  });

  it('§3 Markup readOnly=false → PATCH /markups/:id/read-only readOnly=true without pauseCommentsEnabled → refused with 403 (§7; docs/api-decisions.md), readOnly stays false', async () => {
    const ws = await freshWorkspace(s, 'No pausing');
    await s.db.query('UPDATE workspaces SET plan_pause_comments_enabled = false WHERE id = $1', [ws.id]);
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'Unpausable');
    const res = await s.request('PATCH', `${API}/markups/${markupId}/read-only`, { token: ws.key, body: { readOnly: true } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).body.data.readOnly).toBe(false);
  });

  it('§3 Markup readOnly=true → PATCH /markups/:id/read-only readOnly=false (always allowed, even without pauseCommentsEnabled) → readOnly=false, new comments resume', async () => {
    const ws = await freshWorkspace(s, 'Resume');
    await s.db.query('UPDATE workspaces SET plan_pause_comments_enabled = false WHERE id = $1', [ws.id]);
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'Paused');
    await s.db.query('UPDATE markups SET read_only = true WHERE id = $1', [markupId]);
    const res = await s.request('PATCH', `${API}/markups/${markupId}/read-only`, { token: ws.key, body: { readOnly: false } });
    expect(res.status).toBe(200);
    expect(res.body.data.readOnly).toBe(false);
    expect((await s.request('POST', `${API}/threads`, { token: ws.key, body: threadBody({ projectId: markupId }) })).status).toBe(200);
  });

  it('§3 Image or video markup isReady=false → conversion finishes → isReady=true, markup_ready webhook is sent', async () => {
    const upload = async (bytes: Uint8Array, type: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await s.app.request(`${API}/markups/file?workspaceId=${s.seed.workspaceId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${wsKey}` },
        body: form,
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.data as { id: string; type: string; isReady: boolean };
    };
    const image = await upload(await pngOf(64, 48), 'image/png', 'shot.png');
    const video = await upload(mp4Of(320, 240, 1500), 'video/mp4', 'clip.mp4');
    expect([image.type, image.isReady, video.type, video.isReady]).toEqual(['image', false, 'video', false]);
    const worker = createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger });
    while ((await worker.runOnce()) > 0);
    for (const markup of [image, video]) {
      expect((await s.request('GET', `${API}/markups/${markup.id}`, { token: wsKey })).body.data.isReady, markup.type).toBe(true);
      expect(await eventsOf('markup_ready', markup.id), markup.type).toHaveLength(1);
    }
  });

  it('§3 Item active → PATCH /items/archive (ids in folderItemIds) → archived in the workspace archive folder, listed under GET /items/:archiveFolderId/items', async () => {
    const ws = await freshWorkspace(s, 'Archive');
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'To archive');
    expect((await s.request('PATCH', `${API}/items/archive`, { token: ws.key, body: { folderItemIds: [markupId] } })).status).toBe(204);
    const listed = await s.request('GET', `${API}/items/${ws.archiveFolderId}/items`, { token: ws.key });
    expect(listed.body.data.data.map((i: { id: string }) => i.id)).toEqual([markupId]);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).body.data.status).toBe('archived');
  });

  it('§3 Item archived → PATCH /items/restore (ids in folderItemIds) → active, placed at the root', async () => {
    const ws = await freshWorkspace(s, 'Restore');
    const folder = await s.request('POST', `${API}/items`, { token: ws.key, body: { parentFolderId: ws.rootFolderId, name: 'Deep' } });
    const folderId = folder.headers.get('location')!.split('/').pop()!;
    const markupId = await newMarkup(s, ws, folderId, 'Nested');
    expect((await s.request('PATCH', `${API}/items/archive`, { token: ws.key, body: { folderItemIds: [markupId] } })).status).toBe(204);
    expect((await s.request('PATCH', `${API}/items/restore`, { token: ws.key, body: { folderItemIds: [markupId] } })).status).toBe(204);
    const item = await s.request('GET', `${API}/items/${markupId}`, { token: ws.key });
    expect(item.body.data.parentFolderId).toBe(ws.rootFolderId);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).body.data.status).not.toBe('archived');
  });

  it('§3 Screenshot isProcessing=true → processing ends → isProcessing=false (nothing is converted: a screenshot is never left processing)', async () => {
    const threadId = await newThread();
    const fileId = randomUUID();
    const q = new URLSearchParams({ fileId, filesize: String(PNG_1X1.length), filename: 'shot.png', mimeType: 'image/png' });
    const policy = await s.request('GET', `${API}/threads/${threadId}/screenshot-upload-policy?${q}`, { token: reviewer.token });
    expect(policy.status).toBe(200);
    const stored = await postForm(s.app, policy.body.data.policy, { bytes: PNG_1X1, type: 'image/png' });
    expect(stored.status).toBe(204);
    const body = {
      fileId,
      key: policy.body.data.key,
      etag: stored.headers.get('etag'),
      mimeType: 'image/png',
      width: 10,
      height: 10,
      filesize: PNG_1X1.length,
    };
    const put = await s.request('PUT', `${API}/threads/${threadId}/screenshot`, { token: reviewer.token, body });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.isProcessing).toBe(false);
    expect((await s.request('GET', `${API}/threads/${threadId}/screenshot`, { token: reviewer.token })).body.data.isProcessing).toBe(false);
  });

  it('§3 SDK session minted → GET /auth/sdk-exchange/result with matching state and context (not yet read, not expired) → consumed; single use, later reads are refused', async () => {
    const state = `spec-state-${randomUUID()}`;
    const minted = await s.request('POST', `${API}/auth/sdk-exchange`, {
      token: await s.idpAccessToken(),
      body: { publicKey: s.seed.publicKey, markupId: s.seed.markupId, sdkOrigin: TEST_SDK_ORIGIN, state },
    });
    expect(minted.status).toBe(200);
    const url = `${API}/auth/sdk-exchange/result?${new URLSearchParams({ state, publicKey: s.seed.publicKey, markupId: s.seed.markupId })}`;
    const first = await s.request('GET', url, { headers: { Origin: TEST_SDK_ORIGIN } });
    expect(first.status).toBe(200);
    expect(first.body.data.exchangeToken).toBe(minted.body.data.exchangeToken);
    const second = await s.request('GET', url, { headers: { Origin: TEST_SDK_ORIGIN } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already_consumed');
  });

  it('§3 Webhook registration enabled=true or false → POST /webhook-registrations/:id with enabled → value set as sent', async () => {
    const created = await s.request('POST', `${API}/webhook-registrations`, {
      token: wsKey,
      body: { url: 'https://receiver.example/toggle', workspaceId: s.seed.workspaceId, enabled: true, eventTypes: ['comment_created'] },
    });
    const id = created.body.data.id as string;
    for (const enabled of [false, false, true]) {
      const res = await s.request('POST', `${API}/webhook-registrations/${id}`, {
        token: wsKey,
        body: { url: 'https://receiver.example/toggle', enabled },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.enabled).toBe(enabled);
      expect((await s.request('GET', `${API}/webhook-registrations/${id}`, { token: wsKey })).body.data.enabled).toBe(enabled);
    }
  });
});
