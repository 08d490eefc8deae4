/**
 * §4.9 product metrics through the HTTP app: the figures of a known set of activity
 * (metrics-test-kit.ts) — workspace totals, user and project rows, last-updated — and UTC range
 * boundaries (date-only and date-time ends, offsets). Paging, sorting, who may call and refused
 * queries are in metrics-query.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RANGE, metricsStory } from './metrics-test-kit.ts';

const { s, markupA, markupB, get } = await metricsStory();
afterAll(async () => {
  await s.close();
});

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
