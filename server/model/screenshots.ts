/**
 * A thread's screenshot (`thread_screenshots`, at most one per thread): attached or replaced by
 * PUT /threads/:id/screenshot once its upload is proven to be in the store, loaded for whole pages
 * of threads in one query, and shown with a signed read URL that expires.
 */
import { randomUUID } from 'node:crypto';
import type { ScreenshotResponse, ScreenshotType } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { FileUrls } from './file-urls.ts';
import type { DroppedFiles } from './attachments.ts';

export interface ScreenshotRow {
  id: string;
  thread_id: string;
  upload_id: string | null;
  storage_key: string;
  etag: string;
  mime_type: string;
  original_filename: string | null;
  width: number;
  height: number;
  filesize: number;
  type: ScreenshotType;
  is_processing: boolean;
  created_at: Date;
  modified_at: Date;
}

const COLUMNS = `id, thread_id, upload_id, storage_key, etag, mime_type, original_filename, width, height, filesize, type,
  is_processing, created_at, modified_at`;

/** The screenshots of these threads, by thread id (one query for a whole page). */
export async function loadScreenshots(db: Db, threadIds: string[]): Promise<Map<string, ScreenshotRow>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db.query<ScreenshotRow>(`SELECT ${COLUMNS} FROM thread_screenshots WHERE thread_id = ANY($1::uuid[])`, [threadIds]);
  return new Map(rows.map((r) => [r.thread_id, r]));
}

export async function loadScreenshot(db: Db, threadId: string): Promise<ScreenshotRow | undefined> {
  return queryOne<ScreenshotRow>(db, `SELECT ${COLUMNS} FROM thread_screenshots WHERE thread_id = $1`, [threadId]);
}

export function toScreenshotResponse(row: ScreenshotRow, files: FileUrls): ScreenshotResponse {
  const read = files.read(row.storage_key, row.mime_type, row.original_filename ?? 'screenshot');
  return {
    id: row.id,
    createdAt: row.created_at.getTime(),
    modifiedAt: row.modified_at.getTime(),
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    filesize: row.filesize,
    type: row.type,
    isProcessing: row.is_processing,
    url: read.url,
    expiresAt: isoAt(read.expiresAt),
  };
}

export interface ScreenshotInput {
  threadId: string;
  uploadId: string;
  key: string;
  etag: string;
  mimeType: string;
  originalFilename: string | null;
  width: number;
  height: number;
  filesize: number;
  type: ScreenshotType;
  now: number;
}

/**
 * Attaches the screenshot or replaces the thread's current one (keeping its id and createdAt);
 * returns the replaced screenshot's files when they are no longer used. Run inside a transaction.
 */
export async function putScreenshot(tx: Db, input: ScreenshotInput): Promise<{ row: ScreenshotRow; dropped: DroppedFiles }> {
  const previous = await queryOne<ScreenshotRow>(tx, `SELECT ${COLUMNS} FROM thread_screenshots WHERE thread_id = $1 FOR UPDATE`, [
    input.threadId,
  ]);
  const at = isoAt(input.now);
  const values = [
    input.uploadId,
    input.key,
    input.etag,
    input.mimeType,
    input.originalFilename,
    input.width,
    input.height,
    input.filesize,
    input.type,
    at,
  ];
  let row: ScreenshotRow | undefined;
  if (previous) {
    row = await queryOne<ScreenshotRow>(
      tx,
      `UPDATE thread_screenshots SET upload_id = $2, storage_key = $3, etag = $4, mime_type = $5, original_filename = $6, width = $7,
         height = $8, filesize = $9, type = $10, is_processing = false, modified_at = $11::timestamptz
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [previous.id, ...values],
    );
  } else {
    row = await queryOne<ScreenshotRow>(
      tx,
      `INSERT INTO thread_screenshots (id, thread_id, upload_id, storage_key, etag, mime_type, original_filename, width, height, filesize, type,
         is_processing, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $12::timestamptz, $12::timestamptz) RETURNING ${COLUMNS}`,
      [randomUUID(), input.threadId, ...values],
    );
  }
  const replaced = previous && previous.storage_key !== input.key;
  return {
    row: row!,
    dropped: {
      uploadIds: replaced && previous.upload_id && previous.upload_id !== input.uploadId ? [previous.upload_id] : [],
      keys: replaced ? [previous.storage_key] : [],
    },
  };
}
