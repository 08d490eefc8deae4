/**
 * The installations of a workspace for the review app's markup page (issue 16): `GET /installations`
 * (any member or API key of the workspace) shows public keys and allowed origins for the site's
 * `<script>` tag; `POST /installations/:id/origins` (owners, admins, API keys) allows one more
 * origin, as `npm run admin -- origins add` does; `PATCH /installations/:id` (the same callers) sets
 * its guest reporting (issue 18).
 */
import { Hono } from 'hono';
import type { ListInstallationsResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { notFound } from '../domain/errors.ts';
import { requireWorkspaceManager, requireWorkspaceReader } from '../domain/permissions.ts';
import { ok } from '../http/envelope.ts';
import { callerOf } from '../http/caller.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { allowOrigin, listInstallations, updateGuestSettings } from '../model/installations.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import { allowOriginSchema } from '../schemas/installations.ts';
import { updateInstallationSchema } from '../schemas/guests.ts';
import { workspaceIdQuerySchema } from '../schemas/workspace-users.ts';

export function installationRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  routes.get('/installations', async (c) => {
    const caller = requireWorkspaceReader(callerOf(c));
    const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
    const workspace = await workspaceForCaller(db, caller, workspaceId);
    const body: ListInstallationsResponse = { installations: await listInstallations(db, workspace.id) };
    return ok(c, body);
  });

  routes.post('/installations/:id/origins', async (c) => {
    const caller = requireWorkspaceManager(callerOf(c));
    const id = pathId(c, 'id', 'Installation');
    const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
    const { origin } = await readJson(c, allowOriginSchema);
    const workspace = await workspaceForCaller(db, caller, workspaceId);
    const installation = await allowOrigin(db, workspace.id, id, origin, clock.now());
    if (!installation) throw notFound('Installation');
    return ok(c, installation);
  });

  routes.patch('/installations/:id', async (c) => {
    const caller = requireWorkspaceManager(callerOf(c));
    const id = pathId(c, 'id', 'Installation');
    const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
    const change = await readJson(c, updateInstallationSchema);
    const workspace = await workspaceForCaller(db, caller, workspaceId);
    const installation = await updateGuestSettings(db, workspace.id, id, change, clock.now());
    if (!installation) throw notFound('Installation');
    return ok(c, installation);
  });

  return routes;
}
