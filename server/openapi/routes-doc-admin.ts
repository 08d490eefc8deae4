/**
 * OpenAPI rows of the admin endpoints (§5 rule 1: API keys only, exchange tokens get 403):
 * workspace (§4.6), users and external users (§4.7), webhook registrations (§4.10) and product
 * metrics (§4.9). GET /workspace and GET /workspace/storage are the exceptions an exchange token may call too.
 */
import {
  changeRoleSchema,
  createExternalUserSchema,
  createWorkspaceSchema,
  deleteWorkspaceSchema,
  externalIdSchema,
  inviteUsersSchema,
  updateExternalUserSchema,
  updateWorkspaceSchema,
  workspaceIdQuerySchema,
} from '../schemas/workspace-users.ts';
import { createWebhookRegistrationSchema, listWebhookRegistrationsQuerySchema, updateWebhookRegistrationSchema } from '../schemas/webhooks.ts';
import { lastUpdatedQuerySchema, metricsTotalsQuerySchema, projectMetricsQuerySchema, userMetricsQuerySchema } from '../schemas/metrics.ts';
import { created, noContent, ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

const externalId = { externalId: externalIdSchema };

export const adminRoutesDoc: RouteDoc[] = [
  // §4.6 workspace
  { method: 'get', path: '/workspace', operationId: 'getWorkspace', summary: 'Read the caller\'s workspace', tag: 'workspace', auth: 'any',
    query: workspaceIdQuerySchema, success: ok('WorkspaceDetailsResponse'), errors: [404] },
  { method: 'get', path: '/workspace/storage', operationId: 'getWorkspaceStorage', summary: 'Storage used against the workspace\'s and the users\' quotas', tag: 'workspace', auth: 'any',
    query: workspaceIdQuerySchema, success: ok('WorkspaceStorageResponse'), errors: [404],
    description: 'An exchange token sees its own use as `user`; an API key sees every user\'s as `users` (most first, at most 100).' },
  { method: 'post', path: '/workspace', operationId: 'createWorkspace', summary: 'Create a workspace (organization keys only)', tag: 'workspace', auth: 'apiKey',
    body: createWorkspaceSchema, success: created('WorkspaceResponse') },
  { method: 'patch', path: '/workspace', operationId: 'updateWorkspace', summary: 'Rename a workspace or change its slug', tag: 'workspace', auth: 'apiKey',
    query: workspaceIdQuerySchema, body: updateWorkspaceSchema, success: ok('WorkspaceDetailsResponse'), errors: [404, 409] },
  { method: 'delete', path: '/workspace', operationId: 'deleteWorkspace', summary: 'Delete a workspace', tag: 'workspace', auth: 'apiKey',
    query: workspaceIdQuerySchema, body: deleteWorkspaceSchema, bodyOptional: true, success: noContent(), errors: [404] },

  // §4.7 users
  { method: 'get', path: '/users', operationId: 'listWorkspaceUsers', summary: 'List a workspace\'s members and invitations', tag: 'users', auth: 'apiKey',
    query: workspaceIdQuerySchema, success: ok('ListWorkspaceUsersResponse'), errors: [404] },
  { method: 'post', path: '/users/invite', operationId: 'inviteUsers', summary: 'Invite people to a workspace', tag: 'users', auth: 'apiKey',
    query: workspaceIdQuerySchema, body: inviteUsersSchema, success: noContent(), errors: [404] },
  { method: 'patch', path: '/users/{userId}/role', operationId: 'changeUserRole', summary: 'Change a member\'s role', tag: 'users', auth: 'apiKey',
    query: workspaceIdQuerySchema, body: changeRoleSchema, success: noContent(), errors: [409] },
  { method: 'delete', path: '/users/{userId}', operationId: 'removeWorkspaceUser', summary: 'Remove a member from a workspace', tag: 'users', auth: 'apiKey',
    query: workspaceIdQuerySchema, success: noContent(), errors: [409] },
  { method: 'post', path: '/users/external', operationId: 'createExternalUser', summary: 'Create an external user', tag: 'users', auth: 'apiKey',
    query: workspaceIdQuerySchema, body: createExternalUserSchema, success: noContent(), errors: [404] },
  { method: 'get', path: '/users/external/{externalId}', operationId: 'getExternalUser', summary: 'Read an external user', tag: 'users', auth: 'apiKey',
    params: externalId, query: workspaceIdQuerySchema, success: ok('ExternalUserResponse') },
  { method: 'patch', path: '/users/external/{externalId}', operationId: 'updateExternalUser', summary: 'Update an external user', tag: 'users', auth: 'apiKey',
    params: externalId, query: workspaceIdQuerySchema, body: updateExternalUserSchema, success: noContent() },
  { method: 'delete', path: '/users/external/{externalId}', operationId: 'deleteExternalUser', summary: 'Delete an external user', tag: 'users', auth: 'apiKey',
    params: externalId, query: workspaceIdQuerySchema, success: noContent() },

  // §4.10 webhook registrations
  { method: 'post', path: '/webhook-registrations', operationId: 'createWebhookRegistration', summary: 'Register a webhook receiver', tag: 'webhooks', auth: 'apiKey',
    body: createWebhookRegistrationSchema, success: ok('WebhookRegistrationResponse'), errors: [404] },
  { method: 'get', path: '/webhook-registrations', operationId: 'listWebhookRegistrations', summary: 'List a workspace\'s webhook registrations', tag: 'webhooks', auth: 'apiKey',
    query: listWebhookRegistrationsQuerySchema, success: ok('ListWebhookRegistrationsResponse'), errors: [404] },
  { method: 'get', path: '/webhook-registrations/{id}', operationId: 'getWebhookRegistration', summary: 'Read a webhook registration', tag: 'webhooks', auth: 'apiKey',
    success: ok('WebhookRegistrationResponse') },
  { method: 'post', path: '/webhook-registrations/{id}', operationId: 'updateWebhookRegistration', summary: 'Update a webhook registration', tag: 'webhooks', auth: 'apiKey',
    body: updateWebhookRegistrationSchema, success: ok('WebhookRegistrationResponse') },
  { method: 'post', path: '/webhook-registrations/{id}/refresh-signing-key', operationId: 'refreshWebhookSigningKey', summary: 'Rotate a registration\'s signing key', tag: 'webhooks', auth: 'apiKey',
    success: ok('WebhookRegistrationResponse') },
  { method: 'delete', path: '/webhook-registrations/{id}', operationId: 'deleteWebhookRegistration', summary: 'Delete a webhook registration', tag: 'webhooks', auth: 'apiKey',
    success: noContent() },

  // §4.9 product metrics
  { method: 'get', path: '/product-metrics/user', operationId: 'getUserMetrics', summary: 'Per-user figures over a date range', tag: 'metrics', auth: 'apiKey',
    query: userMetricsQuerySchema, success: ok('UserMetricsPage'), errors: [404] },
  { method: 'get', path: '/product-metrics/project', operationId: 'getProjectMetrics', summary: 'Per-project figures over a date range', tag: 'metrics', auth: 'apiKey',
    query: projectMetricsQuerySchema, success: ok('ProjectMetricsPage'), errors: [404] },
  { method: 'get', path: '/product-metrics/user/workspace-totals', operationId: 'getUserWorkspaceTotals', summary: 'Workspace totals of the user figures', tag: 'metrics', auth: 'apiKey',
    query: metricsTotalsQuerySchema, success: ok('UserWorkspaceTotals'), errors: [404] },
  { method: 'get', path: '/product-metrics/project/workspace-totals', operationId: 'getProjectWorkspaceTotals', summary: 'Workspace totals of the project figures', tag: 'metrics', auth: 'apiKey',
    query: metricsTotalsQuerySchema, success: ok('ProjectWorkspaceTotals'), errors: [404] },
  { method: 'get', path: '/product-metrics/user/last-updated', operationId: 'getUserMetricsLastUpdated', summary: 'When the user figures were last updated', tag: 'metrics', auth: 'apiKey',
    query: lastUpdatedQuerySchema, success: ok('WorkspaceLastUpdatedResponse'), errors: [404] },
  { method: 'get', path: '/product-metrics/project/last-updated', operationId: 'getProjectMetricsLastUpdated', summary: 'When the project figures were last updated', tag: 'metrics', auth: 'apiKey',
    query: lastUpdatedQuerySchema, success: ok('WorkspaceLastUpdatedResponse'), errors: [404] },
];
