/**
 * Moving folders and markups (issue 16, the review app's "Move to…"): PATCH /items/move for folders
 * and markups, and POST /markups/bulk/move opened to owners and admins. A folder moves with
 * everything in it; every refusal (archived items, the archive as target, a folder into itself,
 * too deep, another workspace's ids) is one 422 and changes nothing; contributors, viewers and
 * reviewers are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FOLDER_DEPTH } from '../schemas/items.ts';
import { signInMember } from '../testing/review-app.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { childIds, freshWorkspace, newFolder, newMarkup, type Ws } from '../testing/items-fixtures.ts';

let s: TestServer;
let member: { memberToken: string; userId: string };
/** The demo workspace, acted on with the member's token. */
let ws: Ws;

beforeAll(async () => {
  s = await createTestServer();
  member = await signInMember(s, 'Fay Folders', 'fay@example.com');
  const row = (
    await s.db.query<{ root_folder_id: string; archive_folder_id: string }>(
      'SELECT root_folder_id, archive_folder_id FROM workspaces WHERE id = $1',
      [s.seed.workspaceId],
    )
  )[0]!;
  ws = { id: s.seed.workspaceId, rootFolderId: row.root_folder_id, archiveFolderId: row.archive_folder_id, key: member.memberToken };
});
afterAll(async () => {
  await s.close();
});

const move = (folderItemIds: unknown, targetFolderId: unknown, token = member.memberToken) =>
  s.request('PATCH', `${API}/items/move`, { token, body: { folderItemIds, targetFolderId } });
const setRole = (role: string) => s.db.query('UPDATE workspace_members SET role = $2 WHERE user_id = $1', [member.userId, role]);
const parentOf = async (id: string) => (await s.request('GET', `${API}/items/${id}`, { token: member.memberToken })).body.data;

