/**
 * Secrets the server hands out (API keys, exchange tokens, public keys, state nonces): random
 * bytes with a readable prefix. Only their SHA-256 is stored, so a database leak reveals none.
 * Also the one-way ids derived from a browser's secret cookie (server/http/same-browser.ts).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = { workspace: 'pk_ws_', organization: 'pk_org_' } as const;
export const EXCHANGE_TOKEN_PREFIX = 'pmx_';
export const PUBLIC_KEY_PREFIX = 'pmk_';
/** A member's review-app session (server/auth/member-session.ts). */
export const MEMBER_TOKEN_PREFIX = 'pmm_';

export function randomToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export type BearerKind = 'api_key' | 'exchange_token' | 'member_session' | 'other';

export function bearerKind(token: string): BearerKind {
  if (token.startsWith(API_KEY_PREFIX.workspace) || token.startsWith(API_KEY_PREFIX.organization)) return 'api_key';
  if (token.startsWith(EXCHANGE_TOKEN_PREFIX)) return 'exchange_token';
  if (token.startsWith(MEMBER_TOKEN_PREFIX)) return 'member_session';
  return 'other';
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** A stable id for `label` in this browser (32 hex digits); one-way, so it may be stored and shown. */
export function browserBoundId(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('hex').slice(0, 32);
}
