/**
 * Object storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …):
 * presigned POST policies and GET URLs are computed locally with SigV4, and HEAD/DELETE are
 * header-signed `fetch` calls. Nothing passes through the Pinmark server; the bucket needs a CORS
 * rule allowing POST and GET from the sites the widget runs on and exposing `ETag`.
 */
import type { PresignedPost } from '../../src/api/wire.ts';
import type { Clock } from '../deps.ts';
import { normalizeEtag, signedGetQuery, type ObjectInfo, type ObjectStore, type PresignGetOptions, type PresignPostOptions } from './object-store.ts';
import { buildPostFields } from './post-policy.ts';
import { presignUrl, signHeaders, uriEncode, type SigV4Credentials } from './sigv4.ts';

export interface S3ObjectStoreOptions {
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`; no trailing slash needed. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted stores) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
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
    return { url, fields: buildPostFields({ ...options, bucket: this.bucket, credentials: this.credentials, now: this.options.clock.now() }) };
  }

  presignGet(key: string, expiresInSec: number, options: PresignGetOptions = {}): string {
    const query = signedGetQuery(options);
    return presignUrl({ method: 'GET', url: this.objectUrl(key), credentials: this.credentials, now: options.at ?? this.options.clock.now(), expiresInSec, query });
  }

  private async send(method: 'HEAD' | 'DELETE', key: string): Promise<Response> {
    const url = this.objectUrl(key);
    const headers = signHeaders({ method, url, credentials: this.credentials, now: this.options.clock.now() });
    return this.fetch(url, { method, headers });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const res = await this.send('HEAD', key);
    await res.body?.cancel();
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 HEAD ${key} failed with ${res.status}`);
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      etag: normalizeEtag(res.headers.get('etag') ?? ''),
      contentType: res.headers.get('content-type') ?? 'binary/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
  }
}
