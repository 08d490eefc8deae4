/**
 * Object storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …):
 * presigned POST policies, PUT and GET URLs are computed locally with SigV4, and HEAD/GET/PUT/DELETE
 * are header-signed `fetch` calls. Client uploads never pass through the Pinmark server (it reads
 * objects only to convert file markups and writes only their thumbnails); the bucket needs a CORS
 * rule allowing POST, PUT and GET from the sites the widget runs on and exposing `ETag`.
 */
import type { PresignedPost } from '../../src/api/wire.ts';
import type { Clock } from '../domain/clock.ts';
import type { S3StorageConfig } from '../domain/config.ts';
import {
  normalizeEtag,
  signedGetQuery,
  type ObjectInfo,
  type ObjectStore,
  type PresignGetOptions,
  type PresignPostOptions,
  type PresignPutOptions,
} from './object-store.ts';
import { buildPostFields } from './post-policy.ts';
import { presignUrl, sha256Hex, signHeaders, uriEncode, type SigV4Credentials } from './sigv4.ts';

/** The bucket as configured (domain/config.ts: endpoint, region, bucket, keys, path style), plus a clock. */
export interface S3ObjectStoreOptions extends Omit<S3StorageConfig, 'driver'> {
  clock: Clock;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export class S3ObjectStore implements ObjectStore {
  readonly bucket: string;
  private readonly credentials: SigV4Credentials;
  private readonly endpoint: URL;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3ObjectStoreOptions) {
    this.bucket = options.bucket;
    this.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region };
    this.endpoint = new URL(options.endpoint.replace(/\/+$/, ''));
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The bucket's base URL (POST target), without a trailing slash for path style. */
  private bucketUrl(): string {
    const base = this.endpoint.pathname.replace(/\/+$/, '');
    if (this.options.forcePathStyle) return `${this.endpoint.origin}${base}/${uriEncode(this.bucket)}`;
    return `${this.endpoint.protocol}//${this.bucket}.${this.endpoint.host}${base}`;
  }

  private objectUrl(key: string): URL {
    return new URL(`${this.bucketUrl()}/${uriEncode(key, true)}`);
  }

  presignPost(options: PresignPostOptions): PresignedPost {
    const url = this.options.forcePathStyle ? this.bucketUrl() : `${this.bucketUrl()}/`;
    return {
      url,
      fields: buildPostFields({ ...options, bucket: this.bucket, credentials: this.credentials, now: this.options.clock.now() }),
    };
  }

  presignGet(key: string, expiresInSec: number, options: PresignGetOptions = {}): string {
    const query = signedGetQuery(options);
    return presignUrl({
      method: 'GET',
      url: this.objectUrl(key),
      credentials: this.credentials,
      now: options.at ?? this.options.clock.now(),
      expiresInSec,
      query,
    });
  }

  presignPut(options: PresignPutOptions): string {
    return presignUrl({
      method: 'PUT',
      url: this.objectUrl(options.key),
      credentials: this.credentials,
      now: this.options.clock.now(),
      expiresInSec: options.expiresInSec,
      headers: { 'content-type': options.contentType, 'content-length': String(options.contentLength) },
    });
  }

  private async send(method: 'HEAD' | 'GET' | 'DELETE', key: string): Promise<Response> {
    const url = this.objectUrl(key);
    const headers = signHeaders({ method, url, credentials: this.credentials, now: this.options.clock.now() });
    return this.fetch(url, { method, headers });
  }

  private static info(res: Response): ObjectInfo {
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      etag: normalizeEtag(res.headers.get('etag') ?? ''),
      contentType: res.headers.get('content-type') ?? 'binary/octet-stream',
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const res = await this.send('HEAD', key);
    await res.body?.cancel();
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 HEAD ${key} failed with ${res.status}`);
    return S3ObjectStore.info(res);
  }

  async read(key: string): Promise<{ info: ObjectInfo; body: ReadableStream<Uint8Array> } | null> {
    const res = await this.send('GET', key);
    if (res.status === 404 || !res.ok || !res.body) {
      await res.body?.cancel();
      if (res.status === 404) return null;
      throw new Error(`S3 GET ${key} failed with ${res.status}`);
    }
    return { info: S3ObjectStore.info(res), body: res.body };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<ObjectInfo> {
    const url = this.objectUrl(key);
    const headers = signHeaders({
      method: 'PUT',
      url,
      credentials: this.credentials,
      now: this.options.clock.now(),
      headers: { 'content-type': contentType },
      payloadHash: sha256Hex(bytes),
    });
    const res = await this.fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}`);
    return { size: bytes.length, etag: normalizeEtag(res.headers.get('etag') ?? ''), contentType };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
  }
}
