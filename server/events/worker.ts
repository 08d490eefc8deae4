/**
 * The delivery worker: sends the outbox rows recordEvent wrote. Any number of workers (server
 * processes) may share one PostgreSQL. Each poll claims a batch of due rows in a short transaction
 * (`FOR UPDATE SKIP LOCKED`, so two workers never claim the same row) that also sets a lease: the
 * row's `next_attempt_at` moves to the lease's end, so if the process dies mid-delivery the row is
 * simply due again later and another worker sends it (at least once; the stable `webhook-id` lets
 * receivers drop the repeat). Rows are signed at send time with the registration's current key.
 * Before each attempt the target is checked again against the address rules, after resolving its
 * name, and the request connects only to the addresses that passed (server/net/): a registration
 * cannot be turned against the server's own network by DNS that changed since it was made.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import { isoAt, type Db } from '../db/db.ts';
import { nextAttemptAt } from './schedule.ts';
import { signatureHeaders } from './signing.ts';
import { createPollLoop } from './poll-loop.ts';
import type { WebhookTargetConfig } from '../domain/config.ts';
import type { HostLookup } from '../net/lookup.ts';
import { checkTarget, PUBLIC_ONLY, targetPolicy } from '../net/target-check.ts';
import { pinnedPost, type TargetPost } from '../net/pinned-post.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  /** Where deliveries may go (`config.webhooks`): private addresses only as its allow-list says. */
  targets: WebhookTargetConfig;
  /** Name resolution (tests stage names that resolve privately). */
  lookup?: HostLookup;
  /** Sends one POST to the vetted addresses (tests may wrap it). */
  post?: TargetPost;
  /** Pause between polls when nothing was due. */
  pollIntervalMs?: number;
  /** How long a claim holds a row; must exceed the request timeout. */
  leaseMs?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Rows claimed (and sent concurrently) per poll. */
  batchSize?: number;
  /** Jitter source for the retry schedule. */
  random?: () => number;
}

export interface DeliveryWorker {
  /** Polls until stop(). */
  start(): void;
  /** Stops polling, aborts requests in flight (their rows are due again at once) and waits. */
  stop(): Promise<void>;
  /** Claims one batch of due rows and sends it; resolves with the number of rows attempted. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is due (tests). */
  drain(): Promise<number>;
}

interface Claimed {
  id: string;
  event_id: string;
  payload: string;
  attempts: number;
  created_at: Date;
  url: string;
  signing_key: string;
}

