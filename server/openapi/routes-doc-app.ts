/**
 * OpenAPI rows of the review app's endpoints (issue 16, decided: docs/api-decisions.md, "Review
 * app"): members' sessions, the workspace-wide inbox, triage and "seen" marks.
 */
import { memberSessionSchema } from '../schemas/auth.ts';
import { allowOriginSchema } from '../schemas/installations.ts';
import { workspaceIdQuerySchema } from '../schemas/workspace-users.ts';
import { inboxQuerySchema, triageSchema } from '../schemas/inbox.ts';
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
];
