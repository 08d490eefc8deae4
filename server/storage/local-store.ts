/**
 * The default object store: files in the server's data folder, handed out exactly like an S3
 * bucket — presigned POST policies for uploads and presigned GET URLs for reads, both SigV4 with a
 * secret of this data folder — and served by the Pinmark server itself (routes/storage.ts). So the
 * widget and any S3 client use one flow whether files live here or in a real bucket.
 *
 * Objects are stored under the SHA-256 of their key (no key can escape the folder, whatever its
 * characters): `<hash>.json` (key, size, ETag, Content-Type, metadata, data file) names the bytes
 * in `<hash>.<id>`. Replacing the metadata file is the atomic step, so a reader never sees new
 * metadata with old bytes or the reverse.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PresignedPost } from '../../src/api/wire.ts';
import type { Clock } from '../domain/clock.ts';
import {
  signedGetQuery,
  type ObjectInfo,
  type ObjectStore,
  type PresignGetOptions,
  type PresignPostOptions,
  type PresignPutOptions,
} from './object-store.ts';
import { buildPostFields } from './post-policy.ts';
import { presignUrl, sha256Hex, uriEncode, type SigV4Credentials } from './sigv4.ts';

export const LOCAL_BUCKET = 'pinmark';
export const LOCAL_ACCESS_KEY_ID = 'pinmark-local';
export const LOCAL_REGION = 'us-east-1';

export interface LocalObjectStoreOptions {
  /** Folder holding the objects (created when missing). */
  dir: string;
  /** Where browsers reach this server, without a trailing slash. */
  publicUrl: string;
  secretAccessKey: string;
  accessKeyId?: string;
  bucket?: string;
  region?: string;
  clock: Clock;
}

export interface StoredObject extends ObjectInfo {
  key: string;
  lastModified: number;
  metadata: Record<string, string>;
  /** File name of the bytes, beside the metadata file. */
  file: string;
}

/** Collects an upload's bytes into a temporary file, counting and hashing as they come. */
export interface ObjectWriter {
  readonly size: number;
  write(chunk: Uint8Array): Promise<void>;
  /** Makes the object visible under `key` (replacing an older one). */
  commit(key: string, contentType: string, metadata: Record<string, string>): Promise<StoredObject>;
  abort(): Promise<void>;
}

export class LocalObjectStore implements ObjectStore {
  readonly bucket: string;
  readonly credentials: SigV4Credentials;
  private readonly root: string;
  private readonly tmp: string;

  constructor(private readonly options: LocalObjectStoreOptions) {
    this.bucket = options.bucket ?? LOCAL_BUCKET;
    this.credentials = {
      accessKeyId: options.accessKeyId ?? LOCAL_ACCESS_KEY_ID,
      secretAccessKey: options.secretAccessKey,
      region: options.region ?? LOCAL_REGION,
    };
    this.root = path.resolve(options.dir, this.bucket);
    this.tmp = path.resolve(options.dir, '.tmp');
  }

  /** The credentials for an access key id this store accepts, or null. */
  credentialsFor(accessKeyId: string): SigV4Credentials | null {
    return accessKeyId === this.credentials.accessKeyId ? this.credentials : null;
  }

  /** `http://host/storage/<bucket>` — the POST target and the prefix of object URLs. */
  get bucketUrl(): string {
    return `${this.options.publicUrl}/storage/${this.bucket}`;
  }

  get publicHost(): string {
    return new URL(this.options.publicUrl).host;
  }

  presignPost(options: PresignPostOptions): PresignedPost {
    return {
      url: this.bucketUrl,
      fields: buildPostFields({ ...options, bucket: this.bucket, credentials: this.credentials, now: this.options.clock.now() }),
    };
  }

  presignGet(key: string, expiresInSec: number, options: PresignGetOptions = {}): string {
    return presignUrl({
      method: 'GET',
      url: new URL(`${this.bucketUrl}/${uriEncode(key, true)}`),
      credentials: this.credentials,
      now: options.at ?? this.options.clock.now(),
      expiresInSec,
      query: signedGetQuery(options),
    });
  }

  presignPut(options: PresignPutOptions): string {
    return presignUrl({
      method: 'PUT',
      url: new URL(`${this.bucketUrl}/${uriEncode(options.key, true)}`),
      credentials: this.credentials,
      now: this.options.clock.now(),
      expiresInSec: options.expiresInSec,
      headers: { 'content-type': options.contentType, 'content-length': String(options.contentLength) },
    });
  }

  async read(key: string): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null> {
    const opened = await this.get(key);
    if (!opened) return null;
    const { size, etag, contentType } = opened.object;
    return { info: { size, etag, contentType }, body: opened.body };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<ObjectInfo> {
    const writer = await this.createWriter();
    try {
      await writer.write(bytes);
      const object = await writer.commit(key, contentType, {});
      return { size: object.size, etag: object.etag, contentType: object.contentType };
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  /** The metadata file of a key; the data file sits beside it. */
  private metaPath(key: string): string {
    const hash = sha256Hex(key);
    return path.join(this.root, hash.slice(0, 2), `${hash}.json`);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as StoredObject;
      return meta.key === key && /^[0-9a-f]{64}\.[0-9a-f-]{36}$/.test(meta.file) ? meta : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const meta = await this.stat(key);
    return meta ? { size: meta.size, etag: meta.etag, contentType: meta.contentType } : null;
  }

  /** The object and a stream of its bytes (of `range` only, when given: first and last byte, inclusive), or null. */
  async get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ object: StoredObject; body: ReadableStream<Uint8Array> } | null> {
    const object = await this.stat(key);
    if (!object) return null;
    try {
      const handle = await open(path.join(path.dirname(this.metaPath(key)), object.file), 'r');
      // The handle's own stream closes it at the end (or when the response is cancelled).
      return { object, body: Readable.toWeb(handle.createReadStream(range)) as ReadableStream<Uint8Array> };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const object = await this.stat(key);
    // Metadata first: without it the object is already invisible.
    await rm(this.metaPath(key), { force: true });
    if (object) await rm(path.join(path.dirname(this.metaPath(key)), object.file), { force: true });
  }

  async createWriter(): Promise<ObjectWriter> {
    await mkdir(this.tmp, { recursive: true });
    const id = randomUUID();
    const tmpFile = path.join(this.tmp, id);
    const handle: FileHandle = await open(tmpFile, 'wx', 0o600);
    const md5 = createHash('md5');
    let size = 0;
    let closed = false;
    const close = async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    return {
      get size() {
        return size;
      },
      async write(chunk) {
        md5.update(chunk);
        size += chunk.length;
        let offset = 0;
        while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
      },
      // An arrow function: `this` stays the store, not the returned writer.
      commit: async (key, contentType, metadata) => {
        await close();
        const metaFile = this.metaPath(key);
        const dir = path.dirname(metaFile);
        const file = `${path.basename(metaFile, '.json')}.${id}`;
        const object: StoredObject = {
          key,
          size,
          etag: md5.digest('hex'),
          contentType,
          lastModified: this.options.clock.now(),
          metadata,
          file,
        };
        const previous = await this.stat(key);
        await mkdir(dir, { recursive: true });
        await rename(tmpFile, path.join(dir, file));
        const metaTmp = `${tmpFile}.json`;
        await writeFile(metaTmp, JSON.stringify(object), { mode: 0o600 });
        await rename(metaTmp, metaFile);
        if (previous && previous.file !== file) await rm(path.join(dir, previous.file), { force: true });
        return object;
      },
      async abort() {
        await close();
        await rm(tmpFile, { force: true });
      },
    };
  }
}
