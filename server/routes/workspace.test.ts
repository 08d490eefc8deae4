/**
 * §4.6 workspace create, update and delete through the HTTP app: which credential may call what
 * (organization key, workspace key, exchange token), every validation refusal (4xx JSON, nothing
 * stored), slugs, and what deleting does to the credentials of the workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
let orgKey: string;
let reviewer: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  orgKey = s.seed.organizationApiKey;
  reviewer = await s.exchangeToken({ sub: 'ws-reviewer' });
});
afterAll(async () => {
  await s.close();
});

const count = async (sql: string, params: unknown[] = []) => (await s.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const liveWorkspaces = () => count('SELECT count(*)::int AS n FROM workspaces WHERE deleted_at IS NULL');

/** A fresh workspace of the demo organization, with a workspace key of its own. */
async function sibling(name = 'Sibling') {
  const ws = await createWorkspace(s.db, s.seed.organizationId, name, s.clock.now());
  const key = await createApiKey(s.db, {
    kind: 'workspace',
    organizationId: s.seed.organizationId,
    workspaceId: ws.id,
    name: 'k',
    now: s.clock.now(),
  });
  return { ...ws, key };
}

describe('POST /workspace', () => {
  it("creates a workspace of the key's organization with its two folders (201)", async () => {
    const res = await s.request('POST', `${API}/workspace`, { token: orgKey, body: { name: '  Marketing  ' } });
    expect(res.status).toBe(201);
    const ws = res.body.data;
    expect(ws).toEqual({
      id: expect.any(String),
      name: 'Marketing',
      slug: null,
      rootFolderId: expect.any(String),
      archiveFolderId: expect.any(String),
    });
    expect(ws.rootFolderId).not.toBe(ws.archiveFolderId);
    expect(await count("SELECT count(*)::int AS n FROM folders WHERE workspace_id = $1 AND kind IN ('root', 'archive')", [ws.id])).toBe(2);
    const read = await s.request('GET', `${API}/workspace?workspaceId=${ws.id}`, { token: orgKey });
    expect(read.body.data).toEqual(ws);
  });

  it('refuses workspace keys and exchange tokens (403), and missing credentials (401)', async () => {
    const before = await liveWorkspaces();
    expect((await s.request('POST', `${API}/workspace`, { token: s.seed.workspaceApiKey, body: { name: 'X' } })).status).toBe(403);
    expect((await s.request('POST', `${API}/workspace`, { token: reviewer.token, body: { name: 'X' } })).status).toBe(403);
    expect((await s.request('POST', `${API}/workspace`, { body: { name: 'X' } })).status).toBe(401);
    expect(await liveWorkspaces()).toBe(before);
  });

  it('validates the body (422 / 400), storing nothing', async () => {
    const before = await liveWorkspaces();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(101) }, []]) {
      const res = await s.request('POST', `${API}/workspace`, { token: orgKey, body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const bad = await s.request('POST', `${API}/workspace`, { token: orgKey, rawBody: '{"name":' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('malformed_json');
    expect(await liveWorkspaces()).toBe(before);
  });
});

describe('PATCH /workspace', () => {
  it('renames and sets the slug with a workspace key (its own workspace)', async () => {
    const ws = await sibling();
    const res = await s.request('PATCH', `${API}/workspace`, { token: ws.key, body: { name: 'Renamed', slug: 'renamed-ws' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: ws.id,
      name: 'Renamed',
      slug: 'renamed-ws',
      rootFolderId: ws.rootFolderId,
      archiveFolderId: ws.archiveFolderId,
    });
    const slugOnly = await s.request('PATCH', `${API}/workspace`, { token: ws.key, body: { slug: 'renamed-2' } });
    expect(slugOnly.body.data).toMatchObject({ name: 'Renamed', slug: 'renamed-2' });
  });

  it('needs workspaceId (query or body) for an organization key', async () => {
    const ws = await sibling();
    expect((await s.request('PATCH', `${API}/workspace`, { token: orgKey, body: { name: 'N' } })).status).toBe(400);
    const viaQuery = await s.request('PATCH', `${API}/workspace?workspaceId=${ws.id}`, { token: orgKey, body: { name: 'Q' } });
    expect(viaQuery.body.data.name).toBe('Q');
    const viaBody = await s.request('PATCH', `${API}/workspace`, { token: orgKey, body: { name: 'B', workspaceId: ws.id } });
    expect(viaBody.body.data.name).toBe('B');
    const disagree = await s.request('PATCH', `${API}/workspace?workspaceId=${ws.id}`, {
      token: orgKey,
      body: { name: 'C', workspaceId: s.seed.workspaceId },
    });
    expect(disagree.status).toBe(400);
  });

  it('answers 404 for workspaces out of reach, unknown or malformed', async () => {
    const other = await createWorkspace(s.db, await createOrganization(s.db, 'Other', s.clock.now()), 'Other', s.clock.now());
    const ws = await sibling();
    expect((await s.request('PATCH', `${API}/workspace?workspaceId=${other.id}`, { token: orgKey, body: { name: 'N' } })).status).toBe(404);
    expect(
      (await s.request('PATCH', `${API}/workspace?workspaceId=${ws.id}`, { token: s.seed.workspaceApiKey, body: { name: 'N' } })).status,
    ).toBe(404);
    expect((await s.request('PATCH', `${API}/workspace?workspaceId=not-a-uuid`, { token: orgKey, body: { name: 'N' } })).status).toBe(404);
    expect(
      (
        await s.request('PATCH', `${API}/workspace?workspaceId=00000000-0000-4000-8000-000000000000`, {
          token: orgKey,
          body: { name: 'N' },
        })
      ).status,
    ).toBe(404);
    expect((await s.request('PATCH', `${API}/workspace`, { token: reviewer.token, body: { name: 'N' } })).status).toBe(403);
  });

  it('needs name or slug and validates both (422, nothing changed)', async () => {
    const ws = await sibling('Untouched');
    for (const body of [
      {},
      { workspaceId: ws.id },
      { name: '' },
      { slug: 'ab' },
      { slug: 'Upper' },
      { slug: '-x-y' },
      { slug: 'a--b' },
      { slug: 'x'.repeat(64) },
      { slug: 7 },
      { name: 'ok', slug: 'bad slug' },
    ]) {
      const res = await s.request('PATCH', `${API}/workspace`, { token: ws.key, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const read = await s.request('GET', `${API}/workspace`, { token: ws.key });
    expect(read.body.data).toMatchObject({ name: 'Untouched', slug: null });
  });

  it('refuses a slug another workspace holds (409) and frees it when that workspace is deleted', async () => {
    const a = await sibling();
    const b = await sibling();
    expect((await s.request('PATCH', `${API}/workspace`, { token: a.key, body: { slug: 'shared-slug' } })).status).toBe(200);
    expect((await s.request('PATCH', `${API}/workspace`, { token: a.key, body: { slug: 'shared-slug' } })).status).toBe(200);
    const taken = await s.request('PATCH', `${API}/workspace`, { token: b.key, body: { slug: 'shared-slug', name: 'Not applied' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    expect((await s.request('GET', `${API}/workspace`, { token: b.key })).body.data.name).toBe('Sibling');
    expect((await s.request('DELETE', `${API}/workspace`, { token: a.key })).status).toBe(204);
    expect((await s.request('PATCH', `${API}/workspace`, { token: b.key, body: { slug: 'shared-slug' } })).status).toBe(200);
  });
});

describe('DELETE /workspace', () => {
  it('lets a workspace key delete its own workspace without an id; its credentials stop working', async () => {
    const ws = await sibling();
    const markupId = await createWebpageMarkup(s.db, { workspaceId: ws.id, name: 'M', url: 'https://example.com/', now: s.clock.now() });
    const res = await s.request('DELETE', `${API}/workspace`, { token: ws.key });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await s.request('GET', `${API}/workspace`, { token: ws.key })).status).toBe(401);
    expect((await s.request('GET', `${API}/workspace?workspaceId=${ws.id}`, { token: orgKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${markupId}`, { token: orgKey })).status).toBe(404);
    expect(await count('SELECT count(*)::int AS n FROM markups WHERE id = $1', [markupId])).toBe(1);
  });

  it('lets a workspace key name its own workspace, but no other (404)', async () => {
    const ws = await sibling();
    const other = await sibling();
    expect((await s.request('DELETE', `${API}/workspace?workspaceId=${other.id}`, { token: ws.key })).status).toBe(404);
    expect((await s.request('DELETE', `${API}/workspace`, { token: ws.key, body: { workspaceId: other.id } })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace`, { token: other.key })).status).toBe(200);
    expect((await s.request('DELETE', `${API}/workspace?workspaceId=${ws.id}`, { token: ws.key })).status).toBe(204);
  });

  it('needs workspaceId from an organization key, in the query or the body', async () => {
    const a = await sibling();
    const b = await sibling();
    const missing = await s.request('DELETE', `${API}/workspace`, { token: orgKey });
    expect(missing.status).toBe(400);
    expect((await s.request('DELETE', `${API}/workspace?workspaceId=${a.id}`, { token: orgKey })).status).toBe(204);
    expect((await s.request('DELETE', `${API}/workspace`, { token: orgKey, body: { workspaceId: b.id } })).status).toBe(204);
    expect((await s.request('DELETE', `${API}/workspace`, { token: orgKey, body: { workspaceId: b.id } })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace`, { token: a.key })).status).toBe(401);
  });

  it('refuses exchange tokens (403), bad bodies (400/422) and foreign workspaces (404)', async () => {
    const ws = await sibling();
    expect((await s.request('DELETE', `${API}/workspace`, { token: reviewer.token })).status).toBe(403);
    expect((await s.request('DELETE', `${API}/workspace`, { token: orgKey, rawBody: '{nope' })).status).toBe(400);
    expect((await s.request('DELETE', `${API}/workspace`, { token: orgKey, body: { workspaceId: 5 } })).status).toBe(422);
    const other = await createWorkspace(s.db, await createOrganization(s.db, 'Far', s.clock.now()), 'Far', s.clock.now());
    expect((await s.request('DELETE', `${API}/workspace?workspaceId=${other.id}`, { token: orgKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace`, { token: ws.key })).status).toBe(200);
    expect((await s.request('GET', `${API}/workspace`, { token: reviewer.token })).status).toBe(200);
  });

  it("revokes the workspace's exchange tokens and cancels its webhook registrations", async () => {
    const ws = await sibling();
    const hook = await s.request('POST', `${API}/webhook-registrations`, {
      token: ws.key,
      body: { url: 'http://localhost:9/hook', workspaceId: ws.id, enabled: true },
    });
    expect(hook.status).toBe(200);
    expect((await s.request('DELETE', `${API}/workspace`, { token: orgKey, body: { workspaceId: ws.id } })).status).toBe(204);
    expect(
      await count('SELECT count(*)::int AS n FROM webhook_registrations WHERE workspace_id = $1 AND deleted_at IS NULL', [ws.id]),
    ).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM api_keys WHERE workspace_id = $1 AND revoked_at IS NULL', [ws.id])).toBe(0);
  });
});
