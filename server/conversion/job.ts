/**
 * One conversion of one file markup, as the worker runs it once it holds the row's lease: find the
 * original (asset position 0 → its upload), wait for it if the client is still uploading it
 * straight to the store, copy it to a temporary file (never into memory), analyze it, store the
 * thumbnail, then in one transaction write the sizes and page rows, flip `is_ready` and record
 * `markup_ready`. Every write re-checks the lease, so a worker whose lease ran out changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { recordMarkupEvent } from '../model/events.ts';
import { normalizeEtag, type ObjectStore } from '../storage/object-store.ts';
import { analyzeFile, CorruptFileError, type Analysis, type MarkupFileKind } from './analyze.ts';
import { renditionKey, storedRenditions, type StoredRenditions } from './rendition-store.ts';
import type { RenditionSink } from './renditions.ts';

export interface JobContext {
  db: Db;
  store: ObjectStore;
  tmpDir: string;
  now: () => number;
  /** Where pages pdf.js could not draw are reported (the conversion goes on without their renditions). */
  log?: (message: string) => void;
}

interface MarkupInfo {
  markup_id: string;
  workspace_id: string;
  type: string;
  original_mime_type: string | null;
}

/** An asset holding an original file (position 0; an image markup may have more images). */
interface FileAsset {
  asset_id: string;
  position: number;
  asset_mime_type: string | null;
  upload_id: string | null;
  storage_key: string | null;
  content_type: string | null;
  filesize: string | number | null;
  completed_at: Date | null;
}

interface Measured {
  assetId: string;
  analysis: Analysis;
}

/** What came of a run: converted, or still waiting for the client's upload (not an attempt). */
export type JobOutcome = { kind: 'done' } | { kind: 'waiting' } | { kind: 'never_arrived' } | { kind: 'lost_lease' };

/** The object key of a markup's thumbnail, beside its originals. */
export function thumbnailKey(workspaceId: string, markupId: string, extension: string): string {
  return `ws/${workspaceId}/markup_asset/${markupId}/thumbnail.${extension}`;
}

async function loadFiles(db: Db, markupId: string): Promise<FileAsset[]> {
  return db.query<FileAsset>(
    `SELECT a.id AS asset_id, a.position, a.mime_type AS asset_mime_type, u.id AS upload_id, u.storage_key, u.content_type, u.filesize, u.completed_at
     FROM markup_assets a LEFT JOIN uploads u ON u.id = a.file_id
     WHERE a.markup_id = $1 AND (a.position = 0 OR a.file_id IS NOT NULL) ORDER BY a.position`,
    [markupId],
  );
}

/** Copies the object to a temporary file; returns its path and size. */
async function download(store: ObjectStore, key: string, dir: string): Promise<{ file: string; size: number }> {
  const object = await store.read(key);
  if (!object) throw new Error(`the original ${key} is missing from the object store`);
  const file = path.join(dir, 'original');
  await pipeline(
    Readable.fromWeb(object.body as import('node:stream/web').ReadableStream<Uint8Array>),
    createWriteStream(file, { mode: 0o600 }),
  );
  return { file, size: object.info.size };
}

export async function runConversion(ctx: JobContext, markupId: string, lease: string, waitUntil: Date | null): Promise<JobOutcome> {
  const markup = await queryOne<MarkupInfo>(
    ctx.db,
    'SELECT id AS markup_id, workspace_id, type, original_mime_type FROM markups WHERE id = $1',
    [markupId],
  );
  if (!markup) return { kind: 'lost_lease' };
  if (!['image', 'pdf', 'video'].includes(markup.type)) throw new CorruptFileError(null, `a ${markup.type} markup has nothing to convert`);
  const files = await loadFiles(ctx.db, markupId);
  // PDFs and videos are one file; an image markup converts each of its images.
  const originals = markup.type === 'image' ? files : files.slice(0, 1);
  if (originals.length === 0 || originals[0]!.position !== 0 || originals.some((f) => !f.upload_id || !f.storage_key)) {
    throw new CorruptFileError('unreadable', 'the markup has no original file (markup_assets position 0 naming an upload)');
  }

  for (const original of originals) {
    if (original.completed_at) continue;
    // A client uploading straight to the store (POST /markups/objectstore): the object appears when its PUT ends.
    const info = await ctx.store.head(original.storage_key!);
    if (!info) return waitUntil && ctx.now() < waitUntil.getTime() ? { kind: 'waiting' } : { kind: 'never_arrived' };
    if (info.size > Number(original.filesize))
      throw new CorruptFileError(
        'larger_than_declared',
        `the uploaded file has ${info.size} bytes, more than the ${original.filesize} declared`,
      );
    await ctx.db.query(
      'UPDATE uploads SET etag = $2, filesize = $3, completed_at = COALESCE(completed_at, $4::timestamptz) WHERE id = $1',
      [original.upload_id, normalizeEtag(info.etag), info.size, isoAt(ctx.now())],
    );
  }

  const measured: Measured[] = [];
  const renditions = storedRenditions(ctx.store, (position, name) => renditionKey(markup.workspace_id, markupId, position, name));
  for (const original of originals) {
    const mimeType = (original.asset_mime_type ?? original.content_type ?? markup.original_mime_type ?? '').toLowerCase();
    measured.push({
      assetId: original.asset_id,
      analysis: await analyzeOne(ctx, markup.type as MarkupFileKind, mimeType, original.storage_key!, (page, pair) =>
        renditions.sink(original.position + page, pair),
      ),
    });
  }
  let thumbnail: string | null = null;
  const first = measured[0]!.analysis.thumbnail;
  if (first) {
    thumbnail = thumbnailKey(markup.workspace_id, markupId, first.extension);
    await ctx.store.put(thumbnail, first.bytes, first.contentType);
  }
  // A PDF's thumbnail is its first page's.
  thumbnail ??= renditions.stored.get(0)?.thumbnailKey ?? null;
  return (await commit(ctx, markup, lease, measured, thumbnail, renditions.stored)) ? { kind: 'done' } : { kind: 'lost_lease' };
}