const USER_AGENT = 'Pinmark-Webhooks/1.0';
/** Finished rows are kept this long for inspection, then swept. */
export const DELIVERY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock, log } = options;
  const post = options.post ?? pinnedPost;
  const policy = targetPolicy(options.targets, options.lookup);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const batchSize = options.batchSize ?? 20;
  const random = options.random ?? Math.random;
  const stopping = new AbortController();

  /** Pending rows of registrations disabled or deleted after the row was written never go out. */
  async function cancelOrphans(now: number): Promise<void> {
    await db.query(
      `UPDATE webhook_deliveries d SET status = 'cancelled', lease_id = NULL, finished_at = $1::timestamptz
       FROM webhook_registrations r
       WHERE r.id = d.registration_id AND d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
         AND (NOT r.enabled OR r.deleted_at IS NOT NULL)`,
      [isoAt(now)],
    );
  }

  async function claim(now: number, lease: string): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `SELECT d.id FROM webhook_deliveries d
         WHERE d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
           AND EXISTS (SELECT 1 FROM webhook_registrations r WHERE r.id = d.registration_id AND r.enabled AND r.deleted_at IS NULL)
         ORDER BY d.next_attempt_at, d.id
         LIMIT $2
         FOR UPDATE OF d SKIP LOCKED`,
        [isoAt(now), batchSize],
      );
      if (due.length === 0) return [];
      return tx.query<Claimed>(
        `UPDATE webhook_deliveries d
         SET lease_id = $2, next_attempt_at = $3::timestamptz, attempts = d.attempts + 1, last_attempt_at = $4::timestamptz
         FROM webhook_registrations r
         WHERE d.id = ANY($1::uuid[]) AND r.id = d.registration_id
         RETURNING d.id, d.event_id, d.payload, d.attempts, d.created_at, r.url, r.signing_key`,
        [due.map((row) => row.id), lease, isoAt(now + leaseMs), isoAt(now)],
      );
    });
  }

  async function delivered(row: Claimed, status: number): Promise<void> {
    // Whoever holds the lease now: a success is a success (fewer repeats for the receiver).
    await db.query(
      `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = $2::timestamptz, finished_at = $2::timestamptz,
         last_status = $3, last_error = NULL, lease_id = NULL
       WHERE id = $1 AND status = 'pending'`,
      [row.id, isoAt(clock.now()), status],
    );
  }

  async function failed(row: Claimed, lease: string, status: number | null, error: string): Promise<void> {
    const now = clock.now();
    const next = nextAttemptAt({ createdAt: row.created_at.getTime(), failedAt: now, attempts: row.attempts, random });
    // Only the lease holder records a failure: after a lease ran out, the newer claim owns the row.
    const updated = await db.query(
      `UPDATE webhook_deliveries SET status = $4, next_attempt_at = $5::timestamptz, finished_at = $6::timestamptz,
         last_status = $2, last_error = $3, lease_id = NULL
       WHERE id = $1 AND lease_id = $7 AND status = 'pending' RETURNING id`,
      [
        row.id,
        status,
        error.slice(0, 500),
        next === null ? 'failed' : 'pending',
        isoAt(next ?? now),
        next === null ? isoAt(now) : null,
        lease,
      ],
    );
    if (next === null && updated.length > 0)
      log.error(`Webhook delivery ${row.id} to ${row.url} given up after ${row.attempts} attempts: ${error}`);
  }

  /** Shutting down mid-request: hand the row back at once instead of waiting for the lease. */
  async function release(row: Claimed, lease: string): Promise<void> {
    await db.query(
      'UPDATE webhook_deliveries SET next_attempt_at = $2::timestamptz, lease_id = NULL WHERE id = $1 AND lease_id = $3 AND status = $4',
      [row.id, isoAt(clock.now()), lease, 'pending'],
    );
  }

  async function send(row: Claimed, lease: string): Promise<void> {
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signatureHeaders(row.signing_key, row.event_id, clock.now(), row.payload),
    };
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([stopping.signal, timeout]);
    let status: number;
    try {
      const url = new URL(row.url);
      const target = await untilAborted(checkTarget(url, policy, { resolveAllowedNames: true }), signal);
      if (target.outcome === 'refused') {
        // Retried like any failure (DNS may be fixed), but every refusal is worth an operator's look.
        log.error(
          `Webhook delivery ${row.id} to ${row.url} refused: the host ${target.reason}; ${PUBLIC_ONLY} (PINMARK_WEBHOOK_ALLOWED_HOSTS lists exceptions)`,
        );
        return failed(row, lease, null, `refused: the host ${target.reason}`);
      }
      if (target.outcome === 'unresolved') return failed(row, lease, null, target.reason);
      status = await post({ url, addresses: target.addresses, headers, body: row.payload, signal });
    } catch (error) {
      if (stopping.signal.aborted) return release(row, lease);
      return failed(row, lease, null, timeout.aborted ? `timed out after ${timeoutMs} ms` : describe(error));
    }
    // A redirect is not followed: the registration names the receiver, and a 3xx is a failed attempt.
    if (status >= 200 && status < 300) return delivered(row, status);
    return failed(row, lease, status, `HTTP ${status}`);
  }

  async function runOnce(): Promise<number> {
    const now = clock.now();
    await cancelOrphans(now);
    const lease = randomUUID();
    const rows = await claim(now, lease);
    await Promise.all(
      rows.map((row) =>
        send(row, lease).catch((error: unknown) => log.error(`Webhook delivery ${row.id}: recording the attempt failed`, error)),
      ),
    );
    return rows.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
    return total;
  }

  const loop = createPollLoop({
    runOnce,
    batchSize,
    pollIntervalMs,
    log,
    failure: 'Webhook delivery poll failed',
    stopped: () => stopping.signal.aborted,
  });

  return {
    start: () => loop.start(),
    async stop() {
      stopping.abort();
      await loop.stop();
    },
    runOnce,
    drain,
  };
}

/** `work`, or a rejection as soon as `signal` aborts (a name lookup cannot itself be cancelled). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

/** Deletes finished deliveries older than the retention (with main.ts's hourly sweep). */
export async function sweepWebhookDeliveries(db: Db, now: number): Promise<number> {
  const rows = await db.query(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND finished_at < $1::timestamptz RETURNING id`, [
    isoAt(now - DELIVERY_RETENTION_MS),
  ]);
  return rows.length;
}
