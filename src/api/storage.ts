/**
 * Sends a file to the storage address of an upload policy (an S3-style presigned POST): the
 * policy's fields in order, then the file. Storage is not the API: no bearer token, no JSON, and
 * its answer is only an ETag header, which the API's upload-complete / PUT screenshot then checks.
 * Failures reject with an ApiError like every other call, so the widget explains them the same way.
 */
import { natives } from '../util/natives';
import { ApiError, apiErrorFromBody } from './errors';
import type { PresignedPost } from './wire';

export interface StorageUploadOptions {
  signal?: AbortSignal;
  /** Default 60 s: files can be large on slow connections. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export async function postToStorage(
  policy: PresignedPost,
  file: Blob,
  filename: string,
  options: StorageUploadOptions = {},
): Promise<{ etag: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', file, filename);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? 60_000);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) controller.abort();
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? natives().fetch)(policy.url, {
        method: 'POST',
        body: form,
        signal: controller.signal,
        credentials: 'omit',
      });
    } catch {
      if (timedOut) throw new ApiError(0, 'timeout', 'The upload timed out.');
      if (controller.signal.aborted) throw new ApiError(0, 'aborted', 'The upload was cancelled.');
      throw new ApiError(0, 'network_error', 'The file storage could not be reached.');
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw apiErrorFromBody(response.status, response.statusText, text);
    }
    const etag = response.headers.get('ETag');
    if (!etag) throw new ApiError(response.status, 'invalid_response', 'The file storage did not confirm the upload.');
    return { etag: etag.replace(/^W\//, '').replace(/"/g, '') };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** Reads a JSON file from its signed storage address (no token: the address is the permission). */
export async function getStoredJson(url: string, fetchImpl: typeof fetch = natives().fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'network_error', 'The file storage could not be reached.');
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text);
  try {
    return natives().parse(text);
  } catch {
    throw new ApiError(response.status, 'invalid_response', 'The file is not JSON.');
  }
}
