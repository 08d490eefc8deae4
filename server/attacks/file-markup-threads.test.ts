/**
 * Playing the attacker against threads on file markups (issue 17): another workspace's file
 * markup is as unknown as a made-up id (to keys and reviewers), only a pin's author moves it and
 * never onto another markup's image, and nothing can be pinned on a file still being converted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../seed.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { drawnPng, fileThreadBody, readyFileMarkup, textPdf } from '../testing/file-markups.ts';

let s: TestServer;
let key: string;
let images: any;
let pdf: any;

beforeAll(async () => {
  s = await createTestServer();
  key = s.seed.workspaceApiKey;
  images = await readyFileMarkup(s, [{ bytes: await drawnPng(320, 240), type: 'image/png', name: 'home.png' }]);
  pdf = await readyFileMarkup(s, [{ bytes: await textPdf(2), type: 'application/pdf', name: 'deck.pdf' }]);
});
afterAll(async () => {
  await s.close();
});

const post = (body: Record<string, unknown>, token = key) => s.request('POST', `${API}/threads`, { token, body });
const move = (id: string, body: Record<string, unknown>, token = key) =>
  s.request('PATCH', `${API}/threads/${id}/move-pin`, { token, body });

describe('attacks', () => {
  it('keeps another workspace\u2019s file markup out of reach (404, as an unknown id), for keys and reviewers', async () => {
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Other team', s.clock.now());
    const theirs = await readyFileMarkup(s, [{ bytes: await textPdf(1), type: 'application/pdf', name: 'secret.pdf' }], {
      token: s.seed.organizationApiKey,
      workspaceId: other.id,
    });
    const reviewer = await s.exchangeToken({ sub: 'nosy-reviewer', name: 'Nosy', markupId: pdf.id });
    for (const token of [key, reviewer.token]) {
      const res = await post(fileThreadBody(theirs.id, { pageNumber: 1 }), token);
      const unknown = await post(fileThreadBody(crypto.randomUUID(), { pageNumber: 1 }), token);
      expect(res.status, res.text).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    const count = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM threads WHERE markup_id = $1', [theirs.id]);
    expect(count[0]!.n).toBe(0);
  });

  it('lets only the author (or an API key) move a file pin, and never onto another markup\u2019s image', async () => {
    const author = await s.exchangeToken({ sub: 'pin-author', name: 'Ann', markupId: images.id });
    const other = await s.exchangeToken({ sub: 'pin-other', name: 'Otto', markupId: images.id });
    const created = (await post(fileThreadBody(images.id, { projectImageId: images.images[0].id }), author.token)).body.data;
    expect((await move(created.id, { offsetXPercentage: 1, offsetYPercentage: 1 }, other.token)).status).toBe(403);
    const foreign = await move(created.id, { projectImageId: pdf.images[0].id, offsetXPercentage: 1, offsetYPercentage: 1 }, author.token);
    expect(foreign.status).toBe(422);
    const after = (await s.request('GET', `${API}/threads/${created.id}`, { token: key })).body.data;
    expect(after).toMatchObject({ projectImageId: images.images[0].id, offsetXPercentage: 25 });
  });

  it('refuses threads while a file markup is still converting (409), storing nothing', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await drawnPng(50, 50))], { type: 'image/png' }), 'late.png');
    const res = await s.app.request(`${API}/markups/file?workspaceId=${s.seed.workspaceId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    const pending = ((await res.json()) as any).data;
    expect(pending.isReady).toBe(false);
    const refused = await post(fileThreadBody(pending.id));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
  });
});
