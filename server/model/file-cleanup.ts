/**
 * Stored files go when what they belong to goes: deleting a thread removes its screenshot, its
 * messages' attachments and clips and its unused screenshot uploads; deleting a message removes its
 * attachments and clips; replaced files go at once. Rows are deleted in the request's transaction; objects
 * after it, never failing the request (a failed delete is logged and leaves an orphan object).
 * The sweep also removes uploads that were abandoned: never completed within a day, or completed
 * but not used by any message or thread within a week.
 */
import { type Db, isoAt } from '../db/db.ts';
import type { Logger } from '../domain/logger.ts';
import { deleteQuietly, type ObjectStore } from '../storage/object-store.ts';
import type { DroppedFiles } from './attachments.ts';

export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const UNUSED_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const collect = (rows: { upload_id: string | null; storage_key: string | null }[]): DroppedFiles => ({
  uploadIds: [...new Set(rows.flatMap((r) => (r.upload_id ? [r.upload_id] : [])))],
  keys: [...new Set(rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])))],
});

/** Every stored file of a thread: screenshot, attachments, uploads made for it. */
export async function filesOfThread(db: Db, threadId: string): Promise<DroppedFiles> {
  const rows = await db.query<{ upload_id: string | null; storage_key: string | null }>(
    `SELECT upload_id, storage_key FROM thread_screenshots WHERE thread_id = $1
     UNION ALL
     SELECT ma.upload_id, ma.storage_key FROM message_attachments ma JOIN messages m ON m.id = ma.message_id WHERE m.thread_id = $1
     UNION ALL
     SELECT c.upload_id, c.storage_key FROM message_clip_videos c JOIN messages m ON m.id = c.message_id WHERE m.thread_id = $1
     UNION ALL
     SELECT id, storage_key FROM uploads WHERE resource_type IN ('thread_screenshot', 'thread_snapshot') AND resource_id = $2`,
    [threadId, threadId],
  );
  return collect(rows);
}

export async function filesOfMessage(db: Db, messageId: string): Promise<DroppedFiles> {
  return collect(
    await db.query(
      `SELECT upload_id, storage_key FROM message_attachments WHERE message_id = $1
       UNION ALL SELECT upload_id, storage_key FROM message_clip_videos WHERE message_id = $1`,
      [messageId],
    ),
  );
}

/** Deletes the upload rows (inside the caller's transaction). */
export async function forgetUploads(db: Db, files: DroppedFiles): Promise<void> {
  if (files.uploadIds.length > 0) await db.query('DELETE FROM uploads WHERE id = ANY($1::uuid[])', [files.uploadIds]);
}

/** Deletes the objects (after the transaction committed); failures are logged, not thrown. */
export async function deleteObjects(store: ObjectStore, files: DroppedFiles, log: Logger): Promise<void> {
  await deleteQuietly(store, files.keys, (key, error) => log.error(`Could not delete stored object ${key}; it stays as an orphan`, error));
}

/**
 * Removes abandoned uploads (rows and objects), at most `limit` per run; returns how many.
 * Pending: no completion within a day. Unused: a completed attachment or screenshot upload that no
 * message or thread uses after a week (other resource types have no consumer to check yet).
 */
export async function sweepUploads(db: Db, store: ObjectStore, now: number, log: Logger, limit = 500): Promise<number> {
  const rows = await db.query<{ upload_id: string; storage_key: string }>(
    `SELECT u.id AS upload_id, u.storage_key FROM uploads u
     WHERE (u.completed_at IS NULL AND u.created_at < $1::timestamptz)
        OR (u.completed_at IS NOT NULL AND u.completed_at < $2::timestamptz
            AND u.resource_type IN ('message_attachment', 'thread_screenshot', 'thread_snapshot')
            AND NOT EXISTS (SELECT 1 FROM message_attachments ma WHERE ma.upload_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM message_clip_videos c WHERE c.upload_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM thread_screenshots ts WHERE ts.upload_id = u.id))
     ORDER BY u.created_at LIMIT $3`,
    [isoAt(now - PENDING_UPLOAD_TTL_MS), isoAt(now - UNUSED_UPLOAD_TTL_MS), limit],
  );
  if (rows.length === 0) return 0;
  const files = collect(rows);
  // Objects first: a row without object is harmless, an object without row would never be found again.
  await deleteObjects(store, files, log);
  await forgetUploads(db, files);
  return rows.length;
}
