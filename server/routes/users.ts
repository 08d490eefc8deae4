/**
 * §4.7 workspace users and external users. Admin endpoints (§5 rule 1): API keys only — a workspace
 * key for its own workspace, an organization key for a workspace of its organization named with
 * `?workspaceId=`; exchange tokens get 403. Decisions: docs/api-decisions.md, "Workspace and users".
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { notFound } from '../domain/errors.ts';
import { noContent, ok } from '../http/envelope.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { callerOf } from '../http/caller.ts';
import { requireApiKey, requireWorkspaceReader } from '../domain/permissions.ts';
import type { Db } from '../db/db.ts';
import { workspaceForCaller, type WorkspaceRow } from '../model/workspaces.ts';
import { changeRole, inviteMembers, listMembers, removeMember } from '../model/members.ts';
import { serviceUserFor } from '../model/users.ts';
import { fileUrls } from '../model/file-urls.ts';
import { signedUploadUrls } from '../model/uploads.ts';
import {
  createExternalUser,
  deleteExternalUser,
  findExternalUser,
  toExternalUserResponse,
  updateExternalUser,
} from '../model/external-users.ts';
import {
  changeRoleSchema,
  createExternalUserSchema,
  externalIdSchema,
  inviteUsersSchema,
  updateExternalUserSchema,
  workspaceIdQuerySchema,
} from '../schemas/workspace-users.ts';

/**
 * The workspace an admin call acts on (`lock` holds its row for rules over all its members); a
 * `read` may also come from a member of the workspace (the review app's assignee picker).
 */
async function targetWorkspace(c: Context<AppEnv>, db: Db, lock = false, read = false): Promise<WorkspaceRow> {
  const caller = read ? requireWorkspaceReader(callerOf(c)) : requireApiKey(callerOf(c));
  const { workspaceId } = readQuery(c, workspaceIdQuerySchema);
  return workspaceForCaller(db, caller, workspaceId, lock);
}

/** A path externalId outside the accepted form cannot name anyone: 404, like a malformed id. */
function externalIdOf(c: Context<AppEnv>): string {
  const parsed = externalIdSchema.safeParse(c.req.param('externalId'));
  if (!parsed.success) throw notFound('External user');
  return parsed.data;
}

export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);

  routes.get('/users', async (c) => {
    const workspace = await targetWorkspace(c, db, false, true);
    const list = await listMembers(db, workspace.id);
    // An uploaded avatar (user_avatar, set on upload-complete) is shown as a fresh signed URL.
    const avatars = await db.query<{ id: string; avatar_file_id: string }>(
      'SELECT id, avatar_file_id FROM users WHERE id = ANY($1::uuid[]) AND avatar_file_id IS NOT NULL',
      [list.users.map((u) => u.id)],
    );
    const urls = await signedUploadUrls(
      db,
      files,
      avatars.map((a) => a.avatar_file_id),
    );
    const byUser = new Map(avatars.map((a) => [a.id, urls.get(a.avatar_file_id)?.url]));
    return ok(c, { ...list, users: list.users.map((u) => (byUser.get(u.id) ? { ...u, avatarUrl: byUser.get(u.id)! } : u)) });
  });

  routes.post('/users/invite', async (c) => {
    const caller = requireApiKey(callerOf(c));
    await targetWorkspace(c, db);
    const input = await readJson(c, inviteUsersSchema);
    await db.transaction(async (tx) => {
      const workspace = await targetWorkspace(c, tx, true);
      const now = clock.now();
      await inviteMembers(tx, workspace.id, input, () => serviceUserFor(tx, workspace.id, caller, now), now);
    });
    return noContent(c);
  });

  routes.patch('/users/:userId/role', async (c) => {
    await targetWorkspace(c, db);
    const userId = pathId(c, 'userId', 'Workspace user');
    const { role } = await readJson(c, changeRoleSchema);
    await db.transaction(async (tx) => {
      const workspace = await targetWorkspace(c, tx, true);
      await changeRole(tx, workspace.id, userId, role, clock.now());
    });
    return noContent(c);
  });

  routes.delete('/users/:userId', async (c) => {
    await targetWorkspace(c, db);
    const userId = pathId(c, 'userId', 'Workspace user');
    await db.transaction(async (tx) => {
      const workspace = await targetWorkspace(c, tx, true);
      await removeMember(tx, workspace.id, userId, clock.now());
    });
    return noContent(c);
  });

  routes.post('/users/external', async (c) => {
    await targetWorkspace(c, db);
    const input = await readJson(c, createExternalUserSchema);
    await db.transaction(async (tx) => {
      const workspace = await targetWorkspace(c, tx, true);
      await createExternalUser(tx, workspace.id, input, clock.now());
    });
    return noContent(c);
  });

  routes.get('/users/external/:externalId', async (c) => {
    const workspace = await targetWorkspace(c, db);
    const row = await findExternalUser(db, workspace.id, externalIdOf(c));
    const shown = toExternalUserResponse(row);
    // avatarFileId stays as set; avatarUrl then is its signed read URL, so a client can show it.
    const avatar = (await signedUploadUrls(db, files, [row.avatar_file_id])).get(row.avatar_file_id ?? '');
    return ok(c, avatar ? { ...shown, avatarUrl: avatar.url } : shown);
  });

  routes.patch('/users/external/:externalId', async (c) => {
    const workspace = await targetWorkspace(c, db);
    const externalId = externalIdOf(c);
    const input = await readJson(c, updateExternalUserSchema);
    await db.transaction((tx) => updateExternalUser(tx, workspace.id, externalId, input, clock.now()));
    return noContent(c);
  });

  routes.delete('/users/external/:externalId', async (c) => {
    const workspace = await targetWorkspace(c, db);
    const externalId = externalIdOf(c);
    await db.transaction((tx) => deleteExternalUser(tx, workspace.id, externalId, clock.now()));
    return noContent(c);
  });

  return routes;
}
