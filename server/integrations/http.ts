/**
 * Outgoing requests of the connectors, under the webhook address rules (server/net/): the target is
 * vetted by checkTarget (in production no private, loopback or metadata address; the development
 * allow-list lets localhost through, like webhooks) and the connection goes only to the addresses
 * vetted (pinnedLookup: no DNS rebinding in between). Unlike a webhook delivery a connector needs the
 * answer (the new issue's number), so the body is read, up to 1 MiB. Redirects are not followed.
 */
import http from 'node:http';
import https from 'node:https';
import { checkTarget, type TargetPolicy } from '../net/target-check.ts';
import { pinnedLookup } from '../net/pinned-post.ts';

const MAX_ANSWER_BYTES = 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 15_000;

export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

export interface Answer {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** A failure worth no retry (a refused address, a 4xx other than 408/429): the job gives up at once. */
export class PermanentFailure extends Error {}

export type SendRequest = (request: OutgoingRequest) => Promise<Answer>;

export function vettedSender(policy: TargetPolicy): SendRequest {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new PermanentFailure(`not a URL: ${request.url}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PermanentFailure(`${url.protocol} is not http(s)`);
    const check = await checkTarget(url, policy, { resolveAllowedNames: true });
    if (check.outcome === 'refused')
      throw new PermanentFailure(`${url.host} ${check.reason}: integrations may only reach public addresses`);
    if (check.outcome === 'unresolved') throw new Error(check.reason);
    const body = request.json === undefined ? undefined : JSON.stringify(request.json);
    const headers: Record<string, string> = {
      'user-agent': 'Pinmark-Integrations',
      accept: 'application/json',
      ...request.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    };
    return new Promise<Answer>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        {
          protocol: url.protocol,
          host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          ...(url.port ? { port: Number(url.port) } : {}),
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          lookup: pinnedLookup(check.addresses),
          agent: false,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) response.destroy(new Error('answer larger than 1 MiB'));
            else chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: response.statusCode ?? 0, text, json });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** Throws unless the answer is a 2xx: permanently for a 4xx the service will answer again the same way. */
export function expectSuccess(answer: Answer, what: string): Answer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const detail = answer.text.replace(/\s+/g, ' ').slice(0, 200);
  const message = `${what}: HTTP ${answer.status}${detail ? ` ${detail}` : ''}`;
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) throw new PermanentFailure(message);
  throw new Error(message);
}
