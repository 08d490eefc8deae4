/**
 * Fetching a file the server was asked to fetch (POST /markups/url with a file URL, issue 17)
 * under the webhook address rules: every URL — the first and each redirect's target — is checked
 * by target-check.ts and connected to only at the addresses that check vetted (pinnedLookup, as
 * webhook deliveries do), so a name cannot point at this machine or a private network in between.
 * At most a few redirects; the caller gets the body as a stream and counts its bytes itself.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pinnedLookup } from './pinned-post.ts';
import { checkTarget, type TargetPolicy } from './target-check.ts';

export const MAX_REDIRECTS = 3;

/** Why a URL could not be fetched: `publicReason` is safe to show the caller (no resolved addresses). */
export class FetchRefusedError extends Error {
  constructor(readonly publicReason: string) {
    super(publicReason);
  }
}

export interface FetchedFile {
  /** The URL that answered (after redirects). */
  url: URL;
  status: number;
  contentType: string | null;
  contentLength: number | null;
  body: IncomingMessage;
}

function getOnce(url: URL, addresses: Parameters<typeof pinnedLookup>[0], signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        ...(url.port ? { port: Number(url.port) } : {}),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': 'Pinmark markup fetcher', accept: 'image/*, application/pdf, video/*;q=0.9, */*;q=0.1' },
        lookup: pinnedLookup(addresses),
        agent: false,
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** GETs `start`, following at most MAX_REDIRECTS redirects, each target checked like a webhook's. */
export async function fetchVetted(start: URL, policy: TargetPolicy, signal: AbortSignal): Promise<FetchedFile> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const what = hop === 0 ? 'is' : 'redirects to';
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(`${what} a URL that is not http(s)`);
    if (url.username || url.password) throw new FetchRefusedError(`${what} a URL with a user name or password`);
    const check = await checkTarget(url, policy, { resolveAllowedNames: true });
    if (check.outcome === 'refused')
      throw new FetchRefusedError(`${url.host} ${check.publicReason}: files are only fetched from public addresses`);
    if (check.outcome === 'unresolved') throw new FetchRefusedError(`the host ${url.hostname} could not be resolved`);
    const response = await getOnce(url, check.addresses, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw new FetchRefusedError(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
      continue;
    }
    const length = Number(response.headers['content-length']);
    return {
      url,
      status,
      contentType: response.headers['content-type'] ?? null,
      contentLength: Number.isFinite(length) && length >= 0 && response.headers['content-length'] !== undefined ? length : null,
      body: response,
    };
  }
}
