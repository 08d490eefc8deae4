/**
 * The §4.5 items rows of the malformed-input suite (server/http/malformed.test.ts, types in malformed-route-case.ts):
 * one row per route with a valid baseline. Each mutating route gets a folder of its own in the demo
 * workspace, so the baselines replayed at the end do not disturb one another; the restore target is
 * archived up front.
 */
import { API, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';

export async function itemCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const [ws] = await s.db.query<{ root: string }>('SELECT root_folder_id AS root FROM workspaces WHERE id = $1', [s.seed.workspaceId]);
  const root = ws!.root;
  const folder = async (name: string): Promise<string> => {
    const res = await s.request('POST', `${API}/items`, { token: wsKey, body: { parentFolderId: root, name } });
    if (res.status !== 204) throw new Error(`folder fixture failed: ${res.status} ${res.text}`);
    return res.headers.get('location')!.split('/').pop()!;
  };
  const readMe = await folder('malformed-read');
  const renameMe = await folder('malformed-rename');
  const archiveMe = await folder('malformed-archive');
  const restoreMe = await folder('malformed-restore');
  const doomed = await folder('malformed-delete');
  const moveMe = await folder('malformed-move');
  const moveInto = await folder('malformed-move-target');
  const archived = await s.request('PATCH', `${API}/items/archive`, { token: wsKey, body: { folderItemIds: [restoreMe] } });
  if (archived.status !== 204) throw new Error(`archive fixture failed: ${archived.status} ${archived.text}`);

  return [
    { method: 'GET', path: '/items/:id', ids: { id: readMe }, auth: 'api_key', token: wsKey },
    {
      method: 'GET',
      path: '/items/:id/items',
      ids: { id: root },
      auth: 'api_key',
      token: wsKey,
      query: { order: 'created', limit: '10' },
      queryKinds: { order: 'enum', page: 'int', ttl: 'int' },
    },
    {
      method: 'POST',
      path: '/items',
      auth: 'api_key',
      token: wsKey,
      body: { parentFolderId: root, name: 'Made by the suite', fallbackName: 'Suite' },
      optional: ['fallbackName'],
    },
    {
      method: 'PATCH',
      path: '/items/archive',
      auth: 'api_key',
      token: wsKey,
      body: { folderItemIds: [archiveMe], withPath: '0' },
      optional: ['withPath'],
    },
    {
      method: 'PATCH',
      path: '/items/restore',
      auth: 'api_key',
      token: wsKey,
      body: { folderItemIds: [restoreMe], withPath: '1' },
      optional: ['withPath'],
    },
    { method: 'PATCH', path: '/items/move', auth: 'api_key', token: wsKey, body: { folderItemIds: [moveMe], targetFolderId: moveInto } },
    { method: 'PATCH', path: '/items/:id', ids: { id: renameMe }, auth: 'api_key', token: wsKey, body: { name: 'Renamed by the suite' } },
    { method: 'DELETE', path: '/items/:id', ids: { id: doomed }, auth: 'api_key', token: wsKey },
  ];
}
