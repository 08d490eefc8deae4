/**
 * Minting exchange tokens and the SDK sign-in session (§5 rules 4–6). An exchange token is bound to
 * one workspace, user and markup and lives one hour; an SDK session holds the sign-in result for
 * the widget to read exactly once within five minutes, from the origin that asked for it.
 */
import { randomUUID } from 'node:crypto';
import type { ExchangeTokenResponse, SdkExchangeResponse } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import { ApiError, forbidden, notFound } from '../domain/errors.ts';
import { reviewerRole } from '../domain/permissions.ts';
import { EXCHANGE_TOKEN_PREFIX, randomToken, sha256Hex } from './tokens.ts';

export const EXCHANGE_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SDK_SESSION_TTL_MS = 5 * 60 * 1000;

export async function mintExchangeToken(
  db: Db,
  args: {
    workspaceId: string;
    userId: string;
    markup: { id: string; read_only: boolean };
    installationId: string;
    source: 'customer_jwt' | 'sdk' | 'guest';
    now: number;
  },
): Promise<ExchangeTokenResponse> {
  const token = randomToken(EXCHANGE_TOKEN_PREFIX);
  const expiresAt = args.now + EXCHANGE_TOKEN_TTL_MS;
  await db.query(
    `INSERT INTO exchange_tokens (id, token_hash, workspace_id, user_id, markup_id, installation_id, source, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      randomUUID(),
      sha256Hex(token),
      args.workspaceId,
      args.userId,
      args.markup.id,
      args.installationId,
      args.source,
      isoAt(expiresAt),
      isoAt(args.now),
    ],
  );
  return {
    exchangeToken: token,
    expiresAt: isoAt(expiresAt),
    workspaceId: args.workspaceId,
    userId: args.userId,
    markupRole: reviewerRole(args.markup.read_only),
  };
}

export async function storeSdkSession(
  db: Db,
  args: {
    state: string;
    installationId: string;
    publicKey: string;
    markupId: string;
    sdkOrigin: string;
    userId: string;
    response: SdkExchangeResponse;
    now: number;
  },
): Promise<void> {
  const stored = await queryOne<{ id: string }>(
    db,
    `INSERT INTO sdk_sessions (id, state, installation_id, public_key, markup_id, sdk_origin, user_id, response, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz, $10::timestamptz)
     ON CONFLICT (state) DO NOTHING RETURNING id`,
    [
      randomUUID(),
      args.state,
      args.installationId,
      args.publicKey,
      args.markupId,
      args.sdkOrigin,
      args.userId,
      json(args.response),
      isoAt(args.now),
      isoAt(args.now + SDK_SESSION_TTL_MS),
    ],
  );
  if (!stored) throw new ApiError(409, 'conflict', 'This state was already used for a sign-in; start a new sign-in');
}

interface SessionRow {
  id: string;
  public_key: string;
  markup_id: string;
  sdk_origin: string;
  expires_at: Date;
  consumed_at: Date | null;
}

/**
 * Reads the session once. Checks, in order: known state (404), matching publicKey, markupId and
 * origin (403 — and the session is left intact, so a probe cannot burn it), not read (409), not
 * expired (410). The read itself is one atomic UPDATE, so two racing reads cannot both win.
 */
export async function consumeSdkSession(
  db: Db,
  args: { state: string; publicKey: string; markupId: string; origin: string | undefined; now: number },
): Promise<SdkExchangeResponse> {
  const session = await queryOne<SessionRow>(
    db,
    'SELECT id, public_key, markup_id, sdk_origin, expires_at, consumed_at FROM sdk_sessions WHERE state = $1',
    [args.state],
  );
  if (!session) throw notFound('Sign-in session');
  if (!args.origin) throw forbidden('The request has no Origin or Referer header, so its origin cannot be checked');
  if (session.public_key !== args.publicKey) throw forbidden('publicKey does not match the sign-in session');
  if (session.markup_id !== args.markupId.toLowerCase()) throw forbidden('markupId does not match the sign-in session');
  if (session.sdk_origin !== args.origin) throw forbidden(`Origin ${args.origin} does not match the origin that started the sign-in`);
  if (session.consumed_at) throw new ApiError(409, 'already_consumed', 'This sign-in result was already read; sign in again');
  if (session.expires_at.getTime() <= args.now)
    throw new ApiError(410, 'session_expired', 'This sign-in result expired (5 minutes); sign in again');
  const consumed = await queryOne<{ response: SdkExchangeResponse }>(
    db,
    `UPDATE sdk_sessions s SET consumed_at = $2::timestamptz, response = NULL
     FROM sdk_sessions before
     WHERE s.id = $1 AND before.id = s.id AND s.consumed_at IS NULL AND s.expires_at > $2::timestamptz
     RETURNING before.response`,
    [session.id, isoAt(args.now)],
  );
  if (!consumed?.response) throw new ApiError(409, 'already_consumed', 'This sign-in result was already read; sign in again');
  return consumed.response;
}
