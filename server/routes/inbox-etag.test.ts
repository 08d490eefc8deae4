/**
 * Conditional reads of the review app (issue 16): `GET /inbox` and `GET /threads/:id` carry a weak
 * ETag; asking again with it answers 304 while nothing changed, and 200 with a new tag after a
 * reply, a triage change or a read mark. A tag names its viewer: another member's tag — whose
 * unread marks differ — never gets a 304, and the tags of two members differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '../testing/review-app.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let ann: { memberToken: string; userId: string };
let ben: { memberToken: string; userId: string };
let reviewer: { token: string };
let threadId: string;

beforeAll(async () => {
  s = await createTestServer();
  ann = await signInMember(s, 'Ann Etag', 'ann@example.com');
  ben = await signInMember(s, 'Ben Etag', 'ben@example.com');
  reviewer = await s.exchangeToken({ sub: 'etag-reviewer', name: 'Eve' });
  threadId = (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).body.data.id;
});
afterAll(async () => {
  await s.close();
});

const get = (path: string, token: string, tag?: string) =>
  s.request('GET', `${API}${path}`, { token, headers: tag ? { 'If-None-Match': tag } : {} });

for (const [name, path] of [
  ['GET /inbox', () => '/inbox?status=all'],
  ['GET /threads/:id', () => `/threads/${threadId}`],
] as const) {
  describe(name, () => {
    it('answers 304 while nothing changed, 200 with a new tag after a reply, a triage change or a read mark', async () => {
      const first = await get(path(), ann.memberToken);
      expect(first.status).toBe(200);
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');

      const again = await get(path(), ann.memberToken, tag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect((await get(path(), ann.memberToken, `"other", ${tag.replace('W/', '')}`)).status).toBe(304);

      const seen = new Set([tag]);
      const changes: Array<() => Promise<unknown>> = [
        () =>
          s.request('POST', `${API}/threads/${threadId}/messages`, {
            token: reviewer.token,
            body: { message: { ops: [{ insert: 'news\n' }] } },
          }),
        () => s.request('PATCH', `${API}/threads/${threadId}/triage`, { token: ben.memberToken, body: { labels: [`l${seen.size}`] } }),
        () => s.request('POST', `${API}/threads/${threadId}/seen`, { token: ann.memberToken }),
      ];
      let current = tag;
      for (const change of changes) {
        s.clock.advance(1000);
        await change();
        const after = await get(path(), ann.memberToken, current);
        expect(after.status).toBe(200);
        current = after.headers.get('etag')!;
        expect(seen.has(current)).toBe(false);
        seen.add(current);
        expect((await get(path(), ann.memberToken, current)).status).toBe(304);
      }
    });

    it("never answers one member's tag to another: unread marks are per person", async () => {
      await s.request('POST', `${API}/threads/${threadId}/messages`, {
        token: reviewer.token,
        body: { message: { ops: [{ insert: 'unread for both\n' }] } },
      });
      await s.request('POST', `${API}/threads/${threadId}/seen`, { token: ann.memberToken });
      const annTag = (await get(path(), ann.memberToken)).headers.get('etag')!;
      const benAnswer = await get(path(), ben.memberToken, annTag);
      expect(benAnswer.status).toBe(200);
      expect(benAnswer.headers.get('etag')).not.toBe(annTag);
      // The same person as a contributor (no moderation scopes) is asked again, not told "unchanged".
      await s.db.query(`UPDATE workspace_members SET role = 'contributor' WHERE user_id = $1`, [ann.userId]);
      expect((await get(path(), ann.memberToken, annTag)).status).toBe(200);
      await s.db.query(`UPDATE workspace_members SET role = 'admin' WHERE user_id = $1`, [ann.userId]);
      // The API key's tag is not a member's either.
      expect((await get(path(), s.seed.workspaceApiKey, annTag)).status).toBe(200);
    });
  });
}

describe('other filters and pages', () => {
  it('tags differ per query, so one filter’s tag never answers another', async () => {
    const open = await get('/inbox?status=open', ann.memberToken);
    const all = await get('/inbox?status=all', ann.memberToken);
    expect(open.headers.get('etag')).not.toBe(all.headers.get('etag'));
    expect((await get('/inbox?status=all', ann.memberToken, open.headers.get('etag')!)).status).toBe(200);
  });

  it('a reviewer reading its thread gets tags too; another workspace’s thread stays 404 whatever the tag', async () => {
    const first = await get(`/threads/${threadId}`, reviewer.token);
    expect((await get(`/threads/${threadId}`, reviewer.token, first.headers.get('etag')!)).status).toBe(304);
    expect((await get('/threads/00000000-0000-4000-8000-000000000000', ann.memberToken, '*')).status).toBe(404);
  });
});
