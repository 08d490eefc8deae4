/**
 * The local object store over HTTP, speaking S3's protocol so browsers and S3 clients need no
 * Pinmark-specific code: `POST /storage/:bucket` takes a presigned POST form (fields, then `file`)
 * and streams the file to disk; `GET|HEAD|DELETE /storage/:bucket/<key>` need a SigV4 signature
 * (presigned URL or Authorization header); `PUT /storage/:bucket/<key>` takes a signed PUT (what
 * POST /markups/objectstore hands out, with Content-Type and Content-Length signed in) and streams
 * the body to disk. Files are served so they can never run on this origin:
 * nosniff, a sandboxing CSP, and `attachment` for anything but raster images. A policy may be
 * used again (a retry overwrites) until it expires, but not once its upload is completed.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../http/app-deps.ts';
import type { Clock } from '../domain/clock.ts';
import { ApiError, notFound } from '../domain/errors.ts';
import { parseByteRange } from '../storage/byte-range.ts';
import { contentDisposition } from '../storage/object-store.ts';
import type { LocalObjectStore, ObjectWriter } from '../storage/local-store.ts';
import { MultipartError, MultipartReader, multipartBoundary } from '../storage/multipart.ts';
import { verifyPostForm } from '../storage/post-policy.ts';
import { parseAmzDate } from '../storage/sigv4.ts';
import { createHash } from 'node:crypto';
import { rawQueryPairs, verifySignedRequest } from '../storage/request-auth.ts';

/** S3's largest single POST upload; our policies ask for far less. */
const MAX_OBJECT_BYTES = 5 * 1024 ** 3;
const MAX_FIELD_BYTES = 32 * 1024;
const MAX_FIELDS = 64;
/** Shown inline (an <img> or a tab); everything else, SVG included, is a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

const storageCors = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT'],
  exposeHeaders: ['ETag', 'Content-Length', 'Content-Disposition', 'Location'],
  maxAge: 600,
});

class TooLarge extends Error {}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Reads the form fields before the file; the file part is left unread. */
async function readFields(reader: MultipartReader): Promise<{ fields: Map<string, string>; hasFile: boolean }> {
  const fields = new Map<string, string>();
  for (;;) {
    const part = await reader.nextPart();
    if (!part) return { fields, hasFile: false };
    const name = part.name.toLowerCase();
    if (name === 'file') return { fields, hasFile: true };
    if (fields.has(name)) throw new ApiError(400, 'bad_request', `The form field "${part.name}" is repeated`);
    if (fields.size >= MAX_FIELDS) throw new ApiError(400, 'bad_request', 'The form has too many fields');
    fields.set(name, await reader.readText(MAX_FIELD_BYTES));
  }
}

export interface StorageRouteOptions {
  /** Whether a key's object may no longer be replaced (its upload was completed). */
  isSealed: (key: string) => Promise<boolean>;
}

