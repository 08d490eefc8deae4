/**
 * Triage (issue 16): a thread's assignee, priority and labels set by the team, shown on the thread
 * everywhere (its own record, the markup's cached list, the inbox) and filterable; refused to
 * reviewers, viewers, other workspaces and anyone not a member as assignee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../seed.ts';
import { foreignMarkup, signInMember } from '../testing/review-app.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let member: { memberToken: string; userId: string };
let threadId: string;

beforeAll(async () => {
  s = await createTestServer();
  member = await signInMember(s, 'Tara Triage', 'tara@example.com');
  const reviewer = await s.exchangeToken({ sub: 'rae', name: 'Rae' });
  threadId = (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).body.data.id;
});
afterAll(async () => {
  await s.close();
});

const triage = (body: unknown, token = member.memberToken, id = threadId) =>
  s.request('PATCH', `${API}/threads/${id}/triage`, { token, body });

describe('PATCH /threads/:id/triage', () => {
  it('sets assignee, priority and labels, each alone; null clears; labels keep their first spelling', async () => {
    const first = await triage({ assigneeId: member.userId, priority: 700, labels: ['Bug', 'checkout', 'bug', ' UX '] });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ threadId, assigneeId: member.userId, priority: 700, labels: ['Bug', 'checkout', 'UX'] });
    const onlyPriority = await triage({ priority: null });
    expect(onlyPriority.body.data).toMatchObject({ assigneeId: member.userId, priority: null, labels: ['Bug', 'checkout', 'UX'] });

    const thread = await s.request('GET', `${API}/threads/${threadId}`, { token: member.memberToken });
    expect(thread.body.data).toMatchObject({ assigneeId: member.userId, labels: ['Bug', 'checkout', 'UX'], priority: null });
    const list = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: member.memberToken });
    expect(list.body.data.threads.find((t: { id: string }) => t.id === threadId).labels).toEqual(['Bug', 'checkout', 'UX']);

    const assignedToMe = await s.request('GET', `${API}/inbox?assignee=me&label=bug`, { token: member.memberToken });
    expect(assignedToMe.body.data.threads.map((t: { id: string }) => t.id)).toEqual([threadId]);
    expect(assignedToMe.body.data.threads[0]).toMatchObject({
      assignee: { id: member.userId, name: 'Tara Triage' },
      labels: ['Bug', 'checkout', 'UX'],
    });
    expect((await s.request('GET', `${API}/inbox?assignee=none`, { token: member.memberToken })).body.data.total).toBe(0);

    const cleared = await triage({ assigneeId: null, labels: [] });
    expect(cleared.body.data).toMatchObject({ assigneeId: null, labels: [] });
    expect((await s.request('GET', `${API}/inbox?assignee=none`, { token: member.memberToken })).body.data.total).toBe(1);
  });

  it('assigns only members of the thread’s workspace', async () => {
    const colleague = await createMember(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Col',
      email: 'col@example.com',
      role: 'contributor',
      now: s.clock.now(),
    });
    expect((await triage({ assigneeId: colleague })).body.data.assigneeId).toBe(colleague);
    const reviewer = await s.exchangeToken({ sub: 'not-a-member', name: 'Nora' });
    const other = await foreignMarkup(s, 'Other');
    const outsider = await createMember(s.db, {
      workspaceId: other.workspaceId,
      name: 'Out',
      email: 'out@example.com',
      role: 'owner',
      now: s.clock.now(),
    });
    for (const assigneeId of [reviewer.userId, outsider, 'nobody', '00000000-0000-4000-8000-000000000000']) {
      const res = await triage({ assigneeId });
      expect(res.status, assigneeId).toBe(422);
      expect(res.body.error.details[0].path).toBe('assigneeId');
    }
  });

  it('refuses bad bodies with clear errors and changes nothing', async () => {
    await triage({ labels: ['keep'] });
    for (const body of [
      {},
      { priority: 1001 },
      { labels: Array.from({ length: 11 }, (_, i) => `l${i}`) },
      { labels: [''] },
      { labels: ['a\u0000b'] },
      { labels: ['x'.repeat(41)] },
      { other: 1 },
    ]) {
      const res = await triage(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.message).toBeTruthy();
    }
    expect((await s.request('GET', `${API}/threads/${threadId}`, { token: member.memberToken })).body.data.labels).toEqual(['keep']);
  });

  it('is refused to reviewers, viewers and other workspaces; API keys may', async () => {
    const reviewer = await s.exchangeToken({ sub: 'rae', name: 'Rae' });
    expect((await triage({ priority: 1 }, reviewer.token)).status).toBe(403);
    await s.db.query(`UPDATE workspace_members SET role = 'viewer' WHERE user_id = $1`, [member.userId]);
    expect((await triage({ priority: 1 })).status).toBe(403);
    await s.db.query(`UPDATE workspace_members SET role = 'admin' WHERE user_id = $1`, [member.userId]);
    expect((await triage({ priority: 2 }, s.seed.workspaceApiKey)).body.data.priority).toBe(2);

    const { markupId: farMarkup } = await foreignMarkup(s, 'Far');
    const farThread = await s.db.query<{ id: string }>(
      `INSERT INTO threads (id, markup_id, number, type, author_user_id, created_at, modified_at, last_activity_at)
       SELECT gen_random_uuid(), $1, 1, 'webpage', $2, now(), now(), now() RETURNING id`,
      [farMarkup, member.userId],
    );
    expect((await triage({ priority: 3 }, member.memberToken, farThread[0]!.id)).status).toBe(404);
  });
});
