/**
 * POST /markups/objectstore (§4.4): a file markup whose file goes straight to the object store
 * with an HTTP PUT, for files too big for POST /markups/file. The markup exists at once (isReady
 * false) with a pending `markup_asset` upload and a conversion row that waits for the object: the
 * conversion worker HEADs the key until it appears (or gives up), so this works the same with the
 * local store and with S3, which sends us no notification. The declared size (signed into the
 * URL, so the object cannot be bigger) is held against the workspace's storage quota at once.
 * Decisions: docs/api-decisions.md, "File markups and conversion" and "Storage quotas".
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { isoAt } from '../db/db.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../domain/errors.ts';
import { readQuery } from '../http/validate.ts';
import { actingUserId } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { requireApiKey } from '../domain/permissions.ts';
import { PDF_MAX_BYTES } from '../conversion/analyze.ts';
import { createMarkup, fileMarkupReviewUrl, markupTypeOf } from '../model/markup-writes.ts';
import { placementFolder } from '../model/markup-targets.ts';
import { insertUpload } from '../model/uploads.ts';
import { checkStorageQuota } from '../model/storage-quota.ts';
import { normalizeContentType, UPLOAD_RULES, uploadKey } from '../domain/upload-rules.ts';
import { workspaceForCaller } from '../model/workspaces.ts';
import { objectstoreQuerySchema } from '../schemas/markups.ts';

const MB = 1024 * 1024;
/** Largest file per markup type: S3's single PUT for video; what conversion can read for the rest. */
export const OBJECTSTORE_MAX_BYTES = { image: 256 * MB, pdf: PDF_MAX_BYTES, video: 5 * 1024 * MB } as const;
/** The PUT must start within this time… */
export const OBJECTSTORE_URL_SECONDS = 60 * 60;
/** …and end within this much more, or the markup is given up (a 5 GB upload on a slow line). */
export const OBJECTSTORE_UPLOAD_GRACE_MS = 6 * 60 * 60 * 1000;
/** The first look for the object: a small file may already be there. */
const FIRST_LOOK_MS = 5_000;

export interface MarkupObjectstoreResponse {
  /** §4.4: PUT the file here with exactly `headers`. */
  url: string;
  method: 'PUT';
  headers: { 'Content-Type': string; 'Content-Length': string };
  /** When the URL stops accepting the upload. */
  expiresAt: string;
  /** The markup created now (isReady false until its file has arrived and been converted). */
  markupId: string;
  fileId: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export function markupObjectstoreRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock, storage } = deps;

  routes.post('/markups/objectstore', async (c) => {
    const caller = requireApiKey(callerOf(c));
    const query = readQuery(c, objectstoreQuerySchema);
    const contentType = normalizeContentType(query.mimeType);
    const accepted = UPLOAD_RULES.markup_asset.types;
    if (!accepted.includes(contentType)) {
      throw new ApiError(415, 'unsupported_media_type', `Markups accept ${accepted.join(', ')} (got "${contentType}")`, [
        { path: 'mimeType', message: `one of ${accepted.join(', ')}` },
      ]);
    }
    const type = markupTypeOf(contentType);
    const maxBytes = OBJECTSTORE_MAX_BYTES[type];
    if (query.filesize > maxBytes) {
      throw new ApiError(
        413,
        'payload_too_large',
        `${type === 'pdf' ? 'PDF' : type} markups may be at most ${maxBytes / MB} MB (got ${query.filesize} bytes)`,
        [{ path: 'filesize', message: `at most ${maxBytes} bytes` }],
      );
    }
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    await placementFolder(db, workspace, query.parentFolderId);

    const now = clock.now();
    const markupId = randomUUID();
    const fileId = randomUUID();
    const filename = `${query.name ?? 'upload'}.${EXTENSIONS[contentType]}`;
    const key = uploadKey(workspace.id, 'markup_asset', fileId, filename);
    await db.transaction(async (tx) => {
      const folderId = await placementFolder(tx, workspace, query.parentFolderId);
      const userId = await actingUserId(tx, caller, workspace.id, clock);
      await checkStorageQuota(tx, deps.config.quotas, { workspaceId: workspace.id, userId, now }, query.filesize);
      await createMarkup(tx, {
        id: markupId,
        workspaceId: workspace.id,
        folderId,
        type,
        name: query.name ?? `Untitled ${type === 'pdf' ? 'PDF' : type}`,
        url: null,
        markupUrl: fileMarkupReviewUrl(deps.config.publicUrl, markupId),
        originalMimeType: contentType,
        isReady: false,
        createdByUserId: userId,
        now,
      });
      // Pending until the worker sees the object; its declared size is the limit it is checked against.
      await insertUpload(tx, {
        id: fileId,
        workspaceId: workspace.id,
        resourceType: 'markup_asset',
        resourceId: markupId,
        key,
        filename,
        contentType,
        filesize: query.filesize,
        createdByUserId: userId,
        now,
      });
      await tx.query(
        `INSERT INTO markup_assets (id, markup_id, kind, position, file_id, mime_type, created_at, modified_at)
         VALUES ($1, $2, $3, 0, $4, $5, $6::timestamptz, $6::timestamptz)`,
        [randomUUID(), markupId, type === 'pdf' ? 'page' : type, fileId, contentType, isoAt(now)],
      );
      await tx.query(
        `INSERT INTO markup_conversions (markup_id, next_attempt_at, wait_until, created_at) VALUES ($1, $2::timestamptz, $3::timestamptz, $4::timestamptz)`,
        [markupId, isoAt(now + FIRST_LOOK_MS), isoAt(now + OBJECTSTORE_URL_SECONDS * 1000 + OBJECTSTORE_UPLOAD_GRACE_MS), isoAt(now)],
      );
    });
    const url = storage.presignPut({ key, contentType, contentLength: query.filesize, expiresInSec: OBJECTSTORE_URL_SECONDS });
    const body: MarkupObjectstoreResponse = {
      url,
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'Content-Length': String(query.filesize) },
      expiresAt: isoAt(Math.floor(now / 1000) * 1000 + OBJECTSTORE_URL_SECONDS * 1000),
      markupId,
      fileId,
    };
    return ok(c, body);
  });

  return routes;
}
