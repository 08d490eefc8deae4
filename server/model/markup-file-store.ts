/**
 * Getting a streamed upload into the object store for POST /markups/file. The local store takes
 * the bytes as they arrive (its writer hashes and counts them). Any other store (S3) needs the
 * length before the first byte, so the bytes wait in a temporary file on disk — never in memory —
 * and are sent with a presigned PUT once complete. Also: what a file's first bytes must look like
 * for its declared type, so an HTML page cannot be stored under an image type.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalObjectStore } from '../storage/local-store.ts';
import { normalizeEtag, type ObjectStore } from '../storage/object-store.ts';

export interface StoredFile {
  key: string;
  size: number;
  etag: string;
}

export interface ObjectSink {
  write(chunk: Uint8Array): Promise<void>;
  /** Makes the object visible under its key. */
  commit(): Promise<StoredFile>;
  /** Drops what was written (safe after a commit: the caller deletes committed objects itself). */
  abort(): Promise<void>;
}

const PUT_EXPIRES_SEC = 15 * 60;

export async function openObjectSink(
  store: ObjectStore,
  key: string,
  contentType: string,
  metadata: Record<string, string>,
): Promise<ObjectSink> {
  if (store instanceof LocalObjectStore) {
    const writer = await store.createWriter();
    return {
      write: (chunk) => writer.write(chunk),
      commit: async () => {
        const object = await writer.commit(key, contentType, metadata);
        return { key, size: object.size, etag: object.etag };
      },
      abort: () => writer.abort(),
    };
  }
  const file = path.join(tmpdir(), `pinmark-markup-upload-${randomUUID()}`);
  const handle: FileHandle = await open(file, 'wx', 0o600);
  let size = 0;
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  return {
    async write(chunk) {
      size += chunk.length;
      let offset = 0;
      while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
    },
    async commit() {
      try {
        await close();
        const url = store.presignPut({ key, contentType, contentLength: size, expiresInSec: PUT_EXPIRES_SEC });
        const response = await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': contentType, 'content-length': String(size) },
          body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
          duplex: 'half',
        } as RequestInit);
        if (!response.ok) throw new Error(`The object store refused the upload of ${key}: HTTP ${response.status}`);
        const info = await store.head(key);
        if (!info) throw new Error(`The object store does not show ${key} after its upload`);
        return { key, size: info.size, etag: normalizeEtag(info.etag) };
      } finally {
        await rm(file, { force: true });
      }
    },
    async abort() {
      await close();
      await rm(file, { force: true });
    },
  };
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** For parts sent without a useful Content-Type (none, or application/octet-stream). */
export function typeFromFilename(filename: string): string | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) ?? null;
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  'application/pdf': (h) => startsWith(h, ascii('%PDF-')),
  'video/mp4': (h) => startsWith(h, ascii('ftyp'), 4),
  'video/webm': (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
};

/** Why these first bytes are not a file of `contentType`, or null when they are. */
export function sniffMismatch(contentType: string, head: Buffer): string | null {
  const check = SIGNATURES[contentType];
  if (!check) return `is of an unsupported type ${contentType}`;
  return check(head) ? null : `does not look like ${contentType} (its first bytes do not match)`;
}
