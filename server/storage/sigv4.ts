/**
 * AWS Signature Version 4 for S3, with node:crypto only: the signing key, canonical requests,
 * presigned (query-string) URLs, `Authorization` headers, and POST-policy signatures. Both object
 * store drivers use it — the S3 driver to sign requests to a real bucket, the local store to sign
 * and verify its own URLs — so our local store speaks exactly the protocol S3 clients expect.
 * Reference: the AWS "Authenticating Requests (AWS Signature Version 4)" pages of the S3 API guide.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Always `s3` here; kept explicit so the scope string is built in one place. */
  service?: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Uint8Array, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** `20130524T000000Z` */
export function amzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Epoch ms of an `X-Amz-Date` value, or NaN when malformed. */
export function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

const signingKeys = new Map<string, Buffer>();

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"), cached per day. */
export function signingKey(secret: string, dateStamp: string, region: string, service = 's3'): Buffer {
  const cacheKey = `${sha256Hex(secret)}/${dateStamp}/${region}/${service}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, dateStamp), region), service), 'aws4_request');
    if (signingKeys.size > 256) signingKeys.clear();
    signingKeys.set(cacheKey, key);
  }
  return key;
}

export function credentialScope(dateStamp: string, credentials: SigV4Credentials): string {
  return `${dateStamp}/${credentials.region}/${credentials.service ?? 's3'}/aws4_request`;
}

/**
 * RFC 3986 encoding as SigV4 wants it: only `A-Za-z0-9-_.~` stay; `/` too when `keepSlash`. Through
 * encodeURIComponent (which also leaves `!'()*`), as the AWS SDKs do: a markup's answer signs a few
 * hundred URLs, and a byte-by-byte loop was most of that.
 */
export function uriEncode(value: string, keepSlash = false): string {
  let out: string;
  try {
    out = encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return uriEncodeBytes(value, keepSlash); // a lone surrogate: encoded as U+FFFD, like the bytes below
  }
  return keepSlash ? out.replace(/%2F/g, '/') : out;
}

function uriEncodeBytes(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The canonical path of a request: each decoded segment re-encoded (S3 does not normalize `..`). */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(safeDecode(segment)))
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Sorted `k=v&…` with both sides encoded; the signature parameter itself is left out. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export interface CanonicalRequestParts {
  method: string;
  /** The URL path as sent (percent-encoded or not; it is normalized to SigV4's encoding). */
  path: string;
  query: Iterable<[string, string]>;
  /** Lower-case header name → value, for every signed header. */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
}

export function canonicalRequest(parts: CanonicalRequestParts): string {
  const names = [...parts.signedHeaders].map((h) => h.toLowerCase()).sort();
  const headerLines = names.map((name) => `${name}:${(parts.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [
    parts.method.toUpperCase(),
    canonicalUri(parts.path),
    canonicalQuery(parts.query),
    headerLines,
    names.join(';'),
    parts.payloadHash,
  ].join('\n');
}

export function stringToSign(date: string, scope: string, canonical: string): string {
  return [SIGV4_ALGORITHM, date, scope, sha256Hex(canonical)].join('\n');
}

export function signString(credentials: SigV4Credentials, dateStamp: string, value: string): string {
  return hmac(signingKey(credentials.secretAccessKey, dateStamp, credentials.region, credentials.service), value).toString('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A presigned URL (query-string auth, `host` and any `headers` signed, unsigned payload). */
export function presignUrl(args: {
  method: string;
  url: URL;
  credentials: SigV4Credentials;
  now: number;
  expiresInSec: number;
  /** Extra parameters to sign in, e.g. `response-content-disposition`. */
  query?: Record<string, string>;
  /** Headers the request must carry with exactly these values (a PUT's Content-Type and Content-Length). */
  headers?: Record<string, string>;
}): string {
  const url = new URL(args.url.toString());
  const date = amzDate(args.now);
  const scope = credentialScope(date.slice(0, 8), args.credentials);
  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of Object.entries(args.headers ?? {})) headers[name.toLowerCase()] = value;
  const signedHeaders = Object.keys(headers).sort();
  const params: [string, string][] = [
    ...Object.entries(args.query ?? {}),
    ['X-Amz-Algorithm', SIGV4_ALGORITHM],
    ['X-Amz-Credential', `${args.credentials.accessKeyId}/${scope}`],
    ['X-Amz-Date', date],
    ['X-Amz-Expires', String(args.expiresInSec)],
    ['X-Amz-SignedHeaders', signedHeaders.join(';')],
  ];
  const canonical = canonicalRequest({
    method: args.method,
    path: url.pathname,
    query: params,
    headers,
    signedHeaders,
    payloadHash: UNSIGNED_PAYLOAD,
  });
  const signature = signString(args.credentials, date.slice(0, 8), stringToSign(date, scope, canonical));
  url.search = `${canonicalQuery(params)}&X-Amz-Signature=${signature}`;
  return url.toString();
}

/** Headers for a header-signed request with an empty or pre-hashed body. */
export function signHeaders(args: {
  method: string;
  url: URL;
  credentials: SigV4Credentials;
  now: number;
  headers?: Record<string, string>;
  payloadHash?: string;
}): Record<string, string> {
  const date = amzDate(args.now);
  const payloadHash = args.payloadHash ?? EMPTY_SHA256;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(args.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = args.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = payloadHash;
  const signedHeaders = Object.keys(headers).sort();
  const scope = credentialScope(date.slice(0, 8), args.credentials);
  const canonical = canonicalRequest({
    method: args.method,
    path: args.url.pathname,
    query: args.url.searchParams.entries(),
    headers,
    signedHeaders,
    payloadHash,
  });
  const signature = signString(args.credentials, date.slice(0, 8), stringToSign(date, scope, canonical));
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `${SIGV4_ALGORITHM} Credential=${args.credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders.join(';')},Signature=${signature}`,
  };
}

/** The signature of a browser-upload POST policy: HMAC(signing key, base64 policy). */
export function signPolicy(credentials: SigV4Credentials, dateStamp: string, policyBase64: string): string {
  return signString(credentials, dateStamp, policyBase64);
}

export interface ParsedCredential {
  accessKeyId: string;
  dateStamp: string;
  region: string;
  service: string;
}

/** `AKID/20130524/us-east-1/s3/aws4_request` → its parts, or null. */
export function parseCredential(value: string): ParsedCredential | null {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1]!)) return null;
  const [accessKeyId, dateStamp, region, service] = parts as [string, string, string, string];
  if (!accessKeyId || !region || !service) return null;
  return { accessKeyId, dateStamp, region, service };
}
