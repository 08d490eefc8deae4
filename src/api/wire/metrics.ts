/**
 * Wire types of product metrics (§2.10, §4.9; docs/api-decisions.md, "Product metrics").
 */
import type { Iso8601 } from './common';

/** Decided: one row per person with recorded activity in the range (API keys' service users are left out). */
export interface UserMetricsRow {
  userId: string;
  name: string;
  email: string | null;
  guest: boolean;
  commentsCreated: number;
  threadsCreated: number;
  repliesCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
  projectsCreated: number;
  lastActivity: Iso8601;
}

/** Decided: one row per markup (project) with recorded activity in the range or created in it. */
export interface ProjectMetricsRow {
  projectId: string;
  name: string;
  type: string;
  createdAt: Iso8601;
  deletedAt: Iso8601 | null;
  commentsCreated: number;
  threadsCreated: number;
  repliesCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
  activeUsers: number;
  lastActivity: Iso8601;
}

export interface MetricsPage<Row> {
  rows: Row[];
  totalRows: number;
}
export type UserMetricsPage = MetricsPage<UserMetricsRow>;
export type ProjectMetricsPage = MetricsPage<ProjectMetricsRow>;

export type UserMetricsSortBy =
  | 'name'
  | 'commentsCreated'
  | 'threadsCreated'
  | 'repliesCreated'
  | 'threadsResolved'
  | 'threadsUnresolved'
  | 'projectsCreated'
  | 'lastActivity';
export type ProjectMetricsSortBy =
  | 'name'
  | 'createdAt'
  | 'commentsCreated'
  | 'threadsCreated'
  | 'repliesCreated'
  | 'threadsResolved'
  | 'threadsUnresolved'
  | 'activeUsers'
  | 'lastActivity';
export type MetricsSortDirection = 'asc' | 'desc';

/** `lastActivity`: the latest recorded action in the range; null when there was none. */
export interface UserWorkspaceTotals {
  workspaceId: string;
  lastActivity: Iso8601 | null;
  activeUsers: number;
  projectsCreated: number;
  commentsCreated: number;
  threadsResolved: number;
}

export interface ProjectWorkspaceTotals {
  workspaceId: string;
  lastActivity: Iso8601 | null;
  commentsCreated: number;
  threadsResolved: number;
  threadsUnresolved: number;
}

/** Decided: figures are computed live, so `lastUpdated` is the time of the answer. */
export interface WorkspaceLastUpdatedResponse {
  workspaceId: string;
  lastUpdated: Iso8601;
  /** The latest recorded action of the workspace ever; null when there is none. */
  lastActivity: Iso8601 | null;
}
