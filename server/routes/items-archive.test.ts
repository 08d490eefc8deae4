/**
 * §3 item transitions through PATCH /items/archive and /items/restore: active → archived (listed
 * under the archive folder, markups `archived`), archived → active (at the root, or with
 * withPath=1 back where it came from), subtrees moving whole, the markup_status_changed events
 * recorded in the same transaction, and every refusal leaving the tree and the outbox untouched.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../src/api/wire.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { childIds, freshWorkspace, newFolder, newMarkup, type Ws } from '../testing/items-fixtures.ts';

let s: TestServer;
let ws: Ws;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  ws = await freshWorkspace(s);
  const hook = await s.request('POST', `${API}/webhook-registrations`, {
    token: ws.key,
    body: { url: 'https://receiver.example/h', workspaceId: ws.id, enabled: true, eventTypes: ['markup_status_changed'] },
  });
  expect(hook.status).toBe(200);
});

const archive = (folderItemIds: unknown, extra: Record<string, unknown> = {}) =>
  s.request('PATCH', `${API}/items/archive`, { token: ws.key, body: { folderItemIds, ...extra } });
const restore = (folderItemIds: unknown, extra: Record<string, unknown> = {}) =>
  s.request('PATCH', `${API}/items/restore`, { token: ws.key, body: { folderItemIds, ...extra } });
const statusOf = async (markupId: string) => (await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).body.data.status;
const parentOf = async (id: string) => (await s.request('GET', `${API}/items/${id}`, { token: ws.key })).body.data.parentFolderId;
/** The markup_status_changed events of this workspace, as delivered: [markup id, new status]. */
async function statusEvents(): Promise<Array<[string, string]>> {
  const rows = await s.db.query<{ payload: string }>(
    "SELECT payload FROM webhook_deliveries WHERE workspace_id = $1 AND event_type = 'markup_status_changed' ORDER BY created_at, payload",
    [ws.id],
  );
  return rows.map((r) => JSON.parse(r.payload) as WebhookEvent<any>).map((e) => [e.data.markup.id, e.data.markup.status]);
}

describe('PATCH /items/archive', () => {
  it("moves a markup into the archive folder: listed there, status archived, one event naming the key's service user", async () => {
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'Page');
    const res = await archive([markupId]);
    expect(res.status).toBe(204);
    expect(await childIds(s, ws, ws.archiveFolderId)).toEqual([markupId]);
    expect(await childIds(s, ws, ws.rootFolderId)).toEqual([]);
    expect(await statusOf(markupId)).toBe('archived');
    const [row] = await s.db.query<{ payload: string }>('SELECT payload FROM webhook_deliveries WHERE workspace_id = $1', [ws.id]);
    const event = JSON.parse(row!.payload) as WebhookEvent<any>;
    expect(event).toMatchObject({ type: 'markup_status_changed', workspaceId: ws.id, timestamp: new Date(s.clock.now()).toISOString() });
    expect(event.data.markup).toMatchObject({ id: markupId, status: 'archived' });
    expect(event.data.actor).toMatchObject({ name: 'Items key', guest: false });
  });

  it('moves a folder with its subtree; every markup inside becomes archived (one event each)', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, a, 'B');
    const inA = await newMarkup(s, ws, a, 'in A');
    const inB = await newMarkup(s, ws, b, 'in B');
    const outside = await newMarkup(s, ws, ws.rootFolderId, 'outside');
    expect((await archive([a])).status).toBe(204);
    expect(await childIds(s, ws, ws.archiveFolderId)).toEqual([a]);
    expect(await childIds(s, ws, a)).toEqual([b, inA]);
    const read = (await s.request('GET', `${API}/items/${b}`, { token: ws.key })).body.data;
    expect(read.ancestors.map((x: { kind: string }) => x.kind)).toEqual(['archive', 'folder']);
    expect([await statusOf(inA), await statusOf(inB), await statusOf(outside)]).toEqual(['archived', 'archived', 'editing']);
    expect((await statusEvents()).sort()).toEqual(
      [
        [inA, 'archived'],
        [inB, 'archived'],
      ].sort(),
    );
  });

  it('carries listed items inside a listed folder along; already archived items and repeats change nothing', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const inA = await newMarkup(s, ws, a, 'in A');
    expect((await archive([inA, a, inA.toUpperCase()])).status).toBe(204);
    expect(await childIds(s, ws, ws.archiveFolderId)).toEqual([a]);
    expect(await parentOf(inA)).toBe(a);
    const events = await statusEvents();
    expect(events).toEqual([[inA, 'archived']]);
    expect((await archive([a, inA])).status).toBe(204);
    expect(await statusEvents()).toEqual(events);
  });

  it('checks every id before writing: unknown, foreign, deleted, root and archive folders → 422 listing each', async () => {
    const other = await freshWorkspace(s, 'Other');
    const good = await newMarkup(s, ws, ws.rootFolderId, 'Good');
    const theirs = await newMarkup(s, other, other.rootFolderId, 'Theirs');
    const gone = await newFolder(s, ws, ws.rootFolderId, 'Gone');
    await s.request('DELETE', `${API}/items/${gone}`, { token: ws.key });
    const res = await archive([good, theirs, 'not-a-uuid', gone, ws.rootFolderId, ws.archiveFolderId]);
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'folderItemIds.1',
      'folderItemIds.2',
      'folderItemIds.3',
      'folderItemIds.4',
      'folderItemIds.5',
    ]);
    expect(await statusOf(good)).toBe('editing');
    expect(await childIds(s, ws, ws.archiveFolderId)).toEqual([]);
    expect(await statusEvents()).toEqual([]);
  });

  it('validates the body: 1–100 string ids, withPath "0" or "1" (422); exchange tokens 403', async () => {
    const id = await newMarkup(s, ws, ws.rootFolderId, 'Kept');
    const many = Array.from({ length: 101 }, () => id);
    for (const body of [
      {},
      { folderItemIds: [] },
      { folderItemIds: many },
      { folderItemIds: id },
      { folderItemIds: [7] },
      { folderItemIds: [id], withPath: 1 },
      { folderItemIds: [id], withPath: '2' },
    ]) {
      expect((await s.request('PATCH', `${API}/items/archive`, { token: ws.key, body })).status, JSON.stringify(body).slice(0, 80)).toBe(
        422,
      );
    }
    const reviewer = await s.exchangeToken({ sub: 'archive-reviewer' });
    expect(
      (await s.request('PATCH', `${API}/items/archive`, { token: reviewer.token, body: { folderItemIds: [s.seed.markupId] } })).status,
    ).toBe(403);
    expect(await statusOf(id)).toBe('editing');
  });

  it('two archives of the same items at once: one wins, one event per markup', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const inA = await newMarkup(s, ws, a, 'in A');
    const results = await Promise.all([archive([a]), archive([a, inA]), archive([inA])]);
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    expect(await statusEvents()).toEqual([[inA, 'archived']]);
    // Which ran first decides whether the markup sits in the archive or inside A there; both are archived.
    expect(await parentOf(a)).toBe(ws.archiveFolderId);
    expect([a, ws.archiveFolderId]).toContain(await parentOf(inA));
  });
});

