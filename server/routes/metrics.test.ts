/**
 * §4.9 product metrics through the HTTP app: figures of a known set of activity made through the
 * API (threads, replies, resolve, reopen, several people, an API key, two markups), UTC range
 * boundaries (date-only and date-time ends, offsets), paging and sorting, who may call, and every
 * refusal of a bad query as a 4xx JSON error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

let s: TestServer;
let key: string;
let markupA: string;
let markupB: string;
const at = (iso: string) => s.clock.set(Date.parse(iso));
// Exchange tokens live an hour and the story spans days: a fresh one for every action.
const tokenOf = async (sub: string, markupId: string) =>
  (await s.exchangeToken({ sub, name: sub[0]!.toUpperCase() + sub.slice(1), markupId })).token;

async function createThread(token: string, markupId: string): Promise<string> {
  const res = await s.request('POST', `${API}/threads`, { token, body: threadBody({ projectId: markupId }) });
  expect(res.status).toBe(200);
  return res.body.data.id;
}
async function reply(token: string, threadId: string) {
  const res = await s.request('POST', `${API}/threads/${threadId}/messages`, { token, body: { content: 'Agreed' } });
  expect(res.status).toBe(200);
}
async function post(token: string, path: string) {
  expect((await s.request('POST', `${API}${path}`, { token })).status).toBe(200);
}
const get = (path: string, token = key) => s.request('GET', `${API}/product-metrics${path}`, { token });

beforeAll(async () => {
  s = await createTestServer();
  key = s.seed.workspaceApiKey;
  const ws = s.seed.workspaceId;
  markupA = await createWebpageMarkup(s.db, {
    workspaceId: ws,
    name: 'Metrics A',
    url: 'https://a.example/',
    now: Date.parse('2030-01-10T08:00:00Z'),
  });
  markupB = await createWebpageMarkup(s.db, {
    workspaceId: ws,
    name: 'metrics B',
    url: 'https://b.example/',
    now: Date.parse('2030-01-10T08:00:00Z'),
  });

  at('2030-01-10T12:00:00Z');
  const t1 = await createThread(await tokenOf('alice', markupA), markupA);
  await reply(await tokenOf('bob', markupA), t1);
  const t2 = await createThread(await tokenOf('bob', markupA), markupA);
  at('2030-01-10T23:59:59.999Z');
  const t3 = await createThread(await tokenOf('carol', markupB), markupB);
  at('2030-01-11T00:00:00Z');
  await post(await tokenOf('alice', markupA), `/threads/${t1}/resolve`);
  await post(await tokenOf('alice', markupA), `/threads/${t1}/resolve`); // a repeat changes nothing
  at('2030-01-11T10:00:00Z');
  await post(await tokenOf('bob', markupA), `/threads/${t1}/unresolve`);
  await post(key, `/threads/${t2}/resolve`);
  await reply(await tokenOf('carol', markupB), t3);
  // Deleting a thread later does not rewrite history.
  at('2030-01-12T09:00:00Z');
  expect((await s.request('DELETE', `${API}/threads/${t2}`, { token: key })).status).toBe(204);
});
afterAll(async () => {
  await s.close();
});

const RANGE = 'startDate=2030-01-10&endDate=2030-01-11';

describe('figures', () => {
  it('workspace totals count every action in the range, people as active users', async () => {
    const user = await get(`/user/workspace-totals?${RANGE}`);
    expect(user.status).toBe(200);
    expect(user.body.data).toEqual({
      workspaceId: s.seed.workspaceId,
      lastActivity: '2030-01-11T10:00:00.000Z',
      activeUsers: 3,
      projectsCreated: 2,
      commentsCreated: 5,
      threadsResolved: 2,
    });
    const project = await get(`/project/workspace-totals?${RANGE}`);
    expect(project.body.data).toEqual({
      workspaceId: s.seed.workspaceId,
      lastActivity: '2030-01-11T10:00:00.000Z',
      commentsCreated: 5,
      threadsResolved: 2,
      threadsUnresolved: 1,
    });
  });

  it('user rows: one per person, API keys left out, ordered by comments then name', async () => {
    const res = await get(`/user?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.data.totalRows).toBe(3);
    const rows = res.body.data.rows;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Bob', 'Carol', 'Alice']);
    expect(rows[0]).toMatchObject({
      commentsCreated: 2,
      threadsCreated: 1,
      repliesCreated: 1,
      threadsResolved: 0,
      threadsUnresolved: 1,
      projectsCreated: 0,
      guest: true,
    });
    expect(rows[0].lastActivity).toBe('2030-01-11T10:00:00.000Z');
    expect(rows[2]).toMatchObject({
      commentsCreated: 1,
      threadsCreated: 1,
      repliesCreated: 0,
      threadsResolved: 1,
      threadsUnresolved: 0,
      lastActivity: '2030-01-11T00:00:00.000Z',
    });
    expect(typeof rows[2].userId).toBe('string');
  });

  it('project rows: one per markup with activity or created in the range', async () => {
    const res = await get(`/project?${RANGE}&sortBy=name`);
    expect(res.body.data.totalRows).toBe(2);
    expect(res.body.data.rows).toEqual([
      {
        projectId: markupA,
        name: 'Metrics A',
        type: 'webpage',
        createdAt: '2030-01-10T08:00:00.000Z',
        deletedAt: null,
        commentsCreated: 3,
        threadsCreated: 2,
        repliesCreated: 1,
        threadsResolved: 2,
        threadsUnresolved: 1,
        activeUsers: 2,
        lastActivity: '2030-01-11T10:00:00.000Z',
      },
      {
        projectId: markupB,
        name: 'metrics B',
        type: 'webpage',
        createdAt: '2030-01-10T08:00:00.000Z',
        deletedAt: null,
        commentsCreated: 2,
        threadsCreated: 1,
        repliesCreated: 1,
        threadsResolved: 0,
        threadsUnresolved: 0,
        activeUsers: 1,
        lastActivity: '2030-01-11T10:00:00.000Z',
      },
    ]);
  });

  it('last-updated: figures are live, so the time of the answer, and the latest action', async () => {
    for (const path of ['/user/last-updated', '/project/last-updated']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        workspaceId: s.seed.workspaceId,
        lastUpdated: new Date(s.clock.now()).toISOString(),
        lastActivity: '2030-01-11T10:00:00.000Z',
      });
    }
  });
});

describe('date range (UTC, start included, end excluded; a date-only end covers its day)', () => {
  const totals = async (query: string) => (await get(`/project/workspace-totals?${query}`)).body.data;
  it('a date-only end includes the last millisecond of its day, not the next midnight', async () => {
    expect(await totals('startDate=2030-01-10&endDate=2030-01-10')).toMatchObject({
      commentsCreated: 4,
      threadsResolved: 0,
      lastActivity: '2030-01-10T23:59:59.999Z',
    });
    expect(await totals('startDate=2030-01-11&endDate=2030-01-11')).toMatchObject({
      commentsCreated: 1,
      threadsResolved: 2,
      threadsUnresolved: 1,
    });
  });
  it('date-time ends: start included, end excluded, offsets honoured', async () => {
    expect(await totals('startDate=2030-01-10T12:00:00Z&endDate=2030-01-11T00:00:00Z')).toMatchObject({
      commentsCreated: 4,
      threadsResolved: 0,
    });
    expect(await totals('startDate=2030-01-10T12:00:00.001Z&endDate=2030-01-11T00:00:00.001Z')).toMatchObject({
      commentsCreated: 1,
      threadsResolved: 1,
    });
    // 21:00 in São Paulo (UTC−3) is midnight UTC.
    expect(await totals(`startDate=${encodeURIComponent('2030-01-10T21:00:00-03:00')}&endDate=2030-01-11T23:00:00Z`)).toMatchObject({
      commentsCreated: 1,
      threadsResolved: 2,
    });
  });
  it('an empty range answers zeros and a null lastActivity', async () => {
    expect(await totals('startDate=2031-01-01&endDate=2031-12-31')).toEqual({
      workspaceId: s.seed.workspaceId,
      lastActivity: null,
      commentsCreated: 0,
      threadsResolved: 0,
      threadsUnresolved: 0,
    });
    expect((await get('/user?startDate=2031-01-01&endDate=2031-01-02')).body.data).toEqual({ rows: [], totalRows: 0 });
  });
});

describe('paging and sorting', () => {
  const names = async (query: string) => (await get(`/user?${RANGE}&${query}`)).body.data.rows.map((r: { name: string }) => r.name);
  it('offset and limit page the rows; totalRows counts them all', async () => {
    expect((await get(`/user?${RANGE}&limit=2`)).body.data).toMatchObject({ totalRows: 3, rows: [{ name: 'Bob' }, { name: 'Carol' }] });
    expect((await get(`/user?${RANGE}&limit=2&offset=2`)).body.data).toMatchObject({ totalRows: 3, rows: [{ name: 'Alice' }] });
    expect((await get(`/user?${RANGE}&offset=10`)).body.data).toEqual({ totalRows: 3, rows: [] });
  });
  it('sortBy and sortDirection (case-insensitive); names ascend by default, figures descend', async () => {
    expect(await names('sortBy=name')).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await names('sortBy=name&sortDirection=DESC')).toEqual(['Carol', 'Bob', 'Alice']);
    expect(await names('sortBy=threadsResolved')).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await names('sortBy=commentsCreated&sortDirection=asc')).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await names('sortBy=lastActivity&sortDirection=asc')).toEqual(['Alice', 'Bob', 'Carol']);
    const projects = await get(`/project?${RANGE}&sortBy=commentsCreated&sortDirection=asc`);
    expect(projects.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['metrics B', 'Metrics A']);
    const byName = await get(`/project?${RANGE}&sortBy=name&sortDirection=desc`);
    expect(byName.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['metrics B', 'Metrics A']);
  });
});

describe('who may call', () => {
  it('refuses exchange tokens (403) and missing credentials (401)', async () => {
    const token = await tokenOf('alice', markupA);
    for (const path of [
      `/user?${RANGE}`,
      `/project?${RANGE}`,
      `/user/workspace-totals?${RANGE}`,
      `/project/workspace-totals?${RANGE}`,
      '/user/last-updated',
      '/project/last-updated',
    ]) {
      const res = await get(path, token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await s.request('GET', `${API}/product-metrics${path}`)).status).toBe(401);
    }
  });
  it('an organization key names the workspace; another workspace is unknown', async () => {
    const org = s.seed.organizationApiKey;
    expect((await get(`/user/workspace-totals?${RANGE}`, org)).status).toBe(400);
    const named = await get(`/user/workspace-totals?${RANGE}&workspaceId=${s.seed.workspaceId}`, org);
    expect(named.body.data.commentsCreated).toBe(5);
    const now = s.clock.now();
    const otherOrg = await createOrganization(s.db, 'Other', now);
    const other = await createWorkspace(s.db, otherOrg, 'Other workspace', now);
    const otherKey = await createApiKey(s.db, { kind: 'workspace', organizationId: otherOrg, workspaceId: other.id, name: 'other', now });
    expect((await get(`/project/workspace-totals?${RANGE}`, otherKey)).body.data).toMatchObject({
      workspaceId: other.id,
      commentsCreated: 0,
    });
    expect((await get(`/user?${RANGE}&workspaceId=${s.seed.workspaceId}`, otherKey)).status).toBe(404);
    expect((await get(`/user?${RANGE}&workspaceId=${other.id}`, org)).status).toBe(404);
    expect((await get(`/user/last-updated?workspaceId=not-a-uuid`, org)).status).toBe(404);
  });
});

describe('validation (400 bad_request with details, never 5xx)', () => {
  const bad = [
    '/user',
    '/user?startDate=2030-01-10',
    `/user/workspace-totals?endDate=2030-01-10`,
    '/user?startDate=2030-13-01&endDate=2030-12-31',
    '/project?startDate=2030-02-30&endDate=2030-03-01',
    '/user?startDate=2030-01-10T12:00&endDate=2030-01-11',
    '/user?startDate=yesterday&endDate=2030-01-11',
    '/project/workspace-totals?startDate=2030-01-11&endDate=2030-01-10',
    '/user?startDate=2030-01-11T00:00:00Z&endDate=2030-01-11T00:00:00Z',
    '/user/workspace-totals?startDate=2029-01-01&endDate=2030-01-02',
    `/user?${RANGE}&limit=0`,
    `/user?${RANGE}&limit=101`,
    `/user?${RANGE}&limit=abc`,
    `/user?${RANGE}&offset=-1`,
    `/user?${RANGE}&offset=1.5`,
    `/user?${RANGE}&sortBy=bogus`,
    `/project?${RANGE}&sortBy=projectsCreated`,
    `/user?${RANGE}&sortDirection=up`,
    // The end would be 10000-01-01, past what the database reads (this was a 500).
    '/user?startDate=9999-01-01&endDate=9999-12-31',
    '/user/workspace-totals?startDate=9999-12-31T00:00Z&endDate=9999-12-31T23:00-05:00',
  ];
  it.each(bad)('%s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body.error.details.length).toBeGreaterThan(0);
  });
  it('accepts a whole leap year and the limit bounds', async () => {
    expect((await get('/user/workspace-totals?startDate=2028-01-01&endDate=2028-12-31')).status).toBe(200);
    expect((await get(`/user?${RANGE}&limit=1`)).body.data.rows).toHaveLength(1);
    expect((await get(`/user?${RANGE}&limit=100&offset=0`)).status).toBe(200);
  });
});
