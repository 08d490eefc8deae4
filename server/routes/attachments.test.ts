/**
 * Message attachments end to end: upload → complete → attach on a new thread, a reply or an edit
 * → read the bytes back through the signed URL (which expires). Every fileId is checked before
 * anything is stored, and files no longer used (edited away, message or thread deleted, abandoned
 * uploads) leave the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { sweepUploads } from '../model/file-cleanup.ts';
import { API, md5Hex, postForm, silentLogger, threadBody, twoReviewersAndAThread, type TestServer } from '../testing/support.ts';

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

interface Uploaded {
  fileId: string;
  key: string;
}

/** policy → POST to the store → complete (unless `completeIt` is false). */
async function upload(
  token: string,
  resourceId: string,
  file = { name: 'notes.txt', type: 'text/plain', bytes: 'hello world' },
  completeIt = true,
): Promise<Uploaded> {
  const size = Buffer.byteLength(file.bytes);
  const p = await s.request('POST', `${API}/upload-policy`, {
    token,
    body: { resourceType: 'message_attachment', resourceId, filename: file.name, contentType: file.type, filesize: size },
  });
  if (p.status !== 200) throw new Error(`policy: ${p.status} ${p.text}`);
  const stored = await postForm(s.app, p.body.data.policy, { bytes: file.bytes, type: file.type, name: file.name });
  if (stored.status !== 204) throw new Error(`store: ${stored.status} ${await stored.text()}`);
  if (completeIt) {
    const done = await s.request('POST', `${API}/upload-complete`, {
      token,
      body: { fileId: p.body.data.fileId, etag: stored.headers.get('etag') },
    });
    if (done.status !== 200) throw new Error(`complete: ${done.status} ${done.text}`);
  }
  return { fileId: p.body.data.fileId, key: p.body.data.key };
}

const reply = (token: string, body: object) => s.request('POST', `${API}/threads/${threadId}/messages`, { token, body });
const exists = async (key: string) => (await s.storage.head(key)) !== null;

