/**
 * Video clips and kept mentions on messages (issue 17): a real screen recording uploaded through
 * the upload flow becomes a clip of a new thread (webpage or file), a reply or an edit, readable
 * through its signed `sharedUrl` in every answer and list; bad clips are refused with nothing
 * stored; the clip's file goes with its message. `mentionIds` beside plain `content` are kept
 * when they name taggable people of the markup, refused otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, postForm, threadBody, twoReviewersAndAThread, type TestServer } from '../testing/support.ts';
import { CLIP_MP4, CLIP_WEBM, drawnPng, fileThreadBody, readyFileMarkup } from '../testing/file-markups.ts';

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

/** policy → the form POST to the store → complete; answers the fileId and key. */
async function upload(token: string, file: { bytes: Buffer; type: string; name: string }, resourceId = threadId) {
  const p = await s.request('POST', `${API}/upload-policy`, {
    token,
    body: { resourceType: 'message_attachment', resourceId, filename: file.name, contentType: file.type, filesize: file.bytes.length },
  });
  if (p.status !== 200) throw new Error(`policy: ${p.status} ${p.text}`);
  const stored = await postForm(s.app, p.body.data.policy, file);
  if (stored.status !== 204) throw new Error(`store: ${stored.status}`);
  const done = await s.request('POST', `${API}/upload-complete`, {
    token,
    body: { fileId: p.body.data.fileId, etag: stored.headers.get('etag') },
  });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${done.text}`);
  return { fileId: p.body.data.fileId as string, key: p.body.data.key as string };
}
const recording = (name = 'recording.webm') => ({ bytes: CLIP_WEBM, type: 'video/webm', name });
const reply = (token: string, body: object) => s.request('POST', `${API}/threads/${threadId}/messages`, { token, body });

describe('clipVideos', () => {
  it('puts a recorded clip on a reply, with a signed sharedUrl serving the bytes, in the thread and the list', async () => {
    const clip = await upload(alice.token, recording());
    const res = await reply(alice.token, {
      content: 'Watch this',
      clipVideos: [{ fileId: clip.fileId, title: 'Checkout bug', width: 160, height: 120 }],
    });
    expect(res.status, res.text).toBe(200);
    const [shown] = res.body.data.clipVideos;
    expect(shown).toEqual({
      id: expect.any(String),
      messageId: res.body.data.id,
      title: 'Checkout bug',
      sharedUrl: expect.stringMatching(/^http:\/\/localhost:8787\/storage\/pinmark\/.+X-Amz-Signature=/),
      width: 160,
      height: 120,
      mimeType: 'video/webm',
      createdAt: s.clock.now(),
      modifiedAt: s.clock.now(),
    });
    const served = await s.app.request(shown.sharedUrl);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(CLIP_WEBM);
    const thread = (await s.request('GET', `${API}/threads/${threadId}`, { token: bob.token })).body.data;
    expect(thread.messages.find((m: { id: string }) => m.id === res.body.data.id).clipVideos).toEqual([shown]);
    const list = (await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: bob.token })).body.data.threads;
    const listed = list.find((t: { id: string }) => t.id === threadId);
    expect(listed.messages.find((m: { id: string }) => m.id === res.body.data.id).clipVideos).toEqual([shown]);
  });

  it('puts a clip on a new webpage thread and on a new image thread (the first message), default title', async () => {
    const first = await upload(alice.token, recording('a.webm'));
    const web = await s.request('POST', `${API}/threads`, {
      token: alice.token,
      body: threadBody({ clipVideos: [{ fileId: first.fileId, width: 1280, height: 720 }] }),
    });
    expect(web.status, web.text).toBe(200);
    expect(web.body.data.messages[0].clipVideos).toMatchObject([{ title: 'Screen recording', width: 1280, height: 720 }]);

    const images = await readyFileMarkup(s, [{ bytes: await drawnPng(300, 200), type: 'image/png', name: 'x.png' }]);
    const mp4 = await upload(s.seed.workspaceApiKey, { bytes: CLIP_MP4, type: 'video/mp4', name: 'b.mp4' }, images.id);
    const image = await s.request('POST', `${API}/threads`, {
      token: s.seed.workspaceApiKey,
      body: fileThreadBody(images.id, { clipVideos: [{ fileId: mp4.fileId, title: 'On the image', width: 160, height: 120 }] }),
    });
    expect(image.status, image.text).toBe(200);
    expect(image.body.data.messages[0].clipVideos).toMatchObject([{ title: 'On the image', mimeType: 'video/mp4' }]);
  });

  it('refuses clips that are not the caller\u2019s completed video uploads, or used already, storing nothing', async () => {
    const bobs = await upload(bob.token, recording('bob.webm'));
    const text = await upload(alice.token, { bytes: Buffer.from('not a video'), type: 'text/plain', name: 'n.txt' });
    const used = await upload(alice.token, recording('used.webm'));
    expect((await reply(alice.token, { content: 'x', clipVideos: [{ fileId: used.fileId, width: 10, height: 10 }] })).status).toBe(200);
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n;
    for (const [clip, path, message] of [
      [{ fileId: bobs.fileId, width: 10, height: 10 }, 'clipVideos.0.fileId', 'no upload'],
      [{ fileId: text.fileId, width: 10, height: 10 }, 'clipVideos.0.fileId', 'video/mp4 or video/webm'],
      [{ fileId: used.fileId, width: 10, height: 10 }, 'clipVideos.0.fileId', 'already used'],
      [{ fileId: 'nope', width: 10, height: 10 }, 'clipVideos.0.fileId', 'no upload'],
      [{ fileId: used.fileId, width: 0, height: 10 }, 'clipVideos.0.width', 'at least 1'],
      [{ fileId: used.fileId, height: 10 }, 'clipVideos.0.width', ''],
    ] as const) {
      const res = await reply(alice.token, { content: 'x', clipVideos: [clip] });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.details[0]).toMatchObject({ path });
      expect(res.body.error.details[0].message).toContain(message);
    }
    // A clip's upload cannot be an attachment as well.
    const asAttachment = await reply(alice.token, { content: 'x', attachments: [{ fileId: used.fileId }] });
    expect(asAttachment.status).toBe(422);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n).toBe(before);
  });

  it('replaces clips on an edit and deletes the files a message no longer uses', async () => {
    const one = await upload(alice.token, recording('one.webm'));
    const two = await upload(alice.token, recording('two.webm'));
    const created = (await reply(alice.token, { content: 'clips', clipVideos: [{ fileId: one.fileId, width: 10, height: 10 }] })).body.data;
    const edited = await s.request('PATCH', `${API}/messages/${created.id}`, {
      token: alice.token,
      body: { clipVideos: [{ fileId: two.fileId, title: 'Second take', width: 20, height: 20 }] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.clipVideos).toMatchObject([{ title: 'Second take', width: 20 }]);
    expect(await s.storage.head(one.key)).toBeNull();
    expect(await s.storage.head(two.key)).not.toBeNull();
    expect((await s.request('DELETE', `${API}/messages/${created.id}`, { token: alice.token })).status).toBe(204);
    expect(await s.storage.head(two.key)).toBeNull();
  });
});

describe('mentionIds beside content', () => {
  it('keeps mentions of taggable people and refuses anyone else', async () => {
    // Bob becomes taggable on this markup by writing on it.
    expect((await reply(bob.token, { content: 'Hello' })).status).toBe(200);
    const tags = (await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: alice.token })).body.data.taggable;
    const bobTag = tags.find((t: { id: string }) => t.id === bob.userId);
    expect(bobTag).toBeDefined();
    const kept = await reply(alice.token, { content: 'Bob, see this', mentionIds: [bob.userId.toUpperCase(), bob.userId] });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.mentionIds).toEqual([bob.userId]);
    const tagged = (await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: s.seed.workspaceApiKey })).body.data.tagged;
    expect(tagged.map((t: { id: string }) => t.id)).toContain(bob.userId);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await reply(alice.token, { content: 'who?', mentionIds: [bob.userId, id] });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.details).toEqual([{ path: 'mentionIds.1', message: 'not someone who can be mentioned on this markup' }]);
    }
    // With a Delta, the mentions are its embeds, as before.
    const delta = await reply(alice.token, { message: { ops: [{ insert: 'plain\n' }] }, mentionIds: [bob.userId] });
    expect(delta.body.data.mentionIds).toEqual([]);
    const edit = await s.request('PATCH', `${API}/messages/${kept.body.data.id}`, {
      token: alice.token,
      body: { content: 'Only me', mentionIds: [alice.userId] },
    });
    expect(edit.body.data.mentionIds).toEqual([alice.userId]);
  });
});
