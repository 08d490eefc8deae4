/**
 * The conversion worker: makes file markups ready (docs/api-decisions.md, "File markups and
 * conversion"). Modelled on the webhook delivery worker: any number of server processes may share
 * one PostgreSQL; each poll claims due `markup_conversions` rows with `FOR UPDATE SKIP LOCKED` and
 * a lease (the row's `next_attempt_at` moves to the lease's end), so no two workers convert one
 * markup at a time and a crashed worker's row is simply due again later. Not-ready markups that have
 * no row yet (made by POST /markups/file) are enrolled by the poll itself.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import { isoAt, type Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { deleteObjects } from '../model/file-cleanup.ts';
import { deleteMarkups } from '../model/markup-writes.ts';
import { CorruptFileError } from './analyze.ts';
import { runConversion } from './job.ts';
import { createPollLoop } from '../events/poll-loop.ts';

export interface ConversionWorkerOptions {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  log: Logger;
  /** Pause between polls when nothing was due. */
  pollIntervalMs?: number;
  /** How long a claim holds a row; must exceed the slowest conversion. */
  leaseMs?: number;
  /** Rows claimed (and converted concurrently) per poll. */
  batchSize?: number;
  /** Attempts before a failing conversion is given up. */
  maxAttempts?: number;
  /** Where originals are copied while they are converted. */
  tmpDir?: string;
}

export interface ConversionWorker {
  start(): void;
  /** Stops polling and waits for conversions in flight. */
  stop(): Promise<void>;
  /** Enrolls new not-ready markups, claims one batch of due rows and runs it; resolves with the rows run. */
  runOnce(): Promise<number>;
}

interface Claimed {
  markup_id: string;
  attempts: number;
  wait_until: Date | null;
  created_at: Date;
}

export const CONVERSION_MAX_ATTEMPTS = 5;
/** Retry n waits 30 s · 4^(n-1), at most an hour: 30 s, 2 min, 8 min, 32 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 3_600_000);
}
/** How often an upload still on its way is looked for: often at first, then every minute. */
export function uploadPollDelayMs(waitingSinceMs: number): number {
  return waitingSinceMs < 15 * 60_000 ? 5_000 : 60_000;
}

export function createConversionWorker(options: ConversionWorkerOptions): ConversionWorker {
  const { db, store, clock, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const batchSize = options.batchSize ?? 2;
  const maxAttempts = options.maxAttempts ?? CONVERSION_MAX_ATTEMPTS;
  const tmpDir = options.tmpDir ?? tmpdir();

  async function enroll(now: number): Promise<void> {
    // Concurrent workers may both insert: the primary key keeps one row, the other does nothing.
    await db.query(
      `INSERT INTO markup_conversions (markup_id, next_attempt_at, created_at)
       SELECT m.id, $1::timestamptz, $1::timestamptz FROM markups m
       WHERE NOT m.is_ready AND m.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM markup_conversions c WHERE c.markup_id = m.id)
       ORDER BY m.created_at LIMIT 100
       ON CONFLICT (markup_id) DO NOTHING`,
      [isoAt(now)],
    );
    // A markup deleted while waiting needs no conversion.
    await db.query(
      `UPDATE markup_conversions c SET status = 'failed', last_error = 'the markup was deleted', finished_at = $1::timestamptz, lease_id = NULL
       FROM markups m WHERE m.id = c.markup_id AND c.status = 'pending' AND c.next_attempt_at <= $1::timestamptz AND m.deleted_at IS NOT NULL`,
      [isoAt(now)],
    );
  }

  async function claim(now: number, lease: string): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ markup_id: string }>(
        `SELECT c.markup_id FROM markup_conversions c
         WHERE c.status = 'pending' AND c.next_attempt_at <= $1::timestamptz
         ORDER BY c.next_attempt_at, c.markup_id LIMIT $2
         FOR UPDATE SKIP LOCKED`,
        [isoAt(now), batchSize],
      );
      if (due.length === 0) return [];
      return tx.query<Claimed>(
        `UPDATE markup_conversions SET lease_id = $2, next_attempt_at = $3::timestamptz, attempts = attempts + 1
         WHERE markup_id = ANY($1::uuid[])
         RETURNING markup_id, attempts, wait_until, created_at`,
        [due.map((row) => row.markup_id), lease, isoAt(now + leaseMs)],
      );
    });
  }

  /** Only the lease holder records an outcome: after its lease ran out, a newer claim owns the row. */
  async function settle(row: Claimed, lease: string, set: string, params: unknown[], on: Db = db): Promise<boolean> {
    const updated = await on.query(
      `UPDATE markup_conversions SET ${set}, lease_id = NULL WHERE markup_id = $1 AND lease_id = $2 AND status = 'pending' RETURNING markup_id`,
      [row.markup_id, lease, ...params],
    );
    return updated.length > 0;
  }

  async function fail(row: Claimed, lease: string, error: unknown): Promise<void> {
    const now = clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof CorruptFileError || row.attempts >= maxAttempts;
    if (final) {
      // The reason is what clients are told (model/markup-conversion.ts); the message only operators see.
      const reason = error instanceof CorruptFileError ? error.reason : null;
      const failed = await settle(row, lease, `status = 'failed', last_error = $3, finished_at = $4::timestamptz, failure_reason = $5`, [
        message.slice(0, 500),
        isoAt(now),
        reason,
      ]);
      if (failed) log.error(`Markup ${row.markup_id} could not be converted (attempt ${row.attempts}): ${message}`);
      return;
    }
    await settle(row, lease, 'last_error = $3, next_attempt_at = $4::timestamptz', [
      message.slice(0, 500),
      isoAt(now + retryDelayMs(row.attempts)),
    ]);
  }

  async function convert(row: Claimed, lease: string): Promise<void> {
    try {
      const job = { db, store, tmpDir, now: () => clock.now(), log: (message: string) => log.info(`Markup ${row.markup_id}: ${message}`) };
      const outcome = await runConversion(job, row.markup_id, lease, row.wait_until);
      const now = clock.now();
      if (outcome.kind === 'waiting') {
        // Looking for an upload on its way is not a conversion attempt.
        const delay = uploadPollDelayMs(now - row.created_at.getTime());
        await settle(row, lease, 'attempts = attempts - 1, next_attempt_at = $3::timestamptz', [isoAt(now + delay)]);
      } else if (outcome.kind === 'never_arrived') {
        // The client got a URL and never used it: the empty markup goes (docs: "File markups and conversion").
        const deleted = await db.transaction(async (tx) => {
          const mine = await settle(
            row,
            lease,
            `status = 'failed', last_error = $3, finished_at = $4::timestamptz`,
            ['the upload never arrived', isoAt(now)],
            tx,
          );
          return mine ? deleteMarkups(tx, [row.markup_id], now) : null;
        });
        if (deleted) {
          await deleteObjects(store, deleted.files, log);
          log.info(`Markup ${row.markup_id}: its upload never arrived; the markup was deleted`);
        }
      }
    } catch (error) {
      await fail(row, lease, error).catch((inner: unknown) =>
        log.error(`Markup ${row.markup_id}: recording a failed conversion failed`, inner),
      );
    }
  }

  async function runOnce(): Promise<number> {
    const now = clock.now();
    await enroll(now);
    const lease = randomUUID();
    const rows = await claim(now, lease);
    await Promise.all(rows.map((row) => convert(row, lease)));
    return rows.length;
  }

  const loop = createPollLoop({
    runOnce,
    batchSize,
    pollIntervalMs,
    log,
    failure: 'Markup conversion poll failed',
  });

  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    runOnce,
  };
}