describe('PATCH /items/restore', () => {
  it('puts archived items at the root, markups back to editing (one event each)', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, a, 'B');
    const inB = await newMarkup(s, ws, b, 'in B');
    const loose = await newMarkup(s, ws, a, 'loose');
    await archive([b, loose]);
    expect((await restore([b, loose])).status).toBe(204);
    expect(await childIds(s, ws, ws.rootFolderId)).toEqual([a, b, loose]);
    expect(await childIds(s, ws, ws.archiveFolderId)).toEqual([]);
    expect([await statusOf(inB), await statusOf(loose)]).toEqual(['editing', 'editing']);
    expect((await statusEvents()).filter(([, status]) => status === 'editing').sort()).toEqual(
      [
        [inB, 'editing'],
        [loose, 'editing'],
      ].sort(),
    );
  });

  it('withPath=1 returns items to the folder they were archived from, or the root when it is gone or archived', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, ws.rootFolderId, 'B');
    const inA = await newMarkup(s, ws, a, 'in A');
    const inB = await newMarkup(s, ws, b, 'in B');
    const sub = await newFolder(s, ws, b, 'Sub');
    await archive([inA, inB, sub]);
    await s.request('DELETE', `${API}/items/${b}`, { token: ws.key });
    expect((await restore([inA, inB, sub], { withPath: '1' })).status).toBe(204);
    expect([await parentOf(inA), await parentOf(inB), await parentOf(sub)]).toEqual([a, ws.rootFolderId, ws.rootFolderId]);
    // Origin itself archived → the root.
    const c = await newFolder(s, ws, ws.rootFolderId, 'C');
    const inC = await newMarkup(s, ws, c, 'in C');
    await archive([inC]);
    await archive([c]);
    await restore([inC], { withPath: '1' });
    expect(await parentOf(inC)).toBe(ws.rootFolderId);
  });

  it('withPath=0 (and omitted) restore at the root; an item inside an archived folder can be restored alone', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const inA = await newMarkup(s, ws, a, 'in A');
    const other = await newMarkup(s, ws, a, 'other');
    await archive([a]);
    expect((await restore([inA], { withPath: '0' })).status).toBe(204);
    expect(await parentOf(inA)).toBe(ws.rootFolderId);
    expect([await statusOf(inA), await statusOf(other)]).toEqual(['editing', 'archived']);
    expect(await parentOf(a)).toBe(ws.archiveFolderId);
  });

  it('active items are left as they are; unknown ids and the special folders → 422, nothing moved', async () => {
    const active = await newMarkup(s, ws, ws.rootFolderId, 'Active');
    const archived = await newMarkup(s, ws, ws.rootFolderId, 'Archived');
    await archive([archived]);
    const before = await statusEvents();
    expect((await restore([active])).status).toBe(204);
    expect(await statusEvents()).toEqual(before);
    for (const bad of [ws.archiveFolderId, ws.rootFolderId, s.seed.markupId]) {
      const res = await restore([archived, bad]);
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([{ path: 'folderItemIds.1', message: expect.any(String) }]);
    }
    expect(await parentOf(archived)).toBe(ws.archiveFolderId);
    expect(await statusEvents()).toEqual(before);
  });
});
