/**
 * OpenAPI rows of the review app's endpoints (issue 16, decided: docs/api-decisions.md, "Review
 * app"): members' sessions, the workspace-wide inbox, triage and "seen" marks, moving threads
 * between markups and folders and markups between folders.
 */
import { memberSessionSchema } from '../schemas/auth.ts';
import { allowOriginSchema } from '../schemas/installations.ts';
import { workspaceIdQuerySchema } from '../schemas/workspace-users.ts';
import { inboxQuerySchema, moveThreadSchema, triageSchema } from '../schemas/inbox.ts';
import { moveToFolderSchema, workspaceQuerySchema } from '../schemas/items.ts';
import { noContent, ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const appRoutesDoc: RouteDoc[] = [
  {
    method: 'get',
    path: '/auth/app-config',
    operationId: 'getAppAuthConfig',
    summary: 'How the review app signs members in: the development sign-in, the OIDC code flow with PKCE',
    tag: 'auth',
    auth: 'public',
    success: ok('AppAuthConfigResponse'),
  },
  {
    method: 'post',
    path: '/auth/member-session',
    operationId: 'createMemberSession',
    summary: 'Exchange an identity-provider access token for a member session of the review app',
    tag: 'auth',
    auth: 'idp',
    body: memberSessionSchema,
    success: ok('MemberSessionResponse'),
    errors: [403],
    description: "Answered only to this server's own pages. In the demo the development sign-in joins the demo workspace.",
  },
  {
    method: 'delete',
    path: '/auth/member-session',
    operationId: 'deleteMemberSession',
    summary: 'Sign a member session out',
    tag: 'auth',
    auth: 'any',
    success: noContent(),
  },
  {
    method: 'get',
    path: '/inbox',
    operationId: 'listInbox',
    summary: "Every thread of the caller's workspace, newest activity first, filtered and searched",
    tag: 'threads',
    auth: 'any',
    query: inboxQuerySchema,
    success: ok('InboxResponse'),
    errors: [403, 404],
  },
  {
    method: 'patch',
    path: '/threads/{id}/triage',
    operationId: 'triageThread',
    summary: "Set a thread's assignee, priority or labels",
    tag: 'threads',
    auth: 'any',
    body: triageSchema,
    success: ok('TriageResponse'),
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/threads/{id}/seen',
    operationId: 'markThreadSeen',
    summary: 'Mark a thread seen by the caller (userMetaData.lastSeenAt)',
    tag: 'threads',
    auth: 'any',
    success: ok('SeenResponse'),
    errors: [404],
  },
  {
    method: 'post',
    path: '/threads/{id}/move',
    operationId: 'moveThread',
    summary: 'Move a thread to another webpage markup of its workspace (numbered there anew)',
    tag: 'threads',
    auth: 'any',
    body: moveThreadSchema,
    success: ok('MoveThreadResponse'),
    errors: [403, 404],
    description: 'Owners and admins of the workspace (member sessions) and API keys; contributors, viewers and reviewers 403.',
  },
  {
    method: 'get',
    path: '/installations',
    operationId: 'listInstallations',
    summary: "The workspace's installations: public keys and allowed origins for the site's script tag",
    tag: 'workspace',
    auth: 'any',
    query: workspaceIdQuerySchema,
    success: ok('ListInstallationsResponse'),
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/installations/{id}/origins',
    operationId: 'allowInstallationOrigin',
    summary: "Allow one more origin to sign reviewers in through this installation's widget",
    tag: 'workspace',
    auth: 'any',
    query: workspaceIdQuerySchema,
    body: allowOriginSchema,
    success: ok('InstallationSummary'),
    errors: [403, 404],
  },
  {
    method: 'patch',
    path: '/items/move',
    operationId: 'moveItems',
    summary: 'Move folders (with everything in them) and markups into another folder (not in the spec)',
    tag: 'items',
    auth: 'apiKey',
    query: workspaceQuerySchema,
    body: moveToFolderSchema,
    success: noContent(),
    errors: [404],
    description:
      "API keys, and the workspace's owners and admins with a member session. All or nothing: one 422 names every id that cannot move (archived, a folder into itself, too deep) and a bad target.",
  },
];