/** One original, copied to a temporary folder that is removed whatever happens. */
async function analyzeOne(ctx: JobContext, kind: MarkupFileKind, mimeType: string, key: string, sink: RenditionSink): Promise<Analysis> {
  const dir = await mkdtemp(path.join(ctx.tmpDir, 'pinmark-conversion-'));
  try {
    const { file, size } = await download(ctx.store, key, dir);
    return await analyzeFile(kind, mimeType, file, size, { sink, log: ctx.log });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The one transaction that makes the markup ready; false when the lease or the markup is gone. */
async function commit(
  ctx: JobContext,
  markup: MarkupInfo,
  lease: string,
  measured: Measured[],
  thumbnail: string | null,
  renditions: StoredRenditions,
): Promise<boolean> {
  const now = ctx.now();
  const at = isoAt(now);
  const markupId = markup.markup_id;
  return ctx.db.transaction(async (tx) => {
    const held = await queryOne(
      tx,
      `SELECT 1 FROM markup_conversions c JOIN markups m ON m.id = c.markup_id
       WHERE c.markup_id = $1 AND c.lease_id = $2 AND c.status = 'pending' AND NOT m.is_ready AND m.deleted_at IS NULL
       FOR UPDATE OF c, m`,
      [markupId, lease],
    );
    if (!held) return false;
    for (const { assetId, analysis } of measured) {
      const size = analysis.assets[0];
      await tx.query('UPDATE markup_assets SET width = $2, height = $3, duration_ms = $4, modified_at = $5::timestamptz WHERE id = $1', [
        assetId,
        size?.width ?? null,
        size?.height ?? null,
        size?.durationMs ?? null,
        at,
      ]);
    }
    if (markup.type === 'pdf') {
      // Pages 2..n reference the original (file_id NULL); a repeated run replaces them.
      await tx.query(`DELETE FROM markup_assets WHERE markup_id = $1 AND position > 0 AND kind = 'page' AND file_id IS NULL`, [markupId]);
      for (const [index, page] of measured[0]!.analysis.assets.slice(1).entries()) {
        await tx.query(
          `INSERT INTO markup_assets (id, markup_id, kind, position, file_id, mime_type, width, height, created_at, modified_at)
           VALUES ($1, $2, 'page', $3, NULL, 'application/pdf', $4, $5, $6::timestamptz, $6::timestamptz)`,
          [randomUUID(), markupId, index + 1, page.width, page.height, at],
        );
      }
    }
    for (const [position, stored] of renditions) {
      await tx.query(
        `UPDATE markup_assets SET thumbnail_storage_key = $3, preview_storage_key = $4, preview_width = $5, preview_height = $6
         WHERE markup_id = $1 AND position = $2`,
        [markupId, position, stored.thumbnailKey, stored.previewKey, stored.previewWidth, stored.previewHeight],
      );
    }
    await tx.query(
      `UPDATE markups SET is_ready = true, modified_at = $2::timestamptz, thumbnail_storage_key = COALESCE($3, thumbnail_storage_key) WHERE id = $1`,
      [markupId, at, thumbnail],
    );
    await tx.query(
      `UPDATE markup_conversions SET status = 'done', finished_at = $2::timestamptz, lease_id = NULL, last_error = NULL WHERE markup_id = $1`,
      [markupId, at],
    );
    await recordMarkupEvent(tx, {
      type: 'markup_ready',
      workspaceId: markup.workspace_id,
      occurredAt: now,
      markupId,
      actorUserId: null,
    });
    return true;
  });
}
