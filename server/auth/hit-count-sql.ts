/**
 * The SQL a credential lookup adds to take the request's rate-limit count in the same statement
 * (server/auth/caller.ts): the buckets and window come from the HTTP layer
 * (server/http/rate-limit-count.ts decides them from the request), the statement's parts from here,
 * so the lookup needs nothing from the floor above it.
 */
import { isoAt } from '../db/db.ts';

/** What a request's count adds to: its buckets (the credential's named once it is known) and its window. */
export interface HitCount {
  addressBucket: string;
  /** The credential's bucket without its key (`key:<API key id>` or `user:<user id>`, as rateLimited names it). */
  credentialPrefix: string;
  now: number;
  windowStart: number;
  windowEnd: number;
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
