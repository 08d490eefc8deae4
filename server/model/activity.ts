/**
 * The activity log product metrics are computed from (migration 0008). Routes call
 * `recordActivity` inside the transaction of the operation, so an action that rolls back leaves
 * no trace and one that commits is never missing.
 */
import { isoAt, type Db } from '../db/db.ts';

export type ActivityKind = 'thread_created' | 'reply_created' | 'thread_resolved' | 'thread_unresolved';

export interface ActivityInput {
  kind: ActivityKind;
  threadId: string;
  userId: string;
  occurredAt: number;
}

/** Workspace and markup are read from the thread, so callers cannot file an action elsewhere. */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<void> {
  await tx.query(
    `INSERT INTO activity_events (workspace_id, markup_id, thread_id, user_id, kind, occurred_at)
     SELECT mk.workspace_id, t.markup_id, t.id, $2, $3, $4::timestamptz
     FROM threads t JOIN markups mk ON mk.id = t.markup_id WHERE t.id = $1`,
    [input.threadId, input.userId, input.kind, isoAt(input.occurredAt)],
  );
}
