/**
 * A rate-limit count taken by the credential lookup itself (issue 15, the write path): on the
 * limited routes whose second bucket is the caller (POST /threads, replies, uploads, invitations),
 * the statement that finds the API key or exchange token (server/auth/caller.ts) also adds the
 * request's hits, one round trip instead of two. It counts exactly what rateLimited
 * (rate-limit.ts) would have counted after it: the same two buckets, only for a credential that
 * resolves (a 401 counts nothing), in the same lock order. rateLimited then answers from these
 * counts instead of counting again.
 */
import type { Context } from 'hono';
import { isoAt } from '../db/db.ts';
import type { AppConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import { clientAddress } from './client-address.ts';
import { limitedRouteOf, RATE_LIMITS } from './rate-limit-rules.ts';

/** What a request's count adds to: its buckets (the credential's named once it is known) and its window. */
export interface HitCount {
  addressBucket: string;
  /** The credential's bucket without its key (`key:<API key id>` or `user:<user id>`, as rateLimited names it). */
  credentialPrefix: string;
  now: number;
  windowStart: number;
  windowEnd: number;
}

/** The count a credential lookup should take for this request, or undefined (not limited by caller, or limits off). */
export function hitCountFor(c: Context, config: Pick<AppConfig, 'rateLimits' | 'trustProxy'>, clock: Clock): HitCount | undefined {
  if (!config.rateLimits.enabled) return undefined;
  const route = limitedRouteOf(c.req.method, c.req.path);
  if (route?.credential !== 'caller') return undefined;
  const windowMs = RATE_LIMITS[route.group].windowSeconds * 1000;
  const now = clock.now();
  const windowStart = now - (now % windowMs);
  return {
    addressBucket: `${route.group}:a:${clientAddress(c, config.trustProxy)}`,
    credentialPrefix: `${route.group}:c:`,
    now,
    windowStart,
    windowEnd: windowStart + windowMs,
  };
}

/**
 * The CTE `counted (bucket, hits)`: one hit on the address's and the credential's bucket (the
 * credential's key is the SQL expression `credentialKey` over the rows of `from`), added only when
 * `gate` holds, with the same upsert as countHits (rate-limit.ts) and its lock order (sorted).
 */
export function countedCte(count: HitCount, from: string, credentialKey: string, gate: string, add: (value: unknown) => string): string {
  return `counted AS (
    INSERT INTO rate_limits AS r (bucket, window_start, hits, expires_at)
    SELECT b.bucket, ${add(isoAt(count.windowStart))}::timestamptz, 1, ${add(isoAt(count.windowEnd))}::timestamptz
    FROM ${from} CROSS JOIN LATERAL (VALUES (${add(count.addressBucket)}::text), (${add(count.credentialPrefix)}::text || ${credentialKey})) AS b (bucket)
    WHERE ${gate}
    ORDER BY b.bucket COLLATE "C"
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
    RETURNING bucket, hits)`;
}

/** The columns `address_hits` and `credential_hits` of a statement holding countedCte. */
export function countedColumns(count: HitCount, add: (value: unknown) => string): string {
  const address = add(count.addressBucket);
  return `(SELECT hits FROM counted WHERE bucket = ${address}) AS address_hits,
    (SELECT hits FROM counted WHERE bucket <> ${address}) AS credential_hits`;
}

/** Hits counted for a request, by bucket, with the count they were taken for. */
export interface CountedHits {
  count: HitCount;
  hits: Map<string, number>;
}

const counted = new WeakMap<Request, CountedHits>();

export function rememberCountedHits(c: Context, hits: CountedHits): void {
  counted.set(c.req.raw, hits);
}

/** The hits the credential lookup counted for this request, if it did. */
export function countedHitsOf(c: Context): CountedHits | undefined {
  return counted.get(c.req.raw);
}
