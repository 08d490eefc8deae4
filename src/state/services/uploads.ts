/**
 * The two upload flows of the API, as the widget runs them: a message attachment
 * (upload-policy → storage → upload-complete, then its fileId goes into a message) and a thread
 * screenshot (screenshot-upload-policy → storage → PUT screenshot). Each API call renews an expired
 * session once (the client does, api/client.ts `withCredential`); the storage POST needs no token.
 */
import type { ApiClient } from '../../api/client';
import { postToStorage } from '../../api/storage';
import type { ScreenshotResponse, UploadCompleteResponse, UploadResourceType } from '../../api/wire';

export interface UploaderDeps {
  api: ApiClient;
}

export interface FileUpload {
  resourceType: UploadResourceType;
  resourceId: string;
  file: Blob;
  filename: string;
  signal?: AbortSignal;
}

export interface ScreenshotUpload {
  blob: Blob;
  width: number;
  height: number;
  signal?: AbortSignal;
}

export type Uploader = ReturnType<typeof createUploader>;

export function createUploader({ api }: UploaderDeps) {
  return {
    async uploadFile({ resourceType, resourceId, file, filename, signal }: FileUpload): Promise<UploadCompleteResponse> {
      const contentType = file.type || 'application/octet-stream';
      const policy = await api.uploadPolicy({ resourceType, resourceId, filename, contentType, filesize: file.size });
      const { etag } = await postToStorage(policy.policy, file, filename, { signal });
      return api.uploadComplete({ fileId: policy.fileId, etag, resourceType, resourceId, key: policy.key });
    },

    async uploadScreenshot(threadId: string, { blob, width, height, signal }: ScreenshotUpload): Promise<ScreenshotResponse | undefined> {
      const mimeType = blob.type || 'image/png';
      const filename = `screenshot.${mimeType.split('/')[1] ?? 'png'}`;
      const fileId = randomId();
      const policy = await api.screenshotUploadPolicy(threadId, { fileId, filesize: blob.size, filename, mimeType });
      const { etag } = await postToStorage(policy.policy, blob, filename, { signal });
      return api.putScreenshot(threadId, {
        key: policy.key,
        etag,
        mimeType,
        width,
        height,
        filesize: blob.size,
        originalFilename: filename,
        fileId,
      });
    },
  };
}

/** A client-made file id (the screenshot policy takes one); random UUID where available. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
