/**
 * OpenAPI rows of the integration endpoints (issue 18, decided: docs/api-decisions.md,
 * "Integrations"): a workspace's Slack, GitHub, Linear and Jira connections, their test send and
 * retry, and the public endpoint the trackers' webhooks post to (verified by their signatures).
 */
import { z } from 'zod';
import { createIntegrationSchema, updateIntegrationSchema } from '../integrations/schemas.ts';
import { created, noContent, ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

const members = 'Members of the workspace (a member session) read; owners, admins and workspace API keys change. Exchange tokens get 403.';

export const integrationRoutesDoc: RouteDoc[] = [
  {
    method: 'get',
    path: '/integrations',
    operationId: 'listIntegrations',
    summary: "The workspace's integrations: settings, masked secrets, health and their last jobs",
    tag: 'workspace',
    auth: 'any',
    success: ok('IntegrationList'),
    errors: [403],
    description: members,
  },
  {
    method: 'post',
    path: '/integrations',
    operationId: 'createIntegration',
    summary: 'Connect Slack (incoming webhook), GitHub Issues, Linear or Jira',
    tag: 'workspace',
    auth: 'any',
    body: createIntegrationSchema,
    success: created('IntegrationSummary'),
    errors: [403, 409],
    description: `${members} Secrets are sealed (AES-256-GCM) and never answered. 409 in production without PINMARK_SECRET_KEY.`,
  },
  {
    method: 'get',
    path: '/integrations/{id}',
    operationId: 'getIntegration',
    summary: 'One integration',
    tag: 'workspace',
    auth: 'any',
    success: ok('IntegrationSummary'),
    errors: [403, 404],
  },
  {
    method: 'patch',
    path: '/integrations/{id}',
    operationId: 'updateIntegration',
    summary: 'Rename, switch on or off, change settings, or replace some secrets (the others are kept)',
    tag: 'workspace',
    auth: 'any',
    body: updateIntegrationSchema,
    success: ok('IntegrationSummary'),
    errors: [403, 404, 409],
  },
  {
    method: 'delete',
    path: '/integrations/{id}',
    operationId: 'deleteIntegration',
    summary: 'Disconnect: pending jobs are cancelled; issues already made stay in the tracker',
    tag: 'workspace',
    auth: 'any',
    success: noContent(),
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/integrations/{id}/test',
    operationId: 'testIntegration',
    summary: 'Try the credentials now: a test message (Slack) or a read of the repository, account or team',
    tag: 'workspace',
    auth: 'any',
    success: ok('IntegrationTestResult'),
    errors: [403, 404, 409],
    description: 'Answers 200 with `ok: false` and the service’s answer when the service refuses or cannot be reached.',
  },
  {
    method: 'post',
    path: '/integrations/{id}/retry',
    operationId: 'retryIntegration',
    summary: 'Try the jobs that gave up again, from now',
    tag: 'workspace',
    auth: 'any',
    success: ok('IntegrationSummary'),
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/integration-webhooks/{id}',
    operationId: 'integrationWebhook',
    summary: "Where GitHub's, Linear's or Jira's webhook posts: an issue closed or reopened resolves or reopens its thread",
    tag: 'workspace',
    auth: 'public',
    body: z.object({}).loose().describe('The service’s own webhook payload, read as raw bytes for its signature.'),
    success: ok('IntegrationInboundOutcome'),
    errors: [400, 401, 404, 409],
    description:
      'Verified by the service’s signature over the raw body (GitHub X-Hub-Signature-256, Jira X-Hub-Signature, Linear Linear-Signature with a recent webhookTimestamp); 401 otherwise. A delivery id seen before gets 409; a change older than the last one applied changes nothing.',
  },
];
