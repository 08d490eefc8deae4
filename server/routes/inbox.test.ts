/**
 * The review app's inbox (issue 16): every thread of the workspace, newest activity first, each
 * filter alone and combined, full-text search, paging by cursor, and what reaches it (members and
 * API keys of the workspace; never reviewers, never another workspace).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxResponse } from '../../src/api/wire.ts';
import { createWebpageMarkup } from '../seed.ts';
import { foreignMarkup, signInMember } from '../testing/review-app.ts';
import { API, TEST_PUBLIC_URL, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { DIAGNOSTICS_FILENAME } from '../model/inbox.ts';

let s: TestServer;
let member: { memberToken: string; userId: string };
let secondMarkup: string;
const threads: Record<string, { id: string; number: number }> = {};

const text = (words: string) => ({ ops: [{ insert: `${words}\n` }] });

async function post(name: string, body: Record<string, unknown>, token = member.memberToken) {
  const res = await s.request('POST', `${API}/threads`, { token, body: threadBody({ projectId: s.seed.markupId, ...body }) });
  expect(res.status, res.text).toBe(200);
  threads[name] = { id: res.body.data.id, number: res.body.data.number };
  s.clock.advance(1000);
  return res.body.data;
}

async function inbox(query: Record<string, string> = {}, token = member.memberToken) {
  const res = await s.request<{ data: InboxResponse }>('GET', `${API}/inbox?${new URLSearchParams(query)}`, { token });
  return res;
}

const names = (res: { body: { data: InboxResponse } }) =>
  res.body.data.threads.map((t) => Object.keys(threads).find((name) => threads[name]!.id === t.id) ?? t.id);

beforeAll(async () => {
  s = await createTestServer();
  member = await signInMember(s, 'Ines Inbox', 'ines@example.com');
  secondMarkup = await createWebpageMarkup(s.db, {
    workspaceId: s.seed.workspaceId,
    name: 'Blog',
    url: `${TEST_PUBLIC_URL}/blog/`,
    now: s.clock.now(),
  });
  const reviewer = await s.exchangeToken({ sub: 'rob', name: 'Rob Reviewer' });

  await post('checkout', { message: text('The checkout button overlaps the footer'), viewModeId: 'mobile' });
  await post('pricing', {
    message: { ops: [{ insert: 'Pricing typo, see ' }, { insert: { mention: { id: member.userId, value: 'Ines' } } }, { insert: '\n' }] },
  });
  await post('blog', {
    projectId: secondMarkup,
    canonicalUrl: `${TEST_PUBLIC_URL}/blog/post-1`,
    url: `${TEST_PUBLIC_URL}/blog/post-1`,
    message: text('Blog image blurry'),
  });
  await post('byReviewer', { message: text('Kontaktformular schickt nichts ab') }, reviewer.token);
  await post('resolved', { message: text('Old issue, fixed') });
  await s.request('POST', `${API}/threads/${threads.resolved!.id}/resolve`, { token: member.memberToken });
  // A screenshot and a diagnostics file, as the widget's upload flows leave them.
  await s.db.query(
    `INSERT INTO thread_screenshots (id, thread_id, storage_key, etag, mime_type, width, height, filesize, type, created_at, modified_at)
     VALUES (gen_random_uuid(), $1, 'k', 'e', 'image/png', 10, 10, 100, 'native', now(), now())`,
    [threads.checkout!.id],
  );
  await s.db.query(
    `INSERT INTO message_attachments (id, message_id, url, etag, mime_type, original_filename, filesize, created_at, modified_at)
     SELECT gen_random_uuid(), m.id, 'u', 'e', 'application/json', $2, 10, now(), now() FROM messages m WHERE m.thread_id = $1`,
    [threads.byReviewer!.id, DIAGNOSTICS_FILENAME],
  );
});
afterAll(async () => {
  await s.close();
});

describe('GET /inbox', () => {
  it('lists the open threads of every markup, newest activity first, with what a row shows', async () => {
    const res = await inbox();
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['byReviewer', 'blog', 'pricing', 'checkout']);
    expect(res.body.data.total).toBe(4);
    const blog = res.body.data.threads[1]!;
    expect(blog).toMatchObject({
      markupId: secondMarkup,
      markupName: 'Blog',
      title: 'Blog image blurry',
      messageCount: 1,
      lastMessage: null,
    });
    expect(blog.author).toEqual({ id: member.userId, name: 'Ines Inbox' });
    // A reply moves a thread to the top and shows as its last message.
    await s.request('POST', `${API}/threads/${threads.checkout!.id}/messages`, {
      token: member.memberToken,
      body: { message: text('Still broken on iOS') },
    });
    const after = await inbox();
    expect(names(after)[0]).toBe('checkout');
    expect(after.body.data.threads[0]!.lastMessage).toMatchObject({ excerpt: 'Still broken on iOS', author: { name: 'Ines Inbox' } });
  });

  it('filters by status, markup, page, author, device, screenshot and diagnostics, combined', async () => {
    expect(names(await inbox({ status: 'resolved' }))).toEqual(['resolved']);
    expect((await inbox({ status: 'all' })).body.data.total).toBe(5);
    expect(names(await inbox({ markupId: secondMarkup }))).toEqual(['blog']);
    expect(names(await inbox({ url: `${TEST_PUBLIC_URL}/blog/` }))).toEqual(['blog']);
    expect(names(await inbox({ authorId: member.userId, status: 'all' })).sort()).toEqual(['blog', 'checkout', 'pricing', 'resolved']);
    expect(names(await inbox({ device: 'mobile' }))).toEqual(['checkout']);
    expect(names(await inbox({ hasScreenshot: 'true' }))).toEqual(['checkout']);
    expect(names(await inbox({ hasDiagnostics: 'true' }))).toEqual(['byReviewer']);
    expect(names(await inbox({ hasScreenshot: 'false', markupId: s.seed.markupId }))).toEqual(['byReviewer', 'pricing']);
    expect(names(await inbox({ mentionsMe: 'true' }))).toEqual(['pricing']);
    expect(names(await inbox({ device: 'mobile', hasDiagnostics: 'true' }))).toEqual([]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await inbox({ markupId: unknown })).body.data).toEqual({ threads: [], total: 0, cursorId: null });
    expect((await inbox({ markupId: 'not-an-id' })).body.data.total).toBe(0);
  });

  it('searches every message by word prefixes in any language, and #number', async () => {
    expect(names(await inbox({ q: 'check' }))).toEqual(['checkout']);
    expect(names(await inbox({ q: 'ios broken' }))).toEqual(['checkout']);
    expect(names(await inbox({ q: 'kontaktform' }))).toEqual(['byReviewer']);
    // Numbers count per markup: #1 of each.
    expect(names(await inbox({ q: `#${threads.blog!.number}` })).sort()).toEqual(['blog', 'checkout']);
    expect(names(await inbox({ q: `#${threads.blog!.number}`, markupId: secondMarkup }))).toEqual(['blog']);
    expect(names(await inbox({ q: "'); DROP TABLE threads; --" }))).toEqual([]);
    expect(names(await inbox({ q: '!!!' })).length).toBe(4);
  });

  it('filters by creation date', async () => {
    const blog = (await inbox({ markupId: secondMarkup })).body.data.threads[0]!;
    expect(names(await inbox({ from: String(blog.createdAt), to: String(blog.createdAt + 1) }))).toEqual(['blog']);
    expect(names(await inbox({ to: String(blog.createdAt) })).sort()).toEqual(['checkout', 'pricing']);
  });

  it('pages by cursor without repeats, the total staying the same', async () => {
    const seen: string[] = [];
    let cursorId: string | null = null;
    do {
      const res = await inbox({ status: 'all', limit: '2', ...(cursorId ? { cursorId } : {}) });
      expect(res.body.data.total).toBe(5);
      seen.push(...names(res));
      cursorId = res.body.data.cursorId;
    } while (cursorId);
    expect(seen.length).toBe(5);
    expect(new Set(seen).size).toBe(5);
    const bad = await inbox({ cursorId: 'garbage' });
    expect(bad.status).toBe(400);
    expect((await inbox({ limit: '0' })).status).toBe(400);
    expect((await inbox({ status: 'closed' })).status).toBe(400);
  });

  it('is for members and API keys of the workspace only', async () => {
    const reviewer = await s.exchangeToken({ sub: 'rob', name: 'Rob Reviewer' });
    expect((await inbox({}, reviewer.token)).status).toBe(403);
    const asKey = await inbox({ status: 'all' }, s.seed.workspaceApiKey);
    expect(asKey.body.data.total).toBe(5);
    expect(asKey.body.data.threads.every((t) => t.unread === false)).toBe(true);
    expect((await inbox({ mentionsMe: 'true' }, s.seed.workspaceApiKey)).status).toBe(400);
    expect((await s.request('GET', `${API}/inbox`)).status).toBe(401);

    const { workspaceId: otherId, markupId: theirs } = await foreignMarkup(s);
    expect((await inbox({ workspaceId: otherId })).status).toBe(404);
    expect((await inbox({ markupId: theirs, status: 'all' })).body.data.total).toBe(0);
  });
});

describe('unread and seen', () => {
  it('marks threads with others’ activity unread until seen; one’s own message is not news', async () => {
    const before = await inbox();
    const row = (name: string) => before.body.data.threads.find((t) => t.id === threads[name]!.id)!;
    expect(row('byReviewer').unread).toBe(true);
    expect(row('blog').unread).toBe(false);
    expect(names(await inbox({ unread: 'true' }))).toEqual(['byReviewer']);

    const seen = await s.request('POST', `${API}/threads/${threads.byReviewer!.id}/seen`, { token: member.memberToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data.lastSeenAt).toBe(s.clock.now());
    expect(names(await inbox({ unread: 'true' }))).toEqual([]);
    const full = await s.request('GET', `${API}/threads/${threads.byReviewer!.id}`, { token: member.memberToken });
    expect(full.body.data.userMetaData.lastSeenAt).toBe(s.clock.now());

    s.clock.advance(1000);
    const reviewer = await s.exchangeToken({ sub: 'rob', name: 'Rob Reviewer' });
    await s.request('POST', `${API}/threads/${threads.byReviewer!.id}/messages`, {
      token: reviewer.token,
      body: { message: text('Any news?') },
    });
    expect(names(await inbox({ unread: 'true' }))).toEqual(['byReviewer']);
    expect((await s.request('POST', `${API}/threads/${threads.byReviewer!.id}/seen`, { token: s.seed.workspaceApiKey })).status).toBe(400);
  });
});
