/**
 * Read addresses of stored files as the API hands them out: presigned GET URLs that expire. They
 * are signed as of the start of a 10-minute window and last 70 minutes, so every response within a
 * window carries the same URL (the browser's cache works) and each URL still has an hour to live.
 * Raster images are served inline (for <img>); anything else is a download under its own name.
 *
 * Because a window's URL never changes, it is signed once and remembered for the rest of the window:
 * a markup of 100 images hands out 300 URLs per read, and signing them was ~7 ms of every such read.
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

/** Remembered URLs per store (at ~1 KB each, a few MB at most); emptied when full or when the window moves on. */
const REMEMBERED_MAX = 5_000;
const remembered = new WeakMap<ObjectStore, { window: number; urls: Map<string, string> }>();

export function fileUrls(store: ObjectStore, clock: Clock): FileUrls {
  return {
    read(key, contentType, filename) {
      const windowMs = READ_URL_WINDOW_SECONDS * 1000;
      const at = Math.floor(clock.now() / windowMs) * windowMs;
      // Whole seconds: X-Amz-Date has no milliseconds.
      const signedAt = Math.floor(at / 1000) * 1000;
      const expiresInSec = READ_URL_MIN_SECONDS + READ_URL_WINDOW_SECONDS;
      const expiresAt = signedAt + expiresInSec * 1000;
      const inline = isInlineImage(contentType);
      let cache = remembered.get(store);
      if (!cache || cache.window !== signedAt || cache.urls.size >= REMEMBERED_MAX) {
        cache = { window: signedAt, urls: new Map() };
        remembered.set(store, cache);
      }
      const name = inline ? `i\n${key}` : `d\n${key}\n${filename}`;
      let url = cache.urls.get(name);
      if (url === undefined) {
        url = store.presignGet(key, expiresInSec, inline ? { at: signedAt } : { at: signedAt, downloadFilename: filename });
        cache.urls.set(name, url);
      }
      return { url, expiresAt };
    },
  };
}
