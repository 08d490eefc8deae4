/**
 * Verifies SigV4-signed requests to the local store the way S3 does, in both of its forms: a
 * presigned URL (query-string auth, what browsers get for reading files) and an `Authorization`
 * header (what the S3 driver sends for HEAD and DELETE). Expired links are told apart from bad
 * signatures (403 `url_expired` vs 403 `forbidden`) so a client knows to ask for a fresh URL.
 */
import { ApiError } from '../domain/errors.ts';
import {
  canonicalRequest,
  credentialScope,
  parseAmzDate,
  parseCredential,
  sameSignature,
  SIGV4_ALGORITHM,
  signString,
  stringToSign,
  UNSIGNED_PAYLOAD,
  type SigV4Credentials,
} from './sigv4.ts';

/** Largest X-Amz-Expires S3 accepts (7 days). */
export const MAX_PRESIGN_SECONDS = 604_800;
/** How far a signed request's time may be from ours (S3's RequestTimeTooSkewed window). */
const MAX_SKEW_MS = 15 * 60 * 1000;

export interface SignedRequest {
  method: string;
  /** The request URL as received (path and query still percent-encoded). */
  url: URL;
  header: (name: string) => string | undefined;
  /** Host values to try for the signed `host` header (the request's, then the public URL's). */
  hosts: string[];
  now: number;
  credentialsFor: (accessKeyId: string) => SigV4Credentials | null;
}

const denied = (message: string) => new ApiError(403, 'forbidden', message);

/** Query parameters exactly as sent (`+` stays `+`, unlike URLSearchParams). */
export function rawQueryPairs(search: string): [string, string][] {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return [];
  return text.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
  });
}

interface AuthParts {
  credential: string;
  signedHeaders: string[];
  signature: string;
  date: string;
  payloadHash: string;
}

function fromQuery(query: Map<string, string>, now: number): AuthParts {
  if (query.get('X-Amz-Algorithm') !== SIGV4_ALGORITHM) throw denied(`X-Amz-Algorithm must be ${SIGV4_ALGORITHM}`);
  const date = query.get('X-Amz-Date') ?? '';
  const expires = Number(query.get('X-Amz-Expires'));
  const signedAt = parseAmzDate(date);
  if (Number.isNaN(signedAt)) throw denied('X-Amz-Date is malformed');
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) throw denied('X-Amz-Expires must be 1 to 604800 seconds');
  if (signedAt > now + MAX_SKEW_MS) throw denied('This signed URL is not valid yet');
  if (now > signedAt + expires * 1000) {
    throw new ApiError(
      403,
      'url_expired',
      `This signed URL expired at ${new Date(signedAt + expires * 1000).toISOString()}; ask the API for a fresh one`,
    );
  }
  return {
    credential: query.get('X-Amz-Credential') ?? '',
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean),
    signature: query.get('X-Amz-Signature') ?? '',
    date,
    payloadHash: UNSIGNED_PAYLOAD,
  };
}

function fromHeader(authorization: string, header: SignedRequest['header'], now: number): AuthParts {
  const fields = new Map<string, string>();
  for (const part of authorization.slice(SIGV4_ALGORITHM.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const date = header('x-amz-date') ?? '';
  const signedAt = parseAmzDate(date);
  if (Number.isNaN(signedAt)) throw denied('x-amz-date is missing or malformed');
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) throw denied('The request time is too far from the server time');
  const payloadHash = header('x-amz-content-sha256');
  if (!payloadHash) throw denied('x-amz-content-sha256 is required');
  return {
    credential: fields.get('Credential') ?? '',
    signedHeaders: (fields.get('SignedHeaders') ?? '').split(';').filter(Boolean),
    signature: fields.get('Signature') ?? '',
    date,
    payloadHash,
  };
}

/** Throws 403 unless the request carries a valid, current SigV4 signature by a known key. */
export function verifySignedRequest(request: SignedRequest): void {
  const pairs = rawQueryPairs(request.url.search);
  const query = new Map(pairs);
  const authorization = request.header('authorization');
  let auth: AuthParts;
  if (query.has('X-Amz-Signature')) auth = fromQuery(query, request.now);
  else if (authorization?.startsWith(`${SIGV4_ALGORITHM} `)) auth = fromHeader(authorization, request.header, request.now);
  else throw denied('This object needs a signed URL (ask the API for one)');

  const credential = parseCredential(auth.credential);
  if (!credential || credential.service !== 's3') throw denied('The credential scope is malformed');
  if (!auth.date.startsWith(credential.dateStamp)) throw denied('The request date does not match the credential scope');
  const credentials = request.credentialsFor(credential.accessKeyId);
  if (!credentials || credential.region !== credentials.region) throw denied('Unknown access key or region');
  if (!auth.signedHeaders.includes('host')) throw denied('The host header must be signed');

  const scope = credentialScope(credential.dateStamp, credentials);
  for (const host of request.hosts) {
    const headers: Record<string, string> = { host };
    for (const name of auth.signedHeaders) if (name !== 'host') headers[name] = request.header(name) ?? '';
    const canonical = canonicalRequest({
      method: request.method,
      path: request.url.pathname,
      query: pairs,
      headers,
      signedHeaders: auth.signedHeaders,
      payloadHash: auth.payloadHash,
    });
    const expected = signString(credentials, credential.dateStamp, stringToSign(auth.date, scope, canonical));
    if (sameSignature(expected, auth.signature.toLowerCase())) return;
  }
  throw denied('The request signature does not match (was the URL changed?)');
}
