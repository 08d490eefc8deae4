/**
 * The one way a markup comes into being or goes away, shared by every endpoint that does it
 * (§4.4 create from URL / file / bulk, the object-store upload's completion, DELETE /items/:id).
 * Keeping it in one place keeps what must accompany the write — the markup_created event in the
 * same transaction, the attribution product metrics count, the files a deletion frees — from
 * drifting between endpoints.
 */
import { randomUUID } from 'node:crypto';
import { isoAt, type Db } from '../db/db.ts';
import { recordMarkupEvent } from './events.ts';
import type { DroppedFiles } from './attachments.ts';
import { findMarkup, type MarkupRow } from './markups.ts';

export type MarkupType = MarkupRow['type'];

export interface CreateMarkupInput {
  workspaceId: string;
  /** A live folder of the workspace (callers check; the archive folder is not a place to create in). */
  folderId: string;
  type: MarkupType;
  name: string;
  url: string | null;
  markupUrl: string;
  originalMimeType?: string | null;
  /** False for file markups until conversion has run (§2.1 isReady). */
  isReady: boolean;
  /** Who created it: counted as their `projectsCreated`, and the event's actor. */
  createdByUserId: string | null;
  now: number;
  /** Chosen by the caller when something else (a storage key, the review address) must name it first. */
  id?: string;
}

/** Where the review app shows a file markup: its markup page, which is its review (docs/api-decisions.md). */
export function fileMarkupReviewUrl(publicUrl: string, markupId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/app/markups/${markupId}`;
}

/**
 * Inserts the markup and announces it (markup_created) in the caller's transaction. Product metrics
 * need nothing more: `projectsCreated` is read from `markups.created_at` / `created_by_user_id`
 * (server/model/metrics.ts), which is why deletion keeps the row.
 */
export async function createMarkup(tx: Db, input: CreateMarkupInput): Promise<MarkupRow> {
  const id = input.id ?? randomUUID();
  const at = isoAt(input.now);
  await tx.query(
    `INSERT INTO markups (id, workspace_id, folder_id, type, name, url, markup_url, original_mime_type, is_ready,
       created_by_user_id, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $11::timestamptz)`,
    [
      id,
      input.workspaceId,
      input.folderId,
      input.type,
      input.name,
      input.url,
      input.markupUrl,
      input.originalMimeType ?? null,
      input.isReady,
      input.createdByUserId,
      at,
    ],
  );
  await recordMarkupEvent(tx, {
    type: 'markup_created',
    workspaceId: input.workspaceId,
    occurredAt: input.now,
    markupId: id,
    actorUserId: input.createdByUserId,
  });
  const row = await findMarkup(tx, id);
  if (!row) throw new Error(`markup ${id} vanished right after its insert`);
  return row;
}

/** The markup type a file of this (accepted, normalized) content type makes. */
export function markupTypeOf(contentType: string): Exclude<MarkupType, 'webpage'> {
  if (contentType === 'application/pdf') return 'pdf';
  return contentType.startsWith('video/') ? 'video' : 'image';
}

/**
 * The asset rows conversion works from (its contract): one per original file, in order — kind
 * `image` for images, `page` (the PDF's first page) for a PDF, `video` for a video — each naming
 * the completed upload that holds the bytes; the upload then belongs to the markup.
 */
export async function attachMarkupFiles(
  tx: Db,
  markupId: string,
  files: { uploadId: string; contentType: string }[],
  now: number,
): Promise<void> {
  const at = isoAt(now);
  for (const [position, file] of files.entries()) {
    const type = markupTypeOf(file.contentType);
    const kind = type === 'pdf' ? 'page' : type;
    await tx.query(
      `INSERT INTO markup_assets (id, markup_id, kind, position, file_id, mime_type, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [randomUUID(), markupId, kind, position, file.uploadId, file.contentType, at],
    );
    await tx.query(`UPDATE uploads SET resource_id = $2 WHERE id = $1`, [file.uploadId, markupId]);
  }
}

