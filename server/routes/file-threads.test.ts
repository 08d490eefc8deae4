/**
 * Image, video and PDF threads (issue 17) on real converted files: a client written from the spec
 * creates each variant and reads every field back (full record, list, short move-pin record); the
 * refusals name the field; and the thread life cycle (resolve, filter, delete, webhook) is the
 * webpage one's. Attacks: server/attacks/file-markup-threads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../events/registrations.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { CLIP_MP4, drawnPng, fileThreadBody, readyFileMarkup, textPdf } from '../testing/file-markups.ts';

let s: TestServer;
let key: string;
let images: any;
let pdf: any;
let video: any;

beforeAll(async () => {
  s = await createTestServer();
  key = s.seed.workspaceApiKey;
  await s.db.transaction((tx) =>
    insertRegistration(
      tx,
      s.seed.workspaceId,
      { url: 'https://hooks.example/c', eventTypes: ['comment_created'], enabled: true },
      s.clock.now(),
    ),
  );
  images = await readyFileMarkup(s, [
    { bytes: await drawnPng(800, 600), type: 'image/png', name: 'home.png' },
    { bytes: await drawnPng(400, 400, 30), type: 'image/png', name: 'menu.png' },
  ]);
  pdf = await readyFileMarkup(s, [{ bytes: await textPdf(3), type: 'application/pdf', name: 'deck.pdf' }]);
  video = await readyFileMarkup(s, [{ bytes: CLIP_MP4, type: 'video/mp4', name: 'demo.mp4' }]);
});
afterAll(async () => {
  await s.close();
});

const post = (body: Record<string, unknown>, token = key) => s.request('POST', `${API}/threads`, { token, body });
const move = (id: string, body: Record<string, unknown>, token = key) =>
  s.request('PATCH', `${API}/threads/${id}/move-pin`, { token, body });
const WEBPAGE_ONLY = ['elements', 'parents', 'proxyUrl', 'originalUrl', 'canonicalUrl', 'browserContext', 'viewModeId'];

describe('image threads', () => {
  it('pins a point of one image of the set and answers every field of the variant', async () => {
    const second = images.images[1];
    const res = await post(fileThreadBody(images.id, { projectImageId: second.id, width: 400, height: 400 }));
    expect(res.status, res.text).toBe(200);
    const t = res.body.data;
    expect(t).toMatchObject({
      isImageThread: true,
      projectId: images.id,
      projectImageId: second.id,
      offsetXPercentage: 25,
      offsetYPercentage: 75,
      startTime: null,
      endTime: null,
      width: 400,
      height: 400,
      number: 1,
      resolved: false,
      messages: [expect.objectContaining({ message: 'Look here' })],
    });
    for (const field of WEBPAGE_ONLY) expect(t).not.toHaveProperty(field);
    const read = await s.request('GET', `${API}/threads/${t.id}`, { token: key });
    expect(read.body.data).toEqual(t);
    const list = await s.request('GET', `${API}/threads?markupId=${images.id}`, { token: key });
    expect(list.body.data.threads).toEqual([t]);
  });

  it('accepts what a spec client sends for the required webpage fields (empty lists), and refuses pins it cannot place', async () => {
    const specClient = threadBody({
      isImageThread: true,
      projectId: images.id,
      projectImageId: images.images[0].id,
      elements: [],
      elementParents: [],
    });
    const res = await post(specClient as unknown as Record<string, unknown>);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.projectImageId).toBe(images.images[0].id);

    const refusals: Array<[Record<string, unknown>, string]> = [
      [fileThreadBody(images.id), 'projectImageId'], // two images: which one?
      [fileThreadBody(images.id, { projectImageId: pdf.images[0].id }), 'projectImageId'], // another markup's page
      [fileThreadBody(images.id, { projectImageId: 'not-an-id' }), 'projectImageId'],
      [fileThreadBody(images.id, { projectImageId: images.images[0].id, pageNumber: 1 }), 'pageNumber'],
      [fileThreadBody(images.id, { projectImageId: images.images[0].id, startTime: 1 }), 'startTime'],
      [fileThreadBody(images.id, { projectImageId: images.images[0].id, offsetXPercentage: 101 }), 'offsetXPercentage'],
      [fileThreadBody(images.id, { projectImageId: images.images[0].id, elements: [threadBody().elements[0]] }), 'elements'],
      [{ ...threadBody({ projectId: images.id }) }, 'isImageThread'], // a webpage thread on an image markup
    ];
    for (const [body, path] of refusals) {
      const refused = await post(body);
      expect(refused.status, `${path}: ${refused.text}`).toBe(422);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('moves the pin to another image and answers the short image record', async () => {
    const created = (await post(fileThreadBody(images.id, { projectImageId: images.images[0].id }))).body.data;
    const res = await move(created.id, { projectImageId: images.images[1].id, offsetXPercentage: 10, offsetYPercentage: 20 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      id: created.id,
      userId: created.user.id,
      projectId: images.id,
      number: created.number,
      resolved: false,
      projectImageId: images.images[1].id,
      offsetXPercentage: 10,
      offsetYPercentage: 20,
      startTime: null,
      endTime: null,
    });
    // The spec's move-pin names the point viewportX/YPercentage: the same point.
    const again = await move(created.id, { viewportXPercentage: 60, viewportYPercentage: 70 });
    expect(again.body.data).toMatchObject({ projectImageId: images.images[1].id, offsetXPercentage: 60, offsetYPercentage: 70 });
    expect((await move(created.id, { offsetXPercentage: 5 })).status).toBe(422);
    expect((await move(created.id, { offsetXPercentage: 5, offsetYPercentage: 5, pageNumber: 2 })).status).toBe(422);
  });
});

describe('PDF threads', () => {
  const highlight = {
    startKey: 'p2:1',
    endKey: 'p2:1',
    startIndex: 1,
    startOffset: 4,
    endIndex: 1,
    endOffset: 20,
    text: 'annual plan costs',
  };

  it('pins a point of a page with a text highlight, and moves it to another page (short PDF record)', async () => {
    const res = await post(fileThreadBody(pdf.id, { pageNumber: 2, textHighlight: highlight }));
    expect(res.status, res.text).toBe(200);
    const t = res.body.data;
    expect(t).toMatchObject({
      isImageThread: true,
      projectImageId: pdf.images[1].id,
      pageNumber: 2,
      offsetXPercentage: 25,
      offsetYPercentage: 75,
      textHighlight: highlight,
    });
    expect(t).not.toHaveProperty('startTime');
    for (const field of WEBPAGE_ONLY) expect(t).not.toHaveProperty(field);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: key })).body.data).toEqual(t);

    const moved = await move(t.id, { pageNumber: 3, offsetXPercentage: 50, offsetYPercentage: 10 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toEqual({
      id: t.id,
      userId: t.user.id,
      projectId: pdf.id,
      number: t.number,
      resolved: false,
      pageNumber: 3,
      pageRelativeX: 50,
      pageRelativeY: 10,
    });
    const after = (await s.request('GET', `${API}/threads/${t.id}`, { token: key })).body.data;
    expect(after).toMatchObject({ pageNumber: 3, projectImageId: pdf.images[2].id, textHighlight: highlight });
    const cleared = await move(t.id, { offsetXPercentage: 1, offsetYPercentage: 1, textHighlight: null });
    expect(cleared.body.data.pageNumber).toBe(3);
    expect((await s.request('GET', `${API}/threads/${t.id}`, { token: key })).body.data.textHighlight).toBeNull();
  });

  it('takes the page from projectImageId too, and refuses pages that do not exist and broken highlights', async () => {
    const byId = await post(fileThreadBody(pdf.id, { projectImageId: pdf.images[2].id }));
    expect(byId.body.data.pageNumber).toBe(3);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [fileThreadBody(pdf.id), 'pageNumber'],
      [fileThreadBody(pdf.id, { pageNumber: 4 }), 'pageNumber'],
      [fileThreadBody(pdf.id, { pageNumber: 0 }), 'pageNumber'],
      [fileThreadBody(pdf.id, { pageNumber: 1.5 }), 'pageNumber'],
      [fileThreadBody(pdf.id, { pageNumber: 1, projectImageId: pdf.images[2].id }), 'projectImageId'],
      [fileThreadBody(pdf.id, { pageNumber: 1, projectImageId: images.images[0].id }), 'projectImageId'],
      [fileThreadBody(pdf.id, { pageNumber: 1, startTime: 2 }), 'startTime'],
      [fileThreadBody(pdf.id, { pageNumber: 1, textHighlight: { ...highlight, endOffset: 1 } }), 'textHighlight.endIndex'],
      [fileThreadBody(pdf.id, { pageNumber: 1, textHighlight: { text: 'no ends' } }), 'textHighlight.startKey'],
    ];
    for (const [body, path] of refusals) {
      const refused = await post(body);
      expect(refused.status, `${path}: ${refused.text}`).toBe(422);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });
});

describe('video threads', () => {
  it('pins a point of the frame over a time range within the duration', async () => {
    expect(video.video).toMatchObject({ width: 160, height: 120, durationMs: 1981 });
    const res = await post(fileThreadBody(video.id, { startTime: 0.5, endTime: 1.5 }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ isImageThread: true, projectImageId: video.video.id, startTime: 0.5, endTime: 1.5 });
    expect(res.body.data).not.toHaveProperty('pageNumber');
    const moved = await move(res.body.data.id, { offsetXPercentage: 1, offsetYPercentage: 2, startTime: 1.9 });
    expect(moved.body.data).toMatchObject({ projectImageId: video.video.id, startTime: 1.9, endTime: null, offsetXPercentage: 1 });
    expect((await move(res.body.data.id, { offsetXPercentage: 1, offsetYPercentage: 2, startTime: 3 })).status).toBe(422);
  });

  it('refuses times outside the video, an end before the start, and a missing start', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [fileThreadBody(video.id), 'startTime'],
      [fileThreadBody(video.id, { startTime: 2.5 }), 'startTime'],
      [fileThreadBody(video.id, { startTime: 1, endTime: 5 }), 'endTime'],
      [fileThreadBody(video.id, { startTime: 1, endTime: 0.5 }), 'endTime'],
      [fileThreadBody(video.id, { startTime: -1 }), 'startTime'],
      [fileThreadBody(video.id, { startTime: 1, pageNumber: 1 }), 'pageNumber'],
      [fileThreadBody(video.id, { startTime: 1, projectImageId: images.images[0].id }), 'projectImageId'],
    ];
    for (const [body, path] of refusals) {
      const refused = await post(body);
      expect(refused.status, `${path}: ${refused.text}`).toBe(422);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });
});

describe('file threads live like webpage threads', () => {
  it('refuses file fields on a webpage markup and isImageThread there', async () => {
    for (const extra of [{ projectImageId: images.images[0].id }, { pageNumber: 1 }, { startTime: 1, endTime: 2 }]) {
      const res = await post({ ...threadBody({ projectId: s.seed.markupId }), ...extra });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.message).toMatch(/webpage/);
    }
    const image = await post(fileThreadBody(s.seed.markupId));
    expect(image.status).toBe(422);
    expect(image.body.error.details[0].path).toBe('isImageThread');
  });

  it('resolves, filters, announces (comment_created with the pin) and deletes them; the list cache sees each change', async () => {
    const created = (await post(fileThreadBody(pdf.id, { pageNumber: 1 }))).body.data;
    const events = await s.db.query<{ payload: any }>("SELECT payload FROM webhook_deliveries WHERE event_type = 'comment_created'");
    const event = events
      .map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload))
      .find((p) => p.data.thread.id === created.id);
    expect(event.data.thread).toMatchObject({ projectImageId: pdf.images[0].id, pageNumber: 1, url: null });
    const first = await s.request('GET', `${API}/threads?markupId=${pdf.id}&resolved=false&viewMode=mobile`, { token: key });
    expect(first.body.data.threads.map((t: { id: string }) => t.id)).toContain(created.id);
    const etag = first.headers.get('etag')!;
    expect((await s.request('POST', `${API}/threads/${created.id}/resolve`, { token: key })).status).toBe(200);
    const stale = await s.request('GET', `${API}/threads?markupId=${pdf.id}&resolved=false&viewMode=mobile`, {
      token: key,
      headers: { 'If-None-Match': etag },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.data.threads.map((t: { id: string }) => t.id)).not.toContain(created.id);
    const activity = await s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_events WHERE thread_id = $1 AND kind = 'thread_created'",
      [created.id],
    );
    expect(activity[0]!.n).toBe(1);
    expect((await s.request('DELETE', `${API}/threads/${created.id}`, { token: key })).status).toBe(204);
    expect((await s.request('GET', `${API}/threads/${created.id}`, { token: key })).status).toBe(404);
  });

  it('lets a reviewer of the file markup (exchange token) comment, reply and move their pin', async () => {
    const reviewer = await s.exchangeToken({ sub: 'file-reviewer', name: 'Fay', markupId: images.id });
    const res = await post(fileThreadBody(images.id, { projectImageId: images.images[0].id }), reviewer.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.id).toBe(reviewer.userId);
    const reply = await s.request('POST', `${API}/threads/${res.body.data.id}/messages`, {
      token: reviewer.token,
      body: { content: 'And here' },
    });
    expect(reply.status).toBe(200);
    expect((await move(res.body.data.id, { offsetXPercentage: 3, offsetYPercentage: 4 }, reviewer.token)).status).toBe(200);
  });

  it('are listed in the inbox and filtered by markup like webpage threads, with no page address', async () => {
    const created = (await post(fileThreadBody(video.id, { startTime: 0.5, endTime: 1 }))).body.data;
    const inbox = await s.request('GET', `${API}/inbox?markupId=${video.id}&status=all`, { token: key });
    expect(inbox.status, inbox.text).toBe(200);
    const row = inbox.body.data.threads.find((t: { id: string }) => t.id === created.id);
    expect(row).toMatchObject({ markupId: video.id, canonicalUrl: '', resolved: false, messageCount: 1 });
    const byUrl = await s.request('GET', `${API}/inbox?url=${encodeURIComponent('http://localhost')}&status=all`, { token: key });
    expect(byUrl.body.data.threads.map((t: { id: string }) => t.id)).not.toContain(created.id);
  });
});
