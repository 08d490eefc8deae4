/**
 * Thread screenshots (§4.2): the author asks for a policy (with a fileId of their choosing),
 * uploads the image to the store, PUTs it onto the thread (which checks the stored object) and
 * everyone who reaches the thread reads it — in GET /threads/:id/screenshot and inside every
 * thread response (one query for a whole list). Replacing deletes the old image.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Db } from '../db/db.ts';
import { createWebpageMarkup } from '../seed.ts';
import { API, md5Hex, PNG_1X1, postForm, threadBody, twoReviewersAndAThread, type TestServer } from '../testing/support.ts';

let s: TestServer;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let threadId: string;
beforeAll(async () => {
  ({ s, alice, bob, threadId } = await twoReviewersAndAThread());
});
afterAll(async () => {
  await s.close();
});

const policyUrl = (thread: string, q: Record<string, string | number>) =>
  `${API}/threads/${thread}/screenshot-upload-policy?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

/** Policy + upload of a PNG; returns what PUT needs. */
async function uploadShot(token: string, thread = threadId, bytes: Uint8Array = PNG_1X1) {
  const fileId = randomUUID();
  const res = await s.request('GET', policyUrl(thread, { fileId, filesize: bytes.length, filename: 'shot.png', mimeType: 'image/png' }), {
    token,
  });
  if (res.status !== 200) throw new Error(`policy: ${res.status} ${res.text}`);
  const stored = await postForm(s.app, res.body.data.policy, { bytes, type: 'image/png' });
  if (stored.status !== 204) throw new Error(`store: ${stored.status}`);
  return {
    fileId,
    key: res.body.data.key as string,
    etag: stored.headers.get('etag')!,
    mimeType: 'image/png',
    width: 1280,
    height: 800,
    filesize: bytes.length,
  };
}

const put = (token: string, body: object, thread = threadId) => s.request('PUT', `${API}/threads/${thread}/screenshot`, { token, body });

describe('screenshot upload policy', () => {
  it('gives the author a policy for a key under the thread, and re-issues it for the same fileId', async () => {
    const fileId = randomUUID();
    const q = { fileId, filesize: 2048, filename: 'capture.png', mimeType: 'image/png' };
    const res = await s.request('GET', policyUrl(threadId, q), { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      key: `ws/${s.seed.workspaceId}/thread_screenshot/${fileId}/capture.png`,
      bucket: 'pinmark',
      policy: { url: 'http://localhost:8787/storage/pinmark', fields: expect.objectContaining({ 'Content-Type': 'image/png' }) },
      metadata: { 'file-id': fileId, 'resource-type': 'thread_screenshot', 'resource-id': threadId },
    });
    expect((await s.request('GET', policyUrl(threadId, q), { token: alice.token })).status).toBe(200);
  });

  it('refuses other reviewers (403), other markups (404), bad types (415), big files (413), bad queries (400), reused fileIds (409)', async () => {
    const q = { fileId: randomUUID(), filesize: 10, filename: 'x.png', mimeType: 'image/png' };
    expect((await s.request('GET', policyUrl(threadId, q), { token: bob.token })).status).toBe(403);
    const otherMarkup = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'O',
      url: 'https://o.example/',
      now: s.clock.now(),
    });
    const other = (
      await s.request('POST', `${API}/threads`, { token: s.seed.workspaceApiKey, body: threadBody({ projectId: otherMarkup }) })
    ).body.data.id;
    expect((await s.request('GET', policyUrl(other, q), { token: alice.token })).status).toBe(404);
    expect((await s.request('GET', policyUrl(threadId, { ...q, mimeType: 'image/svg+xml' }), { token: alice.token })).status).toBe(415);
    expect((await s.request('GET', policyUrl(threadId, { ...q, filesize: 10 * 1024 * 1024 + 1 }), { token: alice.token })).status).toBe(
      413,
    );
    expect((await s.request('GET', policyUrl(threadId, { ...q, fileId: 'nope' }), { token: alice.token })).status).toBe(400);
    expect((await s.request('GET', `${API}/threads/${threadId}/screenshot-upload-policy`, { token: alice.token })).status).toBe(400);
    await s.request('GET', policyUrl(threadId, q), { token: alice.token });
    const reused = await s.request('GET', policyUrl(other, q), { token: s.seed.workspaceApiKey });
    expect(reused.status).toBe(409);
  });
});

