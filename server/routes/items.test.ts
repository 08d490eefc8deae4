/**
 * §4.5 items through the HTTP app: reading a folder (with ancestors) or a markup, creating folders,
 * renaming and deleting folders and markups, and who may call what. Every refusal is a 4xx JSON
 * error that stores nothing. Listing: items-list.test.ts; archive and restore: items-archive.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { freshWorkspace, newFolder, newMarkup, childIds, type Ws } from '../testing/items-fixtures.ts';

let s: TestServer;
let reviewer: string;
beforeAll(async () => {
  s = await createTestServer();
  reviewer = (await s.exchangeToken({ sub: 'items-reviewer' })).token;
});
afterAll(async () => {
  await s.close();
});

const count = async (sql: string, params: unknown[] = []) => (await s.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const folderCount = (ws: Ws) => count('SELECT count(*)::int AS n FROM folders WHERE workspace_id = $1', [ws.id]);

describe('GET /items/:id', () => {
  it('reads the root folder, and a nested folder with its ancestors from the root down', async () => {
    const ws = await freshWorkspace(s);
    const root = await s.request('GET', `${API}/items/${ws.rootFolderId}`, { token: ws.key });
    expect(root.status).toBe(200);
    expect(root.body.data).toEqual({
      itemType: 'folder',
      id: ws.rootFolderId,
      type: 'folder',
      kind: 'root',
      name: 'Root',
      fallbackName: null,
      parentFolderId: null,
      workspaceId: ws.id,
      createdAt: new Date(s.clock.now()).toISOString(),
      modifiedAt: new Date(s.clock.now()).toISOString(),
      ancestors: [],
    });
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, a, 'B');
    const res = await s.request('GET', `${API}/items/${b}`, { token: ws.key });
    expect(res.body.data).toMatchObject({ id: b, kind: 'folder', name: 'B', parentFolderId: a });
    expect(res.body.data.ancestors).toEqual([
      { id: ws.rootFolderId, name: 'Root', kind: 'root' },
      { id: a, name: 'A', kind: 'folder' },
    ]);
    const archive = await s.request('GET', `${API}/items/${ws.archiveFolderId}`, { token: ws.key });
    expect(archive.body.data).toMatchObject({ kind: 'archive', ancestors: [] });
  });

  it('reads a markup as GET /markups/:id shows it, plus itemType and parentFolderId', async () => {
    const ws = await freshWorkspace(s);
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Sites');
    const markupId = await newMarkup(s, ws, folder, 'Landing page');
    const item = await s.request('GET', `${API}/items/${markupId}`, { token: ws.key });
    const markup = await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key });
    expect(item.status).toBe(200);
    expect(item.body.data).toEqual({ ...markup.body.data, itemType: 'markup', parentFolderId: folder });
  });

  it("answers 404 for unknown, malformed, deleted and other workspaces' ids", async () => {
    const ws = await freshWorkspace(s);
    const other = await freshWorkspace(s, 'Other');
    const theirs = await newFolder(s, other, other.rootFolderId, 'Theirs');
    const gone = await newFolder(s, ws, ws.rootFolderId, 'Gone');
    expect((await s.request('DELETE', `${API}/items/${gone}`, { token: ws.key })).status).toBe(204);
    for (const id of [theirs, other.rootFolderId, gone, 'not-a-uuid', '00000000-0000-4000-8000-000000000000', s.seed.markupId]) {
      const res = await s.request('GET', `${API}/items/${id}`, { token: ws.key });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe('who may call', () => {
  it('refuses exchange tokens on every items route (403) and missing credentials (401)', async () => {
    const root = (await s.request('GET', `${API}/workspace`, { token: s.seed.workspaceApiKey })).body.data.rootFolderId;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/items/${root}`],
      ['GET', `/items/${root}/items`],
      ['POST', '/items', { parentFolderId: root, name: 'X' }],
      ['PATCH', '/items/archive', { folderItemIds: [s.seed.markupId] }],
      ['PATCH', '/items/restore', { folderItemIds: [s.seed.markupId] }],
      ['PATCH', `/items/${s.seed.markupId}`, { name: 'X' }],
      ['DELETE', `/items/${s.seed.markupId}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await s.request(method, `${API}${path}`, { token: reviewer, body })).status, `${method} ${path}`).toBe(403);
      expect((await s.request(method, `${API}${path}`, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: s.seed.workspaceApiKey })).body.data.name).toBe(
      'Pinmark demo site',
    );
  });

  it('lets an organization key act on a workspace it names with ?workspaceId= (400 without, 404 out of reach)', async () => {
    const ws = await freshWorkspace(s);
    const orgKey = s.seed.organizationApiKey;
    expect((await s.request('GET', `${API}/items/${ws.rootFolderId}`, { token: orgKey })).status).toBe(400);
    expect((await s.request('GET', `${API}/items/${ws.rootFolderId}?workspaceId=${ws.id}`, { token: orgKey })).status).toBe(200);
    expect((await s.request('GET', `${API}/items/${ws.rootFolderId}?workspaceId=${s.seed.workspaceId}`, { token: orgKey })).status).toBe(
      404,
    );
    const res = await s.request('POST', `${API}/items?workspaceId=${ws.id}`, {
      token: orgKey,
      body: { parentFolderId: ws.rootFolderId, name: 'By org' },
    });
    expect(res.status).toBe(204);
    // A workspace key naming another workspace is answered 404 (existence not revealed).
    expect((await s.request('GET', `${API}/items/${ws.rootFolderId}?workspaceId=${s.seed.workspaceId}`, { token: ws.key })).status).toBe(
      404,
    );
  });
});

describe('POST /items', () => {
  it('creates a folder (204 with Location), trimming the name and keeping the fallback name', async () => {
    const ws = await freshWorkspace(s);
    const res = await s.request('POST', `${API}/items`, {
      token: ws.key,
      body: { parentFolderId: ws.rootFolderId.toUpperCase(), name: '  Q3 campaign ', fallbackName: ' Campaign ' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const id = res.headers.get('location')!.split('/').pop()!;
    const folder = (await s.request('GET', `${API}/items/${id}`, { token: ws.key })).body.data;
    expect(folder).toMatchObject({ name: 'Q3 campaign', fallbackName: 'Campaign', parentFolderId: ws.rootFolderId, kind: 'folder' });
    const blankFallback = await newFolderWith(ws, { parentFolderId: id, name: 'Sub', fallbackName: '  ' });
    expect((await s.request('GET', `${API}/items/${blankFallback}`, { token: ws.key })).body.data.fallbackName).toBeNull();
    // Siblings may share a name: folders are told apart by id.
    await newFolder(s, ws, ws.rootFolderId, 'Q3 campaign');
  });

  it('refuses bad bodies (422 / 400) and parents that are not live folders of the workspace outside the archive, storing nothing', async () => {
    const ws = await freshWorkspace(s);
    const other = await freshWorkspace(s, 'Other');
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'A markup');
    const archived = await newFolder(s, ws, ws.rootFolderId, 'Archived');
    expect((await s.request('PATCH', `${API}/items/archive`, { token: ws.key, body: { folderItemIds: [archived] } })).status).toBe(204);
    const before = await folderCount(ws);
    const root = ws.rootFolderId;
    const bodies: Array<[unknown, string]> = [
      [{ name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: root }, 'name'],
      [{ parentFolderId: root, name: '' }, 'name'],
      [{ parentFolderId: root, name: '   ' }, 'name'],
      [{ parentFolderId: root, name: 'x'.repeat(256) }, 'name'],
      [{ parentFolderId: root, name: 'x', fallbackName: 'y'.repeat(256) }, 'fallbackName'],
      [{ parentFolderId: root, name: 7 }, 'name'],
      [{ parentFolderId: 7, name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: 'not-a-uuid', name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: other.rootFolderId, name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: markupId, name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: ws.archiveFolderId, name: 'x' }, 'parentFolderId'],
      [{ parentFolderId: archived, name: 'x' }, 'parentFolderId'],
      [[], ''],
    ];
    for (const [body, path] of bodies) {
      const res = await s.request('POST', `${API}/items`, { token: ws.key, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await s.request('POST', `${API}/items`, { token: ws.key, rawBody: '{"name":' })).status).toBe(400);
    expect(await folderCount(ws)).toBe(before);
  });

  it(`nests folders at most 32 levels below the root`, async () => {
    const ws = await freshWorkspace(s);
    let parent = ws.rootFolderId;
    for (let level = 1; level <= 32; level++) parent = await newFolder(s, ws, parent, `L${level}`);
    const res = await s.request('POST', `${API}/items`, { token: ws.key, body: { parentFolderId: parent, name: 'L33' } });
    expect(res.status).toBe(422);
    expect((await s.request('GET', `${API}/items/${parent}`, { token: ws.key })).body.data.ancestors).toHaveLength(32);
  });
});

async function newFolderWith(ws: Ws, body: Record<string, unknown>): Promise<string> {
  const res = await s.request('POST', `${API}/items`, { token: ws.key, body });
  expect(res.status, res.text).toBe(204);
  return res.headers.get('location')!.split('/').pop()!;
}

describe('PATCH /items/:id', () => {
  it('renames a folder and a markup (204); the same name again leaves modifiedAt', async () => {
    const ws = await freshWorkspace(s);
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Old');
    const markupId = await newMarkup(s, ws, folder, 'Old markup');
    s.clock.advance(1000);
    expect((await s.request('PATCH', `${API}/items/${folder}`, { token: ws.key, body: { name: ' New ' } })).status).toBe(204);
    expect((await s.request('PATCH', `${API}/items/${markupId}`, { token: ws.key, body: { name: 'New markup' } })).status).toBe(204);
    const renamed = (await s.request('GET', `${API}/items/${folder}`, { token: ws.key })).body.data;
    expect(renamed).toMatchObject({ name: 'New', modifiedAt: new Date(s.clock.now()).toISOString() });
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).body.data).toMatchObject({
      name: 'New markup',
      modifiedAt: new Date(s.clock.now()).toISOString(),
    });
    s.clock.advance(1000);
    expect((await s.request('PATCH', `${API}/items/${folder}`, { token: ws.key, body: { name: 'New' } })).status).toBe(204);
    expect((await s.request('GET', `${API}/items/${folder}`, { token: ws.key })).body.data.modifiedAt).toBe(renamed.modifiedAt);
  });

  it('refuses the root and archive folders (403), unknown ids (404) and bad names (422)', async () => {
    const ws = await freshWorkspace(s);
    for (const id of [ws.rootFolderId, ws.archiveFolderId]) {
      const res = await s.request('PATCH', `${API}/items/${id}`, { token: ws.key, body: { name: 'Mine' } });
      expect(res.status).toBe(403);
    }
    expect((await s.request('PATCH', `${API}/items/${s.seed.markupId}`, { token: ws.key, body: { name: 'Mine' } })).status).toBe(404);
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Kept');
    for (const body of [{}, { name: '' }, { name: ' ' }, { name: 'x'.repeat(256) }, { name: null }]) {
      expect((await s.request('PATCH', `${API}/items/${folder}`, { token: ws.key, body })).status).toBe(422);
    }
    expect((await s.request('GET', `${API}/items/${ws.rootFolderId}`, { token: ws.key })).body.data.name).toBe('Root');
    expect((await s.request('GET', `${API}/items/${folder}`, { token: ws.key })).body.data.name).toBe('Kept');
  });
});

describe('DELETE /items/:id', () => {
  it('deletes a markup (soft: the row stays with deleted_at); a second delete is 404', async () => {
    const ws = await freshWorkspace(s);
    const markupId = await newMarkup(s, ws, ws.rootFolderId, 'Doomed');
    expect((await s.request('DELETE', `${API}/items/${markupId}`, { token: ws.key })).status).toBe(204);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: ws.key })).status).toBe(404);
    expect(await childIds(s, ws, ws.rootFolderId)).toEqual([]);
    expect(await count('SELECT count(*)::int AS n FROM markups WHERE id = $1 AND deleted_at IS NOT NULL', [markupId])).toBe(1);
    expect((await s.request('DELETE', `${API}/items/${markupId}`, { token: ws.key })).status).toBe(404);
  });

  it('deletes a folder with its whole subtree, folders and markups, and nothing else', async () => {
    const ws = await freshWorkspace(s);
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, a, 'B');
    const inA = await newMarkup(s, ws, a, 'in A');
    const inB = await newMarkup(s, ws, b, 'in B');
    const sibling = await newFolder(s, ws, ws.rootFolderId, 'Sibling');
    const outside = await newMarkup(s, ws, ws.rootFolderId, 'outside');
    expect((await s.request('DELETE', `${API}/items/${a}`, { token: ws.key })).status).toBe(204);
    for (const id of [a, b, inA, inB]) expect((await s.request('GET', `${API}/items/${id}`, { token: ws.key })).status, id).toBe(404);
    expect((await s.request('GET', `${API}/markups/${inB}`, { token: ws.key })).status).toBe(404);
    expect(await childIds(s, ws, ws.rootFolderId)).toEqual([sibling, outside]);
    expect(await count('SELECT count(*)::int AS n FROM folders WHERE id IN ($1, $2) AND deleted_at IS NOT NULL', [a, b])).toBe(2);
  });

  it("refuses the root and archive folders (403) and other workspaces' items (404)", async () => {
    const ws = await freshWorkspace(s);
    const other = await freshWorkspace(s, 'Other');
    const theirs = await newFolder(s, other, other.rootFolderId, 'Theirs');
    for (const id of [ws.rootFolderId, ws.archiveFolderId])
      expect((await s.request('DELETE', `${API}/items/${id}`, { token: ws.key })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/items/${theirs}`, { token: ws.key })).status).toBe(404);
    expect((await s.request('GET', `${API}/items/${theirs}`, { token: other.key })).status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM folders WHERE workspace_id = $1 AND deleted_at IS NULL', [ws.id])).toBe(2);
  });
});
