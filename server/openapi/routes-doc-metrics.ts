/**
 * OpenAPI rows of the product metrics endpoints (§4.9), admin endpoints for API keys only (§5 rule
 * 1). Part of adminRoutesDoc (routes-doc-admin.ts).
 */
import { lastUpdatedQuerySchema, metricsTotalsQuerySchema, projectMetricsQuerySchema, userMetricsQuerySchema } from '../schemas/metrics.ts';
import { ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const metricsRoutesDoc: RouteDoc[] = [
  {
    method: 'get',
    path: '/product-metrics/user',
    operationId: 'getUserMetrics',
    summary: 'Per-user figures over a date range',
    tag: 'metrics',
    auth: 'apiKey',
    query: userMetricsQuerySchema,
    success: ok('UserMetricsPage'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/product-metrics/project',
    operationId: 'getProjectMetrics',
    summary: 'Per-project figures over a date range',
    tag: 'metrics',
    auth: 'apiKey',
    query: projectMetricsQuerySchema,
    success: ok('ProjectMetricsPage'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/product-metrics/user/workspace-totals',
    operationId: 'getUserWorkspaceTotals',
    summary: 'Workspace totals of the user figures',
    tag: 'metrics',
    auth: 'apiKey',
    query: metricsTotalsQuerySchema,
    success: ok('UserWorkspaceTotals'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/product-metrics/project/workspace-totals',
    operationId: 'getProjectWorkspaceTotals',
    summary: 'Workspace totals of the project figures',
    tag: 'metrics',
    auth: 'apiKey',
    query: metricsTotalsQuerySchema,
    success: ok('ProjectWorkspaceTotals'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/product-metrics/user/last-updated',
    operationId: 'getUserMetricsLastUpdated',
    summary: 'When the user figures were last updated',
    tag: 'metrics',
    auth: 'apiKey',
    query: lastUpdatedQuerySchema,
    success: ok('WorkspaceLastUpdatedResponse'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/product-metrics/project/last-updated',
    operationId: 'getProjectMetricsLastUpdated',
    summary: 'When the project figures were last updated',
    tag: 'metrics',
    auth: 'apiKey',
    query: lastUpdatedQuerySchema,
    success: ok('WorkspaceLastUpdatedResponse'),
    errors: [404],
  },
];
