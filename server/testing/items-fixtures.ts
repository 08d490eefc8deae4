/**
 * Fixtures of the items suites: a fresh workspace per test (so its root holds only what the test
 * put there), folders made through the API, markups placed straight into a folder.
 */
import { expect } from 'vitest';
import { createApiKey, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, type TestServer } from './support.ts';

export interface Ws {
  id: string;
  rootFolderId: string;
  archiveFolderId: string;
  key: string;
}

export async function freshWorkspace(s: TestServer, name = 'Items'): Promise<Ws> {
  const ws = await createWorkspace(s.db, s.seed.organizationId, name, s.clock.now());
  const key = await createApiKey(s.db, {
    kind: 'workspace',
    organizationId: s.seed.organizationId,
    workspaceId: ws.id,
    name: `${name} key`,
    now: s.clock.now(),
  });
  return { ...ws, key };
}

/** Creates a folder through POST /items and returns its id (from the Location header). */
export async function newFolder(s: TestServer, ws: Ws, parentFolderId: string, name: string): Promise<string> {
  const res = await s.request('POST', `${API}/items`, { token: ws.key, body: { parentFolderId, name } });
  expect(res.status, res.text).toBe(204);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(/^\/api\/v2\/items\/[0-9a-f-]{36}$/);
  return location.split('/').pop()!;
}

export async function newMarkup(s: TestServer, ws: Ws, folderId: string, name: string): Promise<string> {
  const id = await createWebpageMarkup(s.db, {
    workspaceId: ws.id,
    name,
    url: `https://site.example/${encodeURIComponent(name)}`,
    now: s.clock.now(),
  });
  await s.db.query('UPDATE markups SET folder_id = $2 WHERE id = $1', [id, folderId]);
  return id;
}

/** Ids of everything listed in a folder (one page of up to 100). */
export async function childIds(s: TestServer, ws: Ws, folderId: string, query = ''): Promise<string[]> {
  const res = await s.request('GET', `${API}/items/${folderId}/items?limit=100${query}`, { token: ws.key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.data.map((item: { id: string }) => item.id);
}
