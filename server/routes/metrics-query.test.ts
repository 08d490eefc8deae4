/**
 * §4.9 product metrics through the HTTP app, on the story of metrics-test-kit.ts: paging and
 * sorting, who may call (exchange tokens, missing credentials, organization keys, other
 * workspaces), and every refusal of a bad query as a 400 JSON error, never a 5xx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganization, createWorkspace } from '../seed.ts';
import { API } from '../testing/support.ts';
import { RANGE, metricsStory } from './metrics-test-kit.ts';

const { s, markupA, tokenOf, get } = await metricsStory();
afterAll(async () => {
  await s.close();
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
