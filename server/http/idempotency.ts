/**
 * `Idempotency-Key` for mutations (docs/api-decisions.md, "Idempotency keys"): a client that lost
 * the answer to a POST, PUT, PATCH or DELETE sends it again with the same key and gets the first
 * answer back (`Idempotent-Replayed: true`) instead of a second thread or reply.
 *
 * The database row is the lock, not process memory, so several server processes sharing one
 * PostgreSQL agree: the first request's insert wins on the primary key, later ones see the row.
 * While the handler runs its process renews a short lease; a row whose lease ran out belongs to a
 * process that died, and a retry of the same request may take it over.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { Caller } from '../domain/viewer.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import type { AppDeps, AppEnv } from './app-deps.ts';
import { badRequest } from '../domain/errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** 24 hours are promised; the extra hour covers clock skew between client and server. */
export const IDEMPOTENCY_KEY_TTL_MS = 25 * 60 * 60 * 1000;
/** How long an in-progress key stays locked without its process renewing the lease. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;
const LEASE_RENEW_MS = 20 * 1000;
const MAX_KEY_LENGTH = 255;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * 4xx answers that depend on something other than the request (credentials, permissions that can
 * be granted or a paused markup resumed, a conflicting state that may clear, rate limits). They are
 * not stored, so a retry is judged afresh; safe, because a refused request changed nothing.
 */
const JUDGED_AGAIN = new Set([401, 403, 408, 409, 423, 425, 429]);
/** Response headers that belong to the answer itself (CORS and version headers are added anew). */
const STORED_HEADERS = ['content-type', 'location', 'cache-control', 'etag', 'last-modified'];

/** 2xx and final 4xx are replayed; 5xx never (a retry after a server error must run again). */
export function isStoredStatus(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && !JUDGED_AGAIN.has(status);
}

/**
 * The key: 1–255 printable ASCII characters. The IETF draft sends it as a Structured Field string
 * (`"…"`, with `\"` and `\\` escapes), Stripe-style clients send it bare; both mean the same key.
 */
export function parseIdempotencyKey(raw: string): string {
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    let unquoted = '';
    const inner = key.slice(1, -1);
    for (let i = 0; i < inner.length; i++) {
      let ch = inner[i]!;
      if (ch === '\\') {
        ch = inner[++i] ?? '';
        if (ch !== '"' && ch !== '\\') throw badRequest(`${IDEMPOTENCY_HEADER}: malformed quoted string`);
      } else if (ch === '"') {
        throw badRequest(`${IDEMPOTENCY_HEADER}: malformed quoted string`);
      }
      unquoted += ch;
    }
    key = unquoted;
  }
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw badRequest(`${IDEMPOTENCY_HEADER} must be 1–${MAX_KEY_LENGTH} printable ASCII characters (a UUID is a good choice)`);
  }
  return key;
}

/**
 * Whose key it is. An exchange token is scoped to its user and markup, not to the token, so a
 * retry after the widget renewed an expired token still finds the first answer. Without a caller
 * (never on the routes it is registered for) the credential's hash stands in.
 */
export function scopeOf(caller: Caller | undefined, authorization: string | undefined): string {
  if (caller?.kind === 'api_key') return `api_key:${caller.keyId}`;
  if (caller?.kind === 'exchange') return `exchange:${caller.userId}:${caller.markupId}`;
  if (caller?.kind === 'member') return `member:${caller.userId}`;
  return `credential:${sha256Hex(authorization ?? '')}`;
}

interface KeyedRequest {
  scope: string;
  key: string;
  method: string;
  path: string;
  bodySha256: string;
}

interface KeyRow {
  method: string;
  path: string;
  body_sha256: string;
  status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

type Claim = { kind: 'ours'; lockId: string } | { kind: 'replay'; row: KeyRow } | { kind: 'reused'; row: KeyRow } | { kind: 'in_progress' };

/**
 * Inserts the key, or takes over a row that is expired (any request) or whose lease ran out
 * (only the same request: a different one is a reuse). One statement, so exactly one of several
 * concurrent requests, in whatever process, gets the row.
 */
async function claimKey(db: Db, req: KeyedRequest, now: number): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lockId = randomUUID();
    const claimed = await db.query(
      `INSERT INTO idempotency_keys AS k
         (scope, idempotency_key, method, path, body_sha256, lock_id, locked_until, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz, $9::timestamptz)
       ON CONFLICT (scope, idempotency_key) DO UPDATE SET
         method = EXCLUDED.method, path = EXCLUDED.path, body_sha256 = EXCLUDED.body_sha256,
         lock_id = EXCLUDED.lock_id, locked_until = EXCLUDED.locked_until, status = NULL,
         response_headers = NULL, response_body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
       WHERE k.expires_at <= EXCLUDED.created_at
          OR (k.status IS NULL AND k.locked_until <= EXCLUDED.created_at AND k.method = EXCLUDED.method
              AND k.path = EXCLUDED.path AND k.body_sha256 = EXCLUDED.body_sha256)
       RETURNING k.lock_id`,
      [
        req.scope,
        req.key,
        req.method,
        req.path,
        req.bodySha256,
        lockId,
        isoAt(now + IDEMPOTENCY_LEASE_MS),
        isoAt(now),
        isoAt(now + IDEMPOTENCY_KEY_TTL_MS),
      ],
    );
    if (claimed.length > 0) return { kind: 'ours', lockId };
    const row = await queryOne<KeyRow>(
      db,
      `SELECT method, path, body_sha256, status, response_headers, response_body FROM idempotency_keys
       WHERE scope = $1 AND idempotency_key = $2`,
      [req.scope, req.key],
    );
    // Gone between the two statements (released after a 5xx, or swept): claim again.
    if (!row) continue;
    if (row.method !== req.method || row.path !== req.path || row.body_sha256 !== req.bodySha256) return { kind: 'reused', row };
    return row.status === null ? { kind: 'in_progress' } : { kind: 'replay', row };
  }
  return { kind: 'in_progress' };
}

