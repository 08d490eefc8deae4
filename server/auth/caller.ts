/**
 * Who is calling: resolves `Authorization: Bearer` to an API key or an exchange token by hashed
 * lookup. Missing or unknown → 401 `unauthorized`; an expired exchange token → 401
 * `token_expired`, so the widget knows to renew. The middleware that stores the result on the
 * request (and may reuse it for a few seconds) is server/http/caller.ts.
 */
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { ApiError, unauthorized } from '../domain/errors.ts';
import type { Caller } from '../domain/viewer.ts';
import { resolveMemberSession } from './member-session.ts';
import { bearerKind, readBearer, sha256Hex } from './tokens.ts';

interface ApiKeyRow {
  id: string;
  name: string;
  kind: 'workspace' | 'organization';
  organization_id: string;
  workspace_id: string | null;
  revoked_at: Date | null;
}

interface ExchangeRow {
  id: string;
  workspace_id: string;
  user_id: string;
  markup_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

/** What a credential lookup reads: the database, and the clock that decides expiry. */
export interface CallerLookup {
  db: Db;
  clock: Clock;
}

export async function resolveCaller(deps: CallerLookup, authorization: string | undefined): Promise<Caller> {
  const token = readBearer(authorization);
  if (!token) throw unauthorized('Missing credentials: send Authorization: Bearer <API key or exchange token>');
  const hash = sha256Hex(token);
  const kind = bearerKind(token);
  if (kind === 'api_key') {
    const row = await queryOne<ApiKeyRow>(
      deps.db,
      'SELECT id, name, kind, organization_id, workspace_id, revoked_at FROM api_keys WHERE token_hash = $1',
      [hash],
      { prepare: true },
    );
    if (!row || row.revoked_at) throw unauthorized('Unknown or revoked API key');
    return {
      kind: 'api_key',
      keyId: row.id,
      keyName: row.name,
      scope: row.kind,
      organizationId: row.organization_id,
      workspaceId: row.workspace_id,
    };
  }
  if (kind === 'exchange_token') {
    const row = await queryOne<ExchangeRow>(
      deps.db,
      'SELECT id, workspace_id, user_id, markup_id, expires_at, revoked_at FROM exchange_tokens WHERE token_hash = $1',
      [hash],
      { prepare: true },
    );
    if (!row || row.revoked_at) throw unauthorized('Unknown exchange token');
    if (row.expires_at.getTime() <= deps.clock.now()) {
      throw new ApiError(401, 'token_expired', `The exchange token expired at ${isoAt(row.expires_at.getTime())}; sign in again`);
    }
    return {
      kind: 'exchange',
      tokenId: row.id,
      workspaceId: row.workspace_id,
      userId: row.user_id,
      markupId: row.markup_id,
      expiresAt: row.expires_at.getTime(),
    };
  }
  if (kind === 'member_session') return resolveMemberSession(deps, hash);
  throw unauthorized('Unknown credential: expected an API key (pk_ws_…, pk_org_…), an exchange token (pmx_…) or a member session (pmm_…)');
}
