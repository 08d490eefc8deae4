/**
 * The §4.4 markup routes' rows of the malformed-input suite (server/http/malformed.test.ts), kept beside the
 * main table so the markup endpoints can grow without touching it. Every destructive route gets a
 * fixture of its own, since the baselines are replayed at the end.
 */
import { randomUUID } from 'node:crypto';
import { isoAt } from '../db/db.ts';
import { createWebpageMarkup } from '../seed.ts';
import { API, PNG_1X1, md5Hex, postForm, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';

/** A completed markup_asset upload (policy, form POST to the store, completion), as a client makes one. */
export async function completedMarkupUpload(s: TestServer, token: string, workspaceId: string, filename = 'design.png'): Promise<string> {
  const policy = await s.request('POST', `${API}/upload-policy`, {
    token,
    body: { resourceType: 'markup_asset', resourceId: workspaceId, filename, contentType: 'image/png', filesize: PNG_1X1.length },
  });
  if (policy.status !== 200) throw new Error(`upload-policy failed: ${policy.status} ${policy.text}`);
  const posted = await postForm(s.app, policy.body.data.policy, { bytes: PNG_1X1, type: 'image/png', name: filename });
  if (posted.status >= 300) throw new Error(`storage POST failed: ${posted.status}`);
  const done = await s.request('POST', `${API}/upload-complete`, {
    token,
    body: { fileId: policy.body.data.fileId, etag: md5Hex(PNG_1X1) },
  });
  if (done.status !== 200) throw new Error(`upload-complete failed: ${done.status} ${done.text}`);
  return policy.body.data.fileId as string;
}

/** A plain folder under the workspace root (written directly: the items endpoints are another module's). */
export async function insertFolder(s: TestServer, workspaceId: string, name = 'Folder'): Promise<string> {
  const id = randomUUID();
  await s.db.query(
    `INSERT INTO folders (id, workspace_id, parent_id, kind, name, created_at, modified_at)
     SELECT $1, w.id, w.root_folder_id, 'folder', $3, $4::timestamptz, $4::timestamptz FROM workspaces w WHERE w.id = $2`,
    [id, workspaceId, name, isoAt(s.clock.now())],
  );
  return id;
}

export async function markupCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const workspaceId = s.seed.workspaceId;
  const markupId = s.seed.markupId;
  const reviewer = await s.exchangeToken({ sub: 'malformed-markup-reviewer', name: 'Rita' });
  const markup = (name: string) => createWebpageMarkup(s.db, { workspaceId, name, url: `https://${name}.example/`, now: s.clock.now() });
  const renamed = await markup('malformed-rename');
  const doomed = await markup('malformed-doomed');
  const bulkDoomed = await markup('malformed-bulk-doomed');
  const moved = await markup('malformed-moved');
  const folderId = await insertFolder(s, workspaceId, 'Malformed target');
  const fileId = await completedMarkupUpload(s, wsKey, workspaceId);

  return [
    {
      method: 'POST',
      path: '/markups/url',
      auth: 'api_key',
      token: wsKey,
      body: { url: 'https://malformed.example/page', name: 'Page', workspaceId, parentFolderId: folderId },
      optional: ['name', 'workspaceId', 'parentFolderId'],
    },
    {
      method: 'POST',
      path: '/markups/file',
      auth: 'api_key',
      token: wsKey,
      query: { workspaceId },
      requiredQuery: ['workspaceId'],
      noBaseline: 'needs a multipart body (server/routes/markups-create-file*.test.ts posts real ones)',
    },
    {
      method: 'GET',
      path: '/markups/search',
      auth: 'api_key',
      token: wsKey,
      query: { workspaceId, query: 'demo' },
      requiredQuery: ['workspaceId'],
      queryKinds: { limit: 'int' },
    },
    {
      method: 'GET',
      path: '/markups',
      auth: 'api_key',
      token: wsKey,
      query: { workspaceId, limit: '10' },
      requiredQuery: ['workspaceId'],
      queryKinds: { ttl: 'int' },
    },
    { method: 'POST', path: '/markups/:id', ids: { id: renamed }, auth: 'api_key', token: wsKey, body: { name: 'Renamed' } },
    { method: 'DELETE', path: '/markups/:id', ids: { id: doomed }, auth: 'api_key', token: wsKey },
    {
      method: 'POST',
      path: '/markups/:id/reviews',
      ids: { id: markupId },
      auth: 'any',
      token: reviewer.token,
      body: { comment: 'Looks good' },
    },
    {
      method: 'POST',
      path: '/markups/bulk/from-url',
      auth: 'api_key',
      token: wsKey,
      body: { items: [{ url: 'https://bulk.example/a', workspaceId }] },
    },
    { method: 'POST', path: '/markups/bulk/from-files', auth: 'api_key', token: wsKey, body: { items: [{ fileId, name: 'From file' }] } },
    { method: 'POST', path: '/markups/bulk/move', auth: 'api_key', token: wsKey, body: { markupIds: [moved], targetFolderId: folderId } },
    { method: 'POST', path: '/markups/bulk/delete', auth: 'api_key', token: wsKey, body: { markupIds: [bulkDoomed] } },
  ];
}
