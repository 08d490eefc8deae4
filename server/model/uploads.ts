/**
 * Upload records (`uploads`): a row is written when a policy is issued (pending) and completed
 * once the object is proven to be in the store with the ETag the client reports. Completion is
 * the one place that compares the database with the store, so a fileId used later always names
 * bytes that exist, fit the policy and have a known ETag.
 */
import type { UploadCompleteResponse, UploadResourceType } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError, validationFailed } from '../domain/errors.ts';
import { normalizeEtag, type ObjectInfo, type ObjectStore } from '../storage/object-store.ts';
import type { FileUrls } from './file-urls.ts';

export interface UploadRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  resource_type: UploadResourceType;
  resource_id: string | null;
  storage_key: string;
  filename: string;
  content_type: string;
  /** Declared at policy time (the policy's size limit); the stored size once completed. */
  filesize: number;
  etag: string | null;
  created_by_user_id: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const UPLOAD_COLUMNS = `u.id, u.workspace_id, w.organization_id, u.resource_type, u.resource_id, u.storage_key, u.filename,
  u.content_type, u.filesize, u.etag, u.created_by_user_id, u.created_at, u.completed_at`;

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return queryOne<UploadRow>(db, `SELECT ${UPLOAD_COLUMNS} FROM uploads u JOIN workspaces w ON w.id = u.workspace_id WHERE u.id = $1`, [
    id,
  ]);
}

export async function insertUpload(
  db: Db,
  upload: {
    id: string;
    workspaceId: string;
    resourceType: UploadResourceType;
    resourceId: string;
    key: string;
    filename: string;
    contentType: string;
    filesize: number;
    createdByUserId: string;
    now: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (id, workspace_id, resource_type, resource_id, storage_key, filename, content_type, filesize, created_by_user_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz)`,
    [
      upload.id,
      upload.workspaceId,
      upload.resourceType,
      upload.resourceId,
      upload.key,
      upload.filename,
      upload.contentType,
      upload.filesize,
      upload.createdByUserId,
      isoAt(upload.now),
    ],
  );
}

/**
 * The stored object behind an upload, checked against what the client reports: 409
 * `upload_not_found` when it is not in the store (yet), 409 `etag_mismatch` when its ETag differs,
 * 409 `conflict` when it breaks the policy (a store that did not enforce it).
 */
export async function verifyStoredObject(store: ObjectStore, upload: UploadRow, reportedEtag: string): Promise<ObjectInfo> {
  const info = await store.head(upload.storage_key);
  if (!info) {
    throw new ApiError(
      409,
      'upload_not_found',
      'The file is not in the storage: upload it with the policy (POST the form to policy.url) first',
    );
  }
  if (normalizeEtag(reportedEtag) !== normalizeEtag(info.etag)) {
    throw new ApiError(
      409,
      'etag_mismatch',
      `The stored file's ETag is "${info.etag}", not "${normalizeEtag(reportedEtag)}": it was replaced or the upload failed`,
    );
  }
  if (info.size > upload.filesize || normalizeContentTypeOf(info.contentType) !== upload.content_type) {
    throw new ApiError(409, 'conflict', 'The stored file does not match its upload policy (size or content type)');
  }
  return info;
}

const normalizeContentTypeOf = (value: string) => value.split(';')[0]!.trim().toLowerCase();

/** Marks the upload completed with the stored size and ETag (idempotent). */
export async function markCompleted(db: Db, upload: UploadRow, info: ObjectInfo, now: number): Promise<UploadRow> {
  await db.query('UPDATE uploads SET etag = $2, filesize = $3, completed_at = COALESCE(completed_at, $4::timestamptz) WHERE id = $1', [
    upload.id,
    normalizeEtag(info.etag),
    info.size,
    isoAt(now),
  ]);
  return { ...upload, etag: normalizeEtag(info.etag), filesize: info.size, completed_at: upload.completed_at ?? new Date(now) };
}

/** Checks the optional echo fields of an upload-complete request against the upload. */
export function checkCompleteEcho(
  upload: UploadRow,
  input: { resourceType?: string | undefined; resourceId?: string | undefined; key?: string | undefined },
): void {
  const details = [];
  if (input.resourceType !== undefined && input.resourceType !== upload.resource_type)
    details.push({ path: 'resourceType', message: `the policy was for ${upload.resource_type}` });
  if (input.resourceId !== undefined && input.resourceId.toLowerCase() !== upload.resource_id?.toLowerCase())
    details.push({ path: 'resourceId', message: 'not the resource of the policy' });
  if (input.key !== undefined && input.key !== upload.storage_key) details.push({ path: 'key', message: 'not the key of the policy' });
  if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
}

