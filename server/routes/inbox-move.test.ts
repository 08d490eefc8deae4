/**
 * Moving a thread to another markup (issue 16, the review app's "move to another markup"): the
 * thread, its messages and triage go along and are numbered anew; both markups' cached lists see
 * it at once. Only owners, admins and API keys may; contributors, viewers, reviewers and other
 * workspaces are refused, and a bad target changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebpageMarkup } from '../seed.ts';
import { foreignMarkup, signInMember } from '../testing/review-app.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let member: { memberToken: string; userId: string };
let reviewer: { token: string };
let otherMarkup: string;

beforeAll(async () => {
  s = await createTestServer();
  member = await signInMember(s, 'Mo Mover', 'mo@example.com');
  reviewer = await s.exchangeToken({ sub: 'rex', name: 'Rex' });
  otherMarkup = await createWebpageMarkup(s.db, {
    workspaceId: s.seed.workspaceId,
    name: 'Staging',
    url: 'https://staging.example/',
    now: s.clock.now(),
  });
});
afterAll(async () => {
  await s.close();
});

const newThread = async () =>
  (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).body.data.id as string;
const move = (id: string, body: unknown, token = member.memberToken) => s.request('POST', `${API}/threads/${id}/move`, { token, body });
const setRole = (role: string) => s.db.query('UPDATE workspace_members SET role = $2 WHERE user_id = $1', [member.userId, role]);
const listed = async (markupId: string) =>
  (await s.request('GET', `${API}/threads?markupId=${markupId}`, { token: member.memberToken })).body.data.threads.map(
    (t: { id: string }) => t.id,
  );

describe('POST /threads/:id/move', () => {
  it('moves the thread with its messages and triage, numbered on the new markup; both lists follow', async () => {
    const id = await newThread();
    await s.request('POST', `${API}/threads/${id}/messages`, { token: reviewer.token, body: { message: { ops: [{ insert: 'more\n' }] } } });
    await s.request('PATCH', `${API}/threads/${id}/triage`, { token: member.memberToken, body: { labels: ['moved'] } });
    expect(await listed(s.seed.markupId)).toContain(id);
    expect(await listed(otherMarkup)).not.toContain(id);

    const res = await move(id, { markupId: otherMarkup.toUpperCase() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ threadId: id, projectId: otherMarkup, number: 1 });

    const thread = (await s.request('GET', `${API}/threads/${id}`, { token: member.memberToken })).body.data;
    expect(thread).toMatchObject({ projectId: otherMarkup, number: 1, labels: ['moved'] });
    expect(thread.messages).toHaveLength(2);
    expect(await listed(s.seed.markupId)).not.toContain(id);
    expect(await listed(otherMarkup)).toContain(id);
    const inbox = await s.request('GET', `${API}/inbox?markupId=${otherMarkup}`, { token: member.memberToken });
    expect(inbox.body.data.threads.map((t: { id: string }) => t.id)).toEqual([id]);

    // The reviewer's token is for the first markup: the moved thread is out of its reach now.
    expect((await s.request('GET', `${API}/threads/${id}`, { token: reviewer.token })).status).toBe(404);
    // Moving to where it is changes nothing; a second one is numbered after the first.
    expect((await move(id, { markupId: otherMarkup })).body.data.number).toBe(1);
    expect((await move(await newThread(), { markupId: otherMarkup })).body.data.number).toBe(2);
  });

  it('is refused to contributors, viewers and reviewers; API keys may', async () => {
    const id = await newThread();
    for (const role of ['contributor', 'viewer']) {
      await setRole(role);
      const res = await move(id, { markupId: otherMarkup });
      expect(res.status, role).toBe(403);
      expect(res.body.error.message).toMatch(/owners and admins/);
    }
    await setRole('admin');
    expect((await move(id, { markupId: otherMarkup }, reviewer.token)).status).toBe(403);
    expect((await s.request('GET', `${API}/threads/${id}`, { token: member.memberToken })).body.data.projectId).toBe(s.seed.markupId);
    expect((await move(id, { markupId: otherMarkup }, s.seed.workspaceApiKey)).status).toBe(200);
  });

  it('keeps threads and markups of other workspaces out of reach, both ways', async () => {
    const far = await foreignMarkup(s, 'Far away');
    const id = await newThread();
    for (const markupId of [far.markupId, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await move(id, { markupId });
      expect(res.status, markupId).toBe(422);
      expect(res.body.error.details[0].path).toBe('markupId');
    }
    const farThread = await s.db.query<{ id: string }>(
      `INSERT INTO threads (id, markup_id, number, type, author_user_id, created_at, modified_at, last_activity_at)
       SELECT gen_random_uuid(), $1, 1, 'webpage', $2, now(), now(), now() RETURNING id`,
      [far.markupId, member.userId],
    );
    expect((await move(farThread[0]!.id, { markupId: s.seed.markupId })).status).toBe(404);
    expect((await s.request('GET', `${API}/threads/${id}`, { token: member.memberToken })).body.data.projectId).toBe(s.seed.markupId);
  });

  it('refuses archived and deleted targets and bad bodies, changing nothing', async () => {
    const id = await newThread();
    const archived = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Old',
      url: 'https://old.example/',
      now: s.clock.now(),
    });
    const archive = await s.request('PATCH', `${API}/items/archive`, { token: member.memberToken, body: { folderItemIds: [archived] } });
    expect(archive.status, archive.text).toBe(204);
    expect((await move(id, { markupId: archived })).body.error.message).toMatch(/archived/);
    const gone = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Gone',
      url: 'https://gone.example/',
      now: s.clock.now(),
    });
    await s.request('DELETE', `${API}/items/${gone}`, { token: member.memberToken });
    expect((await move(id, { markupId: gone })).status).toBe(422);
    for (const body of [{}, { markupId: '' }, { markupId: 5 }, { markupId: otherMarkup, extra: 1 }]) {
      expect((await move(id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await s.request('GET', `${API}/threads/${id}`, { token: member.memberToken })).body.data.projectId).toBe(s.seed.markupId);
  });
});