function where(req: KeyedRequest, lockId: string): unknown[] {
  return [req.scope, req.key, lockId];
}

/** Stores the response; only while this request still holds the lock (a takeover wins). */
async function complete(db: Db, req: KeyedRequest, lockId: string, res: Response, now: number): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body = await res.clone().text();
  await db.query(
    `UPDATE idempotency_keys SET status = $4, response_headers = $5::jsonb, response_body = $6,
       lock_id = NULL, locked_until = NULL, expires_at = $7::timestamptz
     WHERE scope = $1 AND idempotency_key = $2 AND lock_id = $3`,
    [...where(req, lockId), res.status, json(headers), body, isoAt(now + IDEMPOTENCY_KEY_TTL_MS)],
  );
}

/** Forgets the key, so the next request with it runs (after a 5xx or an answer judged again). */
async function release(db: Db, req: KeyedRequest, lockId: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2 AND lock_id = $3', where(req, lockId));
}

async function renewLease(db: Db, req: KeyedRequest, lockId: string, now: number): Promise<void> {
  await db.query('UPDATE idempotency_keys SET locked_until = $4::timestamptz WHERE scope = $1 AND idempotency_key = $2 AND lock_id = $3', [
    ...where(req, lockId),
    isoAt(now + IDEMPOTENCY_LEASE_MS),
  ]);
}

/** Only JSON (every API answer) or empty bodies are kept as text; anything else is not replayable. */
function isReplayable(res: Response): boolean {
  const type = res.headers.get('content-type');
  return type === null ? res.body === null || res.status === 204 : /^application\/([\w.+-]*\+)?json\b/i.test(type);
}

function replay(c: Context, row: KeyRow): Response {
  const status = row.status ?? 500;
  const body = status === 204 || status === 304 || row.response_body === '' ? null : row.response_body;
  const headers: Record<string, string> = { ...(row.response_headers ?? {}), [REPLAYED_HEADER]: 'true' };
  return c.newResponse(body, status as StatusCode, headers);
}

/** Our own refusals; their codes are listed in docs/api-decisions.md. */
function refuse(c: Context, status: 409 | 422, code: 'idempotency_in_progress' | 'idempotency_key_reused', message: string): Response {
  if (status === 409) c.header('Retry-After', '1');
  return c.json({ error: { code, message } }, status);
}

/**
 * The middleware, registered after authentication (it needs `c.var.caller`). Requests without the
 * header, and reads, pass through untouched.
 */
export function idempotency(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): MiddlewareHandler<AppEnv> {
  const { db, clock, log } = deps;
  return async (c, next) => {
    const raw = c.req.header(IDEMPOTENCY_HEADER);
    if (raw === undefined || !MUTATIONS.has(c.req.method)) return next();
    const key = parseIdempotencyKey(raw);
    const url = new URL(c.req.url);
    // Reading the body here keeps it for the handler (Hono caches it) and enforces the body limit.
    const bodySha256 = createHash('sha256')
      .update(new Uint8Array(await c.req.arrayBuffer()))
      .digest('hex');
    const req: KeyedRequest = {
      scope: scopeOf(c.get('caller'), c.req.header('authorization')),
      key,
      method: c.req.method,
      path: url.pathname + url.search,
      bodySha256,
    };

    const claim = await claimKey(db, req, clock.now());
    if (claim.kind === 'replay') return replay(c, claim.row);
    if (claim.kind === 'reused') {
      const first = `${claim.row.method} ${claim.row.path}`;
      const what = first === `${req.method} ${req.path}` ? `${first} with a different body` : first;
      return refuse(
        c,
        422,
        'idempotency_key_reused',
        `This ${IDEMPOTENCY_HEADER} was already used for ${what}; use a new key for a new request`,
      );
    }
    if (claim.kind === 'in_progress') {
      return refuse(c, 409, 'idempotency_in_progress', `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry shortly`);
    }

    const renew = setInterval(() => {
      renewLease(db, req, claim.lockId, clock.now()).catch((error: unknown) => log.error('Renewing an idempotency lease failed', error));
    }, LEASE_RENEW_MS);
    renew.unref();
    try {
      await next();
    } catch (error) {
      await release(db, req, claim.lockId).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renew);
    }

    try {
      if (isStoredStatus(c.res.status) && isReplayable(c.res)) await complete(db, req, claim.lockId, c.res, clock.now());
      else await release(db, req, claim.lockId);
    } catch (error) {
      // The work is done and the client gets its answer; the key stays in progress until its lease
      // runs out (see "Idempotency keys" in docs/api-decisions.md for what a later retry does).
      log.error(`Storing the response for ${IDEMPOTENCY_HEADER} ${req.method} ${req.path} failed`, error);
    }
  };
}

/** Removes expired keys, at most `limit` per run (the hourly sweep in main.ts); returns how many. */
export async function sweepIdempotencyKeys(db: Db, now: number, limit = 5000): Promise<number> {
  const rows = await db.query(
    `DELETE FROM idempotency_keys WHERE (scope, idempotency_key) IN
       (SELECT scope, idempotency_key FROM idempotency_keys WHERE expires_at <= $1::timestamptz LIMIT $2)
     RETURNING 1`,
    [isoAt(now), limit],
  );
  return rows.length;
}