describe('attaching uploads', () => {
  it('attaches to a reply and serves the bytes through an expiring signed URL', async () => {
    const json = { name: 'diagnostics.json', type: 'application/json', bytes: '{"console":[]}' };
    const file = await upload(alice.token, threadId, json);
    const res = await reply(alice.token, { content: 'logs attached', attachments: [{ fileId: file.fileId }] });
    expect(res.status).toBe(200);
    const [attachment] = res.body.data.attachments;
    expect(attachment).toEqual({
      id: expect.any(String),
      messageId: res.body.data.id,
      url: expect.stringMatching(
        /^http:\/\/localhost:8787\/storage\/pinmark\/ws\/.+\/diagnostics\.json\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/,
      ),
      etag: md5Hex(json.bytes),
      mimeType: 'application/json',
      originalFilename: 'diagnostics.json',
      filesize: json.bytes.length,
      createdAt: s.clock.now(),
      modifiedAt: s.clock.now(),
    });
    const read = await s.app.request(attachment.url, { headers: { Origin: 'https://customer.example' } });
    expect(await read.json()).toEqual({ console: [] });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(read.headers.get('content-disposition')).toContain('attachment; filename="diagnostics.json"');

    const thread = (await s.request('GET', `${API}/threads/${threadId}`, { token: bob.token })).body.data;
    expect(thread.messages.at(-1).attachments[0].url).toBe(attachment.url); // same 10-minute window, same URL
    s.clock.advance(71 * 60 * 1000);
    try {
      expect((await s.app.request(attachment.url)).status).toBe(403);
      // (The reviewers' 1-hour tokens have expired too; an API key reads the thread again.)
      const fresh = (await s.request('GET', `${API}/threads/${threadId}`, { token: s.seed.workspaceApiKey })).body.data.messages.at(-1)
        .attachments[0].url;
      expect((await s.app.request(fresh)).status).toBe(200);
    } finally {
      s.clock.advance(-71 * 60 * 1000);
    }
  });

  it('attaches to a new thread (uploaded for its markup) and to an edit', async () => {
    const image = await upload(alice.token, s.seed.markupId, { name: 'crop.png', type: 'image/png', bytes: 'not really a png' });
    const created = await s.request('POST', `${API}/threads`, {
      token: alice.token,
      body: threadBody({ attachments: [{ fileId: image.fileId }] }),
    });
    expect(created.status).toBe(200);
    expect(created.body.data.messages[0].attachments[0]).toMatchObject({ mimeType: 'image/png', originalFilename: 'crop.png' });
    expect(created.body.data.screenshot).toBeNull();

    const message = (await reply(alice.token, { content: 'two files' })).body.data;
    const a = await upload(alice.token, threadId, { name: 'a.txt', type: 'text/plain', bytes: 'A' });
    const b = await upload(alice.token, threadId, { name: 'b.txt', type: 'text/plain', bytes: 'B' });
    const first = await s.request('PATCH', `${API}/messages/${message.id}`, {
      token: alice.token,
      body: { attachments: [{ fileId: a.fileId }, { fileId: b.fileId }] },
    });
    expect(first.body.data.attachments.map((x: { originalFilename: string }) => x.originalFilename)).toEqual(['a.txt', 'b.txt']);
    const reordered = await s.request('PATCH', `${API}/messages/${message.id}`, {
      token: alice.token,
      body: { attachments: [{ fileId: b.fileId }, { fileId: a.fileId }] },
    });
    expect(reordered.body.data.attachments.map((x: { id: string }) => x.id)).toEqual([
      first.body.data.attachments[1].id,
      first.body.data.attachments[0].id,
    ]);
    // Dropping a from the list deletes its file; b keeps its attachment id.
    const second = await s.request('PATCH', `${API}/messages/${message.id}`, {
      token: alice.token,
      body: { attachments: [{ fileId: b.fileId }] },
    });
    expect(second.body.data.attachments).toEqual([first.body.data.attachments[1]]);
    expect(await exists(a.key)).toBe(false);
    expect(await exists(b.key)).toBe(true);
    expect((await s.db.query('SELECT 1 FROM uploads WHERE id = $1', [a.fileId])).length).toBe(0);
  });

  it('refuses unknown, incomplete, foreign, reused and duplicate fileIds with 422 and stores nothing', async () => {
    const pending = await upload(alice.token, threadId, undefined, false);
    const bobs = await upload(bob.token, threadId);
    const used = await upload(alice.token, threadId);
    await reply(alice.token, { content: 'uses it', attachments: [{ fileId: used.fileId }] });
    const screenshotPolicy = (
      await s.request('POST', `${API}/upload-policy`, {
        token: alice.token,
        body: { resourceType: 'thread_screenshot', resourceId: threadId, filename: 's.png', contentType: 'image/png', filesize: 3 },
      })
    ).body.data;
    const orgId = await createOrganization(s.db, 'Foreign', s.clock.now());
    const ws = await createWorkspace(s.db, orgId, 'Foreign', s.clock.now());
    const foreignKey = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: orgId,
      workspaceId: ws.id,
      name: 'Foreign key',
      now: s.clock.now(),
    });
    const foreignMarkup = await createWebpageMarkup(s.db, { workspaceId: ws.id, name: 'F', url: 'https://f.example/', now: s.clock.now() });
    const foreign = await upload(foreignKey, foreignMarkup);
    const ok = await upload(alice.token, threadId);

    const before = (await s.db.query('SELECT count(*)::int AS n FROM messages')) as { n: number }[];
    const res = await reply(alice.token, {
      content: 'all wrong',
      attachments: [
        { fileId: '00000000-0000-4000-8000-000000000000' },
        { fileId: pending.fileId },
        { fileId: bobs.fileId },
        { fileId: used.fileId },
        { fileId: screenshotPolicy.fileId },
        { fileId: foreign.fileId },
        { fileId: ok.fileId },
        { fileId: ok.fileId },
        { fileId: 'garbage' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([
      { path: 'attachments.0.fileId', message: 'no upload with this id' },
      { path: 'attachments.1.fileId', message: 'this upload is not completed (call POST /upload-complete first)' },
      { path: 'attachments.2.fileId', message: 'no upload with this id' },
      { path: 'attachments.3.fileId', message: 'this upload is already attached to another message' },
      { path: 'attachments.4.fileId', message: 'this upload is a thread_screenshot, not a message_attachment' },
      { path: 'attachments.5.fileId', message: 'no upload with this id' },
      { path: 'attachments.7.fileId', message: 'listed twice' },
      { path: 'attachments.8.fileId', message: 'no upload with this id' },
    ]);
    expect((await s.db.query('SELECT count(*)::int AS n FROM messages')) as { n: number }[]).toEqual(before);
    // An API key of the workspace may use any of its uploads; 11 attachments are too many.
    expect((await reply(s.seed.workspaceApiKey, { content: 'ok', attachments: [{ fileId: bobs.fileId }] })).status).toBe(200);
    const eleven = Array.from({ length: 11 }, () => ({ fileId: ok.fileId }));
    expect((await reply(alice.token, { content: 'many', attachments: eleven })).status).toBe(422);
  });
});

describe('cleaning up stored files', () => {
  it('deletes the files of a deleted message and of a deleted thread', async () => {
    const own = (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id;
    const first = await upload(alice.token, own);
    const message = (
      await s.request('POST', `${API}/threads/${own}/messages`, {
        token: alice.token,
        body: { content: 'x', attachments: [{ fileId: first.fileId }] },
      })
    ).body.data;
    expect(await exists(first.key)).toBe(true);
    expect((await s.request('DELETE', `${API}/messages/${message.id}`, { token: alice.token })).status).toBe(204);
    expect(await exists(first.key)).toBe(false);

    const second = await upload(alice.token, own);
    await s.request('POST', `${API}/threads/${own}/messages`, {
      token: alice.token,
      body: { content: 'y', attachments: [{ fileId: second.fileId }] },
    });
    expect((await s.request('DELETE', `${API}/threads/${own}`, { token: alice.token })).status).toBe(204);
    expect(await exists(second.key)).toBe(false);
    expect((await s.db.query('SELECT 1 FROM uploads WHERE id = $1', [second.fileId])).length).toBe(0);
  });

  it('sweeps uploads never completed within a day or never used within a week', async () => {
    const pending = await upload(alice.token, threadId, undefined, false);
    const unused = await upload(alice.token, threadId);
    const used = await upload(alice.token, threadId);
    await reply(alice.token, { content: 'keeps it', attachments: [{ fileId: used.fileId }] });
    expect(await sweepUploads(s.db, s.storage, s.clock.now(), silentLogger)).toBe(0);
    await sweepUploads(s.db, s.storage, s.clock.now() + 25 * 60 * 60 * 1000, silentLogger);
    expect(await exists(pending.key)).toBe(false);
    expect(await exists(unused.key)).toBe(true);
    await sweepUploads(s.db, s.storage, s.clock.now() + 8 * 24 * 60 * 60 * 1000, silentLogger);
    expect(await exists(unused.key)).toBe(false);
    expect(await exists(used.key)).toBe(true);
  });
});
