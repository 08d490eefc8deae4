/**
 * OpenAPI rows of the webhook registration endpoints (§4.10), admin endpoints for API keys only
 * (§5 rule 1). Part of adminRoutesDoc (routes-doc-admin.ts).
 */
import {
  createWebhookRegistrationSchema,
  listWebhookRegistrationsQuerySchema,
  updateWebhookRegistrationSchema,
} from '../schemas/webhooks.ts';
import { noContent, ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const webhookRoutesDoc: RouteDoc[] = [
  {
    method: 'post',
    path: '/webhook-registrations',
    operationId: 'createWebhookRegistration',
    summary: 'Register a webhook receiver',
    tag: 'webhooks',
    auth: 'apiKey',
    body: createWebhookRegistrationSchema,
    success: ok('WebhookRegistrationResponse'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/webhook-registrations',
    operationId: 'listWebhookRegistrations',
    summary: "List a workspace's webhook registrations",
    tag: 'webhooks',
    auth: 'apiKey',
    query: listWebhookRegistrationsQuerySchema,
    success: ok('ListWebhookRegistrationsResponse'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/webhook-registrations/{id}',
    operationId: 'getWebhookRegistration',
    summary: 'Read a webhook registration',
    tag: 'webhooks',
    auth: 'apiKey',
    success: ok('WebhookRegistrationResponse'),
  },
  {
    method: 'post',
    path: '/webhook-registrations/{id}',
    operationId: 'updateWebhookRegistration',
    summary: 'Update a webhook registration',
    tag: 'webhooks',
    auth: 'apiKey',
    body: updateWebhookRegistrationSchema,
    success: ok('WebhookRegistrationResponse'),
  },
  {
    method: 'post',
    path: '/webhook-registrations/{id}/refresh-signing-key',
    operationId: 'refreshWebhookSigningKey',
    summary: "Rotate a registration's signing key",
    tag: 'webhooks',
    auth: 'apiKey',
    success: ok('WebhookRegistrationResponse'),
  },
  {
    method: 'delete',
    path: '/webhook-registrations/{id}',
    operationId: 'deleteWebhookRegistration',
    summary: 'Delete a webhook registration',
    tag: 'webhooks',
    auth: 'apiKey',
    success: noContent(),
  },
];
