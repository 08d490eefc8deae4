/**
 * Product metrics computed live from recorded activity (docs/api-decisions.md, "Product metrics"):
 * the activity log of migration 0008 plus markups' creation times, filtered to a half-open UTC
 * instant range. Live aggregates instead of a rollup: the figures are never stale, and the
 * indexes on (workspace, time) keep a year of a workspace's activity cheap to scan.
 */
import type { ProjectMetricsRow, UserMetricsRow } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { MetricsRange, ProjectSortKey, UserSortKey } from '../schemas/metrics.ts';

/** Every action in the range, markup creations included, as ($1 workspace, $2 from, $3 to). */
const ACTIVITY = `act AS (
  SELECT a.user_id, a.markup_id, a.kind, a.occurred_at FROM activity_events a
  WHERE a.workspace_id = $1 AND a.occurred_at >= $2::timestamptz AND a.occurred_at < $3::timestamptz
  UNION ALL
  SELECT m.created_by_user_id, m.id, 'project_created', m.created_at FROM markups m
  WHERE m.workspace_id = $1 AND m.created_at >= $2::timestamptz AND m.created_at < $3::timestamptz
)`;

const COUNTERS = `
  count(*) FILTER (WHERE act.kind IN ('thread_created', 'reply_created'))::int AS comments_created,
  count(*) FILTER (WHERE act.kind = 'thread_created')::int AS threads_created,
  count(*) FILTER (WHERE act.kind = 'reply_created')::int AS replies_created,
  count(*) FILTER (WHERE act.kind = 'thread_resolved')::int AS threads_resolved,
  count(*) FILTER (WHERE act.kind = 'thread_unresolved')::int AS threads_unresolved,
  count(*) FILTER (WHERE act.kind = 'project_created')::int AS projects_created,
  max(act.occurred_at) AS last_activity`;

/** People only: an API key's service user is not an active user. */
const PERSON = `act_user.kind IS NOT NULL AND act_user.kind <> 'service'`;

interface Counters {
  comments_created: number;
  threads_created: number;
  replies_created: number;
  threads_resolved: number;
  threads_unresolved: number;
  projects_created: number;
  last_activity: Date | null;
}

export interface Page<Row> {
  rows: Row[];
  totalRows: number;
}

export interface PageRequest<K> {
  range: MetricsRange;
  offset: number;
  limit: number;
  sortBy: K;
  sortDirection: 'asc' | 'desc';
}

// Whitelisted SQL for each sort key (never interpolate the request's text).
const USER_ORDER: Record<UserSortKey, string> = {
  name: 'lower(name) COLLATE "C"',
  commentsCreated: 'comments_created',
  threadsCreated: 'threads_created',
  repliesCreated: 'replies_created',
  threadsResolved: 'threads_resolved',
  threadsUnresolved: 'threads_unresolved',
  projectsCreated: 'projects_created',
  lastActivity: 'last_activity',
};
const PROJECT_ORDER: Record<ProjectSortKey, string> = {
  name: USER_ORDER.name,
  createdAt: 'created_at',
  commentsCreated: 'comments_created',
  threadsCreated: 'threads_created',
  repliesCreated: 'replies_created',
  threadsResolved: 'threads_resolved',
  threadsUnresolved: 'threads_unresolved',
  activeUsers: 'active_users',
  lastActivity: 'last_activity',
};

const params = (workspaceId: string, range: MetricsRange): unknown[] => [workspaceId, isoAt(range.fromMs), isoAt(range.toMs)];
const iso = (d: Date | null): string | null => (d ? isoAt(d.getTime()) : null);

/** Pages a ranked query; a second query counts only when the page came back empty. */
async function paged<R extends { total_rows: number }>(
  db: Db,
  ctes: string,
  orderBy: string,
  args: unknown[],
  page: PageRequest<unknown>,
): Promise<Page<R>> {
  const dir = page.sortDirection === 'asc' ? 'ASC' : 'DESC';
  // Name, then id, break every tie, so pages never overlap or skip a row.
  const rows = await db.query<R>(
    `WITH ${ctes} SELECT *, count(*) OVER ()::int AS total_rows FROM ranked
     ORDER BY ${orderBy} ${dir}, lower(name) COLLATE "C" ASC, id ASC LIMIT $4 OFFSET $5`,
    [...args, page.limit, page.offset],
  );
  if (rows.length > 0) return { rows, totalRows: rows[0]!.total_rows };
  const count = await queryOne<{ n: number }>(db, `WITH ${ctes} SELECT count(*)::int AS n FROM ranked`, args);
  return { rows, totalRows: count?.n ?? 0 };
}

