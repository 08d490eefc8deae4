/**
 * Markup reads (markup, tags, view modes) and GET /workspace for each credential kind, including
 * what exchange tokens may not do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, TEST_PUBLIC_URL, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let reviewer: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  reviewer = await s.exchangeToken({ sub: 'rev', name: 'Rev Iewer', email: 'rev@example.com' });
});
afterAll(async () => {
  await s.close();
});

describe('GET /markups/:id', () => {
  it('answers the markup with scopes for the caller', async () => {
    await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: reviewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: s.seed.markupId,
      type: 'webpage',
      name: 'Pinmark demo site',
      url: `${TEST_PUBLIC_URL}/`,
      markupUrl: `${TEST_PUBLIC_URL}/`,
      thumbnailUrl: null,
      deletedAt: null,
      activeThreads: 1,
      readOnly: false,
      status: 'editing',
      note: null,
      projectReviews: [],
      scopes: ['create-thread'],
    });
    expect(new Date(res.body.data.createdAt).toISOString()).toBe(res.body.data.createdAt);
    const asKey = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: s.seed.workspaceApiKey });
    expect(asKey.body.data.scopes).toEqual(['create-thread', 'update-project-read-only', 'delete-project', 'update-project']);
  });

  it('404s unknown, malformed and out-of-scope markups', async () => {
    expect((await s.request('GET', `${API}/markups/00000000-0000-4000-8000-000000000000`, { token: s.seed.workspaceApiKey })).status).toBe(
      404,
    );
    expect((await s.request('GET', `${API}/markups/xyz`, { token: s.seed.workspaceApiKey })).status).toBe(404);
    const other = await createWebpageMarkup(s.db, {
      workspaceId: s.seed.workspaceId,
      name: 'Other',
      url: 'https://o.example/',
      now: s.clock.now(),
    });
    expect((await s.request('GET', `${API}/markups/${other}`, { token: reviewer.token })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${other}/tag`, { token: reviewer.token })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${other}/view-modes`, { token: reviewer.token })).status).toBe(404);
    expect((await s.request('GET', `${API}/markups/${other}`, { token: s.seed.workspaceApiKey })).status).toBe(200);
  });
});

describe('GET /markups/:id/view-modes and /tag', () => {
  it('lists the three view modes with unresolved thread counts', async () => {
    await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody({ viewModeId: 'mobile' }) });
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}/view-modes`, { token: reviewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.viewModes).toEqual([
      { id: 'desktop', category: 'desktop', name: 'Desktop', minWidth: 1024, maxWidth: null, threadCount: 1 },
      { id: 'tablet', category: 'tablet', name: 'Tablet', minWidth: 768, maxWidth: 1023, threadCount: 0 },
      { id: 'mobile', category: 'mobile', name: 'Mobile', minWidth: 0, maxWidth: 767, threadCount: 1 },
    ]);
  });

  it('lists members and writers as taggable', async () => {
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: reviewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.taggable).toEqual([
      // Others' addresses are for API keys only (server/attacks/tag-emails.test.ts); one's own is shown.
      { id: expect.any(String), name: 'Demo Owner', email: null, avatarUrl: null },
      { id: reviewer.userId, name: 'Rev Iewer', email: 'rev@example.com', avatarUrl: null },
    ]);
    expect(res.body.data.tagged).toEqual([]);
    const asKey = await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: s.seed.workspaceApiKey });
    expect(asKey.body.data.taggable[0]).toMatchObject({ name: 'Demo Owner', email: 'owner@demo.pinmark.test' });
  });
});

describe('GET /workspace', () => {
  const expected = () => ({
    id: s.seed.workspaceId,
    name: 'Demo workspace',
    slug: null,
    rootFolderId: expect.any(String),
    archiveFolderId: expect.any(String),
  });

  it('answers a workspace key and an exchange token with their workspace', async () => {
    const byKey = await s.request('GET', `${API}/workspace`, { token: s.seed.workspaceApiKey });
    // toMatchObject: the workspace shape grows (e.g. its icon) in the workspace module, not here.
    expect(byKey.body.data).toMatchObject(expected());
    expect(byKey.body.data.rootFolderId).not.toBe(byKey.body.data.archiveFolderId);
    expect((await s.request('GET', `${API}/workspace`, { token: reviewer.token })).body.data).toEqual(byKey.body.data);
  });

  it('needs ?workspaceId for an organization key (400), scoped to its organization', async () => {
    const missing = await s.request('GET', `${API}/workspace`, { token: s.seed.organizationApiKey });
    expect(missing.status).toBe(400);
    const ok = await s.request('GET', `${API}/workspace?workspaceId=${s.seed.workspaceId}`, { token: s.seed.organizationApiKey });
    expect(ok.body.data).toMatchObject(expected());
    const orgId = await createOrganization(s.db, 'Foreign', s.clock.now());
    const foreign = await createWorkspace(s.db, orgId, 'Foreign', s.clock.now());
    expect((await s.request('GET', `${API}/workspace?workspaceId=${foreign.id}`, { token: s.seed.organizationApiKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace?workspaceId=${foreign.id}`, { token: s.seed.workspaceApiKey })).status).toBe(404);
    expect((await s.request('GET', `${API}/workspace?workspaceId=bad`, { token: s.seed.organizationApiKey })).status).toBe(404);
  });
});

describe('PATCH /markups/:id/read-only', () => {
  const path = () => `${API}/markups/${s.seed.markupId}/read-only`;

  it('pauses and resumes new comments with an API key', async () => {
    const paused = await s.request('PATCH', path(), { token: s.seed.workspaceApiKey, body: { readOnly: true } });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ id: s.seed.markupId, readOnly: true });
    const refused = await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
    expect(refused.status).toBe(403);
    const markup = await s.request('GET', `${API}/markups/${s.seed.markupId}`, { token: reviewer.token });
    expect(markup.body.data.scopes).not.toContain('create-thread');

    const resumed = await s.request('PATCH', path(), { token: s.seed.workspaceApiKey, body: { readOnly: false } });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.readOnly).toBe(false);
    const created = await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
    expect(created.status).toBe(200);
  });

  it('refuses to pause without pauseCommentsEnabled, but always allows resuming', async () => {
    await s.db.query('UPDATE workspaces SET plan_pause_comments_enabled = false WHERE id = $1', [s.seed.workspaceId]);
    try {
      const refused = await s.request('PATCH', path(), { token: s.seed.workspaceApiKey, body: { readOnly: true } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'forbidden' });
      expect(refused.body.error.message).toMatch(/pauseCommentsEnabled/);
      await s.db.query('UPDATE markups SET read_only = true WHERE id = $1', [s.seed.markupId]);
      const resumed = await s.request('PATCH', path(), { token: s.seed.workspaceApiKey, body: { readOnly: false } });
      expect(resumed.status).toBe(200);
      expect(resumed.body.data.readOnly).toBe(false);
    } finally {
      await s.db.query('UPDATE workspaces SET plan_pause_comments_enabled = true WHERE id = $1', [s.seed.workspaceId]);
      await s.db.query('UPDATE markups SET read_only = false WHERE id = $1', [s.seed.markupId]);
    }
  });

  it('is for API keys only and validates its body', async () => {
    const asReviewer = await s.request('PATCH', path(), { token: reviewer.token, body: { readOnly: true } });
    expect(asReviewer.status).toBe(403);
    const bad = await s.request('PATCH', path(), { token: s.seed.workspaceApiKey, body: { readOnly: 'yes' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].path).toBe('readOnly');
  });
});
