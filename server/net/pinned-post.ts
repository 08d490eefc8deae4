/**
 * One webhook POST that connects only to addresses already vetted (target-check.ts). Node's
 * http/https `request` with a `lookup` that answers those addresses: no second DNS query happens
 * between the check and the connection, so a name cannot turn private in between (DNS rebinding).
 * The URL's host name still goes out as the Host header and, over TLS, as the SNI name the
 * certificate is verified against. Redirects are never followed (Node's client does not), and the
 * answer's body is not read: only the status counts.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './lookup.ts';

export interface PostRequest {
  url: URL;
  /** Where to connect: the vetted addresses of `url`'s host (non-empty). */
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** Sends one POST; resolves with the answer's status code, rejects on a network error or abort. */
export type TargetPost = (request: PostRequest) => Promise<number>;

/** Answers only `addresses`, in their order (Node tries each in turn when it asks for all). */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const first = wanted[0];
    if (!first) {
      const error = Object.assign(new Error('no vetted address of the requested family'), { code: 'ENOTFOUND' }) as NodeJS.ErrnoException;
      callback(error, '', 0);
      return;
    }
    if (options.all)
      (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(
        null,
        wanted.map((a) => ({ ...a })),
      );
    else callback(null, first.address, first.family);
  };
}

export const pinnedPost: TargetPost = ({ url, addresses, headers, body, signal }) =>
  new Promise<number>((resolve, reject) => {
    if (addresses.length === 0) return reject(new Error(`no vetted address for ${url.host}`));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        ...(url.port ? { port: Number(url.port) } : {}),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        // A fresh connection per attempt: a pooled one could outlive the check it was made under.
        agent: false,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
