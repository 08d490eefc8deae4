/**
 * Which credential may do what (docs/api-decisions.md, "Authentication"): API keys act on their
 * workspace (or their organization's workspaces); an exchange token only on its own markup's
 * threads and messages, a few reads of that markup, and its workspace. Records outside the
 * caller's reach are answered 404, so their existence is not revealed.
 */
import type { Context } from 'hono';
import type { MessageScope, MarkupScope, ThreadScope } from '../../src/api/wire.ts';
import type { AppEnv, Clock } from '../deps.ts';
import type { Db } from '../db/db.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findMarkup, type MarkupRow } from '../model/markups.ts';
import { serviceUserFor } from '../model/users.ts';
import type { ApiKeyCaller, Caller } from './caller.ts';

export function callerOf(c: Context<AppEnv>): Caller {
  return c.get('caller');
}

/** For endpoints exchange tokens may not call at all (admin endpoints). */
export function requireApiKey(caller: Caller): ApiKeyCaller {
  if (caller.kind !== 'api_key') {
    throw forbidden('This endpoint needs an API key; an exchange token may only work on the threads of its markup');
  }
  return caller;
}

/** Whether an API key may see a record of this workspace. */
export function apiKeyReaches(caller: ApiKeyCaller, workspace: { workspace_id: string; organization_id: string }): boolean {
  return caller.scope === 'workspace' ? caller.workspaceId === workspace.workspace_id : caller.organizationId === workspace.organization_id;
}

/** The markup, if this caller may work on it; 404 otherwise. */
export async function markupForCaller(db: Db, caller: Caller, markupId: string): Promise<MarkupRow> {
  if (caller.kind === 'exchange' && caller.markupId !== markupId) throw notFound('Markup');
  const markup = await findMarkup(db, markupId);
  if (!markup) throw notFound('Markup');
  if (caller.kind === 'api_key' && !apiKeyReaches(caller, markup)) throw notFound('Markup');
  if (caller.kind === 'exchange' && caller.workspaceId !== markup.workspace_id) throw notFound('Markup');
  return markup;
}

/** The user id a write is attributed to: the token's user, or the API key's service user. */
export async function actingUserId(db: Db, caller: Caller, workspaceId: string, clock: Clock): Promise<string> {
  if (caller.kind === 'exchange') return caller.userId;
  return serviceUserFor(db, workspaceId, caller, clock.now());
}

/** How a caller appears when deciding authorship and visibility. */
export interface Viewer {
  isApiKey: boolean;
  userId: string | null;
}

export function viewerOf(caller: Caller): Viewer {
  return caller.kind === 'api_key' ? { isApiKey: true, userId: null } : { isApiKey: false, userId: caller.userId };
}

/** Authors and API keys may change or delete a record; other reviewers may not. */
export function mayModify(viewer: Viewer, authorUserId: string): boolean {
  return viewer.isApiKey || viewer.userId === authorUserId;
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

export function markupScopes(caller: Caller, markup: MarkupRow): MarkupScope[] {
  const scopes: MarkupScope[] = markup.read_only ? [] : ['create-thread'];
  if (caller.kind === 'api_key') scopes.push('update-project-read-only', 'delete-project', 'update-project');
  return scopes;
}

/** The role an exchange token holds on its markup (ExchangeTokenResponse.markupRole). */
export function reviewerRole(readOnly: boolean): { slug: string; name: string; scopes: string[] } {
  return { slug: 'reviewer', name: 'Reviewer', scopes: readOnly ? [] : ['create-thread'] };
}
