/**
 * Rate limiting (docs/api-decisions.md, "Rate limits"; the table is rate-limit-rules.ts). One
 * middleware, mounted where the credential is known (after the credentials middleware for the API,
 * ahead of idempotency so a refused flood costs one statement), recognises the limited requests by
 * method and path and lets every other request through without touching the database.
 *
 * The counters are rows of `rate_limits`, one per bucket and fixed window, bumped by a single
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` for both of a request's buckets: one round trip,
 * atomic in PostgreSQL, so every server process on one database counts into the same rows. On the
 * routes limited per caller, the credential lookup has usually taken that count already, in its
 * own statement (rate-limit-count.ts); the middleware then answers from it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Caller } from '../domain/viewer.ts';
import { readBearer, sha256Hex } from '../auth/tokens.ts';
import { isoAt, type Db } from '../db/db.ts';
import type { AppDeps, AppEnv } from './app-deps.ts';
import { clientAddress } from './client-address.ts';
import { ApiError } from '../domain/errors.ts';
import { countedHitsOf } from './rate-limit-count.ts';
import {
  GROUP_NOUNS,
  limitedRouteOf,
  RATE_LIMITS,
  type CredentialSource,
  type LimitedRoute,
  type RateLimitRule,
} from './rate-limit-rules.ts';

/** Sent on every answer of a limited route (the IETF draft's first, widely deployed form), plus Retry-After on 429. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

interface Credential {
  key: string;
  apiKey: boolean;
}

/** A string field of a JSON body, read leniently: a malformed body counts by address and gets its error from the route. */
async function bodyField(c: Context, name: string): Promise<string | undefined> {
  try {
    const value: unknown = JSON.parse(await c.req.text());
    const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
    return typeof field === 'string' && field.trim() !== '' ? field : undefined;
  } catch {
    return undefined;
  }
}

/** Presented secrets are counted by their hash: the table never holds a usable token or an e-mail. */
const hashed = (kind: string, value: string | undefined): Credential | undefined =>
  value ? { key: `${kind}:${sha256Hex(value)}`, apiKey: false } : undefined;

async function credentialOf(c: Context<AppEnv>, source: CredentialSource): Promise<Credential | undefined> {
  switch (source) {
    case 'caller': {
      const caller = c.get('caller') as Caller | undefined;
      if (!caller) return undefined;
      // A reviewer by user, not token: renewing the exchange token does not start a fresh count.
      return caller.kind === 'api_key' ? { key: `key:${caller.keyId}`, apiKey: true } : { key: `user:${caller.userId}`, apiKey: false };
    }
    case 'bearer':
      return hashed('token', readBearer(c.req.header('authorization')));
    case 'body:token':
      return hashed('token', await bodyField(c, 'token'));
    case 'body:email':
      return hashed('email', (await bodyField(c, 'email'))?.trim().toLowerCase());
    case 'query:state':
      return hashed('state', c.req.query('state') || undefined);
    case 'none':
      return undefined;
  }
}

/**
 * Adds one hit to each bucket's current window and returns the counts after it. Buckets are
 * sorted so concurrent statements lock rows in one order (no deadlock between two requests).
 */
export async function countHits(db: Db, buckets: string[], windowStart: number, windowEnd: number): Promise<Map<string, number>> {
  const keys = [...new Set(buckets)].sort();
  const rows = keys.map((_, i) => `($${i + 3}, $1::timestamptz, 1, $2::timestamptz)`).join(', ');
  const counted = await db.query<{ bucket: string; hits: number }>(
    `INSERT INTO rate_limits AS r (bucket, window_start, hits, expires_at) VALUES ${rows}
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
     RETURNING bucket, hits`,
    [isoAt(windowStart), isoAt(windowEnd), ...keys],
    { prepare: true },
  );
  return new Map(counted.map((row) => [row.bucket, Number(row.hits)]));
}

/** Removes windows that have ended (the hourly sweep in main.ts); returns how many. */
export async function sweepRateLimits(db: Db, now: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM rate_limits WHERE expires_at <= $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [isoAt(now)],
  );
  return Number(rows[0]?.n ?? 0);
}

interface Counted {
  limit: number;
  hits: number;
  per: 'address' | 'credential' | 'API key';
}

function refusal(group: LimitedRoute['group'], rule: RateLimitRule, bucket: Counted, retryAfter: number): ApiError {
  const window = rule.windowSeconds === 3600 ? 'hour' : rule.windowSeconds === 60 ? 'minute' : `${rule.windowSeconds} s`;
  const who =
    bucket.per === 'address' ? 'from one address' : bucket.per === 'API key' ? 'with one API key' : 'for one reviewer or credential';
  return new ApiError(
    429,
    'rate_limited',
    `Too many ${GROUP_NOUNS[group]}: at most ${bucket.limit} per ${window} ${who}. Try again in ${retryAfter} s.`,
  );
}

/**
 * The middleware. The headers are set before the route runs, so its answer — success or error —
 * carries them.
 */
export function rateLimited(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!deps.config.rateLimits.enabled) return next();
    const route = limitedRouteOf(c.req.method, c.req.path);
    if (!route) return next();
    const rule: RateLimitRule = RATE_LIMITS[route.group];
    const buckets = new Map<string, Omit<Counted, 'hits'>>([
      [`${route.group}:a:${clientAddress(c, deps.config.trustProxy)}`, { limit: rule.perAddress, per: 'address' }],
    ]);
    const credential = await credentialOf(c, route.credential);
    if (credential) {
      const limit = credential.apiKey ? (rule.perApiKey ?? rule.perCredential) : rule.perCredential;
      buckets.set(`${route.group}:c:${credential.key}`, { limit, per: credential.apiKey ? 'API key' : 'credential' });
    }

    const counted = countedHitsOf(c);
    const now = counted?.count.now ?? deps.clock.now();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    const hits = counted?.hits ?? (await countHits(deps.db, [...buckets.keys()], windowStart, windowStart + windowMs));
    // The bucket nearest its limit is the one the client has to pace itself by.
    const tightest = [...buckets]
      .map(([key, bucket]): Counted => ({ ...bucket, hits: hits.get(key) ?? 1 }))
      .reduce((a, b) => (b.limit - b.hits < a.limit - a.hits ? b : a));
    const reset = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    c.header('RateLimit-Limit', String(tightest.limit));
    c.header('RateLimit-Remaining', String(Math.max(0, tightest.limit - tightest.hits)));
    c.header('RateLimit-Reset', String(reset));
    c.header('RateLimit-Policy', `${tightest.limit};w=${rule.windowSeconds}`);
    if (tightest.hits > tightest.limit) {
      c.header('Retry-After', String(reset));
      throw refusal(route.group, rule, tightest, reset);
    }
    await next();
  };
}
