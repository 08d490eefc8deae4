/**
 * The mail fan-out: turns each `mail_events` row into one job per recipient (recipients.ts). A
 * recipient's events of one thread gather in their open job until the batching window after its
 * first event has passed and the sender takes it: `INSERT … ON CONFLICT` on the one-open-job-per-
 * thread-and-recipient index appends to it, atomically against another fan-out and against the
 * sender closing it. Events are claimed with FOR UPDATE SKIP LOCKED and marked in the transaction
 * that writes their jobs, so each event fans out exactly once whatever the number of processes.
 * A one-statement write records only a reference (`{ref: {threadId, messageId}}`, events/record.ts
 * mailEventCte); it is read into the webhook payload's shape here, before anything else sees it.
 * A batch costs the same eight statements whatever its size (the demo's PGlite has one connection,
 * shared with the API's writes): events, messages, threads, participants, members, settings, the
 * jobs in one upsert, the events marked.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookCommentData } from '../../src/api/wire.ts';
import { isoAt, type Db } from '../db/db.ts';
import { loadBatchFacts, recipientsOfBatch, threadOfEvent, type MailEventRow, type MailReason } from './recipients.ts';

/** One event as a job keeps it: what happened, why this person hears of it, and its data. */
export interface MailItem {
  type: string;
  occurredAt: number;
  reasons: MailReason[];
  data: unknown;
}

interface EventRef {
  ref: { threadId: string; messageId: string };
}

interface MessageRow {
  id: string;
  thread_id: string;
  seq: number;
  delta: unknown;
  mention_ids: string[];
  actor_id: string;
  actor_name: string;
}

/** A job to write: one recipient's items of one thread from this batch, in the events' order. */
interface JobDraft {
  workspaceId: string;
  threadId: string;
  userId: string;
  items: MailItem[];
  windowEndsAt: number;
}

export async function fanOutOnce(db: Db, options: { now: number; batchWindowMs: number; batchSize: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<MailEventRow>(
      `SELECT id, workspace_id, event_type, payload, occurred_at FROM mail_events WHERE fanned_out_at IS NULL
       ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [options.batchSize],
    );
    if (claimed.length === 0) return 0;
    const messages = await loadMessages(tx, claimed);
    const events = claimed.filter((event) => withData(event, messages));
    const facts = await loadBatchFacts(
      tx,
      [...new Set(events.map(threadOfEvent))],
      new Map([...messages.values()].map((message) => [message.id, Number(message.seq)])),
    );
    // An event whose thread is gone mails nobody.
    const live = events.filter((event) => facts.threads.has(threadOfEvent(event)));
    const recipients = await recipientsOfBatch(tx, live, facts);
    const jobs = new Map<string, JobDraft>();
    for (const event of live) {
      const threadId = threadOfEvent(event);
      for (const recipient of recipients.get(event.id) ?? []) {
        const key = `${threadId}/${recipient.userId}`;
        const job = jobs.get(key) ?? {
          workspaceId: event.workspace_id,
          threadId,
          userId: recipient.userId,
          items: [],
          windowEndsAt: event.occurred_at.getTime() + options.batchWindowMs,
        };
        job.items.push({
          type: event.event_type,
          occurredAt: event.occurred_at.getTime(),
          reasons: recipient.reasons,
          data: event.payload,
        });
        jobs.set(key, job);
      }
    }
    if (jobs.size > 0) await upsertJobs(tx, [...jobs.values()], options.now);
    await tx.query('UPDATE mail_events SET fanned_out_at = $2::timestamptz WHERE id = ANY($1::uuid[])', [
      claimed.map((event) => event.id),
      isoAt(options.now),
    ]);
    return claimed.length;
  });
}

/** Each open job takes the batch's items after its own; a new job's window starts at its first event. */
async function upsertJobs(db: Db, jobs: JobDraft[], now: number): Promise<void> {
  await db.query(
    `INSERT INTO mail_jobs (id, workspace_id, thread_id, user_id, items, next_attempt_at, created_at)
     SELECT job.id, job.workspace_id, job.thread_id, job.user_id, job.items::jsonb, job.window_ends_at, $7::timestamptz
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[])
       AS job (id, workspace_id, thread_id, user_id, items, window_ends_at)
     ON CONFLICT (thread_id, user_id) WHERE status = 'open' DO UPDATE SET items = mail_jobs.items || EXCLUDED.items`,
    [
      jobs.map(() => randomUUID()),
      jobs.map((job) => job.workspaceId),
      jobs.map((job) => job.threadId),
      jobs.map((job) => job.userId),
      jobs.map((job) => JSON.stringify(job.items)),
      jobs.map((job) => isoAt(job.windowEndsAt)),
      isoAt(now),
    ],
  );
}

/** The messages the batch's events name (referenced or recorded in full), in one query. */
async function loadMessages(db: Db, events: MailEventRow[]): Promise<Map<string, MessageRow>> {
  const ids = new Set<string>();
  for (const event of events) {
    const payload = event.payload as Partial<EventRef & WebhookCommentData> | null;
    const id = payload?.ref?.messageId ?? payload?.message?.id;
    if (id) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const rows = await db.query<MessageRow>(
    `SELECT m.id, m.thread_id, m.seq, m.delta, m.mention_ids, u.id AS actor_id, u.name AS actor_name
     FROM messages m JOIN users u ON u.id = m.author_user_id WHERE m.id = ANY($1::uuid[])`,
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Gives a referencing event the data it names (the parts of WebhookCommentData that recipients.ts
 * and compose.ts read); false once the message is gone. Events recorded in full are kept as they are.
 */
function withData(event: MailEventRow, messages: Map<string, MessageRow>): boolean {
  const ref = (event.payload as Partial<EventRef> | null)?.ref;
  if (!ref) return true;
  const message = messages.get(ref.messageId);
  if (!message || message.thread_id !== ref.threadId) return false;
  event.payload = {
    thread: { id: ref.threadId },
    message: { id: ref.messageId, mentionIds: message.mention_ids, messageJson: message.delta },
    actor: { id: message.actor_id, name: message.actor_name },
  };
  return true;
}
