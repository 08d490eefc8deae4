/**
 * GET /threads: walking every page of every order with the opaque cursor, offset/total, the
 * filters (resolved, viewMode, q), withThreadOrMessageId, and query validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadOrder } from '../../src/api/wire.ts';
import { createWebpageMarkup } from '../seed.ts';
import { API, createTestServer, threadBody, type TestResponse, type TestServer } from '../testing/support.ts';

let s: TestServer;
let markupId: string;
let token: string;
/** The 23 threads made below, as created. */
const made: { id: string; number: number; canonicalUrl: string; priority: number | null; createdAt: number; messageId: string }[] = [];

beforeAll(async () => {
  s = await createTestServer();
  markupId = await createWebpageMarkup(s.db, {
    workspaceId: s.seed.workspaceId,
    name: 'List',
    url: 'https://list.example/',
    now: s.clock.now(),
  });
  token = (await s.exchangeToken({ sub: 'lister', markupId })).token;
  for (let i = 0; i < 23; i++) {
    s.clock.advance(1000);
    const page = ['/a', '/c', '/b'][i % 3]!;
    const body = threadBody({
      url: `https://list.example${page}`,
      canonicalUrl: `https://list.example${page}`,
      viewModeId: (['desktop', 'desktop', 'mobile', 'tablet'] as const)[i % 4],
      priority: i % 5 === 0 ? undefined : i % 4,
      message: { ops: [{ insert: i === 7 ? 'The LOGO is 100% blurry\n' : `Comment ${i}\n` }] },
    });
    const res = await s.request('POST', `${API}/threads`, { token, body });
    if (res.status !== 200) throw new Error(res.text);
    const t = res.body.data;
    made.push({
      id: t.id,
      number: t.number,
      canonicalUrl: t.canonicalUrl,
      priority: t.priority,
      createdAt: t.createdAt,
      messageId: t.messages[0].id,
    });
  }
  // Resolve every third thread; reply to thread 4 later, so it has the latest activity.
  for (const t of made.filter((_, i) => i % 3 === 0)) await s.request('POST', `${API}/threads/${t.id}/resolve`, { token });
  s.clock.advance(60_000);
  await s.request('POST', `${API}/threads/${made[4]!.id}/messages`, { token, body: { content: 'bump' } });
});
afterAll(async () => {
  await s.close();
});

async function walk(query: Record<string, string>, limit: number) {
  const pages: { ids: string[]; offset: number; total: number; cursorId: string | null }[] = [];
  let cursorId: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ markupId, limit: String(limit), ...query, ...(cursorId ? { cursorId } : {}) });
    const res: TestResponse = await s.request('GET', `${API}/threads?${params}`, { token });
    expect(res.status, res.text).toBe(200);
    const { threads, offset, total } = res.body.data;
    cursorId = res.body.data.cursorId;
    pages.push({ ids: threads.map((t: { id: string }) => t.id), offset, total, cursorId });
    expect(pages.length).toBeLessThan(50);
  } while (cursorId);
  return pages;
}

const byNumber = (a: { number: number }, b: { number: number }) => a.number - b.number;
const expected: Record<ThreadOrder, () => string[]> = {
  pin_asc: () => [...made].sort(byNumber).map((t) => t.id),
  pin_desc: () =>
    [...made]
      .sort(byNumber)
      .reverse()
      .map((t) => t.id),
  page: () => [...made].sort((a, b) => a.canonicalUrl.localeCompare(b.canonicalUrl) || a.number - b.number).map((t) => t.id),
  timestamp: () => [...made].sort((a, b) => b.createdAt - a.createdAt || b.number - a.number).map((t) => t.id),
  priority_asc: () => [...made].sort((a, b) => (a.priority ?? 1e9) - (b.priority ?? 1e9) || a.number - b.number).map((t) => t.id),
  priority_desc: () => [...made].sort((a, b) => (b.priority ?? -1) - (a.priority ?? -1) || a.number - b.number).map((t) => t.id),
  activity: () => [made[4]!.id], // checked separately: only the first place is certain here
};

