/**
 * A rate-limit count taken by the credential lookup itself (issue 15, the write path): on the
 * limited routes whose second bucket is the caller (POST /threads, replies, uploads, invitations),
 * the statement that finds the API key or exchange token (server/auth/caller.ts) also adds the
 * request's hits, one round trip instead of two. It counts exactly what rateLimited
 * (rate-limit.ts) would have counted after it: the same two buckets, only for a credential that
 * resolves (a 401 counts nothing), in the same lock order. rateLimited then answers from these
 * counts instead of counting again. The SQL the lookup adds is in server/auth/hit-count-sql.ts, on
 * the floor of the lookup that runs it; this file decides, from the request, what to count.
 */
import type { Context } from 'hono';
import type { HitCount } from '../auth/hit-count-sql.ts';
import type { AppConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import { clientAddress } from './client-address.ts';
import { limitedRouteOf, RATE_LIMITS } from './rate-limit-rules.ts';

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
