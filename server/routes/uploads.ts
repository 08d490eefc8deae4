/**
 * §4.8 uploads: `POST /upload-policy` checks the type, size and resource, records a pending upload
 * and returns a presigned POST for the object store; the client posts the file straight to the
 * store, then `POST /upload-complete` proves the object is there with the reported ETag. The
 * returned fileId is what messages' `attachments` name. The policy's declared size is held against
 * the storage quotas from the moment it is issued (model/storage-quota.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { UploadPolicyResponse } from '../../src/api/wire.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { ApiError, notFound } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import { isUuid } from '../domain/ids.ts';
import { readJson } from '../http/validate.ts';
import type { Caller } from '../domain/viewer.ts';
import { actingUserId } from '../model/access.ts';
import { apiKeyReaches } from '../domain/permissions.ts';
import { callerOf } from '../http/caller.ts';
import { fileUrls } from '../model/file-urls.ts';
import { checkUploadAllowed, normalizeContentType, UPLOAD_POLICY_SECONDS, uploadKey } from '../domain/upload-rules.ts';
import {
  applyCompletedUpload,
  checkCompleteEcho,
  findUpload,
  insertUpload,
  markCompleted,
  toUploadCompleteResponse,
  verifyStoredObject,
  type UploadRow,
} from '../model/uploads.ts';
import { deleteObjects } from '../model/file-cleanup.ts';
import { checkStorageQuota } from '../model/storage-quota.ts';
import { uploadCompleteSchema, uploadPolicySchema } from '../schemas/uploads.ts';
import { uploadTarget } from './upload-access.ts';

/** Metadata stored with the object (`x-amz-meta-*`): ASCII only, so ids, never names. */
export function uploadMetadata(upload: { fileId: string; resourceType: string; resourceId: string }): Record<string, string> {
  return { 'file-id': upload.fileId, 'resource-type': upload.resourceType, 'resource-id': encodeURIComponent(upload.resourceId) };
}

/**
 * The upload, if this caller made it: the same reviewer for an exchange token, any API key
 * reaching its workspace for keys. 404 otherwise (its existence is not revealed).
 */
export async function uploadForCaller(deps: AppDeps, caller: Caller, fileId: string): Promise<UploadRow> {
  const upload = isUuid(fileId) ? await findUpload(deps.db, fileId.toLowerCase()) : undefined;
  const mine =
    upload &&
    (caller.kind === 'api_key'
      ? apiKeyReaches(caller, upload)
      : upload.created_by_user_id === caller.userId && upload.workspace_id === caller.workspaceId);
  if (!upload || !mine) throw notFound('Upload');
  return upload;
}

export function uploadRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock, storage } = deps;
  const files = fileUrls(storage, clock);

  routes.post('/upload-policy', async (c) => {
    const caller = callerOf(c);
    const input = await readJson(c, uploadPolicySchema);
    const contentType = normalizeContentType(input.contentType);
    checkUploadAllowed(input.resourceType, contentType, input.filesize);
    const target = await uploadTarget(db, caller, input.resourceType, input.resourceId);
    const fileId = randomUUID();
    const key = uploadKey(target.workspaceId, input.resourceType, fileId, input.filename);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const createdByUserId = await actingUserId(tx, caller, target.workspaceId, clock);
      await checkStorageQuota(tx, deps.config.quotas, { workspaceId: target.workspaceId, userId: createdByUserId, now }, input.filesize);
      await insertUpload(tx, {
        id: fileId,
        workspaceId: target.workspaceId,
        resourceType: input.resourceType,
        resourceId: target.resourceId,
        key,
        filename: input.filename,
        contentType,
        filesize: input.filesize,
        createdByUserId,
        now,
      });
    });
    const metadata = uploadMetadata({ fileId, resourceType: input.resourceType, resourceId: target.resourceId });
    const policy = storage.presignPost({ key, contentType, maxBytes: input.filesize, expiresInSec: UPLOAD_POLICY_SECONDS, metadata });
    const body: UploadPolicyResponse = { fileId, key, bucket: storage.bucket, policy, metadata };
    return ok(c, body);
  });

  routes.post('/upload-complete', async (c) => {
    const caller = callerOf(c);
    const input = await readJson(c, uploadCompleteSchema);
    const upload = await uploadForCaller(deps, caller, input.fileId);
    checkCompleteEcho(upload, input);
    const info = await verifyStoredObject(storage, upload, input.etag);
    if (upload.completed_at && upload.etag !== info.etag) {
      throw new ApiError(409, 'etag_mismatch', `This upload was completed with ETag "${upload.etag}"; its file has changed since`);
    }
    const now = clock.now();
    const { completed, replaced } = await db.transaction(async (tx) => {
      // The policy reserved its declared size, so this refuses only when the quota was lowered
      // since. The upload stays pending and counted (its policy may still be valid: deleting it
      // would let a re-post store bytes nobody counts), so a retry after deleting files succeeds,
      // and the sweep removes it if none comes.
      if (!upload.completed_at) {
        const subject = { workspaceId: upload.workspace_id, userId: upload.created_by_user_id, now, exceptUploadId: upload.id };
        await checkStorageQuota(tx, deps.config.quotas, subject, info.size, { path: 'fileId' });
      }
      const done = await markCompleted(tx, upload, info, now);
      return { completed: done, replaced: await applyCompletedUpload(tx, done, now) };
    });
    await deleteObjects(storage, replaced, deps.log);
    return ok(c, toUploadCompleteResponse(completed, files));
  });

  return routes;
}
