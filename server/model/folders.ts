/**
 * Folders as stored and as item reads show them (§2.2): lookups scoped to one workspace, the
 * ancestor chain and the subtree (WITH RECURSIVE, the same SQL on PGlite and PostgreSQL), and
 * creating, renaming and soft-deleting folders. Rules: docs/api-decisions.md, "Items (§4.5)".
 */
import { randomUUID } from 'node:crypto';
import type { FolderAncestor, FolderItemResponse, FolderKind, FolderWithAncestorsResponse } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';

export interface FolderRow {
  id: string;
  workspace_id: string;
  parent_id: string | null;
  kind: FolderKind;
  name: string;
  fallback_name: string | null;
  archived_from_folder_id: string | null;
  created_at: Date;
  modified_at: Date;
}

const COLUMNS =
  'f.id, f.workspace_id, f.parent_id, f.kind, f.name, f.fallback_name, f.archived_from_folder_id, f.created_at, f.modified_at';
/** A guard against a corrupt cycle: no legal tree is this deep (MAX_FOLDER_DEPTH is far below). */
const WALK_LIMIT = 1000;

/** A live folder of the workspace, or undefined; `lock` holds its row for a move. */
export async function findFolder(db: Db, workspaceId: string, id: string, lock = false): Promise<FolderRow | undefined> {
  return queryOne<FolderRow>(
    db,
    `SELECT ${COLUMNS} FROM folders f WHERE f.id = $1 AND f.workspace_id = $2 AND f.deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id, workspaceId],
  );
}

export function toFolderItem(row: FolderRow): FolderItemResponse {
  return {
    itemType: 'folder',
    id: row.id,
    type: 'folder',
    kind: row.kind,
    name: row.name,
    fallbackName: row.fallback_name,
    parentFolderId: row.parent_id,
    workspaceId: row.workspace_id,
    createdAt: row.created_at.toISOString(),
    modifiedAt: row.modified_at.toISOString(),
  };
}

/** The folders above `folderId`, from the top (root or archive) down to its parent. */
export async function ancestorsOf(db: Db, folderId: string): Promise<FolderAncestor[]> {
  const rows = await db.query<{ id: string; name: string; kind: FolderKind }>(
    `WITH RECURSIVE up AS (
       SELECT f.parent_id, 0 AS depth FROM folders f WHERE f.id = $1
       UNION ALL
       SELECT f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id WHERE up.depth < ${WALK_LIMIT}
     )
     SELECT f.id, f.name, f.kind FROM up JOIN folders f ON f.id = up.parent_id ORDER BY up.depth DESC`,
    [folderId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind }));
}

export async function toFolderWithAncestors(db: Db, row: FolderRow): Promise<FolderWithAncestorsResponse> {
  return { ...toFolderItem(row), ancestors: await ancestorsOf(db, row.id) };
}

/** Whether a folder is the archive folder or lies inside it (its top ancestor is the archive). */
export async function folderIsArchived(db: Db, folderId: string): Promise<boolean> {
  const top = await queryOne<{ kind: FolderKind }>(
    db,
    `WITH RECURSIVE up AS (
       SELECT f.id, f.parent_id, f.kind, 0 AS depth FROM folders f WHERE f.id = $1
       UNION ALL
       SELECT f.id, f.parent_id, f.kind, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id WHERE up.depth < ${WALK_LIMIT}
     )
     SELECT kind FROM up WHERE parent_id IS NULL`,
    [folderId],
  );
  return top?.kind === 'archive';
}

/** The live folders of the subtree rooted at `folderId`, itself included. */
export async function subtreeFolderIds(db: Db, folderId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE down AS (
       SELECT f.id, 0 AS depth FROM folders f WHERE f.id = $1 AND f.deleted_at IS NULL
       UNION ALL
       SELECT f.id, down.depth + 1 FROM folders f JOIN down ON f.parent_id = down.id WHERE f.deleted_at IS NULL AND down.depth < ${WALK_LIMIT}
     )
     SELECT id FROM down`,
    [folderId],
  );
  return rows.map((r) => r.id);
}

/** The live markups inside any of these folders (jsonb, not a Postgres array, for both drivers). */
export async function markupIdsIn(db: Db, folderIds: string[]): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT m.id FROM markups m WHERE m.deleted_at IS NULL
       AND m.folder_id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) ORDER BY m.id`,
    [JSON.stringify(folderIds)],
  );
  return rows.map((r) => r.id);
}

export async function insertFolder(
  tx: Db,
  args: { workspaceId: string; parentId: string; name: string; fallbackName: string | null; now: number },
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO folders (id, workspace_id, parent_id, kind, name, fallback_name, created_at, modified_at)
     VALUES ($1, $2, $3, 'folder', $4, $5, $6::timestamptz, $6::timestamptz)`,
    [id, args.workspaceId, args.parentId, args.name, args.fallbackName, isoAt(args.now)],
  );
  return id;
}

/** Renaming to the current name changes nothing (modifiedAt stays). */
export async function renameFolder(tx: Db, folderId: string, name: string, now: number): Promise<void> {
  await tx.query('UPDATE folders SET name = $2, modified_at = $3::timestamptz WHERE id = $1 AND name <> $2', [folderId, name, isoAt(now)]);
}

/** Soft-deletes these folders (the caller deletes the markups inside them). */
export async function softDeleteFolders(tx: Db, folderIds: string[], now: number): Promise<void> {
  if (folderIds.length === 0) return;
  await tx.query(
    `UPDATE folders SET deleted_at = $2::timestamptz, modified_at = $2::timestamptz
     WHERE id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) AND deleted_at IS NULL`,
    [JSON.stringify(folderIds), isoAt(now)],
  );
}
