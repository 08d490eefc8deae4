/**
 * The mail worker: each poll fans new events out into jobs (fanout.ts), then claims the jobs that
 * are due — an open job once its batching window has passed, a failed one when its retry is due —
 * with FOR UPDATE SKIP LOCKED and a lease, exactly as the webhook worker (server/events/worker.ts)
 * claims deliveries, on the same poll loop and retry schedule. Claiming closes a job to new events.
 * With an SMTP transport a job is sent; without one (the demo) it is kept, rendered, for GET /mail.
 * Any number of processes may share one PostgreSQL: a job is claimed by one worker at a time, and
 * only a process dying between the SMTP server's acceptance and the row's update sends it twice
 * (the stable Message-ID lets mail clients drop the repeat).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import { isoAt, type Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { createPollLoop } from '../events/poll-loop.ts';
import { nextAttemptAt } from '../events/schedule.ts';
import { composeMail, type ComposedMail } from './compose.ts';
import { fanOutOnce, type MailItem } from './fanout.ts';
import { unsubscribeSecret } from './state.ts';
import type { SendMail } from './transport.ts';

export interface MailWorkerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  publicUrl: string;
  storage: ObjectStore;
  /** How long a recipient's events of one thread gather before their e-mail goes. */
  batchWindowMs: number;
  /** SMTP (transport.ts); undefined keeps the mails in the table (the demo without SMTP_URL). */
  send?: SendMail;
  pollIntervalMs?: number;
  /** How long a claim holds a job; must exceed the SMTP timeouts. */
  leaseMs?: number;
  /** Jobs claimed per batch. */
  batchSize?: number;
  /**
   * Events fanned out per batch: a batch costs the same few statements whatever its size, so a
   * burst of writes is read in big batches (default ten times batchSize).
   */
  fanOutBatchSize?: number;
  random?: () => number;
}

export interface MailWorker {
  start(): void;
  stop(): Promise<void>;
  /** One fan-out and one claimed batch; resolves with the larger of events and jobs handled. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is left to do now (tests). */
  drain(): Promise<number>;
}

interface ClaimedJob {
  id: string;
  thread_id: string;
  user_id: string;
  items: MailItem[];
  attempts: number;
  created_at: Date;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, clock, log } = options;
  const batchSize = options.batchSize ?? 20;
  const fanOutBatchSize = options.fanOutBatchSize ?? batchSize * 10;
  const leaseMs = options.leaseMs ?? 120_000;
  const random = options.random ?? Math.random;

  async function claim(now: number, lease: string): Promise<ClaimedJob[]> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `SELECT id FROM mail_jobs WHERE status IN ('open', 'pending') AND next_attempt_at <= $1::timestamptz
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [isoAt(now), batchSize],
      );
      if (due.length === 0) return [];
      return tx.query<ClaimedJob>(
        `UPDATE mail_jobs SET status = 'pending', lease_id = $2, attempts = attempts + 1, next_attempt_at = $3::timestamptz
         WHERE id = ANY($1::uuid[]) RETURNING id, thread_id, user_id, items, attempts, created_at`,
        [due.map((row) => row.id), lease, isoAt(now + leaseMs)],
      );
    });
  }

  async function finish(job: ClaimedJob, lease: string, status: 'sent' | 'kept' | 'cancelled', mail?: ComposedMail): Promise<void> {
    await db.query(
      `UPDATE mail_jobs SET status = $3, lease_id = NULL, finished_at = $4::timestamptz, last_error = NULL,
         recipient = $5, subject = $6, text_body = $7, html_body = $8, message_id = $9
       WHERE id = $1 AND lease_id = $2 AND status = 'pending'`,
      [
        job.id,
        lease,
        status,
        isoAt(clock.now()),
        mail?.to ?? null,
        mail?.subject ?? null,
        mail?.text ?? null,
        mail?.html ?? null,
        mail?.messageId ?? null,
      ],
    );
  }

  async function failed(job: ClaimedJob, lease: string, error: string): Promise<void> {
    const now = clock.now();
    const next = nextAttemptAt({ createdAt: job.created_at.getTime(), failedAt: now, attempts: job.attempts, random });
    const updated = await db.query(
      `UPDATE mail_jobs SET status = $3, next_attempt_at = $4::timestamptz, finished_at = $5::timestamptz, last_error = $6, lease_id = NULL
       WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
      [job.id, lease, next === null ? 'failed' : 'pending', isoAt(next ?? now), next === null ? isoAt(now) : null, error.slice(0, 500)],
    );
    if (updated.length > 0) log.error(`Mail ${job.id}: attempt ${job.attempts} failed${next === null ? ', given up' : ''}: ${error}`);
  }

  async function deliver(job: ClaimedJob, lease: string, secret: string): Promise<void> {
    const mail = await composeMail({ db, publicUrl: options.publicUrl, storage: options.storage, unsubscribeSecret: secret }, job);
    if (!mail) return finish(job, lease, 'cancelled');
    if (!options.send) return finish(job, lease, 'kept', mail);
    try {
      await options.send(mail);
    } catch (error) {
      return failed(job, lease, error instanceof Error ? error.message : String(error));
    }
    await finish(job, lease, 'sent', mail);
  }

  async function runOnce(): Promise<number> {
    const now = clock.now();
    const events = await fanOutOnce(db, { now, batchWindowMs: options.batchWindowMs, batchSize: fanOutBatchSize });
    const lease = randomUUID();
    const jobs = await claim(now, lease);
    if (jobs.length > 0) {
      const secret = await unsubscribeSecret(db, now);
      await Promise.all(
        jobs.map((job) =>
          deliver(job, lease, secret).catch((error: unknown) => log.error(`Mail ${job.id}: recording the attempt failed`, error)),
        ),
      );
    }
    return Math.max(events, jobs.length);
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
    return total;
  }

  const loop = createPollLoop({
    runOnce,
    batchSize,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    log,
    failure: 'Mail poll failed',
  });
  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    runOnce,
    drain,
  };
}
