/**
 * The OpenAPI route table: one row per route the app serves under /api/v2. The tests compare it
 * with the Hono app's own route list both ways, so a route added without a row (or a row left
 * behind by a removed route) fails the build rather than going undocumented.
 */
import { adminRoutesDoc } from './routes-doc-admin.ts';
import { appRoutesDoc } from './routes-doc-app.ts';
import { commentRoutesDoc } from './routes-doc-comments.ts';
import { markupRoutesDoc } from './routes-doc-markups.ts';
import { mailRoutesDoc } from './routes-doc-mail.ts';
import { integrationRoutesDoc } from './routes-doc-integrations.ts';
import { guestRoutesDoc } from './routes-doc-guests.ts';
import { captureRoutesDoc } from './routes-doc-capture.ts';
import type { RouteDoc, Tag } from './types.ts';

export const routesDoc: readonly RouteDoc[] = [
  ...commentRoutesDoc,
  ...markupRoutesDoc,
  ...adminRoutesDoc,
  ...appRoutesDoc,
  ...mailRoutesDoc,
  ...integrationRoutesDoc,
  ...guestRoutesDoc,
  ...captureRoutesDoc,
];

export const TAGS: Record<Tag, string> = {
  auth: 'Authentication (§4.1): installation config, customer-JWT and SDK exchanges.',
  threads: 'Threads (§4.2).',
  screenshots: 'Thread screenshots (§4.2).',
  messages: 'Messages (§4.3).',
  markups: 'Markups (§4.4), including bulk, multipart, object-store uploads and reviews.',
  items: 'Folders and markups as items (§4.5).',
  workspace: 'Workspaces (§4.6).',
  users: 'Workspace users and external users (§4.7).',
  uploads: 'File uploads (§4.8).',
  metrics: 'Product metrics (§4.9).',
  webhooks: 'Webhook registrations (§4.10).',
  meta: 'This document.',
};
