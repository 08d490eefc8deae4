/**
 * Which credential may do what (docs/api-decisions.md, "Authentication"): API keys act on their
 * workspace (or their organization's workspaces); an exchange token only on its own markup's
 * threads and messages, a few reads of that markup, and its workspace. Pure rules over records
 * already loaded: the model applies them to what it reads (server/model/access.ts), and records
 * outside the caller's reach are answered 404, so their existence is not revealed.
 */
import type { MessageScope, MarkupScope, ThreadScope } from '../../src/api/wire.ts';
import { forbidden } from './errors.ts';
import type { ApiKeyCaller, Caller, MemberCaller, Viewer } from './viewer.ts';

/**
 * For reads of a workspace's records that its members make in the review app as well as API keys
 * (markups, members, metrics); exchange tokens may not.
 */
export function requireWorkspaceReader(caller: Caller): ApiKeyCaller | MemberCaller {
  if (caller.kind === 'exchange') {
    throw forbidden('This endpoint needs an API key or a member session; an exchange token may only work on the threads of its markup');
  }
  return caller;
}

/**
 * For changes to a workspace's structure (folders, markups): API keys, and the workspace's owners
 * and admins in the review app.
 */
export function requireWorkspaceManager(caller: Caller): ApiKeyCaller | MemberCaller {
  if (caller.kind === 'member' && caller.role !== 'owner' && caller.role !== 'admin') {
    throw forbidden('Only owners and admins of the workspace change its folders and markups');
  }
  return requireWorkspaceReader(caller);
}

/** For endpoints exchange tokens may not call at all (admin endpoints). */
export function requireApiKey(caller: Caller): ApiKeyCaller {
  if (caller.kind !== 'api_key') {
    throw forbidden('This endpoint needs an API key; an exchange token may only work on the threads of its markup');
  }
  return caller;
}

/**
 * Whether a caller may see a record of this workspace: an API key by its scope, a member and an
 * exchange token in their own workspace (exchange tokens are further held to their markup by the
 * caller of this rule).
 */
export function reachesWorkspace(caller: Caller, record: { workspace_id: string; organization_id: string }): boolean {
  return caller.kind === 'api_key' ? apiKeyReaches(caller, record) : caller.workspaceId === record.workspace_id;
}

/** Whether an API key may see a record of this workspace. */
export function apiKeyReaches(caller: ApiKeyCaller, workspace: { workspace_id: string; organization_id: string }): boolean {
  return caller.scope === 'workspace' ? caller.workspaceId === workspace.workspace_id : caller.organizationId === workspace.organization_id;
}

/** Authors, API keys and the workspace's owners and admins may change or delete a record; others may not. */
export function mayModify(viewer: Viewer, authorUserId: string): boolean {
  return viewer.isApiKey || viewer.moderates === true || viewer.userId === authorUserId;
}

/** Scopes on a thread; no `reply` while the markup's new comments are paused. */
export function threadScopes(viewer: Viewer, authorUserId: string, markupReadOnly: boolean): ThreadScope[] {
  const scopes: ThreadScope[] = markupReadOnly ? ['resolve-thread'] : ['reply', 'resolve-thread'];
  if (mayModify(viewer, authorUserId)) scopes.push('delete-thread', 'move-pin', 'update-thread');
  return scopes;
}

export function messageScopes(viewer: Viewer, authorUserId: string): MessageScope[] {
  return mayModify(viewer, authorUserId) ? ['update-message', 'delete-message'] : [];
}

export function markupScopes(caller: Caller, markup: { read_only: boolean }): MarkupScope[] {
  const scopes: MarkupScope[] = markup.read_only ? [] : ['create-thread'];
  if (caller.kind === 'api_key') scopes.push('update-project-read-only', 'delete-project', 'update-project');
  return scopes;
}

/** The role an exchange token holds on its markup (ExchangeTokenResponse.markupRole). */
export function reviewerRole(readOnly: boolean): { slug: string; name: string; scopes: string[] } {
  return { slug: 'reviewer', name: 'Reviewer', scopes: readOnly ? [] : ['create-thread'] };
}
