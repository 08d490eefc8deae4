/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of
 * random bytes, and every delivery carries `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`). The `standardwebhooks`
 * package does the HMAC, so what we send is exactly what its `Webhook.verify` — the receivers'
 * library — accepts.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SIGNING_KEY_PREFIX = 'whsec_';
/** 32 bytes: the HMAC-SHA256 block's worth of entropy (the scheme allows 24–64). */
const SIGNING_KEY_BYTES = 32;

export function newSigningKey(): string {
  return SIGNING_KEY_PREFIX + randomBytes(SIGNING_KEY_BYTES).toString('base64');
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers for one attempt; `atMs` is the attempt's time. */
export function signatureHeaders(signingKey: string, webhookId: string, atMs: number, body: string): SignatureHeaders {
  const timestamp = new Date(Math.floor(atMs / 1000) * 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': new Webhook(signingKey).sign(webhookId, timestamp, body),
  };
}
