/**
 * Who is calling: resolves `Authorization: Bearer` to an API key or an exchange token by hashed
 * lookup. Missing or unknown → 401 `unauthorized`; an expired exchange token → 401
 * `token_expired`, so the widget knows to renew. The middleware that stores the result on the
 * request (and may reuse it for a few seconds) is server/http/caller.ts. On the routes rate-limited
 * per caller, the lookup also takes the request's rate-limit count (resolveCallerCounting).
 */
import { isoAt, parameterList, queryOne, type Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { ApiError, unauthorized } from '../domain/errors.ts';
import type { Caller } from '../domain/viewer.ts';
import { resolveMemberSession } from './member-session.ts';
import { bearerKind, readBearer, sha256Hex } from './tokens.ts';
import { countedColumns, countedCte, type HitCount } from './hit-count-sql.ts';

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
  source: string;
}

/** What a credential lookup reads: the database, and the clock that decides expiry. */
export interface CallerLookup {
  db: Db;
  clock: Clock;
}

const API_KEY_SQL = 'SELECT id, name, kind, organization_id, workspace_id, revoked_at FROM api_keys WHERE token_hash = $1';
const EXCHANGE_SQL =
  'SELECT id, workspace_id, user_id, markup_id, expires_at, revoked_at, source FROM exchange_tokens WHERE token_hash = $1';

function apiKeyCaller(row: ApiKeyRow | undefined): Caller {
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

function exchangeCaller(row: ExchangeRow | undefined, now: number): Caller {
  if (!row || row.revoked_at) throw unauthorized('Unknown exchange token');
  if (row.expires_at.getTime() <= now) {
    throw new ApiError(401, 'token_expired', `The exchange token expired at ${isoAt(row.expires_at.getTime())}; sign in again`);
  }
  return {
    kind: 'exchange',
    tokenId: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    markupId: row.markup_id,
    expiresAt: row.expires_at.getTime(),
    ...(row.source === 'guest' ? { guest: true } : {}),
  };
}

function presentedToken(authorization: string | undefined): string {
  const token = readBearer(authorization);
  if (!token) throw unauthorized('Missing credentials: send Authorization: Bearer <API key or exchange token>');
  return token;
}

export async function resolveCaller(deps: CallerLookup, authorization: string | undefined): Promise<Caller> {
  const token = presentedToken(authorization);
  const hash = sha256Hex(token);
  const kind = bearerKind(token);
  if (kind === 'api_key') return apiKeyCaller(await queryOne<ApiKeyRow>(deps.db, API_KEY_SQL, [hash], { prepare: true }));
  if (kind === 'exchange_token') {
    return exchangeCaller(await queryOne<ExchangeRow>(deps.db, EXCHANGE_SQL, [hash], { prepare: true }), deps.clock.now());
  }
  if (kind === 'member_session') return resolveMemberSession(deps, hash);
  throw unauthorized('Unknown credential: expected an API key (pk_ws_…, pk_org_…), an exchange token (pmx_…) or a member session (pmm_…)');
}

/**
 * resolveCaller, with the request's rate-limit count (server/http/rate-limit-count.ts) taken in the
 * same statement for an API key or an exchange token: only when the credential resolves, as the
 * count rateLimited would take after the lookup. `hits` is undefined when nothing was counted here
 * (a member session: its lookup stays as it is, and rateLimited counts).
 */
export async function resolveCallerCounting(
  deps: CallerLookup,
  authorization: string | undefined,
  count: HitCount,
): Promise<{ caller: Caller; hits?: Map<string, number> }> {
  const token = presentedToken(authorization);
  const kind = bearerKind(token);
  if (kind !== 'api_key' && kind !== 'exchange_token') return { caller: await resolveCaller(deps, authorization) };
  const { values, add } = parameterList();
  add(sha256Hex(token));
  // The same conditions apiKeyCaller and exchangeCaller then apply, so a refused credential counts nothing.
  const gate =
    kind === 'api_key'
      ? 'credential.revoked_at IS NULL'
      : `credential.revoked_at IS NULL AND credential.expires_at > ${add(isoAt(count.now))}::timestamptz`;
  const credentialKey = kind === 'api_key' ? `'key:' || credential.id::text` : `'user:' || credential.user_id::text`;
  const counted = countedCte(count, 'credential', credentialKey, gate, add);
  const sql = `WITH credential AS (${kind === 'api_key' ? API_KEY_SQL : EXCHANGE_SQL}), ${counted}
    SELECT credential.*, ${countedColumns(count, add)} FROM credential`;
  const row = await queryOne<(ApiKeyRow & ExchangeRow) & { address_hits: number | null; credential_hits: number | null }>(
    deps.db,
    sql,
    values,
    { prepare: true },
  );
  const caller = kind === 'api_key' ? apiKeyCaller(row) : exchangeCaller(row, count.now);
  const credentialBucket = count.credentialPrefix + (caller.kind === 'api_key' ? `key:${caller.keyId}` : `user:${caller.userId}`);
  const hits = new Map([
    [count.addressBucket, Number(row!.address_hits)],
    [credentialBucket, Number(row!.credential_hits)],
  ]);
  return { caller, hits };
}