describe('GET /threads pagination', () => {
  it.each(['pin_asc', 'pin_desc', 'page', 'timestamp', 'priority_asc', 'priority_desc'] as ThreadOrder[])(
    'walks all pages in %s order',
    async (order) => {
      const pages = await walk({ order }, 5);
      expect(pages.map((p) => p.ids.length)).toEqual([5, 5, 5, 5, 3]);
      expect(pages.map((p) => p.offset)).toEqual([0, 5, 10, 15, 20]);
      expect(pages.every((p) => p.total === 23)).toBe(true);
      expect(pages.at(-1)!.cursorId).toBeNull();
      expect(pages.flatMap((p) => p.ids)).toEqual(expected[order]());
    },
  );

  it('orders by activity with the most recent first', async () => {
    const [first] = await walk({ order: 'activity' }, 100);
    expect(first!.ids[0]).toBe(made[4]!.id);
    expect(first!.ids).toHaveLength(23);
  });

  it('defaults to pin_asc, 50 per page, and returns full threads', async () => {
    const res = await s.request('GET', `${API}/threads?markupId=${markupId}`, { token });
    expect(res.body.data.threads.map((t: { id: string }) => t.id)).toEqual(expected.pin_asc());
    expect(res.body.data.cursorId).toBeNull();
    expect(res.body.data.query).toEqual({});
    expect(res.body.data.threads[4].messages.map((m: { message: string }) => m.message)).toEqual(['Comment 4', 'bump']);
  });

  it('pages with offset too', async () => {
    const res = await s.request('GET', `${API}/threads?markupId=${markupId}&limit=10&offset=20`, { token });
    expect(res.body.data).toMatchObject({ offset: 20, total: 23, cursorId: null });
    expect(res.body.data.threads).toHaveLength(3);
  });

  it('keeps the cursor stable when threads are added meanwhile', async () => {
    const first = await s.request('GET', `${API}/threads?markupId=${markupId}&limit=5&order=pin_asc`, { token });
    const created = await s.request('POST', `${API}/threads`, {
      token,
      body: threadBody({ url: 'https://list.example/z', canonicalUrl: 'https://list.example/z' }),
    });
    const second = await s.request(
      'GET',
      `${API}/threads?markupId=${markupId}&limit=5&order=pin_asc&cursorId=${first.body.data.cursorId}`,
      { token },
    );
    expect(second.body.data.threads.map((t: { id: string }) => t.id)).toEqual(expected.pin_asc().slice(5, 10));
    await s.request('DELETE', `${API}/threads/${created.body.data.id}`, { token });
  });

  it('jumps to the page holding withThreadOrMessageId', async () => {
    const target = expected.pin_asc()[12]!;
    const res = await s.request('GET', `${API}/threads?markupId=${markupId}&limit=5&withThreadOrMessageId=${target}`, { token });
    expect(res.body.data.offset).toBe(10);
    expect(res.body.data.threads.map((t: { id: string }) => t.id)).toContain(target);
    const viaMessage = await s.request('GET', `${API}/threads?markupId=${markupId}&limit=5&withThreadOrMessageId=${made[12]!.messageId}`, {
      token,
    });
    expect(viaMessage.body.data.offset).toBe(10);
  });
});

describe('GET /threads filters', () => {
  it('filters by resolved and echoes it', async () => {
    const resolved = await s.request('GET', `${API}/threads?markupId=${markupId}&resolved=true`, { token });
    expect(resolved.body.data.total).toBe(8);
    expect(resolved.body.data.query).toEqual({ resolved: true });
    expect(resolved.body.data.threads.every((t: { resolved: boolean }) => t.resolved)).toBe(true);
    const open = await s.request('GET', `${API}/threads?markupId=${markupId}&resolved=false&limit=3`, { token });
    expect(open.body.data.total).toBe(15);
    const all = await walk({ resolved: 'false' }, 4);
    expect(all.flatMap((p) => p.ids)).toHaveLength(15);
  });

  it('filters by viewMode', async () => {
    const mobile = await s.request('GET', `${API}/threads?markupId=${markupId}&viewMode=mobile`, { token });
    expect(mobile.body.data.total).toBe(6);
    expect(mobile.body.data.threads.every((t: { viewModeId: string }) => t.viewModeId === 'mobile')).toBe(true);
  });

  it('searches message text case-insensitively, treating % and _ literally', async () => {
    const res = await s.request('GET', `${API}/threads?markupId=${markupId}&q=${encodeURIComponent('logo is 100%')}`, { token });
    expect(res.body.data.threads.map((t: { id: string }) => t.id)).toEqual([made[7]!.id]);
    expect((await s.request('GET', `${API}/threads?markupId=${markupId}&q=bump`, { token })).body.data.total).toBe(1);
    expect((await s.request('GET', `${API}/threads?markupId=${markupId}&q=_`, { token })).body.data.total).toBe(0);
  });
});

describe('GET /threads validation', () => {
  const get = (query: string) => s.request('GET', `${API}/threads?${query}`, { token });
  it('needs markupId (400) and 404s a malformed or foreign one', async () => {
    expect((await get('')).status).toBe(400);
    expect((await get('markupId=nope')).status).toBe(404);
    expect((await get(`markupId=${s.seed.markupId}`)).status).toBe(404);
  });
  it('refuses bad query types with 400 and limit above 100 with 422', async () => {
    // offset=1e30 in digits was a 500: the number reached SQL as "1e+30".
    for (const q of ['limit=abc', 'limit=-1', 'offset=x', `offset=${'9'.repeat(30)}`, 'resolved=maybe', 'order=random', 'viewMode=watch']) {
      const res = await get(`markupId=${markupId}&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    expect((await get(`markupId=${markupId}&limit=101`)).status).toBe(422);
    expect((await get(`markupId=${markupId}&limit=0`)).status).toBe(422);
  });
  it('refuses a damaged cursor or one from another order', async () => {
    expect((await get(`markupId=${markupId}&cursorId=garbage`)).status).toBe(400);
    const first = await get(`markupId=${markupId}&limit=2&order=pin_desc`);
    const res = await get(`markupId=${markupId}&limit=2&order=pin_asc&cursorId=${first.body.data.cursorId}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/cursorId/);
  });
});
