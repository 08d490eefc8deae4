/**
 * The integration worker: claims due jobs (queued by the triggers of migration 0021 in the
 * transaction of each change) with FOR UPDATE SKIP LOCKED and a lease, like the webhook and mail
 * workers and on the same poll loop, and hands each to its connector. A thread's jobs of one
 * integration run one at a time in order (a reply waits for its issue). A failure is kept on the
 * job (`last_error`, shown in the review app) and retried on the webhook schedule
 * (events/schedule.ts: 5 s doubling to 1 h, for 24 h); a refusal the service will repeat (a 4xx, a
 * forbidden address, a secret that no longer opens) gives up at once. A comment never waits for any of it.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { createPollLoop } from '../events/poll-loop.ts';
import { nextAttemptAt } from '../events/schedule.ts';
import type { ExternalLink, JobKind, JobResult } from './connector.ts';
import { connectors } from './connectors.ts';
import { messageContent, threadContent } from './content.ts';
import { PermanentFailure, type SendRequest } from './http.ts';
import { integrationById, openSecrets } from './store.ts';

export interface IntegrationWorkerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  storage: ObjectStore;
  publicUrl: string;
  key: Buffer;
  send: SendRequest;
  pollIntervalMs?: number;
  /** Longer than a connector's requests (three at most, 15 s each). */
  leaseMs?: number;
  batchSize?: number;
  random?: () => number;
}

export interface IntegrationWorker {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<number>;
  /** runOnce until nothing is due now (tests). */
  drain(): Promise<number>;
}

interface ClaimedJob {
  id: string;
  integration_id: string;
  thread_id: string | null;
  message_id: string | null;
  kind: JobKind;
  attempts: number;
  created_at: Date;
}

class Cancelled extends Error {}

export function createIntegrationWorker(options: IntegrationWorkerOptions): IntegrationWorker {
  const { db, clock, log } = options;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 120_000;
  const random = options.random ?? Math.random;

  async function claim(now: number, lease: string): Promise<ClaimedJob[]> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `SELECT j.id FROM integration_jobs j JOIN integrations i ON i.id = j.integration_id AND i.enabled AND i.deleted_at IS NULL
         WHERE j.status = 'pending' AND j.next_attempt_at <= $1::timestamptz
           AND NOT EXISTS (SELECT 1 FROM integration_jobs e WHERE e.integration_id = j.integration_id AND e.thread_id = j.thread_id
                           AND e.status = 'pending' AND e.seq < j.seq)
         ORDER BY j.next_attempt_at, j.seq LIMIT $2 FOR UPDATE OF j SKIP LOCKED`,
        [isoAt(now), batchSize],
      );
      if (due.length === 0) return [];
      return tx.query<ClaimedJob>(
        `UPDATE integration_jobs SET lease_id = $2, attempts = attempts + 1, next_attempt_at = $3::timestamptz
         WHERE id = ANY($1::uuid[]) RETURNING id, integration_id, thread_id, message_id, kind, attempts, created_at`,
        [due.map((row) => row.id), lease, isoAt(now + leaseMs)],
      );
    });
  }

  async function perform(job: ClaimedJob): Promise<JobResult> {
    const integration = await integrationById(db, job.integration_id);
    if (!integration) throw new Cancelled('the integration was deleted');
    const connector = connectors[integration.kind];
    if (!connector.handles(job.kind)) return { outcome: 'skipped: not sent to this service' };
    const thread = job.thread_id
      ? await threadContent({ db, storage: options.storage, publicUrl: options.publicUrl }, job.thread_id)
      : undefined;
    if (!thread) throw new Cancelled('the thread was deleted');
    const message = job.message_id ? await messageContent(db, job.message_id) : undefined;
    if (job.kind === 'reply_created' && !message) throw new Cancelled('the message was deleted');
    let secrets: unknown;
    try {
      secrets = connector.secretsSchema.parse(openSecrets(options.key, integration));
    } catch (error) {
      throw new PermanentFailure(error instanceof Error ? error.message : String(error));
    }
    const link = await queryOne<{ external_id: string; external_key: string | null; external_url: string | null }>(
      db,
      'SELECT external_id, external_key, external_url FROM integration_links WHERE integration_id = $1 AND thread_id = $2',
      [integration.id, thread.id],
    );
    return connector.run({
      kind: job.kind,
      settings: connector.settingsSchema.parse(integration.settings),
      secrets,
      thread,
      ...(message ? { message } : {}),
      ...(link ? { link: { externalId: link.external_id, externalKey: link.external_key, externalUrl: link.external_url } } : {}),
      send: options.send,
    });
  }

  async function succeeded(job: ClaimedJob, lease: string, result: JobResult): Promise<void> {
    await db.transaction(async (tx) => {
      const done = await tx.query(
        `UPDATE integration_jobs SET status = 'done', lease_id = NULL, finished_at = $3::timestamptz, outcome = $4, last_error = NULL
         WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
        [job.id, lease, isoAt(clock.now()), result.outcome.slice(0, 500)],
      );
      if (done.length > 0 && result.link && job.thread_id) await remember(tx, job, result.link);
    });
  }

  async function remember(tx: Db, job: ClaimedJob, link: ExternalLink): Promise<void> {
    await tx.query(
      `INSERT INTO integration_links (integration_id, thread_id, external_id, external_key, external_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz) ON CONFLICT DO NOTHING`,
      [job.integration_id, job.thread_id, link.externalId, link.externalKey ?? null, link.externalUrl ?? null, isoAt(clock.now())],
    );
  }

  async function failed(job: ClaimedJob, lease: string, error: unknown): Promise<void> {
    const now = clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentFailure || error instanceof Cancelled;
    const next = final ? null : nextAttemptAt({ createdAt: job.created_at.getTime(), failedAt: now, attempts: job.attempts, random });
    const status = error instanceof Cancelled ? 'cancelled' : next === null ? 'failed' : 'pending';
    const updated = await db.query(
      `UPDATE integration_jobs SET status = $3, next_attempt_at = $4::timestamptz, finished_at = $5::timestamptz, last_error = $6, lease_id = NULL,
         outcome = $7
       WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
      [
        job.id,
        lease,
        status,
        isoAt(next ?? now),
        status === 'pending' ? null : isoAt(now),
        message.slice(0, 500),
        status === 'failed' ? `gave up after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}` : null,
      ],
    );
    if (updated.length > 0 && status !== 'cancelled')
      log.error(
        `Integration job ${job.id} (${job.kind}): attempt ${job.attempts} failed${status === 'failed' ? ', given up' : ''}: ${message}`,
      );
  }

  async function handle(job: ClaimedJob, lease: string): Promise<void> {
    let result: JobResult;
    try {
      result = await perform(job);
    } catch (error) {
      return failed(job, lease, error);
    }
    await succeeded(job, lease, result);
  }

  async function runOnce(): Promise<number> {
    const lease = randomUUID();
    const jobs = await claim(clock.now(), lease);
    // One at a time within a batch: a thread's next job is claimable only once this one is done.
    for (const job of jobs)
      await handle(job, lease).catch((error: unknown) => log.error(`Integration job ${job.id}: recording failed`, error));
    return jobs.length;
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
    failure: 'Integration poll failed',
  });
  return { start: () => loop.start(), stop: () => loop.stop(), runOnce, drain };
}