export interface DeletedMarkups {
  /** The markups this call deleted (already deleted or unknown ids are left out). */
  markupIds: string[];
  /** Delete these objects after the transaction committed: `deleteObjects(store, files, log)` (file-cleanup.ts). */
  files: DroppedFiles;
}

/**
 * Soft-deletes markups: the row stays (metrics count created projects, deleted ones included, and
 * the project rows show `deletedAt`), but everything reachable through it goes now — threads with
 * their messages (activity_events keeps their history), assets, upload rows, the exchange tokens
 * bound to it — and the files are handed back for deletion once the transaction has committed.
 * No event: §2.7 has no type for a deletion.
 */
export async function deleteMarkups(tx: Db, markupIds: string[], now: number): Promise<DeletedMarkups> {
  const at = isoAt(now);
  // Locked in id order, so two deletions of overlapping sets cannot deadlock; only the first deletes.
  const locked = await tx.query<{ id: string; thumbnail_storage_key: string | null }>(
    `SELECT id, thumbnail_storage_key FROM markups WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [markupIds],
  );
  const ids = locked.map((r) => r.id);
  if (ids.length === 0) return { markupIds: [], files: { uploadIds: [], keys: [] } };
  const files = await tx.query<{ upload_id: string | null; storage_key: string | null }>(
    `SELECT ts.upload_id, ts.storage_key FROM thread_screenshots ts JOIN threads t ON t.id = ts.thread_id WHERE t.markup_id = ANY($1::uuid[])
     UNION ALL
     SELECT ma.upload_id, ma.storage_key FROM message_attachments ma JOIN messages m ON m.id = ma.message_id JOIN threads t ON t.id = m.thread_id
       WHERE t.markup_id = ANY($1::uuid[])
     UNION ALL
     SELECT u.id, u.storage_key FROM uploads u JOIN threads t ON u.resource_id = t.id::text
       WHERE u.resource_type IN ('thread_screenshot', 'thread_snapshot') AND t.markup_id = ANY($1::uuid[])
     UNION ALL
     SELECT u.id, u.storage_key FROM uploads u WHERE u.resource_type = 'markup_asset' AND u.resource_id = ANY($2::text[])
     UNION ALL
     SELECT u.id, u.storage_key FROM markup_assets a JOIN uploads u ON u.id = a.file_id WHERE a.markup_id = ANY($1::uuid[])
     UNION ALL
     SELECT NULL, unnest(ARRAY[a.thumbnail_storage_key, a.preview_storage_key]) FROM markup_assets a WHERE a.markup_id = ANY($1::uuid[])
     UNION ALL
     SELECT c.upload_id, c.storage_key FROM message_clip_videos c JOIN messages m ON m.id = c.message_id JOIN threads t ON t.id = m.thread_id
       WHERE t.markup_id = ANY($1::uuid[])`,
    [ids, ids],
  );
  const uploadIds = new Set(files.flatMap((r) => (r.upload_id ? [r.upload_id] : [])));
  const keys = new Set(files.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
  for (const r of locked) if (r.thumbnail_storage_key) keys.add(r.thumbnail_storage_key);

  await tx.query('DELETE FROM threads WHERE markup_id = ANY($1::uuid[])', [ids]);
  await tx.query('DELETE FROM markup_assets WHERE markup_id = ANY($1::uuid[])', [ids]);
  if (uploadIds.size > 0) await tx.query('DELETE FROM uploads WHERE id = ANY($1::uuid[])', [[...uploadIds]]);
  await tx.query('UPDATE exchange_tokens SET revoked_at = $2::timestamptz WHERE markup_id = ANY($1::uuid[]) AND revoked_at IS NULL', [
    ids,
    at,
  ]);
  await tx.query(
    'UPDATE markups SET deleted_at = $2::timestamptz, modified_at = $2::timestamptz, thumbnail_storage_key = NULL WHERE id = ANY($1::uuid[])',
    [ids, at],
  );
  return { markupIds: ids, files: { uploadIds: [...uploadIds], keys: [...keys] } };
}