export function toUploadCompleteResponse(upload: UploadRow, files: FileUrls): UploadCompleteResponse {
  const read = files.read(upload.storage_key, upload.content_type, upload.filename);
  return {
    fileId: upload.id,
    key: upload.storage_key,
    etag: upload.etag ?? '',
    mimeType: upload.content_type,
    originalFilename: upload.filename,
    filesize: upload.filesize,
    url: read.url,
    expiresAt: isoAt(read.expiresAt),
  };
}

/**
 * Whether the local store must refuse to write this key: its upload was completed (a checked file
 * never changes), or was deleted while its policy could still be used — a re-post would store
 * bytes that no upload row counts against the storage quota and no sweep finds (migration 0015).
 * Keys no upload ever had stay writable: the store also serves plain S3 clients.
 */
export async function isSealedKey(db: Db, key: string, now: number): Promise<boolean> {
  const row = await queryOne<{ sealed: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM uploads WHERE storage_key = $1 AND completed_at IS NOT NULL)
       OR (EXISTS (SELECT 1 FROM upload_tombstones WHERE storage_key = $1 AND sealed_until > $2::timestamptz)
           AND NOT EXISTS (SELECT 1 FROM uploads WHERE storage_key = $1)) AS sealed`,
    [key, isoAt(now)],
  );
  return row?.sealed === true;
}

/**
 * What a completed upload turns into when nothing else names it (docs/api-decisions.md, "Uploads,
 * screenshots and storage"): a `user_avatar` becomes its user's avatar (replacing an avatar URL) and
 * a `workspace_icon` its workspace's icon, at once — no other endpoint takes them. Run in the
 * completion's transaction; returns the replaced upload, whose row and object the caller deletes.
 */
export async function applyCompletedUpload(tx: Db, upload: UploadRow, now: number): Promise<{ uploadIds: string[]; keys: string[] }> {
  const target =
    upload.resource_type === 'user_avatar'
      ? { table: 'users', column: 'avatar_file_id', extra: ', avatar_url = NULL', workspace: 'workspace_id' }
      : upload.resource_type === 'workspace_icon'
        ? { table: 'workspaces', column: 'icon_file_id', extra: '', workspace: 'id' }
        : null;
  if (!target || !upload.resource_id) return { uploadIds: [], keys: [] };
  const current = await queryOne<{ previous: string | null }>(
    tx,
    `SELECT ${target.column} AS previous FROM ${target.table} WHERE id = $1 AND ${target.workspace} = $2 AND deleted_at IS NULL FOR UPDATE`,
    [upload.resource_id, upload.workspace_id],
  );
  if (!current || current.previous === upload.id) return { uploadIds: [], keys: [] };
  await tx.query(`UPDATE ${target.table} SET ${target.column} = $2${target.extra}, modified_at = $3::timestamptz WHERE id = $1`, [
    upload.resource_id,
    upload.id,
    isoAt(now),
  ]);
  if (!current.previous) return { uploadIds: [], keys: [] };
  // The replaced file goes, unless something else still shows it (an external user may name a user_avatar upload).
  const previous = await queryOne<{ storage_key: string }>(
    tx,
    `DELETE FROM uploads WHERE id = $1 AND resource_type = $2
       AND NOT EXISTS (SELECT 1 FROM users WHERE avatar_file_id = $1) AND NOT EXISTS (SELECT 1 FROM workspaces WHERE icon_file_id = $1)
     RETURNING storage_key`,
    [current.previous, upload.resource_type],
  );
  return previous ? { uploadIds: [current.previous], keys: [previous.storage_key] } : { uploadIds: [], keys: [] };
}

export interface SignedFile {
  url: string;
  expiresAt: number;
}

/** Signed read URLs of completed uploads by id (avatars and icons shown in responses); unknown ids are left out. */
export async function signedUploadUrls(db: Db, files: FileUrls, fileIds: (string | null | undefined)[]): Promise<Map<string, SignedFile>> {
  const ids = [...new Set(fileIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; storage_key: string; content_type: string; filename: string }>(
    'SELECT id, storage_key, content_type, filename FROM uploads WHERE id = ANY($1::uuid[]) AND completed_at IS NOT NULL',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, files.read(row.storage_key, row.content_type, row.filename)]));
}
