/**
 * §4.9 product metrics: per-user and per-project pages, the two workspace totals and the two
 * last-updated reads. Admin endpoints (§5 rule 1): API keys only, acting on the key's workspace
 * (an organization key names one with ?workspaceId=, as for GET /workspace).
 */
import { Hono } from 'hono';
import type {
  ProjectMetricsPage,
  ProjectWorkspaceTotals,
  UserMetricsPage,
  UserWorkspaceTotals,
  WorkspaceLastUpdatedResponse,
} from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { isoAt, type Db } from '../db/db.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import type { ApiKeyCaller, MemberCaller } from '../domain/viewer.ts';
import { callerOf } from '../http/caller.ts';
import { requireWorkspaceReader } from '../domain/permissions.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import { latestActivity, projectMetrics, userMetrics, workspaceTotals } from '../model/metrics.ts';
import { lastUpdatedQuerySchema, metricsTotalsQuerySchema, projectMetricsQuerySchema, userMetricsQuerySchema } from '../schemas/metrics.ts';

/** The workspace the figures are about, by the same rules as GET /workspace (404 for one out of reach). */
const metricsWorkspace = async (db: Db, caller: ApiKeyCaller | MemberCaller, asked: string | undefined): Promise<string> =>
  (await workspaceForCaller(db, caller, asked)).id;

export function metricsRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  // The credential is checked before the query, so an exchange token learns nothing from a 400.
  const apiKey = (c: Parameters<typeof callerOf>[0]) => requireWorkspaceReader(callerOf(c));

  routes.get('/product-metrics/user', async (c) => {
    const caller = apiKey(c);
    const query = readQuery(c, userMetricsQuerySchema);
    const workspaceId = await metricsWorkspace(db, caller, query.workspaceId);
    const body: UserMetricsPage = await userMetrics(db, workspaceId, query);
    return ok(c, body);
  });

  routes.get('/product-metrics/project', async (c) => {
    const caller = apiKey(c);
    const query = readQuery(c, projectMetricsQuerySchema);
    const workspaceId = await metricsWorkspace(db, caller, query.workspaceId);
    const body: ProjectMetricsPage = await projectMetrics(db, workspaceId, query);
    return ok(c, body);
  });

  routes.get('/product-metrics/user/workspace-totals', async (c) => {
    const caller = apiKey(c);
    const query = readQuery(c, metricsTotalsQuerySchema);
    const workspaceId = await metricsWorkspace(db, caller, query.workspaceId);
    const t = await workspaceTotals(db, workspaceId, query.range);
    const body: UserWorkspaceTotals = {
      workspaceId,
      lastActivity: t.lastActivity,
      activeUsers: t.activeUsers,
      projectsCreated: t.projectsCreated,
      commentsCreated: t.commentsCreated,
      threadsResolved: t.threadsResolved,
    };
    return ok(c, body);
  });

  routes.get('/product-metrics/project/workspace-totals', async (c) => {
    const caller = apiKey(c);
    const query = readQuery(c, metricsTotalsQuerySchema);
    const workspaceId = await metricsWorkspace(db, caller, query.workspaceId);
    const t = await workspaceTotals(db, workspaceId, query.range);
    const body: ProjectWorkspaceTotals = {
      workspaceId,
      lastActivity: t.lastActivity,
      commentsCreated: t.commentsCreated,
      threadsResolved: t.threadsResolved,
      threadsUnresolved: t.threadsUnresolved,
    };
    return ok(c, body);
  });

  // Figures are computed at each request, so they are as fresh as the answer itself.
  for (const path of ['/product-metrics/user/last-updated', '/product-metrics/project/last-updated']) {
    routes.get(path, async (c) => {
      const caller = apiKey(c);
      const query = readQuery(c, lastUpdatedQuerySchema);
      const workspaceId = await metricsWorkspace(db, caller, query.workspaceId);
      const body: WorkspaceLastUpdatedResponse = {
        workspaceId,
        lastUpdated: isoAt(clock.now()),
        lastActivity: await latestActivity(db, workspaceId),
      };
      return ok(c, body);
    });
  }

  return routes;
}