describe('PUT and GET /threads/:id/screenshot', () => {
  it('404s before there is a screenshot', async () => {
    const res = await s.request('GET', `${API}/threads/${threadId}/screenshot`, { token: bob.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('checks the stored object against the request', async () => {
    const fileId = randomUUID();
    const p = (
      await s.request('GET', policyUrl(threadId, { fileId, filesize: PNG_1X1.length, filename: 's.png', mimeType: 'image/png' }), {
        token: alice.token,
      })
    ).body.data;
    const body = { fileId, key: p.key, etag: md5Hex(PNG_1X1), mimeType: 'image/png', width: 10, height: 10, filesize: PNG_1X1.length };
    const missing = await put(alice.token, body);
    expect([missing.status, missing.body.error.code]).toEqual([409, 'upload_not_found']);
    await postForm(s.app, p.policy, { bytes: PNG_1X1, type: 'image/png' });
    const etag = await put(alice.token, { ...body, etag: md5Hex('other') });
    expect([etag.status, etag.body.error.code]).toEqual([409, 'etag_mismatch']);
    expect((await put(alice.token, { ...body, filesize: 99 })).status).toBe(422);
    expect((await put(alice.token, { ...body, key: 'ws/other.png' })).status).toBe(422);
    expect((await put(alice.token, { ...body, mimeType: 'image/jpeg' })).status).toBe(422);
    expect((await put(alice.token, { ...body, fileId: randomUUID() })).status).toBe(422);
    expect((await put(alice.token, { ...body, width: 0 })).status).toBe(422);
    expect((await put(bob.token, body)).status).toBe(403);
  });

  it('attaches, shows it everywhere with a signed URL, and replaces it deleting the old file', async () => {
    const shot = await uploadShot(alice.token);
    const res = await put(alice.token, { ...shot, etag: shot.etag.toUpperCase() });
    expect(res.status).toBe(200);
    const screenshot = res.body.data;
    expect(screenshot).toEqual({
      id: expect.any(String),
      createdAt: s.clock.now(),
      modifiedAt: s.clock.now(),
      mimeType: 'image/png',
      width: 1280,
      height: 800,
      filesize: PNG_1X1.length,
      type: 'static',
      isProcessing: false,
      url: expect.stringContaining('/storage/pinmark/ws/'),
      expiresAt: expect.any(String),
    });
    const image = await s.app.request(screenshot.url);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect(image.headers.get('content-disposition')).toBe('inline');

    expect((await s.request('GET', `${API}/threads/${threadId}/screenshot`, { token: bob.token })).body.data).toEqual(screenshot);
    expect((await s.request('GET', `${API}/threads/${threadId}`, { token: bob.token })).body.data.screenshot).toEqual(screenshot);
    const list = (await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: bob.token })).body.data.threads;
    expect(list.find((t: { id: string }) => t.id === threadId).screenshot).toEqual(screenshot);

    s.clock.advance(1000);
    const next = await uploadShot(s.seed.workspaceApiKey, threadId, Buffer.concat([PNG_1X1, Buffer.from('v2')]));
    const replaced = await put(s.seed.workspaceApiKey, { ...next, type: 'native' });
    expect(replaced.body.data).toMatchObject({
      id: screenshot.id,
      createdAt: screenshot.createdAt,
      modifiedAt: s.clock.now(),
      type: 'native',
      filesize: PNG_1X1.length + 2,
    });
    expect(await s.storage.head(shot.key)).toBeNull();
    expect((await s.db.query('SELECT 1 FROM uploads WHERE id = $1', [shot.fileId])).length).toBe(0);
    // PUT again with the same file: idempotent.
    expect((await put(s.seed.workspaceApiKey, next)).body.data.id).toBe(screenshot.id);
    expect(await s.storage.head(next.key)).not.toBeNull();
  });

  it('loads the screenshots of a whole list in one query', async () => {
    const markup = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Shots',
      url: 'https://shots.example/',
      now: s.clock.now(),
    });
    for (let i = 0; i < 3; i++) {
      const id = (await s.request('POST', `${API}/threads`, { token: s.seed.workspaceApiKey, body: threadBody({ projectId: markup }) }))
        .body.data.id;
      if (i < 2) await put(s.seed.workspaceApiKey, await uploadShot(s.seed.workspaceApiKey, id), id);
    }
    const seen: string[] = [];
    const counting: Db = { ...s.db, query: (sql, params) => (seen.push(sql), s.db.query(sql, params)) };
    const app = createApp({ ...s.deps, db: counting });
    const res = await app.request(`${API}/threads?markupId=${markup}`, { headers: { Authorization: `Bearer ${s.seed.workspaceApiKey}` } });
    const threads = ((await res.json()) as { data: { threads: { screenshot: unknown }[] } }).data.threads;
    expect(threads.map((t) => t.screenshot === null)).toEqual([false, false, true]);
    expect(seen.filter((sql) => sql.includes('thread_screenshots')).length).toBe(1);
  });

  it('deletes the image with its thread', async () => {
    const own = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const shot = await uploadShot(alice.token, own);
    await put(alice.token, shot, own);
    const pendingOnly = await uploadShot(alice.token, own);
    expect((await s.request('DELETE', `${API}/threads/${own}`, { token: alice.token })).status).toBe(204);
    expect(await s.storage.head(shot.key)).toBeNull();
    expect(await s.storage.head(pendingOnly.key)).toBeNull();
  });
});
