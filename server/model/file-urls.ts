/**
 * Read addresses of stored files as the API hands them out: presigned GET URLs that expire. They
 * are signed as of the start of a 10-minute window and last 70 minutes, so every response within a
 * window carries the same URL (the browser's cache works) and each URL still has an hour to live.
 * Raster images are served inline (for <img>); anything else is a download under its own name.
 */
import type { Clock } from '../domain/clock.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { isInlineImage, READ_URL_MIN_SECONDS, READ_URL_WINDOW_SECONDS } from '../domain/upload-rules.ts';

export interface SignedRead {
  url: string;
  /** Epoch ms after which the URL is refused. */
  expiresAt: number;
}

export interface FileUrls {
  read(key: string, contentType: string, filename: string): SignedRead;
}

export function fileUrls(store: ObjectStore, clock: Clock): FileUrls {
  return {
    read(key, contentType, filename) {
      const windowMs = READ_URL_WINDOW_SECONDS * 1000;
      const at = Math.floor(clock.now() / windowMs) * windowMs;
      // Whole seconds: X-Amz-Date has no milliseconds.
      const signedAt = Math.floor(at / 1000) * 1000;
      const expiresInSec = READ_URL_MIN_SECONDS + READ_URL_WINDOW_SECONDS;
      const url = store.presignGet(
        key,
        expiresInSec,
        isInlineImage(contentType) ? { at: signedAt } : { at: signedAt, downloadFilename: filename },
      );
      return { url, expiresAt: signedAt + expiresInSec * 1000 };
    },
  };
}
