/**
 * Items (§2.2, §4.5): a folder or a markup of one workspace, found by id, shown, renamed, archived,
 * restored and deleted. Archiving moves an item into the workspace's archive folder and restoring
 * moves it back out (§3); a markup's status follows where it lives — `archived` inside the archive
 * folder, `editing` outside — and every change of it is announced as markup_status_changed in the
 * same transaction. Decisions: docs/api-decisions.md, "Items (§4.5)".
 */
import type { MarkupItemResponse } from '../../src/api/wire.ts';
import type { Caller } from '../domain/viewer.ts';
import { markupScopes } from '../domain/permissions.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { recordMarkupEvent } from './events.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { toMarkupResponse } from './markup-responses.ts';
import { findMarkup, type MarkupRow } from './markups.ts';
import type { FileUrls } from './file-urls.ts';
import { ancestorsOf, findFolder, folderIsArchived, markupIdsIn, subtreeFolderIds, type FolderRow } from './folders.ts';
import type { WorkspaceRow } from './workspaces.ts';

export type Item = { type: 'folder'; row: FolderRow } | { type: 'markup'; row: MarkupRow };

/** A live markup of this workspace, or undefined. */
export async function findWorkspaceMarkup(db: Db, workspaceId: string, id: string): Promise<MarkupRow | undefined> {
  const markup = await findMarkup(db, id);
  return markup && markup.workspace_id === workspaceId ? markup : undefined;
}

/** The live folder or markup of this workspace with this id (ids are UUIDs: never both). */
export async function findItem(db: Db, workspaceId: string, id: string): Promise<Item | undefined> {
  const folder = await findFolder(db, workspaceId, id);
  if (folder) return { type: 'folder', row: folder };
  const markup = await findWorkspaceMarkup(db, workspaceId, id);
  return markup ? { type: 'markup', row: markup } : undefined;
}

/** The markup as GET /markups/:id shows it (thumbnails signed by `files`), plus the item fields. */
export async function markupItem(
  db: Db,
  caller: Caller,
  workspaceId: string,
  id: string,
  files: FileUrls,
): Promise<MarkupItemResponse | undefined> {
  const markup = await findWorkspaceMarkup(db, workspaceId, id);
  if (!markup) return undefined;
  return {
    ...(await toMarkupResponse(db, markup, markupScopes(caller, markup), files)),
    itemType: 'markup',
    parentFolderId: markup.folder_id,
  };
}

/** Renaming to the current name changes nothing (modifiedAt stays); no event type exists for it. */
export async function renameMarkup(tx: Db, markupId: string, name: string, now: number): Promise<void> {
  await tx.query('UPDATE markups SET name = $2, modified_at = $3::timestamptz WHERE id = $1 AND name <> $2', [markupId, name, isoAt(now)]);
}

export interface MoveContext {
  workspace: WorkspaceRow;
  now: number;
  /** The user the status events name as actor (created on first use: only when someone listens). */
  actorUserId: () => Promise<string>;
}

export interface Target {
  item: Item;
  /** The folder that holds it now. */
  parentId: string;
  archived: boolean;
}

/**
 * Every id checked before anything is written: unknown, foreign or deleted ids, and the root or
 * archive folder, are listed in one 422 (`folderItemIds.<i>`). Repeats count once.
 */
export async function resolveTargets(
  tx: Db,
  workspace: WorkspaceRow,
  ids: string[],
  verb: 'archived' | 'restored' | 'moved',
): Promise<Target[]> {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const [index, raw] of ids.entries()) {
    const path = `folderItemIds.${index}`;
    const id = raw.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    const item = isUuid(id) ? await findItem(tx, workspace.id, id) : undefined;
    if (!item) {
      details.push({ path, message: 'not a folder or markup of this workspace' });
      continue;
    }
    if (item.type === 'folder' && item.row.kind !== 'folder') {
      details.push({ path, message: `the ${item.row.kind} folder cannot be ${verb}` });
      continue;
    }
    const parentId = item.type === 'folder' ? item.row.parent_id! : item.row.folder_id;
    targets.push({ item, parentId, archived: await folderIsArchived(tx, parentId) });
  }
  if (details.length > 0) throw validationFailed(`${details.length} of the folderItemIds cannot be ${verb}`, details);
  return targets;
}

/** Leaves out items inside a listed folder: they move with it and keep their place in it. */
export async function outermost(tx: Db, targets: Target[]): Promise<Target[]> {
  const folders = new Set(targets.filter((t) => t.item.type === 'folder').map((t) => t.item.row.id));
  const kept: Target[] = [];
  for (const target of targets) {
    const above = [target.parentId, ...(await ancestorsOf(tx, target.parentId)).map((a) => a.id)];
    if (!above.some((id) => folders.has(id))) kept.push(target);
  }
  return kept;
}

