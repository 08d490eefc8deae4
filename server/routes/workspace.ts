/**
 * §4.6 workspace endpoints: read (any credential, its own workspace), create (organization keys
 * only, §5 rule 2), update and delete (API keys; organization keys name the workspace in the query
 * or the body, workspace keys act on their own, §5 rule 3), and the extra GET /workspace/storage
 * (its use of its storage quota). Decisions: docs/api-decisions.md, "Workspace and users" and
 * "Storage quotas".
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { ApiError, badRequest, forbidden } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { callerOf } from '../http/caller.ts';
import { requireApiKey } from '../domain/permissions.ts';
import {
  deleteWorkspace,
  insertWorkspace,
  toWorkspaceResponse,
  updateWorkspace,
  workspaceForCaller,
  type WorkspaceRow,
} from '../model/workspaces.ts';
import { fileUrls } from '../model/file-urls.ts';
import { signedUploadUrls } from '../model/uploads.ts';
import { storageByUser, storageOfUser, workspaceStorage } from '../model/storage-usage.ts';
import type { WorkspaceDetailsResponse } from '../../src/api/wire.ts';
import { createWorkspaceSchema, deleteWorkspaceSchema, updateWorkspaceSchema, workspaceIdQuerySchema } from '../schemas/workspace-users.ts';

/** `workspaceId` may come in the query or the body; both is fine only when they agree. */
function namedWorkspace(fromQuery: string | undefined, fromBody: string | undefined): string | undefined {
  if (fromQuery && fromBody && fromQuery.toLowerCase() !== fromBody.toLowerCase()) {
    throw badRequest('workspaceId differs between the query and the body', [{ path: 'workspaceId', message: 'query and body disagree' }]);
  }
  return fromQuery ?? fromBody;
}

/** DELETE's body is optional: absent or empty means `{}`, anything else must be valid JSON. */
async function optionalJson(c: Context<AppEnv>): Promise<{ workspaceId?: string | undefined }> {
  const text = await c.req.text();
  return text.trim() === '' ? {} : readJson(c, deleteWorkspaceSchema);
}

export function workspaceRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);
  /** Extra `iconUrl` once an icon is set: its signed read URL (docs: "Uploads, screenshots and storage"). */
  const withIcon = async (row: WorkspaceRow): Promise<WorkspaceDetailsResponse> => {
    const icon = (await signedUploadUrls(db, files, [row.icon_file_id])).get(row.icon_file_id ?? '');
    return icon ? { ...toWorkspaceResponse(row), iconUrl: icon.url } : toWorkspaceResponse(row);
  };

  routes.get('/workspace', async (c) => {
    const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
    return ok(c, await withIcon(await workspaceForCaller(db, callerOf(c), workspaceId)));
  });

  // Any credential, like GET /workspace: a reviewer sees the workspace's totals (a refusal tells
  // them as much) and their own use; only API keys see everyone's.
  routes.get('/workspace/storage', async (c) => {
    const caller = callerOf(c);
    const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
    const workspace = await workspaceForCaller(db, caller, workspaceId);
    const { quotas } = deps.config;
    const storage = await workspaceStorage(db, quotas, workspace.id, clock.now());
    if (caller.kind === 'exchange') return ok(c, { ...storage, user: await storageOfUser(db, quotas, workspace.id, caller.userId) });
    return ok(c, { ...storage, users: await storageByUser(db, quotas, workspace.id) });
  });

  routes.post('/workspace', async (c) => {
    const caller = requireApiKey(callerOf(c));
    if (caller.scope !== 'organization')
      throw forbidden('Creating a workspace needs an organization key; a workspace key cannot create workspaces');
    const input = await readJson(c, createWorkspaceSchema);
    const row = await db.transaction((tx) => insertWorkspace(tx, caller.organizationId, input.name, clock.now()));
    return ok(c, toWorkspaceResponse(row), 201);
  });

  routes.patch('/workspace', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const query = readQuery(c, workspaceIdQuerySchema);
    const input = await readJson(c, updateWorkspaceSchema);
    const asked = namedWorkspace(query.workspaceId, input.workspaceId);
    const updated = await db
      .transaction(async (tx) => {
        const row = await workspaceForCaller(tx, caller, asked, true);
        return updateWorkspace(tx, row, input, clock.now());
      })
      .catch((error: unknown) => {
        // Two workspaces claiming one free slug at once: the UNIQUE constraint decides, the loser hears 409.
        if ((error as { code?: unknown }).code === '23505')
          throw new ApiError(409, 'conflict', 'The slug is taken by another workspace', [{ path: 'slug', message: 'taken' }]);
        throw error;
      });
    return ok(c, await withIcon(updated));
  });

  routes.delete('/workspace', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const query = readQuery(c, workspaceIdQuerySchema);
    const body = await optionalJson(c);
    const asked = namedWorkspace(query.workspaceId, body.workspaceId);
    await db.transaction(async (tx) => {
      const row = await workspaceForCaller(tx, caller, asked, true);
      await deleteWorkspace(tx, row.id, clock.now());
    });
    return noContent(c);
  });

  return routes;
}
