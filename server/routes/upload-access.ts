/**
 * What `resourceId` means for each upload type and who may upload for it (docs/api-decisions.md,
 * "Uploads, screenshots and storage"). Reviewers (exchange tokens) may upload attachments and
 * screenshots on their markup; everything else is an admin upload for API keys. A resource the
 * caller cannot reach is answered 404, as everywhere else.
 */
import type { UploadResourceType } from '../../src/api/wire.ts';
import { queryOne, type Db } from '../db/db.ts';
import { ApiError, forbidden, notFound } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { type Caller, viewerOf } from '../domain/viewer.ts';
import { apiKeyReaches, mayModify, requireApiKey } from '../domain/permissions.ts';
import { markupForCaller } from '../model/access.ts';
import { findThread } from '../model/threads.ts';
import { threadForCaller } from './threads.ts';

export interface UploadTarget {
  workspaceId: string;
  /** The resource id as stored (lower-case UUIDs; an external user's externalId as sent). */
  resourceId: string;
}

/** The thread, if the caller may change it (its author or an API key): what screenshots need. */
export async function threadForUpdate(db: Db, caller: Caller, threadId: string) {
  const thread = await threadForCaller(db, caller, threadId);
  if (!mayModify(viewerOf(caller), thread.author_user_id)) {
    throw forbidden("Only the thread's author (or an API key) may change its screenshot");
  }
  return thread;
}

async function workspaceOf(db: Db, sql: string, id: string) {
  return queryOne<{ workspace_id: string; organization_id: string }>(db, sql, [id]);
}

export async function uploadTarget(db: Db, caller: Caller, type: UploadResourceType, rawId: string): Promise<UploadTarget> {
  const id = rawId.toLowerCase();
  switch (type) {
    case 'message_attachment': {
      // A reply's attachment names its thread; a new thread's names the markup it will be on.
      if (!isUuid(id)) throw notFound('Thread or markup');
      if (await findThread(db, id)) {
        const thread = await threadForCaller(db, caller, id);
        return { workspaceId: thread.workspace_id, resourceId: thread.id };
      }
      const markup = await markupForCaller(db, caller, id).catch((error: unknown) => {
        throw error instanceof ApiError && error.status === 404 ? notFound('Thread or markup') : error;
      });
      return { workspaceId: markup.workspace_id, resourceId: markup.id };
    }
    case 'thread_screenshot':
    case 'thread_snapshot': {
      if (!isUuid(id)) throw notFound('Thread');
      const thread = await threadForUpdate(db, caller, id);
      return { workspaceId: thread.workspace_id, resourceId: thread.id };
    }
    case 'markup_asset': {
      // A markup's id, or a workspace's id for a markup still to be made (POST /markups/bulk/from-files).
      const key = requireApiKey(caller);
      if (!isUuid(id)) throw notFound('Markup or workspace');
      const workspace = await workspaceOf(
        db,
        'SELECT id AS workspace_id, organization_id FROM workspaces WHERE id = $1 AND deleted_at IS NULL',
        id,
      );
      if (workspace) {
        if (!apiKeyReaches(key, workspace)) throw notFound('Markup or workspace');
        return { workspaceId: workspace.workspace_id, resourceId: id };
      }
      const markup = await markupForCaller(db, caller, id);
      return { workspaceId: markup.workspace_id, resourceId: markup.id };
    }
    case 'user_avatar':
    case 'workspace_icon': {
      const key = requireApiKey(caller);
      const what = type === 'user_avatar' ? 'User' : 'Workspace';
      if (!isUuid(id)) throw notFound(what);
      const row =
        type === 'user_avatar'
          ? await workspaceOf(
              db,
              `SELECT u.workspace_id, w.organization_id FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE u.id = $1 AND u.deleted_at IS NULL AND w.deleted_at IS NULL`,
              id,
            )
          : await workspaceOf(db, 'SELECT id AS workspace_id, organization_id FROM workspaces WHERE id = $1 AND deleted_at IS NULL', id);
      if (!row || !apiKeyReaches(key, row)) throw notFound(what);
      return { workspaceId: row.workspace_id, resourceId: id };
    }
    case 'external_user_avatar': {
      // The external user's externalId, in the key's workspace (it may be created afterwards with avatarFileId).
      const key = requireApiKey(caller);
      if (!key.workspaceId) throw forbidden('External users belong to a workspace: use a workspace API key');
      return { workspaceId: key.workspaceId, resourceId: rawId };
    }
  }
}
