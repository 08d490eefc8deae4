/**
 * Workspaces as the admin endpoints see them (§4.6): which one a caller means, creating one with its
 * two folders, renaming and re-slugging, and deleting — soft, with every credential into it revoked
 * (docs/api-decisions.md, "Workspace and users").
 */
import { randomUUID } from 'node:crypto';
import type { WorkspaceDetailsResponse } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError, badRequest, notFound } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { Caller } from '../domain/viewer.ts';
import { reachesWorkspace } from '../domain/permissions.ts';

export interface WorkspaceRow {
  id: string;
  organization_id: string;
  name: string;
  slug: string | null;
  root_folder_id: string;
  archive_folder_id: string;
  /** The icon: a completed workspace_icon upload (set by POST /upload-complete). */
  icon_file_id?: string | null;
}

const COLUMNS = 'id, organization_id, name, slug, root_folder_id, archive_folder_id, icon_file_id';

export function toWorkspaceResponse(row: WorkspaceRow): WorkspaceDetailsResponse {
  return { id: row.id, name: row.name, slug: row.slug, rootFolderId: row.root_folder_id, archiveFolderId: row.archive_folder_id };
}

/**
 * The live workspace a caller means. Organization keys must name one (`asked`, 400 without);
 * workspace keys and exchange tokens have theirs, and naming another is answered 404, like any
 * workspace out of reach (malformed ids included) — existence is not revealed.
 */
export async function workspaceForCaller(db: Db, caller: Caller, asked: string | undefined, lock = false): Promise<WorkspaceRow> {
  let id: string;
  if (caller.kind === 'api_key' && caller.scope === 'organization') {
    if (!asked)
      throw badRequest('An organization key must name the workspace: workspaceId', [{ path: 'workspaceId', message: 'required' }]);
    id = asked;
  } else {
    id = caller.workspaceId!;
    if (asked && asked.toLowerCase() !== id) throw notFound('Workspace');
  }
  if (!isUuid(id)) throw notFound('Workspace');
  const row = await queryOne<WorkspaceRow>(
    db,
    `SELECT ${COLUMNS} FROM workspaces WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id.toLowerCase()],
  );
  if (!row) throw notFound('Workspace');
  if (!reachesWorkspace(caller, { workspace_id: row.id, organization_id: row.organization_id })) throw notFound('Workspace');
  return row;
}

/** A new workspace of the organization with its root and archive folders (folder keys are deferred). */
export async function insertWorkspace(tx: Db, organizationId: string, name: string, now: number): Promise<WorkspaceRow> {
  const row: WorkspaceRow = {
    id: randomUUID(),
    organization_id: organizationId,
    name,
    slug: null,
    root_folder_id: randomUUID(),
    archive_folder_id: randomUUID(),
  };
  const at = isoAt(now);
  await tx.query(
    `INSERT INTO workspaces (id, organization_id, name, root_folder_id, archive_folder_id, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz)`,
    [row.id, organizationId, name, row.root_folder_id, row.archive_folder_id, at],
  );
  await tx.query(
    `INSERT INTO folders (id, workspace_id, parent_id, kind, name, created_at, modified_at) VALUES
     ($1, $3, NULL, 'root', 'Root', $4::timestamptz, $4::timestamptz),
     ($2, $3, NULL, 'archive', 'Archive', $4::timestamptz, $4::timestamptz)`,
    [row.root_folder_id, row.archive_folder_id, row.id, at],
  );
  return row;
}

/** Renames and/or re-slugs; a slug held by another workspace → 409. Unchanged values change nothing. */
export async function updateWorkspace(
  tx: Db,
  row: WorkspaceRow,
  input: { name?: string | undefined; slug?: string | undefined },
  now: number,
): Promise<WorkspaceRow> {
  const name = input.name ?? row.name;
  const slug = input.slug ?? row.slug;
  if (name === row.name && slug === row.slug) return row;
  if (slug !== row.slug) {
    // Checked first so the common case answers cleanly; the UNIQUE constraint still decides a race.
    const taken = await queryOne(tx, 'SELECT 1 FROM workspaces WHERE slug = $1 AND id <> $2', [slug, row.id]);
    if (taken)
      throw new ApiError(409, 'conflict', `The slug "${slug}" is taken by another workspace`, [{ path: 'slug', message: 'taken' }]);
  }
  await tx.query('UPDATE workspaces SET name = $2, slug = $3, modified_at = $4::timestamptz WHERE id = $1', [
    row.id,
    name,
    slug,
    isoAt(now),
  ]);
  return { ...row, name, slug };
}

/**
 * Soft delete: the row and its content stay (nothing is purged yet), but the workspace and all it
 * holds become unreachable at once — its slug is freed, its workspace keys and exchange tokens are
 * revoked, its webhook registrations are deleted and their waiting deliveries cancelled.
 */
export async function deleteWorkspace(tx: Db, workspaceId: string, now: number): Promise<void> {
  const at = isoAt(now);
  await tx.query('UPDATE workspaces SET deleted_at = $2::timestamptz, modified_at = $2::timestamptz, slug = NULL WHERE id = $1', [
    workspaceId,
    at,
  ]);
  await tx.query('UPDATE api_keys SET revoked_at = $2::timestamptz WHERE workspace_id = $1 AND revoked_at IS NULL', [workspaceId, at]);
  await tx.query('UPDATE exchange_tokens SET revoked_at = $2::timestamptz WHERE workspace_id = $1 AND revoked_at IS NULL', [
    workspaceId,
    at,
  ]);
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', lease_id = NULL, finished_at = $2::timestamptz
     WHERE workspace_id = $1 AND status = 'pending'`,
    [workspaceId, at],
  );
  await tx.query(
    `UPDATE webhook_registrations SET deleted_at = $2::timestamptz, enabled = false, modified_at = $2::timestamptz
     WHERE workspace_id = $1 AND deleted_at IS NULL`,
    [workspaceId, at],
  );
}