describe('PATCH /items/move', () => {
  it('moves folders (with what is inside) and markups into a folder; a repeat changes nothing', async () => {
    const a = await newFolder(s, ws, ws.rootFolderId, 'A');
    const b = await newFolder(s, ws, ws.rootFolderId, 'B');
    const inner = await newMarkup(s, ws, a, 'Inside A');
    const loose = await newMarkup(s, ws, ws.rootFolderId, 'Loose');
    const res = await move([a, loose.toUpperCase()], b);
    expect(res.status, res.text).toBe(204);
    expect((await childIds(s, ws, b)).sort()).toEqual([a, loose].sort());
    expect(await childIds(s, ws, a)).toEqual([inner]);
    expect((await parentOf(a)).parentFolderId).toBe(b);
    expect((await s.request('GET', `${API}/markups/${loose}`, { token: member.memberToken })).body.data.status).toBe('editing');
    expect((await move([a, loose], b)).status).toBe(204);
    expect((await move([a], ws.rootFolderId)).status).toBe(204);
    expect(await childIds(s, ws, b)).toEqual([loose]);
  });

  it('refuses a folder into itself or below itself, the archive, archived items and too deep a tree, changing nothing', async () => {
    const top = await newFolder(s, ws, ws.rootFolderId, 'Top');
    const child = await newFolder(s, ws, top, 'Child');
    const page = await newMarkup(s, ws, ws.rootFolderId, 'Page');
    for (const target of [top, child]) {
      const res = await move([page, top], target);
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([{ path: 'folderItemIds.1', message: expect.stringMatching(/itself/) }]);
    }
    const toArchive = await move([page], ws.archiveFolderId);
    expect(toArchive.status).toBe(422);
    expect(toArchive.body.error.details[0].path).toBe('targetFolderId');
    const old = await newMarkup(s, ws, ws.rootFolderId, 'Old');
    expect((await s.request('PATCH', `${API}/items/archive`, { token: member.memberToken, body: { folderItemIds: [old] } })).status).toBe(
      204,
    );
    expect((await move([old], top)).body.error.details[0].message).toMatch(/archived/);
    for (const special of [ws.rootFolderId, ws.archiveFolderId]) expect((await move([special], top)).status).toBe(422);

    // A chain as deep as allowed cannot go one level lower.
    let deepest = await newFolder(s, ws, ws.rootFolderId, 'L1');
    const chainTop = deepest;
    for (let level = 2; level <= MAX_FOLDER_DEPTH - 1; level++) deepest = await newFolder(s, ws, deepest, `L${level}`);
    const pair = await newFolder(s, ws, ws.rootFolderId, 'Pair');
    await newFolder(s, ws, pair, 'Pair child');
    expect((await move([pair], deepest)).body.error.details[0].message).toMatch(/levels/);

    expect(await childIds(s, ws, ws.rootFolderId)).toContain(page);
    expect(await childIds(s, ws, top)).toEqual([child]);
    expect((await parentOf(pair)).parentFolderId).toBe(ws.rootFolderId);
    expect((await parentOf(chainTop)).parentFolderId).toBe(ws.rootFolderId);
  });

  it('keeps other workspaces out: their items and folders are "not of this workspace", both ways', async () => {
    const other = await freshWorkspace(s, 'Other org space');
    const theirs = await newFolder(s, other, other.rootFolderId, 'Theirs');
    const theirPage = await newMarkup(s, other, other.rootFolderId, 'Their page');
    const mine = await newFolder(s, ws, ws.rootFolderId, 'Mine');
    const intoTheirs = await move([mine], theirs);
    expect(intoTheirs.status).toBe(422);
    expect(intoTheirs.body.error.details[0].path).toBe('targetFolderId');
    const takeTheirs = await move([theirs, theirPage], mine);
    expect(takeTheirs.status).toBe(422);
    expect(takeTheirs.body.error.details.map((d: { path: string }) => d.path)).toEqual(['folderItemIds.0', 'folderItemIds.1']);
    expect(await childIds(s, other, theirs)).toEqual([]);
    expect((await childIds(s, other, other.rootFolderId)).sort()).toEqual([theirs, theirPage].sort());
  });

  it('is refused to contributors, viewers and reviewers; API keys may', async () => {
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Roles');
    const page = await newMarkup(s, ws, ws.rootFolderId, 'Roles page');
    for (const role of ['contributor', 'viewer']) {
      await setRole(role);
      expect((await move([page], folder)).status, role).toBe(403);
      const bulk = await s.request('POST', `${API}/markups/bulk/move`, {
        token: member.memberToken,
        body: { markupIds: [page], targetFolderId: folder },
      });
      expect(bulk.status, role).toBe(403);
    }
    await setRole('admin');
    const reviewer = await s.exchangeToken({ sub: 'ria', name: 'Ria' });
    expect((await move([page], folder, reviewer.token)).status).toBe(403);
    expect(await childIds(s, ws, folder)).toEqual([]);
    expect((await move([page], folder, s.seed.workspaceApiKey)).status).toBe(204);
    expect(await childIds(s, ws, folder)).toEqual([page]);
  });

  it('refuses malformed bodies', async () => {
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Bodies');
    for (const body of [
      {},
      { folderItemIds: [], targetFolderId: folder },
      { folderItemIds: [folder] },
      { folderItemIds: 'x', targetFolderId: folder },
    ]) {
      const res = await s.request('PATCH', `${API}/items/move`, { token: member.memberToken, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('POST /markups/bulk/move by a member', () => {
  it('an admin moves markups of the workspace; another workspace’s markup or folder is a 422', async () => {
    const folder = await newFolder(s, ws, ws.rootFolderId, 'Bulk target');
    const page = await newMarkup(s, ws, ws.rootFolderId, 'Bulk page');
    const res = await s.request('POST', `${API}/markups/bulk/move`, {
      token: member.memberToken,
      body: { markupIds: [page], targetFolderId: folder },
    });
    expect(res.status, res.text).toBe(204);
    expect(await childIds(s, ws, folder)).toEqual([page]);

    const other = await freshWorkspace(s, 'Bulk other');
    const theirPage = await newMarkup(s, other, other.rootFolderId, 'Theirs');
    const theirFolder = await newFolder(s, other, other.rootFolderId, 'Their folder');
    for (const body of [
      { markupIds: [theirPage], targetFolderId: folder },
      { markupIds: [page], targetFolderId: theirFolder },
    ]) {
      expect((await s.request('POST', `${API}/markups/bulk/move`, { token: member.memberToken, body })).status).toBe(422);
    }
    expect(await childIds(s, other, other.rootFolderId)).toContain(theirPage);
    expect(await childIds(s, ws, folder)).toEqual([page]);
  });
});
