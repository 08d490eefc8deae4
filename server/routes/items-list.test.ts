/**
 * GET /items/:id/items: folders before markups in every order, the four orders, page/limit,
 * keyset cursors both ways (stable when items are added elsewhere), and the refused queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { childIds, freshWorkspace, newFolder, newMarkup, type Ws } from '../testing/items-fixtures.ts';

let s: TestServer;
let ws: Ws;
let folders: Record<string, string>;
let markups: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  ws = await freshWorkspace(s);
  // Created one second apart, in this order: names and creation times disagree on purpose.
  folders = {};
  markups = {};
  for (const name of ['beta', 'Alpha', 'gamma']) {
    s.clock.advance(1000);
    folders[name] = await newFolder(s, ws, ws.rootFolderId, name);
  }
  for (const name of ['delta', 'Charlie', 'echo']) {
    s.clock.advance(1000);
    markups[name] = await newMarkup(s, ws, ws.rootFolderId, name);
  }
});
afterAll(async () => {
  await s.close();
});

const list = (query = '', token = ws.key, folderId = ws.rootFolderId) =>
  s.request('GET', `${API}/items/${folderId}/items${query}`, { token });

describe('orders', () => {
  it('az by default (case-insensitive), folders first; za; created newest first', async () => {
    const f = folders,
      m = markups;
    expect(await childIds(s, ws, ws.rootFolderId)).toEqual([f.Alpha, f.beta, f.gamma, m.Charlie, m.delta, m.echo]);
    expect(await childIds(s, ws, ws.rootFolderId, '&order=az')).toEqual([f.Alpha, f.beta, f.gamma, m.Charlie, m.delta, m.echo]);
    expect(await childIds(s, ws, ws.rootFolderId, '&order=za')).toEqual([f.gamma, f.beta, f.Alpha, m.echo, m.delta, m.Charlie]);
    expect(await childIds(s, ws, ws.rootFolderId, '&order=created')).toEqual([f.gamma, f.Alpha, f.beta, m.echo, m.Charlie, m.delta]);
  });

  it('activity: latest thread activity or modification first', async () => {
    // In the demo workspace: its installation signs the reviewer in on the markup.
    const demo = (await s.request('GET', `${API}/workspace`, { token: s.seed.workspaceApiKey })).body.data;
    const other: Ws = { id: demo.id, rootFolderId: demo.rootFolderId, archiveFolderId: demo.archiveFolderId, key: s.seed.workspaceApiKey };
    const folder = await newFolder(s, other, other.rootFolderId, 'Activity');
    const older = await newMarkup(s, other, folder, 'older');
    s.clock.advance(1000);
    const newer = await newMarkup(s, other, folder, 'newer');
    expect(await childIds(s, other, folder, '&order=activity')).toEqual([newer, older]);
    // A comment on the older markup makes it the most active.
    s.clock.advance(1000);
    const reviewer = await s.exchangeToken({ sub: 'activity-reviewer', markupId: older });
    expect((await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).status).toBe(200);
    expect(await childIds(s, other, folder, '&order=activity')).toEqual([older, newer]);
  });

  it('lists items as GET /items/:id shows them (folders without ancestors)', async () => {
    const res = await list('?limit=100');
    expect(res.status).toBe(200);
    const [folder] = res.body.data.data;
    const read = (await s.request('GET', `${API}/items/${folders.Alpha}`, { token: ws.key })).body.data;
    const { ancestors, ...withoutAncestors } = read;
    expect(ancestors).toHaveLength(1);
    expect(folder).toEqual(withoutAncestors);
    const markup = res.body.data.data[3];
    expect(markup).toEqual((await s.request('GET', `${API}/items/${markups.Charlie}`, { token: ws.key })).body.data);
    expect(res.body.data).toMatchObject({ hasMore: false, nextCursor: null, prevCursor: null, total: 6 });
  });
});

describe('pages and cursors', () => {
  it('page + limit: offset pages with total, hasMore and cursors to continue from', async () => {
    const all = await childIds(s, ws, ws.rootFolderId);
    const p1 = (await list('?limit=4')).body.data;
    expect(p1.data.map((i: { id: string }) => i.id)).toEqual(all.slice(0, 4));
    expect(p1).toMatchObject({ hasMore: true, prevCursor: null, total: 6 });
    const p2 = (await list('?limit=4&page=2')).body.data;
    expect(p2.data.map((i: { id: string }) => i.id)).toEqual(all.slice(4));
    expect(p2).toMatchObject({ hasMore: false, nextCursor: null, total: 6 });
    expect(p2.prevCursor).toEqual(expect.any(String));
    const p3 = (await list('?limit=4&page=3')).body.data;
    expect(p3).toMatchObject({ data: [], hasMore: false, nextCursor: null, prevCursor: null, total: 6 });
  });

  it('since walks forward and before walks back over the same pages, for every order', async () => {
    for (const order of ['az', 'za', 'created', 'activity']) {
      const all = await childIds(s, ws, ws.rootFolderId, `&order=${order}`);
      const seen: string[] = [];
      let cursor: string | null = null;
      const pages: Array<{ ids: string[]; prev: string | null }> = [];
      do {
        const res = await list(`?order=${order}&limit=4${cursor ? `&since=${cursor}` : ''}`);
        expect(res.status, res.text).toBe(200);
        const ids = res.body.data.data.map((i: { id: string }) => i.id);
        seen.push(...ids);
        pages.push({ ids, prev: res.body.data.prevCursor });
        cursor = res.body.data.nextCursor;
        expect(res.body.data.hasMore).toBe(cursor !== null);
      } while (cursor);
      expect(seen, order).toEqual(all);
      const back = await list(`?order=${order}&limit=4&before=${pages[1]!.prev}`);
      expect(
        back.body.data.data.map((i: { id: string }) => i.id),
        order,
      ).toEqual(pages[0]!.ids);
      expect(back.body.data).toMatchObject({ hasMore: false, prevCursor: null });
      expect(back.body.data.nextCursor).toEqual(expect.any(String));
    }
  });

  it('a cursor page does not shift when an item is added before it', async () => {
    const other = await freshWorkspace(s, 'Stable');
    const ids = [];
    for (const name of ['b', 'c', 'd', 'e']) ids.push(await newFolder(s, other, other.rootFolderId, name));
    const first = (await list('?limit=2', other.key, other.rootFolderId)).body.data;
    await newFolder(s, other, other.rootFolderId, 'a');
    const second = (await list(`?limit=2&since=${first.nextCursor}`, other.key, other.rootFolderId)).body.data;
    expect(second.data.map((i: { id: string }) => i.id)).toEqual(ids.slice(2));
    expect(second.total).toBe(5);
  });

  it('refuses bad queries with 400: limit, page, cursors, combinations; ttl is accepted', async () => {
    const cursor = (await list('?limit=1')).body.data.nextCursor;
    const bad = [
      '?limit=0',
      '?limit=101',
      '?limit=x',
      '?limit=-1',
      '?page=0',
      '?page=1.5',
      '?order=name',
      '?ttl=-1',
      '?ttl=abc',
      `?since=${cursor}&before=${cursor}`,
      `?page=2&since=${cursor}`,
      '?since=garbage',
      '?before=e30',
      `?order=za&since=${cursor}`,
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const elsewhere = await list(`?since=${cursor}`, ws.key, folders.Alpha);
    expect(elsewhere.status).toBe(400);
    expect((await list('?ttl=3600&limit=100')).body.data.total).toBe(6);
  });

  it("answers 404 for a markup, an unknown or another workspace's folder; lists the (empty) archive", async () => {
    const other = await freshWorkspace(s, 'Foreign');
    for (const id of [markups.delta, other.rootFolderId, 'nope']) expect((await list('', ws.key, id!)).status).toBe(404);
    expect((await list('', ws.key, ws.archiveFolderId)).body.data).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
      prevCursor: null,
      total: 0,
    });
  });
});