async function receiveUpload(c: Context<AppEnv>, store: LocalObjectStore, clock: Clock, options: StorageRouteOptions): Promise<Response> {
  if (c.req.param('bucket') !== store.bucket) throw notFound('Bucket');
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (!boundary)
    throw new ApiError(415, 'unsupported_media_type', 'Send the upload as multipart/form-data: the policy fields, then the file as "file"');
  const body = c.req.raw.body;
  if (!body) throw new ApiError(400, 'bad_request', 'The request has no body');
  const reader = new MultipartReader(body, boundary);
  let writer: ObjectWriter | undefined;
  try {
    const { fields, hasFile } = await readFields(reader);
    const policy = verifyPostForm({ fields, bucket: store.bucket, now: clock.now(), credentialsFor: (id) => store.credentialsFor(id) });
    if (!hasFile) throw new ApiError(400, 'bad_request', 'The form has no "file" field (it must be the last field)');
    if (await options.isSealed(policy.key)) {
      throw new ApiError(409, 'conflict', 'This upload was completed; its file cannot be replaced (ask for a new upload policy)');
    }
    const maxBytes = Math.min(policy.maxBytes, MAX_OBJECT_BYTES);
    const out = await store.createWriter();
    writer = out;
    await reader.readBody(async (chunk) => {
      if (out.size + chunk.length > maxBytes) throw new TooLarge();
      await out.write(chunk);
    });
    if (out.size < policy.minBytes) {
      throw new ApiError(400, 'bad_request', `The file is smaller than the policy allows (at least ${policy.minBytes} bytes)`);
    }
    const object = await out.commit(policy.key, policy.contentType, policy.metadata);
    writer = undefined;
    await reader.cancel(); // S3 ignores anything after the file.
    const location = `${store.bucketUrl}/${policy.key.split('/').map(encodeURIComponent).join('/')}`;
    c.header('ETag', `"${object.etag}"`);
    c.header('Location', location);
    if (policy.successStatus === 201) {
      c.header('Content-Type', 'application/xml');
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${xmlEscape(location)}</Location><Bucket>${xmlEscape(store.bucket)}</Bucket>` +
          `<Key>${xmlEscape(policy.key)}</Key><ETag>"${object.etag}"</ETag></PostResponse>`,
        201,
      );
    }
    return c.body(null, policy.successStatus);
  } catch (error) {
    await writer?.abort();
    await reader.cancel();
    if (error instanceof TooLarge) {
      throw new ApiError(413, 'entity_too_large', 'The file is larger than the upload policy allows');
    }
    if (error instanceof MultipartError) throw new ApiError(400, 'bad_request', `Malformed multipart/form-data: ${error.message}`);
    throw error;
  }
}

/**
 * A signed PUT: the body streams to a temporary file and appears under the key only when it is
 * whole — exactly Content-Length bytes (signed into objectstore URLs, so the declared size is the
 * limit) and, for header-signed requests with a payload hash, the bytes that were signed.
 */
async function receivePut(c: Context<AppEnv>, store: LocalObjectStore, key: string, options: StorageRouteOptions): Promise<Response> {
  const contentType = c.req.header('content-type')?.trim();
  if (!contentType) throw new ApiError(400, 'bad_request', 'A PUT needs the Content-Type it was signed with');
  const lengthHeader = c.req.header('content-length');
  const declared = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (declared !== undefined && (!Number.isSafeInteger(declared) || declared < 0))
    throw new ApiError(400, 'bad_request', 'Content-Length is malformed');
  if (declared !== undefined && declared > MAX_OBJECT_BYTES)
    throw new ApiError(413, 'entity_too_large', 'The file is larger than a single upload may be (5 GB)');
  const payloadHash = c.req.header('x-amz-content-sha256')?.toLowerCase();
  const checkHash = payloadHash !== undefined && /^[0-9a-f]{64}$/.test(payloadHash) ? createHash('sha256') : undefined;
  if (await options.isSealed(key)) throw new ApiError(409, 'conflict', 'This upload was completed; its file cannot be replaced');
  const maxBytes = declared ?? MAX_OBJECT_BYTES;
  const writer = await store.createWriter();
  try {
    const body = c.req.raw.body;
    if (body) {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        if (writer.size + chunk.length > maxBytes) throw new TooLarge();
        checkHash?.update(chunk);
        await writer.write(chunk);
      }
    }
    if (declared !== undefined && writer.size !== declared)
      throw new ApiError(400, 'bad_request', `The body ended after ${writer.size} of ${declared} bytes`);
    if (writer.size === 0) throw new ApiError(400, 'bad_request', 'The file is empty');
    if (checkHash && checkHash.digest('hex') !== payloadHash)
      throw new ApiError(400, 'bad_request', 'The body does not match x-amz-content-sha256');
    const object = await writer.commit(key, contentType, {});
    c.header('ETag', `"${object.etag}"`);
    return c.body(null, 200);
  } catch (error) {
    await writer.abort();
    if (error instanceof TooLarge) throw new ApiError(413, 'entity_too_large', 'The body is longer than its Content-Length');
    throw error;
  }
}

/** The object key of `/storage/<bucket>/<key…>` (percent-decoded). */
function keyOf(c: Context, bucket: string): string {
  const path = new URL(c.req.url).pathname;
  const prefix = `/storage/${bucket}/`;
  const raw = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return '';
  }
}

/** Seconds the signed URL stays valid (for Cache-Control), or 0 for header-signed requests. */
function remainingSeconds(url: URL, now: number): number {
  const query = new Map(rawQueryPairs(url.search));
  const signedAt = parseAmzDate(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (Number.isNaN(signedAt) || !Number.isFinite(expires)) return 0;
  return Math.max(0, Math.min(86_400, Math.floor((signedAt + expires * 1000 - now) / 1000)));
}

export function storageRoutes(store: LocalObjectStore, clock: Clock, options: StorageRouteOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/storage/*', storageCors);

  const authorize = (c: Context<AppEnv>) => {
    if (c.req.param('bucket') !== store.bucket) throw notFound('Bucket');
    const key = keyOf(c, store.bucket);
    if (!key) throw notFound('Object');
    const url = new URL(c.req.url);
    verifySignedRequest({
      method: c.req.method,
      url,
      header: (name) => c.req.header(name),
      hosts: [...new Set([url.host, store.publicHost])],
      now: clock.now(),
      credentialsFor: (id) => store.credentialsFor(id),
    });
    return { key, url };
  };

  routes.post('/storage/:bucket', (c) => receiveUpload(c, store, clock, options));

  // Also answers HEAD (Hono routes HEAD to GET handlers and drops the body).
  routes.get('/storage/:bucket/*', async (c) => {
    const { key, url } = authorize(c);
    const found = await store.stat(key);
    if (!found) throw notFound('Object');
    // A byte range (a <video> seeking) when asked for and, with If-Range, only of this very version.
    const ifRange = c.req.header('if-range');
    const range =
      c.req.method === 'HEAD' || (ifRange && ifRange !== `"${found.etag}"`) ? null : parseByteRange(c.req.header('range'), found.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { 'Content-Range': `bytes */${found.size}`, 'Accept-Ranges': 'bytes' });
    const opened = c.req.method === 'HEAD' ? null : await store.get(key, range ?? undefined);
    const object = opened?.object ?? found;
    if (c.req.method !== 'HEAD' && !opened) throw notFound('Object');
    const query = new Map(rawQueryPairs(url.search));
    const type = query.get('response-content-type') || object.contentType;
    const baseType = type.split(';')[0]!.trim().toLowerCase();
    let disposition = query.get('response-content-disposition') || 'inline';
    if (!INLINE_TYPES.has(baseType) && !/^attachment\b/i.test(disposition)) {
      disposition = contentDisposition('attachment', key.slice(key.lastIndexOf('/') + 1));
    }
    const etag = `"${object.etag}"`;
    const maxAge = remainingSeconds(url, clock.now());
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Content-Disposition': disposition,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-cache',
      ETag: etag,
      'Last-Modified': new Date(object.lastModified).toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      await opened?.body.cancel();
      return c.body(null, 304, headers);
    }
    headers['Content-Length'] = String(object.size);
    if (!opened) return c.body(null, 200, headers);
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      return c.body(opened.body, 206, headers);
    }
    return c.body(opened.body, 200, headers);
  });

  routes.put('/storage/:bucket/*', async (c) => {
    const { key } = authorize(c);
    return receivePut(c, store, key, options);
  });

  routes.delete('/storage/:bucket/*', async (c) => {
    const { key } = authorize(c);
    await store.delete(key);
    return c.body(null, 204);
  });

  return routes;
}
