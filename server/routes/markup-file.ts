/**
 * POST /markups/file (§4.4): a multipart upload of up to 100 MB that becomes one file markup.
 * The body is streamed part by part straight into the object store (never held in memory), every
 * byte counted against the limit, each file's first bytes checked against its declared type. Only
 * when all files are stored does one transaction create the markup, its completed `uploads` rows
 * and the asset rows conversion works from; on any refusal the stored objects are removed again.
 * The workspace's storage quota is reserved before the first byte (so concurrent uploads cannot
 * share the same free space) and every stored byte counted against it.
 * Receiving the files (limits, type checks, streaming into the store) is in markup-file-receive.ts.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { isoAt } from '../db/db.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, badRequest, validationFailed } from '../domain/errors.ts';
import { readQuery } from '../http/validate.ts';
import { actingUserId } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { markupScopes, requireApiKey } from '../domain/permissions.ts';
import { fileUrls } from '../model/file-urls.ts';
import { attachMarkupFiles, createMarkup, fileMarkupReviewUrl, markupTypeOf } from '../model/markup-writes.ts';
import { placementFolder } from '../model/markup-targets.ts';
import { toMarkupResponse } from '../model/markup-responses.ts';
import type { MarkupRow } from '../model/markups.ts';
import { MARKUP_FILE_MAX_BYTES } from '../domain/upload-rules.ts';
import { workspaceForCaller, type WorkspaceRow } from '../model/workspaces.ts';
import { MultipartError, MultipartReader, multipartBoundary } from '../storage/multipart.ts';
import { deleteQuietly } from '../storage/object-store.ts';
import { fileUploadQuerySchema } from '../schemas/markups.ts';
import type { ApiKeyCaller } from '../domain/viewer.ts';
import type { z } from 'zod';
import { checkStorageQuota, formatBytes, releaseReservation, reserveForStream, type StreamReservation } from '../model/storage-quota.ts';
import { checkFileSet, limitedBody, receiveFiles, tooLarge, type ReceivedFile } from './markup-file-receive.ts';

type FileUploadQuery = z.infer<typeof fileUploadQuerySchema>;

/** A reservation outlives any plausible 100 MB upload; one left by a crashed process stops counting then. */
const STREAM_RESERVATION_MS = 60 * 60 * 1000;
/** Framing (boundaries, part headers) a declared Content-Length counts but the quota does not. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const PATH = '/api/v2/markups/file';

/**
 * The app-wide 1 MiB body limit and the idempotency middleware (which hashes the whole body) would
 * both hold this upload in memory; this route streams and limits its body itself. Only multipart
 * bodies are let through: anything else sent here meets the usual JSON limit (then a 415).
 */
export function exceptStreamedUploads<E extends AppEnv>(middleware: MiddlewareHandler<E>): MiddlewareHandler<E> {
  return (c, next) =>
    c.req.method === 'POST' && new URL(c.req.url).pathname === PATH && multipartBoundary(c.req.header('content-type')) !== null
      ? next()
      : middleware(c, next);
}
const stem = (filename: string) => filename.replace(/\.[^.]{1,10}$/, '').trim() || filename;

