/**
 * §4.2 thread screenshots: a policy for uploading the image (`GET …/screenshot-upload-policy`, the
 * client picks the fileId), then `PUT …/screenshot` attaches it once the object is proven to be in
 * the store (replacing and deleting an older one), and `GET …/screenshot` reads it with a fresh
 * signed URL. Only the thread's author or an API key may change a thread's screenshot. A policy
 * holds its declared size against the storage quotas (model/storage-quota.ts) until it is used.
 */
import { Hono } from 'hono';
import type { ScreenshotUploadPolicyResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { ApiError, validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import { isUuid } from '../domain/ids.ts';
import { pathId, readJson, readQuery } from '../http/validate.ts';
import { actingUserId } from '../model/access.ts';
import { callerOf } from '../http/caller.ts';
import { deleteObjects, forgetUploads } from '../model/file-cleanup.ts';
import { fileUrls } from '../model/file-urls.ts';
import { loadScreenshot, putScreenshot, toScreenshotResponse } from '../model/screenshots.ts';
import { checkUploadAllowed, normalizeContentType, UPLOAD_POLICY_SECONDS, uploadKey } from '../domain/upload-rules.ts';
import { findUpload, insertUpload, markCompleted, verifyStoredObject } from '../model/uploads.ts';
import { checkStorageQuota } from '../model/storage-quota.ts';
import { putScreenshotSchema, screenshotPolicyQuerySchema } from '../schemas/uploads.ts';
import { threadForUpdate } from './upload-access.ts';
import { threadForCaller } from './threads.ts';
import { uploadMetadata } from './uploads.ts';

const SCREENSHOT_TYPES = new Set(['thread_screenshot', 'thread_snapshot']);

export function screenshotRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock, storage } = deps;
  const files = fileUrls(storage, clock);

  routes.get('/threads/:id/screenshot-upload-policy', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForUpdate(db, caller, pathId(c, 'id', 'Thread'));
    const query = readQuery(c, screenshotPolicyQuerySchema);
    const contentType = normalizeContentType(query.mimeType);
    checkUploadAllowed('thread_screenshot', contentType, query.filesize);
    const fileId = query.fileId.toLowerCase();
    const key = uploadKey(thread.workspace_id, 'thread_screenshot', fileId, query.filename);
    const existing = await findUpload(db, fileId);
    // Asking again for the same fileId (a retry) re-issues the policy while nothing is completed.
    if (existing && (existing.resource_type !== 'thread_screenshot' || existing.resource_id !== thread.id || existing.completed_at)) {
      throw new ApiError(409, 'conflict', 'This fileId is already used; choose a new one (crypto.randomUUID())');
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (existing) {
        // A re-issued policy replaces its own reservation rather than adding a second one.
        const subject = { workspaceId: thread.workspace_id, userId: existing.created_by_user_id, now, exceptUploadId: existing.id };
        await checkStorageQuota(tx, deps.config.quotas, subject, query.filesize);
        await tx.query('UPDATE uploads SET storage_key = $2, filename = $3, content_type = $4, filesize = $5 WHERE id = $1', [
          fileId,
          key,
          query.filename,
          contentType,
          query.filesize,
        ]);
        return;
      }
      const createdByUserId = await actingUserId(tx, caller, thread.workspace_id, clock);
      await checkStorageQuota(tx, deps.config.quotas, { workspaceId: thread.workspace_id, userId: createdByUserId, now }, query.filesize);
      await insertUpload(tx, {
        id: fileId,
        workspaceId: thread.workspace_id,
        resourceType: 'thread_screenshot',
        resourceId: thread.id,
        key,
        filename: query.filename,
        contentType,
        filesize: query.filesize,
        createdByUserId,
        now,
      });
    });
    if (existing && existing.storage_key !== key) await deleteObjects(storage, { uploadIds: [], keys: [existing.storage_key] }, deps.log);
    const metadata = uploadMetadata({ fileId, resourceType: 'thread_screenshot', resourceId: thread.id });
    const policy = storage.presignPost({ key, contentType, maxBytes: query.filesize, expiresInSec: UPLOAD_POLICY_SECONDS, metadata });
    const body: ScreenshotUploadPolicyResponse = { key, policy, bucket: storage.bucket, metadata };
    return ok(c, body);
  });

  routes.put('/threads/:id/screenshot', async (c) => {
    const caller = callerOf(c);
    const thread = await threadForUpdate(db, caller, pathId(c, 'id', 'Thread'));
    const input = await readJson(c, putScreenshotSchema);
    const upload = isUuid(input.fileId) ? await findUpload(db, input.fileId.toLowerCase()) : undefined;
    if (!upload || !SCREENSHOT_TYPES.has(upload.resource_type) || upload.resource_id !== thread.id) {
      throw validationFailed('fileId: no screenshot upload policy of this thread has this fileId', [
        { path: 'fileId', message: 'ask GET /threads/:id/screenshot-upload-policy for this thread first' },
      ]);
    }
    const details: ErrorDetail[] = [];
    if (input.key !== upload.storage_key) details.push({ path: 'key', message: 'not the key of the policy for this fileId' });
    if (normalizeContentType(input.mimeType) !== upload.content_type)
      details.push({ path: 'mimeType', message: `the policy was for ${upload.content_type}` });
    if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
    const info = await verifyStoredObject(storage, upload, input.etag);
    if (info.size !== input.filesize) {
      throw validationFailed(`filesize: the stored file has ${info.size} bytes`, [
        { path: 'filesize', message: `the stored file has ${info.size} bytes` },
      ]);
    }
    const now = clock.now();
    const { row, dropped } = await db.transaction(async (tx) => {
      // As in POST /upload-complete: only a quota lowered since the policy refuses, and the upload stays pending.
      if (!upload.completed_at) {
        const subject = { workspaceId: upload.workspace_id, userId: upload.created_by_user_id, now, exceptUploadId: upload.id };
        await checkStorageQuota(tx, deps.config.quotas, subject, info.size);
      }
      await markCompleted(tx, upload, info, now);
      const put = await putScreenshot(tx, {
        threadId: thread.id,
        uploadId: upload.id,
        key: upload.storage_key,
        etag: info.etag,
        mimeType: upload.content_type,
        originalFilename: input.originalFilename ?? upload.filename,
        width: input.width,
        height: input.height,
        filesize: info.size,
        // The widget renders the page's DOM into an image: a static capture (docs/api-decisions.md).
        type: input.type ?? 'static',
        now,
      });
      await forgetUploads(tx, put.dropped);
      return put;
    });
    await deleteObjects(storage, dropped, deps.log);
    return ok(c, toScreenshotResponse(row, files));
  });

  routes.get('/threads/:id/screenshot', async (c) => {
    const thread = await threadForCaller(db, callerOf(c), pathId(c, 'id', 'Thread'));
    const row = await loadScreenshot(db, thread.id);
    if (!row) throw new ApiError(404, 'not_found', 'This thread has no screenshot');
    return ok(c, toScreenshotResponse(row, files));
  });

  return routes;
}
