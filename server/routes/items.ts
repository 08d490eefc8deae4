/**
 * §4.5 items: folders and markups of the API key's workspace — read one (a folder with its
 * ancestors, or a markup), list a folder, create a folder, rename, archive, restore, delete, and
 * move folders and markups into another folder (not in the spec: PATCH /items/move).
 * Admin endpoints (§5 rule 1): API keys only, exchange tokens → 403; an organization key names the
 * workspace with `?workspaceId=` as on the users endpoints. Tree changes of one workspace run under
 * a lock on its row, one at a time. Decisions: docs/api-decisions.md, "Items (§4.5)".
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import type { Db } from '../db/db.ts';
import { noContent, ok } from '../http/envelope.ts';
import { forbidden, notFound, validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { actingUserId } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { requireWorkspaceManager, requireWorkspaceReader } from '../domain/permissions.ts';
import type { ApiKeyCaller, MemberCaller } from '../domain/viewer.ts';
import { workspaceForCaller, type WorkspaceRow } from '../model/workspaces.ts';
import {
  ancestorsOf,
  findFolder,
  folderIsArchived,
  insertFolder,
  markupIdsIn,
  renameFolder,
  softDeleteFolders,
  subtreeFolderIds,
  toFolderWithAncestors,
} from '../model/folders.ts';
import { archiveItems, findItem, markupItem, renameMarkup, restoreItems, type MoveContext } from '../model/items.ts';
import { listFolderItems } from '../model/item-list.ts';
import { moveItems } from '../model/item-move.ts';
import { deleteMarkups } from '../model/markup-writes.ts';
import { deleteObjects } from '../model/file-cleanup.ts';
import { fileUrls } from '../model/file-urls.ts';
import {
  createFolderSchema,
  listItemsQuerySchema,
  MAX_FOLDER_DEPTH,
  moveItemsSchema,
  moveToFolderSchema,
  renameItemSchema,
  workspaceQuerySchema,
} from '../schemas/items.ts';

/** The API key and the workspace it acts on; `lock` holds the workspace row for a tree change. */
async function target(
  c: Context<AppEnv>,
  db: Db,
  lock = false,
  read = false,
): Promise<{ caller: ApiKeyCaller | MemberCaller; workspace: WorkspaceRow }> {
  const caller = read ? requireWorkspaceReader(callerOf(c)) : requireWorkspaceManager(callerOf(c));
  const { workspaceId } = readQuery(c, workspaceQuerySchema);
  return { caller, workspace: await workspaceForCaller(db, caller, workspaceId, lock) };
}

const special = (kind: string, verb: string) => forbidden(`The workspace's ${kind} folder cannot be ${verb}`);

export function itemRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;
  const files = fileUrls(deps.storage, clock);

  // Registered before /items/:id so "archive" and "restore" are never read as ids.
  for (const action of ['archive', 'restore'] as const) {
    routes.patch(`/items/${action}`, async (c) => {
      await target(c, db);
      const input = await readJson(c, moveItemsSchema);
      await db.transaction(async (tx) => {
        const { caller, workspace } = await target(c, tx, true);
        const now = clock.now();
        let actor: Promise<string> | undefined;
        const ctx: MoveContext = { workspace, now, actorUserId: () => (actor ??= actingUserId(tx, caller, workspace.id, clock)) };
        if (action === 'archive') await archiveItems(tx, ctx, input.folderItemIds);
        else await restoreItems(tx, ctx, input.folderItemIds, input.withPath === '1');
      });
      return noContent(c);
    });
  }

  // Not in the spec (docs/api-decisions.md, "Review app"): folders and markups into another folder.
  routes.patch('/items/move', async (c) => {
    await target(c, db);
    const input = await readJson(c, moveToFolderSchema);
    await db.transaction(async (tx) => {
      const { workspace } = await target(c, tx, true);
      await moveItems(tx, workspace, input.folderItemIds, input.targetFolderId, clock.now());
    });
    return noContent(c);
  });

  routes.get('/items/:id', async (c) => {
    const { caller, workspace } = await target(c, db, false, true);
    const id = pathId(c, 'id', 'Item');
    const item = await findItem(db, workspace.id, id);
    if (!item) throw notFound('Item');
    if (item.type === 'folder') return ok(c, await toFolderWithAncestors(db, item.row));
    const markup = await markupItem(db, caller, workspace.id, id, files);
    if (!markup) throw notFound('Item');
    return ok(c, markup);
  });

  routes.get('/items/:id/items', async (c) => {
    const caller = requireWorkspaceReader(callerOf(c));
    const query = readQuery(c, listItemsQuerySchema);
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    const folder = await findFolder(db, workspace.id, pathId(c, 'id', 'Folder'));
    if (!folder) throw notFound('Folder');
    return ok(c, await listFolderItems(db, caller, folder, query, files));
  });

  routes.post('/items', async (c) => {
    await target(c, db);
    const input = await readJson(c, createFolderSchema);
    const id = await db.transaction(async (tx) => {
      const { workspace } = await target(c, tx, true);
      const parentId = input.parentFolderId.toLowerCase();
      const parent = isUuid(parentId) ? await findFolder(tx, workspace.id, parentId) : undefined;
      const refuse = (message: string) => validationFailed(`parentFolderId: ${message}`, [{ path: 'parentFolderId', message }]);
      if (!parent) throw refuse('not a folder of this workspace');
      if (await folderIsArchived(tx, parent.id)) throw refuse('is the archive or inside it; restore it first');
      if ((await ancestorsOf(tx, parent.id)).length + 1 > MAX_FOLDER_DEPTH)
        throw refuse(`folders nest at most ${MAX_FOLDER_DEPTH} levels below the root`);
      return insertFolder(tx, {
        workspaceId: workspace.id,
        parentId: parent.id,
        name: input.name,
        fallbackName: input.fallbackName ?? null,
        now: clock.now(),
      });
    });
    // §4.5 answers 204; the new folder's address is the one thing a caller cannot find otherwise.
    c.header('Location', `/api/v2/items/${id}`);
    return noContent(c);
  });

  routes.patch('/items/:id', async (c) => {
    const { workspace } = await target(c, db);
    const id = pathId(c, 'id', 'Item');
    const { name } = await readJson(c, renameItemSchema);
    await db.transaction(async (tx) => {
      const item = await findItem(tx, workspace.id, id);
      if (!item) throw notFound('Item');
      if (item.type === 'markup') return renameMarkup(tx, item.row.id, name, clock.now());
      if (item.row.kind !== 'folder') throw special(item.row.kind, 'renamed');
      return renameFolder(tx, item.row.id, name, clock.now());
    });
    return noContent(c);
  });

  routes.delete('/items/:id', async (c) => {
    await target(c, db);
    const id = pathId(c, 'id', 'Item');
    const files = await db.transaction(async (tx) => {
      const { workspace } = await target(c, tx, true);
      const item = await findItem(tx, workspace.id, id);
      if (!item) throw notFound('Item');
      const now = clock.now();
      if (item.type === 'markup') return (await deleteMarkups(tx, [item.row.id], now)).files;
      if (item.row.kind !== 'folder') throw special(item.row.kind, 'deleted');
      // The whole subtree goes: its folders (soft) and every markup in them, as DELETE /markups would.
      const folderIds = await subtreeFolderIds(tx, item.row.id);
      const deleted = await deleteMarkups(tx, await markupIdsIn(tx, folderIds), now);
      await softDeleteFolders(tx, folderIds, now);
      return deleted.files;
    });
    await deleteObjects(deps.storage, files, deps.log);
    return noContent(c);
  });

  return routes;
}