export function markupFileRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock, storage } = deps;

  routes.post('/markups/file', async (c) => {
    const caller = requireApiKey(callerOf(c));
    if (c.req.header('idempotency-key') !== undefined) {
      throw badRequest(
        'Idempotency-Key is not supported on POST /markups/file (the upload is not kept to compare a retry with); retry without it',
        [{ path: 'Idempotency-Key', message: 'not supported here' }],
      );
    }
    const query = readQuery(c, fileUploadQuerySchema);
    const boundary = multipartBoundary(c.req.header('content-type'));
    if (!boundary) throw new ApiError(415, 'unsupported_media_type', 'Send the file as multipart/form-data (with a boundary)');
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MARKUP_FILE_MAX_BYTES) throw tooLarge();
    const workspace = await workspaceForCaller(db, caller, query.workspaceId);
    await placementFolder(db, workspace, query.parentFolderId);
    if (!c.req.raw.body) throw validationFailed('No file: the body is empty', [{ path: 'file', message: 'required' }]);

    const length = Number.isFinite(declared) && declared > 0 ? declared : null;
    const quota = await reserveForStream(
      db,
      deps.config.quotas,
      { workspaceId: workspace.id, userId: null, now: clock.now() },
      {
        declared: length,
        max: MARKUP_FILE_MAX_BYTES,
        minimum: Math.max(1, (length ?? 0) - FORM_OVERHEAD_BYTES),
        ttlMs: STREAM_RESERVATION_MS,
        path: 'files',
      },
    );
    try {
      const markup = await receiveAndCreate(deps, caller, c.req.raw.body, boundary, workspace, query, quota);
      return ok(c, await toMarkupResponse(db, markup, markupScopes(caller, markup), fileUrls(storage, clock)));
    } finally {
      await releaseReservation(db, quota.id);
    }
  });

  return routes;
}

/** Streams the files into the store, then creates the markup and its uploads in one transaction; on any failure nothing is kept. */
async function receiveAndCreate(
  deps: AppDeps,
  caller: ApiKeyCaller,
  raw: ReadableStream<Uint8Array>,
  boundary: string,
  workspace: WorkspaceRow,
  query: FileUploadQuery,
  quota: StreamReservation,
): Promise<MarkupRow> {
  const { db, clock, storage } = deps;
  const body = limitedBody(raw, MARKUP_FILE_MAX_BYTES);
  const reader = new MultipartReader(body.stream, boundary);
  const received: ReceivedFile[] = [];
  const forget = () =>
    deleteQuietly(
      storage,
      received.map((f) => f.key),
      (key, error) => deps.log.error(`Could not delete stored object ${key}`, error),
    );
  try {
    await receiveFiles(deps, reader, workspace.id, received, quota);
    checkFileSet(received);
  } catch (error) {
    await reader.cancel();
    await forget();
    if (body.exceeded()) throw tooLarge();
    if (error instanceof MultipartError) throw badRequest(`The form could not be read: ${error.message}`);
    throw error;
  }

  const first = received[0]!;
  const type = markupTypeOf(first.contentType);
  const now = clock.now();
  return db
    .transaction(async (tx) => {
      const folderId = await placementFolder(tx, workspace, query.parentFolderId);
      const userId = await actingUserId(tx, caller, workspace.id, clock);
      // The files replace the reservation: checked again in case it expired while they streamed.
      const subject = { workspaceId: workspace.id, userId, now, exceptReservationId: quota.id };
      await checkStorageQuota(tx, deps.config.quotas, subject, quota.taken(), {
        path: 'files',
        what: `this upload (${formatBytes(quota.taken())})`,
      });
      await releaseReservation(tx, quota.id);
      const id = randomUUID();
      const created = await createMarkup(tx, {
        id,
        workspaceId: workspace.id,
        folderId,
        type,
        name: query.name ?? stem(first.filename),
        url: null,
        markupUrl: fileMarkupReviewUrl(deps.config.publicUrl, id),
        originalMimeType: first.contentType,
        isReady: false,
        createdByUserId: userId,
        now,
      });
      for (const f of received) {
        await tx.query(
          `INSERT INTO uploads (id, workspace_id, resource_type, resource_id, storage_key, filename, content_type, filesize, etag,
             created_by_user_id, created_at, completed_at)
           VALUES ($1, $2, 'markup_asset', $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz)`,
          [f.fileId, workspace.id, id, f.key, f.filename, f.contentType, f.size, f.etag, userId, isoAt(now)],
        );
      }
      await attachMarkupFiles(
        tx,
        id,
        received.map((f) => ({ uploadId: f.fileId, contentType: f.contentType })),
        now,
      );
      return created;
    })
    .catch(async (error: unknown) => {
      await forget();
      throw error;
    });
}
