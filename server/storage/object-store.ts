/**
 * What the API needs from object storage, so routes never know whether files live in the server's
 * data folder (LocalObjectStore, the default) or in an S3-compatible bucket (S3ObjectStore). Uploads
 * never pass through the API: clients post them straight to the store with a presigned POST, and
 * read them through expiring presigned GET URLs — the same flow in both drivers. Files too big for
 * a POST form's round trip (file markups, POST /markups/objectstore) go up with a presigned PUT. The
 * server itself reads objects only to convert file markups, and writes only their thumbnails.
 */
import type { PresignedPost } from '../../src/api/wire.ts';
import { uriEncode } from './sigv4.ts';

export interface PresignPostOptions {
  key: string;
  /** Exact Content-Type the form must declare (and the object is stored with). */
  contentType: string;
  /** Largest accepted file, in bytes (`content-length-range` 1..maxBytes). */
  maxBytes: number;
  expiresInSec: number;
  /** Stored with the object as `x-amz-meta-<name>`; names are lower-case `[a-z0-9-]`. */
  metadata?: Record<string, string>;
}

export interface PresignGetOptions {
  /** Makes the response a download with this file name (`response-content-disposition`). */
  downloadFilename?: string;
  /** Overrides the stored Content-Type of the response (`response-content-type`). */
  contentType?: string;
  /** Sign as of this time (epoch ms) instead of now, so URLs can stay identical for a while. */
  at?: number;
}

export interface PresignPutOptions {
  key: string;
  /** Signed in: the PUT must send exactly this Content-Type… */
  contentType: string;
  /** …and exactly this Content-Length, so the store itself enforces the declared size. */
  contentLength: number;
  expiresInSec: number;
}

export interface ObjectInfo {
  size: number;
  /** The MD5 hex of the content, without quotes (what S3's ETag holds for single-part uploads). */
  etag: string;
  contentType: string;
}

export interface ObjectStore {
  /** The bucket name shown in upload policies. */
  readonly bucket: string;
  presignPost(options: PresignPostOptions): PresignedPost;
  presignGet(key: string, expiresInSec: number, options?: PresignGetOptions): string;
  /** A URL a client uploads the object to with `PUT`, sending the signed Content-Type and Content-Length. */
  presignPut(options: PresignPutOptions): string;
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes as a stream (never buffered whole), or null when it is missing. */
  read(key: string): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null>;
  /** Stores a small object the server made itself (a thumbnail), replacing any older one. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<ObjectInfo>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** A Content-Disposition value: the RFC 6266 `filename*` in UTF-8 plus an ASCII fallback. */
export function contentDisposition(type: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return type;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${uriEncode(filename)}`;
}

/** The S3 response-override parameters a presigned GET signs in. */
export function signedGetQuery(options: PresignGetOptions): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.downloadFilename) query['response-content-disposition'] = contentDisposition('attachment', options.downloadFilename);
  if (options.contentType) query['response-content-type'] = options.contentType;
  return query;
}

/** `"abc"`, `W/"abc"` or `ABC` → `abc`: ETags compare without quotes, case-insensitively. */
export function normalizeEtag(value: string): string {
  return value
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
}

/** Deletes objects one by one, never throwing: a failed delete leaves an orphan, not a failed request. */
export async function deleteQuietly(
  store: ObjectStore,
  keys: Iterable<string>,
  onError: (key: string, error: unknown) => void,
): Promise<void> {
  for (const key of new Set(keys)) {
    try {
      await store.delete(key);
    } catch (error) {
      onError(key, error);
    }
  }
}