interface UserRowDb extends Counters {
  id: string;
  name: string;
  email: string | null;
  is_member: boolean;
  total_rows: number;
}

export async function userMetrics(db: Db, workspaceId: string, page: PageRequest<UserSortKey>): Promise<Page<UserMetricsRow>> {
  const ctes = `${ACTIVITY},
    ranked AS (
      SELECT act_user.id, act_user.name, act_user.email,
        EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.user_id = act_user.id AND wm.workspace_id = $1) AS is_member, ${COUNTERS}
      FROM act JOIN users act_user ON act_user.id = act.user_id
      WHERE ${PERSON}
      GROUP BY act_user.id, act_user.name, act_user.email
    )`;
  const result = await paged<UserRowDb>(db, ctes, USER_ORDER[page.sortBy], params(workspaceId, page.range), page);
  return {
    totalRows: result.totalRows,
    rows: result.rows.map((r) => ({
      userId: r.id,
      name: r.name,
      email: r.email,
      guest: !r.is_member,
      commentsCreated: r.comments_created,
      threadsCreated: r.threads_created,
      repliesCreated: r.replies_created,
      threadsResolved: r.threads_resolved,
      threadsUnresolved: r.threads_unresolved,
      projectsCreated: r.projects_created,
      lastActivity: iso(r.last_activity)!,
    })),
  };
}

interface ProjectRowDb extends Counters {
  id: string;
  name: string;
  type: string;
  created_at: Date;
  deleted_at: Date | null;
  active_users: number;
  total_rows: number;
}

export async function projectMetrics(db: Db, workspaceId: string, page: PageRequest<ProjectSortKey>): Promise<Page<ProjectMetricsRow>> {
  const ctes = `${ACTIVITY},
    ranked AS (
      SELECT mk.id, mk.name, mk.type, mk.created_at, mk.deleted_at, ${COUNTERS},
        count(DISTINCT act.user_id) FILTER (WHERE ${PERSON})::int AS active_users
      FROM act JOIN markups mk ON mk.id = act.markup_id LEFT JOIN users act_user ON act_user.id = act.user_id
      GROUP BY mk.id, mk.name, mk.type, mk.created_at, mk.deleted_at
    )`;
  const result = await paged<ProjectRowDb>(db, ctes, PROJECT_ORDER[page.sortBy], params(workspaceId, page.range), page);
  return {
    totalRows: result.totalRows,
    rows: result.rows.map((r) => ({
      projectId: r.id,
      name: r.name,
      type: r.type,
      createdAt: isoAt(r.created_at.getTime()),
      deletedAt: iso(r.deleted_at),
      commentsCreated: r.comments_created,
      threadsCreated: r.threads_created,
      repliesCreated: r.replies_created,
      threadsResolved: r.threads_resolved,
      threadsUnresolved: r.threads_unresolved,
      activeUsers: r.active_users,
      lastActivity: iso(r.last_activity)!,
    })),
  };
}

export interface WorkspaceTotals {
  activeUsers: number;
  projectsCreated: number;
  commentsCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
  lastActivity: string | null;
}

/** Every action of the workspace in the range, API keys' included; active users are people. */
export async function workspaceTotals(db: Db, workspaceId: string, range: MetricsRange): Promise<WorkspaceTotals> {
  const row = await queryOne<Counters & { active_users: number }>(
    db,
    `WITH ${ACTIVITY} SELECT ${COUNTERS}, count(DISTINCT act.user_id) FILTER (WHERE ${PERSON})::int AS active_users
     FROM act LEFT JOIN users act_user ON act_user.id = act.user_id`,
    params(workspaceId, range),
  );
  return {
    activeUsers: row?.active_users ?? 0,
    projectsCreated: row?.projects_created ?? 0,
    commentsCreated: row?.comments_created ?? 0,
    threadsResolved: row?.threads_resolved ?? 0,
    threadsUnresolved: row?.threads_unresolved ?? 0,
    lastActivity: iso(row?.last_activity ?? null),
  };
}

/** The workspace's latest recorded action ever (activity or markup creation). */
export async function latestActivity(db: Db, workspaceId: string): Promise<string | null> {
  const row = await queryOne<{ at: Date | null }>(
    db,
    `SELECT greatest((SELECT max(occurred_at) FROM activity_events WHERE workspace_id = $1),
                     (SELECT max(created_at) FROM markups WHERE workspace_id = $1)) AS at`,
    [workspaceId],
  );
  return iso(row?.at ?? null);
}
