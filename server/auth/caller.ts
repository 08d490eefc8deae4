/**
 * Who is calling: resolves `Authorization: Bearer` to an API key or an exchange token by hashed
 * lookup, and stores the result on the request. Missing or unknown → 401 `unauthorized`;
 * an expired exchange token → 401 `token_expired`, so the widget knows to renew.
 *
 * The thread list (the hottest read) may reuse a credential resolved in the last few seconds and
 * confirm it is unrevoked in its own query instead, saving a round trip without delaying a revocation.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { isoAt, queryOne } from '../db/db.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { bearerKind, readBearer, sha256Hex } from './tokens.ts';

export interface ApiKeyCaller {
  kind: 'api_key';
  keyId: string;
  keyName: string;
  scope: 'workspace' | 'organization';
  organizationId: string;
  /** Set for workspace keys only. */
  workspaceId: string | null;
}

export interface ExchangeCaller {
  kind: 'exchange';
  tokenId: string;
  workspaceId: string;
  userId: string;
  markupId: string;
  expiresAt: number;
}

export type Caller = ApiKeyCaller | ExchangeCaller;

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

export async function resolveCaller(deps: AppDeps, authorization: string | undefined): Promise<Caller> {
  const token = readBearer(authorization);
  if (!token) throw unauthorized('Missing credentials: send Authorization: Bearer <API key or exchange token>');
  const hash = sha256Hex(token);
  const kind = bearerKind(token);
  if (kind === 'api_key') {
    const row = await queryOne<ApiKeyRow>(
      deps.db,
      'SELECT id, name, kind, organization_id, workspace_id, revoked_at FROM api_keys WHERE token_hash = $1',
      [hash],
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
  throw unauthorized('Unknown credential: expected an API key (pk_ws_…, pk_org_…) or an exchange token (pmx_…)');
}

/**
 * How long a resolved credential may be reused by the thread list without its own lookup. The
 * list re-checks revocation in the query it makes anyway (thread-cache.ts), so reuse never lets a
 * revoked credential through; the window only bounds how long the cache holds a hash.
 */
const RECENT_MS = 5_000;
const RECENT_MAX = 10_000;

/**
 * Callers handed out from the recent-credential cache: their revocation is not yet checked for
 * this request, and the route must do it (confirmCallerSql) before answering.
 */
const unconfirmed = new WeakSet<Caller>();

export function isUnconfirmed(caller: Caller): boolean {
  return unconfirmed.has(caller);
}

/**
 * SQL (a boolean expression) that the caller's credential is still live, with the credential id
 * as parameter `$n`: to run in the same query as the route's own read.
 */
export function confirmCallerSql(caller: Caller, n: number): string {
  return caller.kind === 'api_key'
    ? `EXISTS (SELECT 1 FROM api_keys WHERE id = $${n} AND revoked_at IS NULL)`
    : `EXISTS (SELECT 1 FROM exchange_tokens WHERE id = $${n} AND revoked_at IS NULL)`;
}

export function credentialId(caller: Caller): string {
  return caller.kind === 'api_key' ? caller.keyId : caller.tokenId;
}

/** Why a credential found revoked by confirmCallerSql is refused (as resolveCaller would). */
export function revokedCredential(caller: Caller): ApiError {
  return unauthorized(caller.kind === 'api_key' ? 'Unknown or revoked API key' : 'Unknown exchange token');
}

/**
 * `GET /api/v2/threads` (server/routes/threads.ts via thread-cache.ts markupVersionForCaller): the
 * one route that confirms a reused credential itself. Matched exactly: any other path, a route
 * added later included, gets a fresh lookup.
 */
const CONFIRMS_ITSELF = 'GET /api/v2/threads';

function confirmsItself(method: string, path: string): boolean {
  return `${method} ${path}` === CONFIRMS_ITSELF;
}

/** Middleware: every route behind it has `c.var.caller`. */
export function requireCaller(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const recent = new Map<string, { caller: Caller; until: number }>();
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (!confirmsItself(c.req.method, c.req.path)) {
      c.set('caller', await resolveCaller(deps, authorization));
      return next();
    }
    const token = readBearer(authorization);
    const key = token === undefined ? undefined : sha256Hex(token);
    const now = deps.clock.now();
    const hit = key === undefined ? undefined : recent.get(key);
    if (hit && hit.until > now && (hit.caller.kind !== 'exchange' || hit.caller.expiresAt > now)) {
      c.set('caller', hit.caller);
      return next();
    }
    const caller = await resolveCaller(deps, authorization);
    if (recent.size >= RECENT_MAX) recent.clear();
    // This request was checked just now; the copy kept for later ones is marked unconfirmed.
    const reused: Caller = { ...caller };
    unconfirmed.add(reused);
    recent.set(key!, { caller: reused, until: now + RECENT_MS });
    c.set('caller', caller);
    return next();
  };
}
