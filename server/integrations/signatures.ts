/**
 * HMAC-SHA256 signatures of inbound webhooks (GitHub's X-Hub-Signature-256, Jira's X-Hub-Signature,
 * Linear's Linear-Signature), compared in constant time over the raw body as received.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** Does `given` (hex, optionally after `prefix`) sign `body` with `secret`? */
export function signatureMatches(secret: string, body: string, given: string | undefined, prefix = ''): boolean {
  if (!given || !given.startsWith(prefix)) return false;
  const hex = given.slice(prefix.length).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), Buffer.from(hmacHex(secret, body), 'hex'));
}

/** The payload as JSON, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
