/**
 * GET /markups (keyset pages, newest first, opaque cursors) and GET /markups/search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createWorkspace } from '../seed.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { insertFolder } from '../testing/malformed-cases-markups.ts';

let s: TestServer;
let key: string;
let workspaceId: string;
const created: string[] = [];
beforeAll(async () => {
  s = await createTestServer();
  const ws = await createWorkspace(s.db, s.seed.organizationId, 'Listing', s.clock.now());
  workspaceId = ws.id;
  key = await createApiKey(s.db, {
    kind: 'workspace',
    organizationId: s.seed.organizationId,
    workspaceId,
    name: 'List key',
    now: s.clock.now(),
  });
  const folder = await insertFolder(s, workspaceId, 'Deep');
  // Five markups, two of them in the same millisecond (the id breaks the tie).
  for (const [i, name] of ['Alpha Home', 'beta pricing', 'Gamma', 'Delta 100%', 'epsilon'].entries()) {
    if (i !== 2) s.clock.advance(1000);
    const res = await s.request('POST', `${API}/markups/url`, {
      token: key,
      body: {
        url: `https://site${i}.example/${name.includes('pricing') ? 'Pricing' : 'x'}`,
        name,
        ...(i === 4 ? { parentFolderId: folder } : {}),
      },
    });
    created.push(res.body.data.id);
  }
});
afterAll(async () => {
  await s.close();
});

const list = (query: string, token = key) => s.request('GET', `${API}/markups?workspaceId=${workspaceId}${query}`, { token });

describe('GET /markups', () => {
  it('lists newest first with the id as tiebreak, in pages that join up both ways', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ hasMore: false, nextCursor: null, prevCursor: null });
    const ids: string[] = all.body.data.data.map((m: { id: string }) => m.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids)).toEqual(new Set(created));
    const times = all.body.data.data.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const p1 = await list('&limit=2');
    expect(p1.body.data.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 2));
    expect(p1.body.data).toMatchObject({ hasMore: true, prevCursor: null });
    const p2 = await list(`&limit=2&since=${p1.body.data.nextCursor}`);
    expect(p2.body.data.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(2, 4));
    expect(p2.body.data.hasMore).toBe(true);
    const p3 = await list(`&limit=2&since=${p2.body.data.nextCursor}`);
    expect(p3.body.data.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(4));
    expect(p3.body.data).toMatchObject({ hasMore: false, nextCursor: null });
    const back = await list(`&limit=2&before=${p3.body.data.prevCursor}`);
    expect(back.body.data.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(2, 4));
    expect(back.body.data.hasMore).toBe(true);
    const first = await list(`&limit=2&before=${back.body.data.prevCursor}`);
    expect(first.body.data.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data).toMatchObject({ hasMore: false, prevCursor: null });
  });

  it('leaves deleted markups out and accepts (ignores) ttl', async () => {
    const doomed = await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://doomed.example/' } });
    expect((await s.request('DELETE', `${API}/markups/${doomed.body.data.id}`, { token: key })).status).toBe(204);
    const res = await list('&ttl=60');
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((m: { id: string }) => m.id)).not.toContain(doomed.body.data.id);
  });

  it('refuses damaged cursors, cursors of another workspace, both cursors and bad limits with 400', async () => {
    const p1 = await list('&limit=1');
    const foreign = await s.request('GET', `${API}/markups?workspaceId=${s.seed.workspaceId}&since=${p1.body.data.nextCursor}`, {
      token: s.seed.workspaceApiKey,
    });
    expect(foreign.status).toBe(400);
    for (const q of [
      '&since=garbage',
      '&before=eyJ3IjoxfQ',
      `&since=${p1.body.data.nextCursor}&before=${p1.body.data.nextCursor}`,
      '&limit=0',
      '&limit=101',
      '&limit=x',
      '&ttl=-1',
    ]) {
      expect((await list(q)).status, q).toBe(400);
    }
    expect((await s.request('GET', `${API}/markups`, { token: key })).status).toBe(400);
  });

  it('is for API keys of the workspace only', async () => {
    expect((await s.request('GET', `${API}/markups?workspaceId=${workspaceId}`, {})).status).toBe(401);
    const reviewer = await s.exchangeToken({ sub: 'list-rev' });
    expect((await list('', reviewer.token)).status).toBe(403);
    expect((await list('', s.seed.workspaceApiKey)).status).toBe(404);
    expect((await list('', s.seed.organizationApiKey)).status).toBe(200);
  });
});

describe('GET /markups/search', () => {
  const search = (q: string) =>
    s.request('GET', `${API}/markups/search?workspaceId=${workspaceId}&query=${encodeURIComponent(q)}`, { token: key });

  it('matches name or URL case-insensitively, subfolders included, newest first', async () => {
    const byName = await search('ALPHA');
    expect(byName.status).toBe(200);
    expect(byName.body.data.data.map((m: { name: string }) => m.name)).toEqual(['Alpha Home']);
    expect((await search('pricing')).body.data.data.map((m: { name: string }) => m.name)).toEqual(['beta pricing']);
    expect((await search('SITE3.example')).body.data.data.map((m: { name: string }) => m.name)).toEqual(['Delta 100%']);
    expect((await search('epsilon')).body.data.data).toHaveLength(1);
    const all = await search('example');
    expect(all.body.data.data).toHaveLength(5);
  });

  it('treats % and _ as plain characters, honours limit, and without a query lists everything', async () => {
    expect((await search('100%')).body.data.data.map((m: { name: string }) => m.name)).toEqual(['Delta 100%']);
    expect((await search('_')).body.data.data).toHaveLength(0);
    const limited = await s.request('GET', `${API}/markups/search?workspaceId=${workspaceId}&limit=2`, { token: key });
    expect(limited.body.data.data).toHaveLength(2);
    expect((await s.request('GET', `${API}/markups/search?workspaceId=${workspaceId}&limit=500`, { token: key })).status).toBe(400);
    expect((await s.request('GET', `${API}/markups/search?query=x`, { token: key })).status).toBe(400);
  });
});
