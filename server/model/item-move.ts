/**
 * Moving folders and markups to another folder of the same workspace (the review app's "Move to…",
 * issue 16; not in the spec, which moves only markups: POST /markups/bulk/move). Every id and the
 * target are checked before anything is written, one 422 naming every problem: archived items are
 * restored rather than moved (PATCH /items/restore), the target must be a live folder outside the
 * archive, a folder cannot go into itself or below itself, and the tree stays within
 * MAX_FOLDER_DEPTH. Items inside a listed folder move with it. Markups keep their status.
 * The caller holds the workspace row locked, so tree changes of one workspace run one at a time.
 */
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { MAX_FOLDER_DEPTH } from '../schemas/items.ts';
import { ancestorsOf, findFolder, folderIsArchived, subtreeFolderIds } from './folders.ts';
import { lockListed, outermost, resolveTargets } from './items.ts';
import type { WorkspaceRow } from './workspaces.ts';

/** How many folder levels lie below `folderId` (0 when it has no subfolders). */
async function subtreeHeight(db: Db, folderId: string): Promise<number> {
  const row = await queryOne<{ height: number }>(
    db,
    `WITH RECURSIVE down AS (
       SELECT f.id, 0 AS depth FROM folders f WHERE f.id = $1
       UNION ALL
       SELECT f.id, down.depth + 1 FROM folders f JOIN down ON f.parent_id = down.id WHERE f.deleted_at IS NULL AND down.depth < 1000
     )
     SELECT max(depth)::int AS height FROM down`,
    [folderId],
  );
  return Number(row?.height ?? 0);
}

async function targetFolder(tx: Db, workspace: WorkspaceRow, raw: string): Promise<{ id: string; depth: number }> {
  const refuse = (message: string) => validationFailed(`targetFolderId: ${message}`, [{ path: 'targetFolderId', message }]);
  const id = raw.toLowerCase();
  const folder = isUuid(id) ? await findFolder(tx, workspace.id, id, true) : undefined;
  if (!folder) throw refuse('not a folder of this workspace');
  if (await folderIsArchived(tx, folder.id)) throw refuse('is the archive or inside it: archive items with PATCH /items/archive');
  return { id: folder.id, depth: (await ancestorsOf(tx, folder.id)).length };
}

export async function moveItems(tx: Db, workspace: WorkspaceRow, ids: string[], targetFolderId: string, now: number): Promise<void> {
  await lockListed(tx, workspace.id, ids);
  const target = await targetFolder(tx, workspace, targetFolderId);
  const listed = await resolveTargets(tx, workspace, ids, 'moved');
  const details: ErrorDetail[] = [];
  const lowered = ids.map((id) => id.toLowerCase());
  for (const item of listed) {
    const path = `folderItemIds.${lowered.indexOf(item.item.row.id)}`;
    if (item.archived) details.push({ path, message: 'is archived: restore it with PATCH /items/restore' });
    else if (item.item.type === 'folder') {
      if ((await subtreeFolderIds(tx, item.item.row.id)).includes(target.id))
        details.push({ path, message: 'a folder cannot go into itself or one of its subfolders' });
      else if (target.depth + 1 + (await subtreeHeight(tx, item.item.row.id)) > MAX_FOLDER_DEPTH)
        details.push({ path, message: `folders nest at most ${MAX_FOLDER_DEPTH} levels below the root` });
    }
  }
  if (details.length > 0)
    throw validationFailed(`${details.length} of the folderItemIds cannot be moved there; nothing was changed`, details);
  const at = isoAt(now);
  for (const { item, parentId } of await outermost(tx, listed)) {
    if (parentId === target.id) continue;
    if (item.type === 'folder')
      await tx.query('UPDATE folders SET parent_id = $2, modified_at = $3::timestamptz WHERE id = $1', [item.row.id, target.id, at]);
    else await tx.query('UPDATE markups SET folder_id = $2, modified_at = $3::timestamptz WHERE id = $1', [item.row.id, target.id, at]);
  }
}
