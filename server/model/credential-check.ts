/**
 * Confirming a credential inside another query. The caller middleware (server/http/caller.ts) may
 * hand the thread list a credential resolved a few seconds ago; it marks such a caller unconfirmed,
 * and the list's own query (thread-cache.ts) checks that the credential is still unrevoked instead
 * of a separate lookup, so reuse never lets a revoked credential through.
 */
import { unauthorized, type ApiError } from '../domain/errors.ts';
import type { Caller } from '../domain/viewer.ts';

/**
 * Callers handed out from the recent-credential cache: their revocation is not yet checked for
 * this request, and the route must do it (confirmCallerSql) before answering.
 */
const unconfirmed = new WeakSet<Caller>();

export function markUnconfirmed(caller: Caller): void {
  unconfirmed.add(caller);
}

export function isUnconfirmed(caller: Caller): boolean {
  return unconfirmed.has(caller);
}

/**
 * SQL (a boolean expression) that the caller's credential is still live, with the credential id
 * as parameter `$n`: to run in the same query as the route's own read.
 */
export function confirmCallerSql(caller: Caller, n: number): string {
  if (caller.kind === 'member') {
    // A session stays good only while its person is still a member (removal signs out at once).
    return `EXISTS (SELECT 1 FROM member_sessions s JOIN workspace_members wm ON wm.workspace_id = s.workspace_id AND wm.user_id = s.user_id
      WHERE s.id = $${n} AND s.revoked_at IS NULL)`;
  }
  const table = caller.kind === 'api_key' ? 'api_keys' : 'exchange_tokens';
  return `EXISTS (SELECT 1 FROM ${table} WHERE id = $${n} AND revoked_at IS NULL)`;
}

/** The parameter confirmCallerSql takes: the API key's or the exchange token's row id. */
export function credentialId(caller: Caller): string {
  return caller.kind === 'api_key' ? caller.keyId : caller.tokenId;
}

/** Why a credential found revoked by confirmCallerSql is refused (as resolveCaller would). */
export function revokedCredential(caller: Caller): ApiError {
  if (caller.kind === 'member') return unauthorized('Signed out: sign in to the review app again');
  return unauthorized(caller.kind === 'api_key' ? 'Unknown or revoked API key' : 'Unknown exchange token');
}
