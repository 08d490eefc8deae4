/**
 * Message attachments: `attachments: [{fileId}]` on a message names completed uploads, and each
 * upload belongs to at most one message. Every fileId is checked before anything is written, all
 * problems are reported at once (422 with details), and the response carries a signed, expiring
 * read URL per attachment instead of a stored address.
 */
import { randomUUID } from 'node:crypto';
import type { Attachment } from '../../src/api/wire.ts';
import { isoAt, type Db } from '../db/db.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { FileUrls } from './file-urls.ts';

/** Whose uploads a message may use: its workspace's, and for a reviewer only their own. */
export interface AttachmentOwner {
  workspaceId: string;
  /** Set for exchange tokens: only uploads this user made. API keys use any of the workspace's. */
  uploaderUserId: string | null;
}

interface CandidateRow {
  id: string;
  workspace_id: string;
  resource_type: string;
  completed_at: Date | null;
  created_by_user_id: string | null;
  message_id: string | null;
  clip: boolean;
}

/**
 * The upload ids of `attachments`, after checking each is a completed message_attachment upload
 * of the owner, not attached to another message (clip videos are checked by clip-videos.ts).
 */
export async function resolveAttachments(
  db: Db,
  owner: AttachmentOwner,
  input: { attachments?: { fileId: string }[] | undefined },
  messageId?: string,
): Promise<string[]> {
  const fileIds = (input.attachments ?? []).map((a) => a.fileId.toLowerCase());
  if (fileIds.length === 0) return [];
  const valid = fileIds.filter(isUuid);
  const rows = await db.query<CandidateRow>(
    `SELECT u.id, u.workspace_id, u.resource_type, u.completed_at, u.created_by_user_id,
       (SELECT ma.message_id FROM message_attachments ma WHERE ma.upload_id = u.id) AS message_id,
       EXISTS (SELECT 1 FROM message_clip_videos c WHERE c.upload_id = u.id) AS clip
     FROM uploads u WHERE u.id = ANY($1::uuid[])`,
    [valid],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const [index, fileId] of fileIds.entries()) {
    const path = `attachments.${index}.fileId`;
    const row = byId.get(fileId);
    const mine =
      row && row.workspace_id === owner.workspaceId && (owner.uploaderUserId === null || row.created_by_user_id === owner.uploaderUserId);
    let problem: string | undefined;
    if (!row || !mine) problem = 'no upload with this id';
    else if (row.resource_type !== 'message_attachment') problem = `this upload is a ${row.resource_type}, not a message_attachment`;
    else if (!row.completed_at) problem = 'this upload is not completed (call POST /upload-complete first)';
    else if ((row.message_id && row.message_id !== messageId) || row.clip) problem = 'this upload is already attached to another message';
    else if (seen.has(fileId)) problem = 'listed twice';
    seen.add(fileId);
    if (problem) details.push({ path, message: problem });
  }
  if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
  return fileIds;
}

/** Adds attachment rows for these uploads (already checked by resolveAttachments), at these places in the list. */
export async function attachUploads(
  db: Db,
  messageId: string,
  uploadIds: string[],
  now: number,
  positions = uploadIds.map((_, i) => i),
): Promise<void> {
  for (const [index, uploadId] of uploadIds.entries()) {
    await db.query(
      `INSERT INTO message_attachments (id, message_id, upload_id, storage_key, etag, mime_type, original_filename, filesize, position, created_at, modified_at)
       SELECT $1, $2, u.id, u.storage_key, COALESCE(u.etag, ''), u.content_type, u.filename, u.filesize, $4, $5::timestamptz, $5::timestamptz
       FROM uploads u WHERE u.id = $3`,
      [randomUUID(), messageId, uploadId, positions[index] ?? index, isoAt(now)],
    );
  }
}

/**
 * Makes a message's attachments exactly `uploadIds`: keeps those already there (same id and
 * createdAt), adds the new ones, and returns the uploads that were dropped (their files go too).
 */
export async function replaceAttachments(db: Db, messageId: string, uploadIds: string[], now: number): Promise<DroppedFiles> {
  const dropped = await db.query<{ upload_id: string | null; storage_key: string | null }>(
    `DELETE FROM message_attachments WHERE message_id = $1 AND (upload_id IS NULL OR NOT (upload_id = ANY($2::uuid[])))
     RETURNING upload_id, storage_key`,
    [messageId, uploadIds],
  );
  const kept = new Set(
    (await db.query<{ upload_id: string }>('SELECT upload_id FROM message_attachments WHERE message_id = $1', [messageId])).map(
      (r) => r.upload_id,
    ),
  );
  // The list's order is the request's: kept attachments move to their new places.
  for (const [position, uploadId] of uploadIds.entries()) {
    if (kept.has(uploadId))
      await db.query('UPDATE message_attachments SET position = $3 WHERE message_id = $1 AND upload_id = $2', [
        messageId,
        uploadId,
        position,
      ]);
  }
  const added = uploadIds.flatMap((id, position) => (kept.has(id) ? [] : [{ id, position }]));
  await attachUploads(
    db,
    messageId,
    added.map((a) => a.id),
    now,
    added.map((a) => a.position),
  );
  return {
    uploadIds: dropped.flatMap((r) => (r.upload_id ? [r.upload_id] : [])),
    keys: dropped.flatMap((r) => (r.storage_key ? [r.storage_key] : [])),
  };
}

/** Stored files no longer referenced: their upload rows and object keys. */
export interface DroppedFiles {
  uploadIds: string[];
  keys: string[];
}

interface AttachmentRow {
  id: string;
  message_id: string;
  storage_key: string | null;
  url: string | null;
  etag: string;
  mime_type: string;
  original_filename: string;
  filesize: number;
  created_at: Date;
  modified_at: Date;
}

export async function loadAttachments(db: Db, messageIds: string[], files: FileUrls): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.query<AttachmentRow>(
    `SELECT id, message_id, storage_key, url, etag, mime_type, original_filename, filesize, created_at, modified_at
     FROM message_attachments WHERE message_id = ANY($1::uuid[]) ORDER BY position, created_at, id`,
    [messageIds],
  );
  for (const r of rows) {
    const list = byMessage.get(r.message_id) ?? [];
    list.push({
      id: r.id,
      messageId: r.message_id,
      url: r.storage_key ? files.read(r.storage_key, r.mime_type, r.original_filename).url : (r.url ?? ''),
      etag: r.etag,
      mimeType: r.mime_type,
      originalFilename: r.original_filename,
      filesize: r.filesize,
      createdAt: r.created_at.getTime(),
      modifiedAt: r.modified_at.getTime(),
    });
    byMessage.set(r.message_id, list);
  }
  return byMessage;
}
