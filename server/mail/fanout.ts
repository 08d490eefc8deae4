/**
 * The mail fan-out: turns each `mail_events` row into one job per recipient (recipients.ts). A
 * recipient's events of one thread gather in their open job until the batching window after its
 * first event has passed and the sender takes it: `INSERT … ON CONFLICT` on the one-open-job-per-
 * thread-and-recipient index appends to it, atomically against another fan-out and against the
 * sender closing it. Events are claimed with FOR UPDATE SKIP LOCKED and marked in the transaction
 * that writes their jobs, so each event fans out exactly once whatever the number of processes.
 * A one-statement write records only a reference (`{ref: {threadId, messageId}}`, events/record.ts
 * mailEventCte); it is read into the webhook payload's shape here, before anything else sees it.
 */
import { randomUUID } from 'node:crypto';
import { isoAt, type Db } from '../db/db.ts';
import { recipientsOf, threadOfEvent, type MailEventRow, type MailReason } from './recipients.ts';

/** One event as a job keeps it: what happened, why this person hears of it, and its data. */
export interface MailItem {
  type: string;
  occurredAt: number;
  reasons: MailReason[];
  data: unknown;
}

export async function fanOutOnce(db: Db, options: { now: number; batchWindowMs: number; batchSize: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx.query<MailEventRow>(
      `SELECT id, workspace_id, event_type, payload, occurred_at FROM mail_events WHERE fanned_out_at IS NULL
       ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [options.batchSize],
    );
    for (const event of events) {
      const data = await withData(tx, event.payload);
      if (!data) continue;
      event.payload = data;
      const threadId = threadOfEvent(event);
      const thread = await tx.query('SELECT 1 FROM threads WHERE id = $1', [threadId]);
      if (thread.length === 0) continue;
      for (const recipient of await recipientsOf(tx, event)) {
        const item: MailItem = {
          type: event.event_type,
          occurredAt: event.occurred_at.getTime(),
          reasons: recipient.reasons,
          data: event.payload,
        };
        await tx.query(
          `INSERT INTO mail_jobs (id, workspace_id, thread_id, user_id, items, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $7::timestamptz)
           ON CONFLICT (thread_id, user_id) WHERE status = 'open' DO UPDATE SET items = mail_jobs.items || EXCLUDED.items`,
          [
            randomUUID(),
            event.workspace_id,
            threadId,
            recipient.userId,
            JSON.stringify([item]),
            isoAt(event.occurred_at.getTime() + options.batchWindowMs),
            isoAt(options.now),
          ],
        );
      }
    }
    if (events.length > 0)
      await tx.query('UPDATE mail_events SET fanned_out_at = $2::timestamptz WHERE id = ANY($1::uuid[])', [
        events.map((event) => event.id),
        isoAt(options.now),
      ]);
    return events.length;
  });
}

interface EventRef {
  ref: { threadId: string; messageId: string };
}

/** The event's data: as recorded, or read from the message a reference names (undefined once it is gone). */
async function withData(db: Db, payload: unknown): Promise<unknown> {
  const ref = (payload as Partial<EventRef> | null)?.ref;
  if (!ref) return payload;
  const [message] = await db.query<{ delta: unknown; mention_ids: string[]; actor_id: string; actor_name: string }>(
    `SELECT m.delta, m.mention_ids, u.id AS actor_id, u.name AS actor_name
     FROM messages m JOIN users u ON u.id = m.author_user_id WHERE m.id = $1 AND m.thread_id = $2`,
    [ref.messageId, ref.threadId],
  );
  if (!message) return undefined;
  // The parts of WebhookCommentData that recipients.ts and compose.ts read.
  return {
    thread: { id: ref.threadId },
    message: { id: ref.messageId, mentionIds: message.mention_ids, messageJson: message.delta },
    actor: { id: message.actor_id, name: message.actor_name },
  };
}
