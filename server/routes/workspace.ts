/**
 * §4.6 GET /workspace: the caller's workspace (an organization key names one with ?workspaceId=).
 * Creating, updating and deleting workspaces come with the admin issue.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { WorkspaceResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { queryOne } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ok } from '../http/envelope.ts';
import { isUuid, readQuery } from '../http/validate.ts';
import { apiKeyReaches, callerOf } from '../auth/permissions.ts';

interface WorkspaceRow {
  id: string;
  organization_id: string;
  name: string;
  root_folder_id: string;
  archive_folder_id: string;
}

export function workspaceRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/workspace', async (c) => {
    const caller = callerOf(c);
    const { workspaceId: asked } = readQuery(c, z.object({ workspaceId: z.string().max(100).optional() }));
    let id: string;
    if (caller.kind === 'api_key' && caller.scope === 'organization') {
      if (!asked) throw badRequest('An organization key must name the workspace: ?workspaceId=…', [{ path: 'workspaceId', message: 'required' }]);
      id = asked;
    } else {
      id = caller.workspaceId!;
      if (asked && asked.toLowerCase() !== id) throw notFound('Workspace');
    }
    if (!isUuid(id)) throw notFound('Workspace');
    const row = await queryOne<WorkspaceRow>(
      deps.db,
      'SELECT id, organization_id, name, root_folder_id, archive_folder_id FROM workspaces WHERE id = $1 AND deleted_at IS NULL',
      [id.toLowerCase()],
    );
    if (!row) throw notFound('Workspace');
    if (caller.kind === 'api_key' && !apiKeyReaches(caller, { workspace_id: row.id, organization_id: row.organization_id })) throw notFound('Workspace');
    if (caller.kind === 'exchange' && caller.workspaceId !== row.id) throw notFound('Workspace');
    const body: WorkspaceResponse = { id: row.id, name: row.name, rootFolderId: row.root_folder_id, archiveFolderId: row.archive_folder_id };
    return ok(c, body);
  });

  return routes;
}