/** Sets the status of the live markups in the subtree where it differs; one event per change. */
async function setStatus(tx: Db, ctx: MoveContext, markupIds: string[], status: 'archived' | 'editing'): Promise<void> {
  if (markupIds.length === 0) return;
  const changed = await tx.query<{ id: string }>(
    `UPDATE markups SET status = $2, modified_at = $3::timestamptz
     WHERE id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) AND deleted_at IS NULL AND status <> $2
     RETURNING id`,
    [JSON.stringify(markupIds), status, isoAt(ctx.now)],
  );
  for (const { id } of [...changed].sort((a, b) => a.id.localeCompare(b.id))) {
    await recordMarkupEvent(tx, {
      type: 'markup_status_changed',
      workspaceId: ctx.workspace.id,
      occurredAt: ctx.now,
      markupId: id,
      actorUserId: ctx.actorUserId,
    });
  }
}

/** Puts one item into `folderId`, remembering (or forgetting) where it came from, and sets its markups' status. */
async function place(
  tx: Db,
  ctx: MoveContext,
  target: Target,
  folderId: string,
  origin: string | null,
  status: 'archived' | 'editing',
): Promise<void> {
  const at = isoAt(ctx.now);
  if (target.item.type === 'folder') {
    await tx.query('UPDATE folders SET parent_id = $2, archived_from_folder_id = $3, modified_at = $4::timestamptz WHERE id = $1', [
      target.item.row.id,
      folderId,
      origin,
      at,
    ]);
    await setStatus(tx, ctx, await markupIdsIn(tx, await subtreeFolderIds(tx, target.item.row.id)), status);
  } else {
    await tx.query('UPDATE markups SET folder_id = $2, archived_from_folder_id = $3, modified_at = $4::timestamptz WHERE id = $1', [
      target.item.row.id,
      folderId,
      origin,
      at,
    ]);
    await setStatus(tx, ctx, [target.item.row.id], status);
  }
}

/**
 * Locks the listed rows before they are read (folders, then markups, each in id order, so
 * overlapping calls cannot deadlock): a markup moved by another endpoint meanwhile is seen as it is.
 */
export async function lockListed(tx: Db, workspaceId: string, ids: string[]): Promise<void> {
  const valid = JSON.stringify([...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))].sort());
  for (const table of ['folders', 'markups']) {
    await tx.query(
      `SELECT id FROM ${table} WHERE id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) AND workspace_id = $2 ORDER BY id FOR UPDATE`,
      [valid, workspaceId],
    );
  }
}

/**
 * §3 active → archived: each listed item not yet archived moves into the archive folder, its former
 * folder remembered. Already archived items are left as they are (a retry changes nothing).
 * The caller holds the workspace row locked, so tree changes of one workspace run one at a time.
 */
export async function archiveItems(tx: Db, ctx: MoveContext, ids: string[]): Promise<void> {
  await lockListed(tx, ctx.workspace.id, ids);
  const targets = await outermost(
    tx,
    (await resolveTargets(tx, ctx.workspace, ids, 'archived')).filter((t) => !t.archived),
  );
  for (const target of targets) await place(tx, ctx, target, ctx.workspace.archive_folder_id, target.parentId, 'archived');
}

/**
 * §3 archived → active: each listed archived item moves to the root — or, with `withPath`, back
 * into the folder it was archived from when that folder is still live, outside the archive and not
 * inside the item itself. Items that are not archived are left as they are.
 */
export async function restoreItems(tx: Db, ctx: MoveContext, ids: string[], withPath: boolean): Promise<void> {
  await lockListed(tx, ctx.workspace.id, ids);
  const targets = await outermost(
    tx,
    (await resolveTargets(tx, ctx.workspace, ids, 'restored')).filter((t) => t.archived),
  );
  for (const target of targets) {
    await place(tx, ctx, target, withPath ? await originFolder(tx, ctx.workspace, target) : ctx.workspace.root_folder_id, null, 'editing');
  }
}

async function originFolder(tx: Db, workspace: WorkspaceRow, target: Target): Promise<string> {
  const origin = target.item.type === 'folder' ? target.item.row.archived_from_folder_id : await archivedFrom(tx, target.item.row.id);
  if (!origin) return workspace.root_folder_id;
  const folder = await findFolder(tx, workspace.id, origin);
  if (!folder || (await folderIsArchived(tx, folder.id))) return workspace.root_folder_id;
  // A folder can never go into its own subtree.
  if (target.item.type === 'folder' && (await subtreeFolderIds(tx, target.item.row.id)).includes(folder.id))
    return workspace.root_folder_id;
  return folder.id;
}

async function archivedFrom(tx: Db, markupId: string): Promise<string | null> {
  return (
    (await queryOne<{ origin: string | null }>(tx, 'SELECT archived_from_folder_id AS origin FROM markups WHERE id = $1', [markupId]))
      ?.origin ?? null
  );
}
